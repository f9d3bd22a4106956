package org.olfsfastpath.emulator;

import java.util.Objects;
import java.util.function.Predicate;

/**
 * A standing instruction: apply {@code fault} to every request that {@code matches}, until the rule
 * is removed. Rules are consulted after the scripted queue of {@link BesEmulator#enqueueFault} is
 * empty, first added first. Only request faults can be rules; handshake faults act on connections,
 * which have no request to match.
 */
public final class FaultRule {
  private final Predicate<RecordedRequest> matches;
  private final Fault fault;
  private final String description;

  private FaultRule(Predicate<RecordedRequest> matches, Fault fault, String description) {
    this.matches = matches;
    this.fault = fault;
    this.description = description;
  }

  /**
   * A rule applying {@code fault} to every request accepted by {@code matches}. The predicate runs
   * on connection threads; exceptions it throws are logged and count as "no match".
   *
   * @throws IllegalArgumentException if {@code fault} is a connection fault
   */
  public static FaultRule when(Predicate<RecordedRequest> matches, Fault fault) {
    Objects.requireNonNull(matches, "matches == null");
    Objects.requireNonNull(fault, "fault == null");
    if (fault.isConnectionFault()) {
      throw new IllegalArgumentException(
          "fault was " + fault + ", a connection fault; enqueue it with enqueueFault");
    }
    return new FaultRule(matches, fault, "FaultRule{" + fault + "}");
  }

  /** A rule applying {@code fault} to every request whose response command is {@code command}. */
  public static FaultRule forCommand(String command, Fault fault) {
    Objects.requireNonNull(command, "command == null");
    FaultRule rule = when(request -> request.hasCommand(command), fault);
    return new FaultRule(rule.matches, fault, "FaultRule{" + command + " -> " + fault + "}");
  }

  public Fault fault() {
    return fault;
  }

  boolean matches(RecordedRequest request) {
    return matches.test(request);
  }

  @Override
  public String toString() {
    return description;
  }
}
