package org.olfsfastpath.emulator;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The faults a test scripted: one-shot faults for the next requests or connections, in order; rules
 * that fault every matching request; and a standing fault for every new connection. Also what each
 * cut sent ({@link WireCut}). Thread-safe.
 */
final class FaultScript {
  private static final Logger log = LoggerFactory.getLogger(FaultScript.class);

  private final Queue<Fault> requestFaults = new ConcurrentLinkedQueue<>();
  private final Queue<Fault> connectionFaults = new ConcurrentLinkedQueue<>();
  private final List<FaultRule> faultRules = new CopyOnWriteArrayList<>();
  private volatile @Nullable Fault standingConnectionFault;

  /** What the cuts sent, the latest last; at most {@link #KEPT_CUTS}. */
  private final Deque<WireCut> cuts = new ArrayDeque<>();

  /** Cut reports kept: enough for a test's cuts between two looks, bounded for a long run. */
  static final int KEPT_CUTS = 1024;

  void enqueue(Fault fault) {
    (fault.isConnectionFault() ? connectionFaults : requestFaults).add(fault);
  }

  void addRule(FaultRule rule) {
    faultRules.add(rule);
  }

  boolean removeRule(FaultRule rule) {
    return faultRules.remove(rule);
  }

  void recordCut(WireCut cut) {
    synchronized (cuts) {
      if (cuts.size() == KEPT_CUTS) {
        cuts.removeFirst();
      }
      cuts.addLast(cut);
    }
  }

  /** What the cuts sent, the latest last (at most the last {@link #KEPT_CUTS}). */
  List<WireCut> cuts() {
    synchronized (cuts) {
      return List.copyOf(cuts);
    }
  }

  void clear() {
    synchronized (cuts) {
      cuts.clear();
    }
    requestFaults.clear();
    connectionFaults.clear();
    faultRules.clear();
    standingConnectionFault = null;
  }

  /** The fault for a new connection: the next queued one, else the standing one, else null. */
  @Nullable Fault nextConnectionFault() {
    Fault queued = connectionFaults.poll();
    return queued != null ? queued : standingConnectionFault;
  }

  /** A connection fault for every new connection from now on, or null for none. */
  void setStandingConnectionFault(@Nullable Fault fault) {
    standingConnectionFault = fault;
  }

  /** The scripted fault for this request, else the first matching rule's, else null. */
  @Nullable Fault faultFor(RecordedRequest request) {
    Fault scripted = requestFaults.poll();
    if (scripted != null) {
      return scripted;
    }
    for (FaultRule rule : faultRules) {
      try {
        if (rule.matches(request)) {
          return rule.fault();
        }
      } catch (RuntimeException e) {
        log.warn("{} threw while matching a request; treated as no match", rule, e);
      }
    }
    return null;
  }
}
