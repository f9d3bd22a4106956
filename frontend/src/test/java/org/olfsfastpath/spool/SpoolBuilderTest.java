package org.olfsfastpath.spool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.spec.SpecConflictException;
import org.olfsfastpath.spec.SpecException;

/** The spool's settings and the checks of its directory at start. */
final class SpoolBuilderTest {
  @TempDir Path dir;

  @Test
  void defaults_suitASmallServer() {
    SpoolBuilder builder = Spool.newBuilder();
    assertTrue(builder.isEnabled());
    assertEquals(1L << 20, builder.getResponseMemory());
    assertEquals(32L << 20, builder.getMemory());
    assertEquals("25%", builder.getDisk());
    assertEquals(null, builder.getDirectory());
    Spool spool = builder.directory(dir).usableSpace(path -> 80L << 30).build();
    assertEquals(
        Map.entry(dir, 1L << 20),
        Map.entry(spool.directory().orElseThrow(), spool.responseMemory()));
    SpoolStats stats = spool.stats();
    assertEquals(32L << 20, stats.memoryBudget());
    assertEquals(20L << 30, stats.diskBudget(), "a quarter of the 80 GiB free");
    assertEquals("25%", stats.diskSetting());
    assertEquals(dir.toString(), stats.directory());
    assertEquals(80L << 30, stats.freeSpace());
    assertTrue(stats.enabled());
    assertTrue(spool.hasRoom());
  }

  @Test
  void aPercentage_followsTheFreeSpace_betweenItsFloorAndCeiling_atMostHalfOfIt() {
    assertEquals(20L << 30, budget("25%", 80L << 30));
    assertEquals(64L << 30, budget("25%", 1L << 40), "the ceiling");
    assertEquals(256L << 20, budget("25%", 1L << 30), "the floor");
    assertEquals(100L << 20, budget("25%", 200L << 20), "half of what is free, under the floor");
    assertEquals(3L << 30, budget("3GiB", 80L << 30), "a size is a size");
    assertEquals(1L << 40, budget("100%", 1L << 40) * 16, "100% of a TiB is still the ceiling");
    assertThrows(IllegalArgumentException.class, () -> Spool.newBuilder().disk("0%"));
    assertThrows(IllegalArgumentException.class, () -> Spool.newBuilder().disk("half"));
  }

  private long budget(String disk, long free) {
    return Spool.newBuilder()
        .directory(dir)
        .disk(disk)
        .usableSpace(path -> free)
        .build()
        .stats()
        .diskBudget();
  }

  @Test
  void fromSpec_keysAreTheSettersNames() {
    Spool spool =
        Spool.from(
                Map.of(
                    "enabled",
                    "true",
                    "responseMemory",
                    "256KiB",
                    "memory",
                    "8MiB",
                    "disk",
                    "1GiB",
                    "directory",
                    dir.toString()))
            .build();
    assertEquals(256L << 10, spool.responseMemory());
    assertEquals(8L << 20, spool.stats().memoryBudget());
    assertEquals(1L << 30, spool.stats().diskBudget());
  }

  @Test
  void responseMemory_defaultsWithinTheBoundInAll_andMayNotExceedIt() {
    assertEquals(512L << 10, Spool.newBuilder().memory(512L << 10).getResponseMemory());
    SpecConflictException e =
        assertThrows(
            SpecConflictException.class,
            () -> Spool.newBuilder().memory(1L << 20).responseMemory(2L << 20).disk(0).build());
    assertEquals("responseMemory (2MiB) must not exceed memory (1MiB)", e.getMessage());
    assertEquals(java.util.List.of("responseMemory", "memory"), e.keys());
  }

  @Test
  void negativeSize_andSetTwice_areRefused() {
    IllegalArgumentException negative =
        assertThrows(IllegalArgumentException.class, () -> Spool.newBuilder().disk(-1));
    assertEquals("disk was -1, must be >= 0", negative.getMessage());
    IllegalStateException twice =
        assertThrows(
            IllegalStateException.class,
            () -> Spool.newBuilder().memory(1L << 20).memory(2L << 20));
    assertEquals("memory was already set to 1MiB", twice.getMessage());
    SpecException relative =
        assertThrows(SpecException.class, () -> Spool.from(Map.of("directory", "spool")));
    assertEquals("directory", relative.key());
    assertEquals("directory was spool, must be an absolute path", relative.reason());
  }

  @Test
  void disk_needsADirectory_unlessOffOrZero() {
    SpecConflictException e =
        assertThrows(SpecConflictException.class, () -> Spool.newBuilder().build());
    assertEquals("directory is needed while disk (25%) is over 0", e.getMessage());
    assertFalse(Spool.newBuilder().disk(0).build().directory().isPresent());
    assertFalse(Spool.newBuilder().enabled(false).build().isEnabled());
  }

  @Test
  void missingDirectory_refusesTheStart() {
    Path missing = dir.resolve("nowhere");
    SpecException e =
        assertThrows(SpecException.class, () -> Spool.newBuilder().directory(missing).build());
    assertEquals("directory", e.key());
    assertEquals(missing.toString(), e.value());
    assertEquals("does not exist", e.reason());
  }

  @Test
  void aFileForADirectory_refusesTheStart() throws Exception {
    Path file = Files.writeString(dir.resolve("file"), "x");
    SpecException e =
        assertThrows(SpecException.class, () -> Spool.newBuilder().directory(file).build());
    assertEquals("is not a directory", e.reason());
  }

  @Test
  void unwritableDirectory_refusesTheStart() {
    // /proc takes no new file, whoever asks (root included), so the check is the same for all.
    Path proc = Path.of("/proc");
    assumeTrue(Files.isDirectory(proc), "no /proc on this system: skipping the unwritable case");
    SpecException e =
        assertThrows(SpecException.class, () -> Spool.newBuilder().directory(proc).build());
    assertTrue(e.reason().startsWith("is not writable: cannot create a file there"), e.reason());
  }

  @Test
  void fullDisk_refusesTheStart() {
    SpecException e =
        assertThrows(
            SpecException.class,
            () -> Spool.newBuilder().directory(dir).usableSpace(path -> 10L << 20).build());
    assertEquals(
        "is on a full disk: 10485760 bytes free, less than the 64MiB the spool needs to"
            + " start (the smaller of FastPath/Spool@disk and 64MiB)",
        e.reason());
    // A disk budget smaller than 64 MiB needs only itself.
    Spool small =
        Spool.newBuilder().directory(dir).disk(8L << 20).usableSpace(path -> 10L << 20).build();
    assertEquals(8L << 20, small.stats().diskBudget());
  }

  @Test
  void start_deletesTheSpoolFilesACrashLeft_andNothingElse() throws Exception {
    Path left = Files.writeString(dir.resolve("olfs-spool-123.tmp"), "left by a crash");
    Path other = Files.writeString(dir.resolve("tomcat-upload.tmp"), "not ours");
    Path sub = Files.createDirectory(dir.resolve("olfs-spool-dir.tmp"));
    Spool.newBuilder().directory(dir).build();
    assertFalse(Files.exists(left));
    assertTrue(Files.exists(other));
    assertTrue(Files.exists(sub), "a directory is not a spool file");
  }

  @Test
  void stats_json_namesEveryFigure() {
    String json =
        new SpoolStats(
                true, 1, 2, 3, 4, 5, 6, 7, 8, 9, "25%", "/spool", 99, 10, 11, 12, 13, 14, 15, 2, 16)
            .toJson();
    assertEquals(
        "{\"enabled\":true,\"spooledResponses\":1,\"spooledBytes\":2,\"earlyReleases\":3,"
            + "\"memoryBytes\":4,\"memoryPeakBytes\":5,\"memoryBudget\":6,\"diskBytes\":7,"
            + "\"diskPeakBytes\":8,\"diskBudget\":9,\"diskSetting\":\"25%\","
            + "\"directory\":\"/spool\",\"freeSpace\":99,\"openFiles\":10,\"fallbackMemory\":11,"
            + "\"fallbackDiskBudget\":12,\"fallbackDiskError\":13,\"clientDisconnects\":14,"
            + "\"handOffs\":15,\"fillers\":2,\"fillWaits\":16,\"fallbacks\":36}",
        json);
  }
}
