package org.olfsfastpath.soak;

import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.StringJoiner;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.soak.FaultBench.Leaks;

/**
 * What one fault or load scenario did: requests sent, what the clients got (by status, or {@code
 * truncated}, {@code timeout}, {@code failed}), how long service took to come back, what leaked,
 * the heap after GC at its end, and every expectation it broke. A scenario passes when {@link
 * #problems()} is empty.
 *
 * @param recoveryMillis from the moment the fault ended to the first complete answer, or -1 where
 *     the scenario has no such moment
 * @param leaks growth between the measurements at rest before and after, or null when the
 *     scenario's start is the baseline itself
 * @param heapAfterGcKb heap in use after a full GC at the end, or -1 when not measured
 */
public record ScenarioResult(
    String scenario,
    long requests,
    SortedMap<String, Long> outcomes,
    long recoveryMillis,
    @Nullable Leaks leaks,
    long heapAfterGcKb,
    List<String> problems) {

  // Leaks by its simple name: NullAway misses a type-use @Nullable on a qualified type
  // (FaultBench.@Nullable Leaks) among a compact constructor's parameters (uber/NullAway#1631).
  public ScenarioResult {
    outcomes = Collections.unmodifiableSortedMap(new TreeMap<>(outcomes));
    problems = List.copyOf(problems);
  }

  public boolean passed() {
    return problems.isEmpty();
  }

  /** The results as a Markdown table, one row per scenario. */
  public static String table(List<ScenarioResult> results) {
    StringBuilder out = new StringBuilder();
    out.append(
        "| scenario | requests | answers by status | recovery | leaked spool files /"
            + " connections / threads / fds | heap after GC | result |\n");
    out.append("|---|---:|---|---:|---|---:|---|\n");
    for (ScenarioResult r : results) {
      out.append("| ")
          .append(r.scenario())
          .append(" | ")
          .append(r.requests())
          .append(" | ")
          .append(outcomesText(r.outcomes()))
          .append(" | ")
          .append(r.recoveryMillis() < 0 ? "-" : r.recoveryMillis() + " ms")
          .append(" | ")
          .append(
              r.leaks() == null
                  ? "baseline"
                  : r.leaks().spoolFiles()
                      + " / "
                      + r.leaks().connections()
                      + " / "
                      + r.leaks().threads()
                      + " / "
                      + r.leaks().fds())
          .append(" | ")
          .append(
              r.heapAfterGcKb() < 0
                  ? "-"
                  : String.format(Locale.ROOT, "%.1f MiB", r.heapAfterGcKb() / 1024.0))
          .append(" | ")
          .append(r.passed() ? "pass" : "FAIL: " + String.join("; ", r.problems()))
          .append(" |\n");
    }
    return out.toString();
  }

  public static String outcomesText(Map<String, Long> outcomes) {
    StringJoiner joiner = new StringJoiner(", ");
    outcomes.forEach((outcome, count) -> joiner.add(outcome + ": " + count));
    return joiner.toString();
  }

  @Override
  public String toString() {
    return scenario
        + " "
        + requests
        + " requests, "
        + outcomesText(outcomes)
        + ", recovery "
        + recoveryMillis
        + " ms, leaks "
        + leaks
        + (problems.isEmpty() ? "" : ", problems " + problems);
  }
}
