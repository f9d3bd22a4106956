package org.olfsfastpath.spool;

import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.json.Json;

/**
 * A snapshot of a {@link Spool}'s figures: the bytes it holds now and at most so far, and its
 * counters, each counted since it was built. Value-based; the figures are read one by one, so a
 * snapshot taken under load may be off by the few operations that ran meanwhile.
 *
 * @param enabled false when the spool is switched off and every answer streams straight from the
 *     BES to its client, holding its BES connection until the client has read it
 * @param spooledResponses responses whose client fell behind, so that part of the answer waited in
 *     the spool
 * @param spooledBytes bytes that went through the spool, in memory or on disk
 * @param earlyReleases responses whose BES connection went back to the pool while their client
 *     still had spooled bytes to read: the connections the spool freed
 * @param memoryBytes bytes of memory that hold spooled bytes now (whole buffers of 64 KiB)
 * @param memoryPeakBytes the most {@code memoryBytes} has been
 * @param memoryBudget the bound on {@code memoryBytes} ({@code FastPath/Spool@memory})
 * @param diskBytes bytes of spool files on disk now
 * @param diskPeakBytes the most {@code diskBytes} has been
 * @param diskBudget the bound on {@code diskBytes}, from {@code FastPath/Spool@disk} and the space
 *     free in the directory at start
 * @param diskSetting {@code FastPath/Spool@disk} as it reads: a size, or a percentage of the space
 *     free at start
 * @param directory the directory of the spool files, or null when the spool writes none
 * @param freeSpace the bytes free for the front end in {@code directory} now, or -1 without one
 * @param openFiles spool files open now, one at most per response
 * @param fallbackMemory responses that could spool no more because the memory budget was used up
 *     and there is no disk budget; they streamed straight from the BES from then on
 * @param fallbackDiskBudget responses that could spool no more because the disk budget was used up
 * @param fallbackDiskError responses whose spool file could not be created or written (a full disk,
 *     an I/O error)
 * @param clientDisconnects clients that went away while part of their answer waited in the spool,
 *     which was freed at once
 * @param handOffs answers whose client fell behind while the request's thread wrote them straight
 *     from the BES (a write it would not take at once), so that the rest went through the spool
 * @param fillers how many answers may be copied from their BES into the spool at once; 0 for no
 *     bound
 * @param fillWaits times an answer waited for its turn to be copied into the spool
 */
public record SpoolStats(
    boolean enabled,
    long spooledResponses,
    long spooledBytes,
    long earlyReleases,
    long memoryBytes,
    long memoryPeakBytes,
    long memoryBudget,
    long diskBytes,
    long diskPeakBytes,
    long diskBudget,
    String diskSetting,
    @Nullable String directory,
    long freeSpace,
    long openFiles,
    long fallbackMemory,
    long fallbackDiskBudget,
    long fallbackDiskError,
    long clientDisconnects,
    long handOffs,
    int fillers,
    long fillWaits) {

  /** Responses that streamed straight from the BES because the spool had no room, any cause. */
  public long fallbacks() {
    return fallbackMemory + fallbackDiskBudget + fallbackDiskError;
  }

  /** Returns this snapshot as one JSON object, its components in order, then {@code fallbacks}. */
  public String toJson() {
    Map<String, @Nullable Object> fields = Json.fields(this);
    fields.put("fallbacks", fallbacks());
    return Json.compact(fields);
  }
}
