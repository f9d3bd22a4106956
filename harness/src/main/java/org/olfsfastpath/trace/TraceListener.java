package org.olfsfastpath.trace;

/**
 * Receives each {@link TraceRecord} as the proxy completes it. Called on the proxy's forwarding
 * threads, before the bytes that completed the record are passed on, so keep it quick; records of
 * one connection arrive in order, records of different connections may arrive concurrently. An
 * exception thrown here is logged and otherwise ignored: it never disturbs the traffic.
 */
@FunctionalInterface
public interface TraceListener {
  void onRecord(TraceRecord record);
}
