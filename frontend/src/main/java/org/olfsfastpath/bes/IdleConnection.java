package org.olfsfastpath.bes;

import org.olfsfastpath.ppt.PptConnection;

/**
 * One stay of a connection in a {@link BesConnectionPool}'s idle set. Identity matters (a class,
 * not a record), so that the eviction of one stay cannot race the reuse of the connection.
 */
final class IdleConnection {
  final PptConnection connection;
  final long idleSinceNanos;

  IdleConnection(PptConnection connection, long idleSinceNanos) {
    this.connection = connection;
    this.idleSinceNanos = idleSinceNanos;
  }
}
