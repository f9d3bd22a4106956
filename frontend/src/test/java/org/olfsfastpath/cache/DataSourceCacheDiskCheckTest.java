package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.bes.BesError;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.bes.BesNode;
import org.olfsfastpath.testing.FakeTicker;

/**
 * Disk checks: with the data root visible, a hit notices a changed, deleted or added file and
 * reloads before answering, at most once per check interval per entry.
 */
final class DataSourceCacheDiskCheckTest {
  private static final Instant T0 = Instant.parse("2026-11-22T01:52:59Z");

  @TempDir Path root;

  private final FakeTicker ticker = new FakeTicker();
  private final AtomicInteger showNodes = new AtomicInteger();
  private DataSourceCache cache;

  /** A BES serving {@link #root} as its catalog, as a real one on the same host would. */
  private final NodeLoader bes =
      (path, caller) -> {
        showNodes.incrementAndGet();
        Path file = root.resolve(path.substring(1));
        BasicFileAttributes attributes;
        try {
          attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
          throw new BesErrorException(ScriptedLoader.notFoundError(path));
        }
        Instant modified =
            attributes.lastModifiedTime().toInstant().truncatedTo(ChronoUnit.SECONDS);
        if (!attributes.isDirectory()) {
          return new BesNode(path, true, modified, attributes.size(), true, List.of());
        }
        try (Stream<Path> children = Files.list(file)) {
          return new BesNode(
              path,
              false,
              modified,
              0,
              false,
              children
                  .sorted()
                  .map(child -> ScriptedLoader.leaf(child.getFileName().toString(), 0))
                  .toList());
        }
      };

  @BeforeEach
  void createDataset() throws IOException {
    write("sst.nc", "12345", T0);
  }

  @AfterEach
  void close() {
    if (cache != null) {
      cache.close();
    }
  }

  private DataSourceCacheBuilder builder() {
    return DataSourceCache.newBuilder()
        .loader(bes)
        .ticker(ticker)
        .executor(Runnable::run)
        .dataRoot(root);
  }

  private void write(String name, String content, Instant modified) throws IOException {
    Path file = root.resolve(name);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
    Files.setLastModifiedTime(file, FileTime.from(modified));
  }

  @Test
  void changedFileIsServedFreshOnTheFirstHitAfterTheInterval() throws IOException {
    cache = builder().mtimeCheckInterval(Duration.ofSeconds(1)).build();
    assertEquals(5, cache.lookup("/sst.nc").size());

    write("sst.nc", "1234567", T0.plusSeconds(60));
    ticker.advance(Duration.ofSeconds(1));
    DataSource fresh = cache.lookup("/sst.nc");

    assertEquals(7, fresh.size());
    assertEquals(T0.plusSeconds(60), fresh.lastModified());
    assertEquals(2, showNodes.get());
    DataSourceCacheStats stats = cache.stats();
    assertEquals(1, stats.mtimeCheckCount());
    assertEquals(1, stats.mtimeReloadCount());
  }

  @Test
  void noDiskCheckWithinTheInterval() throws IOException {
    cache = builder().mtimeCheckInterval(Duration.ofSeconds(1)).build();
    DataSource cached = cache.lookup("/sst.nc");

    write("sst.nc", "1234567", T0.plusSeconds(60));
    ticker.advance(Duration.ofMillis(999));

    assertSame(cached, cache.lookup("/sst.nc"));
    assertEquals(0, cache.stats().mtimeCheckCount());
    assertEquals(1, showNodes.get());
  }

  /** A revalidation by a cache in front checks the file at once, whatever the interval. */
  @Test
  void checkedLookup_seesAChangedFileWithinTheInterval() throws IOException {
    cache = builder().mtimeCheckInterval(Duration.ofSeconds(1)).build();
    cache.lookup("/sst.nc");

    write("sst.nc", "1234567", T0.plusSeconds(60));
    ticker.advance(Duration.ofMillis(10));

    assertEquals(5, cache.lookup("/sst.nc").size());
    DataSource fresh = cache.lookupChecked("/sst.nc", org.olfsfastpath.bes.Caller.INTERNAL);
    assertEquals(7, fresh.size());
    assertEquals(1, cache.stats().mtimeCheckCount());
  }

  @Test
  void unchangedFileIsCheckedOncePerIntervalAndNotReloaded() throws IOException {
    cache = builder().mtimeCheckInterval(Duration.ofSeconds(1)).build();
    DataSource cached = cache.lookup("/sst.nc");

    ticker.advance(Duration.ofSeconds(1));
    for (int i = 0; i < 5; i++) {
      assertSame(cached, cache.lookup("/sst.nc"));
    }
    ticker.advance(Duration.ofSeconds(1));
    assertSame(cached, cache.lookup("/sst.nc"));

    assertEquals(2, cache.stats().mtimeCheckCount(), "one check per interval, not per hit");
    assertEquals(0, cache.stats().mtimeReloadCount());
    assertEquals(1, showNodes.get());
  }

  @Test
  void zeroIntervalChecksEveryHit() throws IOException {
    cache = builder().mtimeCheckInterval(Duration.ZERO).build();
    cache.lookup("/sst.nc");

    cache.lookup("/sst.nc");
    cache.lookup("/sst.nc");

    assertEquals(2, cache.stats().mtimeCheckCount());
    assertEquals(1, showNodes.get());
  }

  @Test
  void deletedFileAnswersNotFoundOnTheVeryNextRequest() throws IOException {
    cache = builder().mtimeCheckInterval(Duration.ZERO).build();
    cache.lookup("/sst.nc");

    Files.delete(root.resolve("sst.nc"));

    BesErrorException gone = assertThrows(BesErrorException.class, () -> cache.lookup("/sst.nc"));
    assertEquals(BesError.NOT_FOUND, gone.error().type());
    assertEquals(2, showNodes.get());
  }

  @Test
  void addedFileEndsItsNegativeEntryAtOnce() throws IOException {
    cache = builder().mtimeCheckInterval(Duration.ZERO).negativeTtl(Duration.ofMinutes(1)).build();
    assertThrows(BesErrorException.class, () -> cache.lookup("/new.nc"));

    write("new.nc", "abc", T0);

    assertEquals(3, cache.lookup("/new.nc").size());
    assertEquals(2, showNodes.get());
  }

  @Test
  void changeWithinTheSameSecondIsSeen() throws IOException {
    // The BES reports whole seconds; the check compares the disk with itself, at full precision.
    cache = builder().mtimeCheckInterval(Duration.ZERO).build();
    cache.lookup("/sst.nc");

    Files.setLastModifiedTime(root.resolve("sst.nc"), FileTime.from(T0.plusMillis(500)));

    cache.lookup("/sst.nc");
    assertEquals(2, showNodes.get());
  }

  @Test
  void fileTheBesDoesNotServeIsNotReloadedOnEveryHit() throws IOException {
    // A BES catalog can exclude files that exist on disk: "not found" stays valid while the
    // file is unchanged, instead of looking like a difference on every check.
    NodeLoader excluding =
        (path, caller) -> {
          showNodes.incrementAndGet();
          throw new BesErrorException(ScriptedLoader.notFoundError(path));
        };
    cache =
        DataSourceCache.newBuilder()
            .loader(excluding)
            .ticker(ticker)
            .executor(Runnable::run)
            .dataRoot(root)
            .mtimeCheckInterval(Duration.ZERO)
            .build();

    for (int i = 0; i < 3; i++) {
      assertThrows(BesErrorException.class, () -> cache.lookup("/sst.nc"));
    }

    assertEquals(1, showNodes.get());
    assertEquals(2, cache.stats().mtimeCheckCount());
  }

  @Test
  void directoryListingIsReloadedWhenTheDirectoryChanges() throws IOException {
    write("sub/a.nc", "a", T0);
    Files.setLastModifiedTime(root.resolve("sub"), FileTime.from(T0));
    cache = builder().mtimeCheckInterval(Duration.ZERO).build();
    assertEquals(1, cache.lookup("/sub").children().size());

    write("sub/b.nc", "b", T0);
    Files.setLastModifiedTime(root.resolve("sub"), FileTime.from(T0.plusSeconds(1)));

    assertEquals(2, cache.lookup("/sub").children().size());
    assertEquals(2, showNodes.get());
  }

  @Test
  void pathOutsideTheDataRootIsNeverStatted() throws IOException {
    Path outside = Files.createTempFile("outside", ".nc");
    try {
      ScriptedLoader anything = new ScriptedLoader();
      String escaping = "/../" + outside.getFileName();
      anything.answer(escaping, ScriptedLoader.leaf(escaping, 1));
      cache =
          DataSourceCache.newBuilder()
              .loader(anything)
              .ticker(ticker)
              .executor(Runnable::run)
              .dataRoot(root)
              .mtimeCheckInterval(Duration.ZERO)
              .build();
      cache.lookup(escaping);

      Files.setLastModifiedTime(outside, FileTime.from(T0));
      cache.lookup(escaping);

      assertEquals(1, anything.calls(escaping));
      assertNull(new DiskProbe(root.toAbsolutePath().normalize()).resolve(escaping));
    } finally {
      Files.delete(outside);
    }
  }

  @Test
  void withoutDataRootNothingIsChecked() throws IOException {
    cache =
        DataSourceCache.newBuilder()
            .loader(bes)
            .ticker(ticker)
            .executor(Runnable::run)
            .mtimeCheckInterval(Duration.ZERO)
            .build();
    cache.lookup("/sst.nc");

    Files.delete(root.resolve("sst.nc"));

    assertEquals(5, cache.lookup("/sst.nc").size(), "cached until the ttl, as upstream");
    assertEquals(0, cache.stats().mtimeCheckCount());
  }
}
