package org.olfsfastpath.soak;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The longer fault and soak run behind {@code scripts/soak}: the fault scenarios of {@link
 * FaultsIT} with longer loads, a longer wedge and several kill cycles, the 1,024-connection burst,
 * a steady soak (ten minutes by default), the cache bound over a million distinct datasets, every
 * BES process killed at once, the fair shares, and the spool's scenarios ({@link SpoolScenarios}:
 * slow readers, four 400 MiB answers at full speed). Prints the table of {@link ScenarioResult}
 * rows and writes it to {@code OUT/soak.md}; exits 1 when a scenario failed. Tomcat, the WAR and
 * the work directory come from the system properties {@code tomcat.home}, {@code war.file} and
 * {@code it.work.dir}, as in the integration tests.
 */
public final class SoakMain {
  private SoakMain() {}

  /** The command line: durations as 90s, 10m or plain seconds. */
  public record Options(
      Duration soak,
      int killCycles,
      Duration killLoad,
      Duration killDown,
      long datasets,
      int clients,
      int wedgeRequests,
      Duration wedgeHold,
      Duration dropLoad,
      int slowReaders,
      Duration shareLoad,
      int slowClients,
      long slowRate,
      String only,
      Path out) {
    /** The parts: faults, load, drops, shares, spool. */
    static final List<String> PARTS = List.of("faults", "load", "drops", "shares", "spool");

    /** Whether {@code part} runs: every part when no {@code --only} was given. */
    boolean runs(String part) {
      return only.isEmpty() || only.equals(part);
    }

    static Options parse(String[] args) {
      Duration soak = Duration.ofMinutes(10);
      int killCycles = 3;
      Duration killLoad = Duration.ofSeconds(30);
      Duration killDown = Duration.ofSeconds(5);
      long datasets = FaultBench.SYNTHETIC_DATASETS;
      int clients = 16;
      int wedgeRequests = 1_000;
      Duration wedgeHold = Duration.ofSeconds(30);
      Duration dropLoad = Duration.ofSeconds(60);
      int slowReaders = 200;
      Duration shareLoad = Duration.ofSeconds(60);
      int slowClients = 16;
      long slowRate = 20_000;
      String only = "";
      Path out = Path.of("results", "soak");
      for (int i = 0; i < args.length; i++) {
        String flag = args[i];
        String value = i + 1 < args.length ? args[i + 1] : null;
        if (value == null) {
          throw new IllegalArgumentException(flag + " needs a value");
        }
        switch (flag) {
          case "--duration" -> soak = duration(flag, value);
          case "--kill-cycles" -> killCycles = Integer.parseInt(value);
          case "--kill-load" -> killLoad = duration(flag, value);
          case "--kill-down" -> killDown = duration(flag, value);
          case "--datasets" -> datasets = Long.parseLong(value);
          case "--clients" -> clients = Integer.parseInt(value);
          case "--wedge-requests" -> wedgeRequests = Integer.parseInt(value);
          case "--wedge-hold" -> wedgeHold = duration(flag, value);
          case "--drop-load" -> dropLoad = duration(flag, value);
          case "--slow-readers" -> slowReaders = Integer.parseInt(value);
          case "--share-load" -> shareLoad = duration(flag, value);
          case "--slow-clients" -> slowClients = Integer.parseInt(value);
          case "--slow-rate" -> slowRate = Long.parseLong(value);
          case "--only" -> only = value;
          case "--out" -> out = Path.of(value);
          default -> throw new IllegalArgumentException("unknown flag " + flag);
        }
        i++;
      }
      if (datasets < 1 || datasets > FaultBench.SYNTHETIC_DATASETS) {
        throw new IllegalArgumentException(
            "--datasets was " + datasets + ", must be 1-" + FaultBench.SYNTHETIC_DATASETS);
      }
      if (wedgeRequests < 1) {
        throw new IllegalArgumentException(
            "--wedge-requests was " + wedgeRequests + ", must be at least 1");
      }
      if (slowReaders < 1) {
        throw new IllegalArgumentException("--slow-readers must be at least 1");
      }
      if (slowClients < 1 || slowRate < 1) {
        throw new IllegalArgumentException("--slow-clients and --slow-rate must be at least 1");
      }
      if (!only.isEmpty() && !PARTS.contains(only)) {
        throw new IllegalArgumentException(
            "--only was " + only + ", must be one of " + String.join(", ", PARTS));
      }
      return new Options(
          soak,
          killCycles,
          killLoad,
          killDown,
          datasets,
          clients,
          wedgeRequests,
          wedgeHold,
          dropLoad,
          slowReaders,
          shareLoad,
          slowClients,
          slowRate,
          only,
          out);
    }

    private static Duration duration(String flag, String text) {
      String t = text.trim().toLowerCase(Locale.ROOT);
      try {
        if (t.endsWith("ms")) {
          return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
        } else if (t.endsWith("s")) {
          return Duration.ofSeconds(Long.parseLong(t.substring(0, t.length() - 1)));
        } else if (t.endsWith("m")) {
          return Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1)));
        } else if (t.endsWith("h")) {
          return Duration.ofHours(Long.parseLong(t.substring(0, t.length() - 1)));
        }
        return Duration.ofSeconds(Long.parseLong(t));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(flag + " was " + text + ", must be like 90s or 10m", e);
      }
    }
  }

  public static void main(String[] args) throws Exception {
    Options options;
    try {
      options = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("soak: " + e.getMessage());
      System.exit(2);
      return;
    }
    PrintStream out = System.out;
    FaultBench.Layout layout = FaultBench.Layout.fromSystemProperties();
    Files.createDirectories(options.out());
    List<ScenarioResult> results = new ArrayList<>();
    Runnable report =
        () -> {
          String table = ScenarioResult.table(results);
          try {
            Files.writeString(options.out().resolve("soak.md"), table);
          } catch (IOException e) {
            System.err.println("soak: cannot write " + options.out().resolve("soak.md") + ": " + e);
          }
        };

    // Faults: the settings of FaultsIT, each scenario longer or repeated.
    if (options.runs("faults")) {
      runFaults(layout, options, results, out);
      report.run();
    }

    // Load: the settings of LoadIT, with the shipped OLFS node cache size and a larger heap; the
    // spool's scenarios on the same bench.
    if (options.runs("load") || options.runs("spool")) {
      runLoad(layout, options, results, out);
      report.run();
    }

    // Every BES process killed at once every 5 s under 10 clients asking distinct answers
    // (DropAllConnectionsIT).
    if (options.runs("drops")) {
      try (FaultBench bench =
          FaultBench.start(
              layout, layout.workDir().resolve("soak-drops"), FaultBench.Settings.DROPS)) {
        FaultScenarios faults = new FaultScenarios(bench);
        faults.warmUp();
        add(
            results,
            out,
            new ShareScenarios(bench)
                .besKilledEvery(Duration.ofSeconds(5), 10, options.dropLoad()));
        report.run();
      }
    }

    // Shares at the shipped defaults (SharesIT): one client alone with 32 connections, then slow
    // readers from 20 addresses beside 50 small answers nobody asked for before, then 48 slow
    // readers from one address beside 10 other clients.
    if (options.runs("shares")) {
      try (FaultBench bench =
          FaultBench.start(
              layout, layout.workDir().resolve("soak-shares"), FaultBench.Settings.SHARES)) {
        FaultScenarios faults = new FaultScenarios(bench);
        faults.warmUp();
        ShareScenarios shares = new ShareScenarios(bench);
        add(results, out, shares.aClientAlone(32, options.shareLoad()));
        add(
            results,
            out,
            shares.slowReadersBesideColdRequests(
                options.slowReaders(), 20, 20_000, 50, 50, options.shareLoad()));
        // The same with the spool's answers: 48 slow readers of 40 MiB, all spooled.
        add(
            results,
            out,
            new SpoolScenarios(faults, bench)
                .slowReadersBesideOthers(48, "127.0.0.12", 20_000, 10, options.shareLoad()));
        report.run();
      }
    }

    String table = ScenarioResult.table(results);
    out.println();
    out.println(table);
    out.println("written to " + options.out().resolve("soak.md"));
    System.exit(results.stream().allMatch(ScenarioResult::passed) ? 0 : 1);
  }

  private static void runFaults(
      FaultBench.Layout layout, Options options, List<ScenarioResult> results, PrintStream out)
      throws Exception {
    try (FaultBench bench =
        FaultBench.startWithBesDown(
            layout, layout.workDir().resolve("soak-faults"), FaultBench.Settings.FAULTS)) {
      FaultScenarios scenarios = new FaultScenarios(bench);
      add(results, out, scenarios.besDownAtStart(20));
      scenarios.warmUp();
      add(results, out, scenarios.fatalError());
      add(results, out, scenarios.slowBes());
      add(results, out, scenarios.protocolFaults());
      add(results, out, scenarios.wedgedBes(options.wedgeRequests(), options.wedgeHold()));
      add(results, out, scenarios.poolExhaustion(64));
      for (int i = 0; i < options.killCycles(); i++) {
        add(
            results,
            out,
            scenarios.besKilledMidLoad(options.clients(), options.killLoad(), options.killDown()));
      }
    }
  }

  private static void runLoad(
      FaultBench.Layout layout, Options options, List<ScenarioResult> results, PrintStream out)
      throws Exception {
    FaultBench.Settings load = FaultBench.Settings.LOAD.withSizes(32, 20_000, "384m");
    try (FaultBench bench = FaultBench.start(layout, layout.workDir().resolve("soak-load"), load)) {
      FaultScenarios scenarios = new FaultScenarios(bench);
      scenarios.warmUp();
      if (options.runs("load")) {
        add(results, out, scenarios.concurrentConnections(1024, FaultScenarios.ASCII));
        add(
            results,
            out,
            scenarios.soak(options.soak(), options.clients(), Duration.ofSeconds(30), out));
        add(results, out, scenarios.cacheBound(options.datasets(), 8));
      }
      if (options.runs("spool")) {
        // Slow readers release their BES connections at the BES's end; large answers at full
        // speed stream with flat memory.
        SpoolScenarios spool = new SpoolScenarios(scenarios, bench);
        add(results, out, spool.slowReaders(options.slowClients(), options.slowRate()));
        add(results, out, spool.largeAnswers(4));
      }
    }
  }

  private static void add(List<ScenarioResult> results, PrintStream out, ScenarioResult result) {
    results.add(result);
    out.println((result.passed() ? "pass: " : "FAIL: ") + result);
    out.flush();
  }
}
