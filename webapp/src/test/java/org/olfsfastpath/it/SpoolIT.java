package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.soak.SlowDownload;
import org.olfsfastpath.soak.StatusDocument;
import org.olfsfastpath.tomcat.FrontEndExtension;

/**
 * The spool in a real Tomcat 11 in front of the BES emulator: clients on a slow link (20 KB/s, a
 * small receive buffer) download {@code big/40MiB.nc.dods}; their BES connections go back to the
 * pool once the BES has sent the answers, while the clients have read only a sliver; each then
 * reads on to the end and gets exactly what a fast client gets; no spool file is left. A client
 * that hangs up mid-spool frees its file at once. A spool directory that is missing or not writable
 * stops the start, naming the setting. No timing is asserted; the times are printed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(600)
final class SpoolIT {
  private static final String BIG = "/opendap/big/40MiB.nc.dods";
  private static final int SLOW_CLIENTS = 6;
  private static final long SLOW = 20_000;
  private static final int RECEIVE_BUFFER = 16 * 1024;
  private static final long TIMEOUT_NANOS = 120_000_000_000L;

  private static Path spoolDirectory;

  @RegisterExtension
  static final FrontEndExtension FRONT_END =
      FrontEndExtension.named("SpoolIT")
          .olfsXml(
              started -> {
                try {
                  spoolDirectory =
                      Files.createDirectories(
                          FrontEndExtension.required("it.work.dir").resolve("SpoolIT-spool"));
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
                return FrontEndExtension.olfsXml(
                    FrontEndExtension.tcp(started),
                    "<Spool directory=\"" + spoolDirectory + "\"/>");
              });

  private int port() {
    return FRONT_END.tomcat().port();
  }

  private StatusDocument status() {
    return StatusDocument.fetch(port());
  }

  private List<Path> spoolFiles() throws IOException {
    try (Stream<Path> files = Files.list(spoolDirectory)) {
      return files.filter(f -> f.getFileName().toString().startsWith("olfs-spool-")).toList();
    }
  }

  /** Waits for {@code condition}, polling /status at most every 50 ms; false after two minutes. */
  private static boolean await(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TIMEOUT_NANOS;
    while (System.nanoTime() < deadline) {
      if (condition.getAsBoolean()) {
        return true;
      }
      Thread.sleep(50);
    }
    return condition.getAsBoolean();
  }

  @Test
  void slowReaders_releaseTheirBesConnectionsAtTheBesEnd_andGetTheWholeAnswer() throws Exception {
    SlowDownload.Result reference = new SlowDownload(port(), BIG, 0, 1 << 20).call();
    assertEquals(200, reference.status(), String.valueOf(reference.failure()));
    assertTrue(reference.complete());
    assertTrue(reference.bytes() > 40L << 20, "the whole 40 MiB answer: " + reference.bytes());
    long releasedBefore = status().get("spool", "earlyReleases");
    long handOffsBefore = status().get("spool", "handOffs");

    ExecutorService pool = Executors.newFixedThreadPool(SLOW_CLIENTS);
    try {
      List<SlowDownload> readers = new ArrayList<>();
      List<Future<SlowDownload.Result>> results = new ArrayList<>();
      long start = System.nanoTime();
      for (int i = 0; i < SLOW_CLIENTS; i++) {
        SlowDownload reader = new SlowDownload(port(), BIG, SLOW, RECEIVE_BUFFER);
        readers.add(reader);
        results.add(pool.submit(reader));
      }
      // Every answer is read from the BES and spooled; every connection back in the pool.
      boolean released =
          await(
              () -> {
                StatusDocument s = status();
                return s.get("spool", "earlyReleases") - releasedBefore >= SLOW_CLIENTS
                    && s.get("pool", "inUse") == 0;
              });
      long releasedMillis = (System.nanoTime() - start) / 1_000_000;
      StatusDocument at = status();
      long mostRead = readers.stream().mapToLong(SlowDownload::received).max().orElse(0);
      System.out.printf(
          Locale.ROOT,
          "SpoolIT: %d slow clients at %d B/s: BES connections back"
              + " in the pool %d ms after the requests, the clients having read at most %d of %d"
              + " bytes; spool then: %d B in memory, %d B on disk, %d files%n",
          SLOW_CLIENTS,
          SLOW,
          releasedMillis,
          mostRead,
          reference.bytes(),
          at.get("spool", "memoryBytes"),
          at.get("spool", "diskBytes"),
          at.get("spool", "openFiles"));
      assertTrue(
          released,
          "the BES connections did not go back while the clients read: "
              + at.sections().get("pool")
              + " "
              + at.sections().get("spool"));
      assertEquals(0, at.get("pool", "inUse"));
      assertTrue(mostRead < reference.bytes() / 2, "the clients were still reading: " + mostRead);
      assertEquals(SLOW_CLIENTS, at.get("spool", "openFiles"), "one spool file per response");
      assertEquals(SLOW_CLIENTS, spoolFiles().size());

      // The clients read on, now at full speed, to the end.
      readers.forEach(SlowDownload::readAtFullSpeed);
      for (Future<SlowDownload.Result> future : results) {
        SlowDownload.Result result = future.get();
        assertEquals(200, result.status(), String.valueOf(result.failure()));
        assertTrue(result.complete(), "ended before its last chunk: " + result);
        assertEquals(reference.bytes(), result.bytes());
        assertEquals(reference.sha256(), result.sha256(), "byte-equal to a fast download");
      }
    } finally {
      pool.shutdownNow();
    }
    assertTrue(await(() -> status().get("spool", "openFiles") == 0));
    StatusDocument after = status();
    assertEquals(0, after.get("spool", "diskBytes"));
    assertEquals(0, after.get("spool", "memoryBytes"));
    assertEquals(0, after.get("pool", "inUse"));
    assertEquals(0, after.get("spool", "fallbacks"));
    assertEquals(
        SLOW_CLIENTS,
        after.get("spool", "handOffs") - handOffsBefore,
        "each slow answer handed from the request's thread to the spool");
    assertEquals(List.of(), spoolFiles(), "no spool file is left");
  }

  @Test
  void clientHangsUpMidSpool_itsFileIsFreedAtOnce() throws Exception {
    long disconnectsBefore = status().get("spool", "clientDisconnects");
    SlowDownload reader = new SlowDownload(port(), BIG, SLOW, RECEIVE_BUFFER);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<SlowDownload.Result> result = pool.submit(reader);
      assertTrue(
          await(() -> status().get("spool", "diskBytes") > 0),
          "the answer never reached the spool file: " + status().sections().get("spool"));
      assertEquals(1, spoolFiles().size());
      long start = System.nanoTime();
      reader.hangUpAfter(0); // A reset at its next read.
      assertEquals("truncated", result.get().outcome());
      boolean freed = await(() -> status().get("spool", "openFiles") == 0);
      long freedMillis = (System.nanoTime() - start) / 1_000_000;
      System.out.printf(
          Locale.ROOT,
          "SpoolIT: a client that hung up after %d bytes had its spool"
              + " file freed %d ms later%n",
          reader.received(),
          freedMillis);
      assertTrue(freed, "the spool file was not freed: " + status().sections().get("spool"));
    } finally {
      pool.shutdownNow();
    }
    StatusDocument after = status();
    assertEquals(0, after.get("spool", "diskBytes"));
    assertEquals(0, after.get("spool", "memoryBytes"));
    assertEquals(disconnectsBefore + 1, after.get("spool", "clientDisconnects"));
    assertEquals(List.of(), spoolFiles());
    assertTrue(await(() -> status().get("pool", "inUse") == 0));
  }

  @Test
  void missingSpoolDirectory_refusesTheStart_namingTheSetting() throws Exception {
    Path missing = FrontEndExtension.workDir("SpoolIT-missing").resolve("no-such-directory");
    refusesTheStart(
        "<Spool directory=\"" + missing + "\"/>",
        "SpoolIT-missing",
        "FastPath/Spool@directory was '" + missing + "': does not exist");
  }

  @Test
  void unwritableSpoolDirectory_refusesTheStart_namingTheSetting() throws Exception {
    // /proc takes no new file whoever asks, root included.
    assumeTrue(Files.isDirectory(Path.of("/proc")), "no /proc: skipping the unwritable case");
    refusesTheStart(
        "<Spool directory=\"/proc\"/>",
        "SpoolIT-unwritable",
        "FastPath/Spool@directory was '/proc': is not writable");
  }

  private static void refusesTheStart(String fastPathXml, String name, String expected)
      throws Exception {
    ItSupport.assertRefusesTheStart(
        name,
        FrontEndExtension.olfsXml("<host>127.0.0.1</host><port>9</port>", fastPathXml),
        expected);
  }
}
