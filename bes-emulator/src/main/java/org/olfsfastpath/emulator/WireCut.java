package org.olfsfastpath.emulator;

import java.util.List;

/**
 * What a {@link Fault.Kind#CUT} sent before it cut the connection, for a test that needs an
 * answer's wire layout (its length, where its chunks begin) to choose where to cut next.
 * Value-based and immutable.
 *
 * @param command the request's response command, e.g. {@code get} or {@code showNode}
 * @param getType the get's type (das, dds, dods, ...), or empty
 * @param fault the fault that cut
 * @param sent the wire bytes that went out (chunk headers included)
 * @param wireLength the whole answer's wire length when it ended at or before the fault's offset
 *     (it was sent whole, then cut); -1 when the cut came inside it
 * @param chunkStarts where each chunk header that went out began, in order; all of them when the
 *     answer was sent whole
 */
public record WireCut(
    String command,
    String getType,
    Fault fault,
    long sent,
    long wireLength,
    List<Long> chunkStarts) {
  public WireCut {
    chunkStarts = List.copyOf(chunkStarts);
  }

  /** Whether the whole answer went out before the cut. */
  public boolean whole() {
    return wireLength >= 0;
  }
}
