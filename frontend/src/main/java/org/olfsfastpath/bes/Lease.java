package org.olfsfastpath.bes;

import org.olfsfastpath.ppt.PptConnection;

/**
 * A connection a {@link BesConnectionPool} lent to one request, with the lease that bounds the pool
 * (and, for a request whose answer may be long, one of its reserve's long leases). Not thread-safe:
 * one request holds it.
 */
final class Lease {
  final PptConnection connection;

  /** Whether the connection came from the idle set, so may have gone stale while idle. */
  final boolean reused;

  /** Whether the lease also holds one of the long leases, given back with it. */
  boolean longLease;

  boolean released;

  Lease(PptConnection connection, boolean reused) {
    this.connection = connection;
    this.reused = reused;
  }

  void checkHeld() {
    if (released) {
      throw new IllegalStateException(
          "lease on BES connection " + connection.id() + " was already released");
    }
  }
}
