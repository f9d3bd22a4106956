package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.bes.BesNode;
import org.olfsfastpath.testing.FakeTicker;

/**
 * An answer is served exactly while the data-source cache still hands out the entry it was made
 * from: a changed or deleted file (seen by the disk check), a TTL expiry and a refresh-ahead all
 * make the next request load it again; an unchanged entry keeps serving it with no BES message.
 */
final class ResponseCacheValidityTest {
  private static final Instant T0 = Instant.parse("2026-11-22T01:52:59Z");
  private static final ResponseKey DAS = ResponseKey.of("", "/sst.nc", "das", "");

  @TempDir Path root;

  private final FakeTicker ticker = new FakeTicker();
  private final AtomicInteger showNodes = new AtomicInteger();
  private final AtomicInteger gets = new AtomicInteger();
  private DataSourceCache dataSources;
  private final ResponseCache responses =
      ResponseCache.newBuilder().executor(Runnable::run).ticker(ticker).build();

  /** A BES serving {@link #root}, as a real one on the same host would. */
  private final NodeLoader bes =
      (path, caller) -> {
        showNodes.incrementAndGet();
        try {
          BasicFileAttributes attributes =
              Files.readAttributes(root.resolve(path.substring(1)), BasicFileAttributes.class);
          return new BesNode(
              path,
              true,
              attributes.lastModifiedTime().toInstant().truncatedTo(ChronoUnit.SECONDS),
              attributes.size(),
              true,
              List.of());
        } catch (NoSuchFileException e) {
          throw new BesErrorException(ScriptedLoader.notFoundError(path));
        }
      };

  @AfterEach
  void tearDown() {
    responses.close();
    dataSources.close();
  }

  /** What a warm request does: the data source, then the answer made from it. */
  private String request() throws IOException {
    DataSource current = dataSources.lookup("/sst.nc");
    CachedResponse hit = responses.lookup(DAS, current);
    CachedResponse response =
        hit != null
            ? hit
            : (CachedResponse)
                responses.load(
                    DAS,
                    current,
                    () -> {
                      gets.incrementAndGet();
                      return new ByteArrayInputStream(Files.readAllBytes(root.resolve("sst.nc")));
                    });
    return new String(response.newInputStream(false).readAllBytes(), StandardCharsets.UTF_8);
  }

  private void write(String content, Instant modified) throws IOException {
    Path file = root.resolve("sst.nc");
    Files.writeString(file, content);
    Files.setLastModifiedTime(file, FileTime.from(modified));
  }

  @Test
  void changedFile_isNeverServedOnTheNextRequest_evenWithinTheSameSecondAndSize()
      throws IOException {
    dataSources =
        DataSourceCache.newBuilder()
            .loader(bes)
            .executor(Runnable::run)
            .ticker(ticker)
            .dataRoot(root)
            .mtimeCheckInterval(Duration.ZERO)
            .build();
    write("Attributes { v1 }", T0);
    assertEquals("Attributes { v1 }", request());
    assertEquals("Attributes { v1 }", request());
    assertEquals(1, gets.get(), "warm: no get");

    // Same size, same second as the BES reports it: an equal DataSource, but a new instance.
    write("Attributes { v2 }", T0.plusMillis(400));
    assertEquals("Attributes { v2 }", request());
    assertEquals(2, gets.get());
    assertEquals(2, showNodes.get());
  }

  @Test
  void deletedFile_answersNotFound_beforeTheResponseCacheIsAsked() throws IOException {
    dataSources =
        DataSourceCache.newBuilder()
            .loader(bes)
            .executor(Runnable::run)
            .ticker(ticker)
            .dataRoot(root)
            .mtimeCheckInterval(Duration.ZERO)
            .build();
    write("Attributes { v1 }", T0);
    assertEquals("Attributes { v1 }", request());

    Files.delete(root.resolve("sst.nc"));

    assertThrows(BesErrorException.class, this::request);
    assertEquals(1, gets.get());
  }

  @Test
  void withinTheCheckInterval_theAnswerIsServedWithoutAnyBesMessage() throws IOException {
    dataSources =
        DataSourceCache.newBuilder()
            .loader(bes)
            .executor(Runnable::run)
            .ticker(ticker)
            .dataRoot(root)
            .mtimeCheckInterval(Duration.ofSeconds(1))
            .build();
    write("Attributes { v1 }", T0);
    request();
    for (int i = 0; i < 10; i++) {
      request();
    }
    assertEquals(1, showNodes.get());
    assertEquals(1, gets.get());
    assertEquals(10, responses.stats().hitCount());
  }

  @Test
  void refreshAheadFindingTheSameAnswer_makesANewDataSource_soTheAnswerIsLoadedAgain()
      throws IOException {
    dataSources =
        DataSourceCache.newBuilder()
            .loader(bes)
            .executor(Runnable::run)
            .ticker(ticker)
            .ttl(Duration.ofMinutes(10))
            .refreshAfter(Duration.ofMinutes(5))
            .build();
    write("Attributes { v1 }", T0);
    DataSource first = dataSources.lookup("/sst.nc");
    request();

    ticker.advance(Duration.ofMinutes(6));
    dataSources.lookup("/sst.nc"); // starts the refresh; on this same-thread executor it ends too
    DataSource refreshed = dataSources.lookup("/sst.nc");
    assertEquals(2, showNodes.get());

    assertEquals(first, refreshed, "the BES said the same");
    assertNotSame(first, refreshed, "but it is a new instance");
    assertNull(responses.lookup(DAS, refreshed));
    assertNotNull(responses.lookup(DAS, first), "kept until replaced, never served for refreshed");
    request();
    assertEquals(2, gets.get());
    assertEquals(1, responses.stats().staleMissCount());
  }

  @Test
  void ttlExpiry_makesTheAnswerStale() throws IOException {
    dataSources =
        DataSourceCache.newBuilder()
            .loader(bes)
            .executor(Runnable::run)
            .ticker(ticker)
            .ttl(Duration.ofMinutes(10))
            .refreshAfter(Duration.ofMinutes(9))
            .build();
    write("Attributes { v1 }", T0);
    request();
    ticker.advance(Duration.ofMinutes(11));
    request();
    assertEquals(2, showNodes.get());
    assertEquals(2, gets.get());
  }
}
