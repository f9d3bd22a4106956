package org.olfsfastpath.bes;

import java.util.concurrent.atomic.AtomicBoolean;
import org.olfsfastpath.ppt.PptConnection;

/**
 * A connection a {@link BesConnectionPool} lent to one request, with the lease that bounds the pool
 * (and, for a request whose answer may be long, one of its reserve's long leases). One request
 * holds it; giving it back is atomic, so that two threads that both give it back (a response closed
 * while its body's reader fails, say) cannot return its connection twice, which would lend it to
 * two requests at once.
 */
final class Lease {
  final PptConnection connection;

  /** Whether the connection came from the idle set, so may have gone stale while idle. */
  final boolean reused;

  /** Whether the lease also holds one of the long leases, given back with it. */
  boolean longLease;

  private final AtomicBoolean released = new AtomicBoolean();

  Lease(PptConnection connection, boolean reused) {
    this.connection = connection;
    this.reused = reused;
  }

  /** Marks the lease given back; true for the one call that does. */
  boolean giveBack() {
    return released.compareAndSet(false, true);
  }

  void checkHeld() {
    if (released.get()) {
      throw new IllegalStateException(
          "lease on BES connection " + connection.id() + " was already released");
    }
  }
}
