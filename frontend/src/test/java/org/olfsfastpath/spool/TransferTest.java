package org.olfsfastpath.spool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.testing.Regression;

/**
 * A transfer with a client that keeps up, one that falls behind, and one that goes away, against
 * the spool's budgets. The producer runs on the test's thread (it never waits for the client unless
 * the spool is full), so each test reads as the sequence it checks; no timing is asserted.
 */
@Timeout(120)
final class TransferTest {
  private static final int KIB = 1024;
  private static final int MIB = 1024 * 1024;

  @TempDir Path dir;

  private final List<String> log = new ArrayList<>();

  private SpoolBuilder builder() {
    return Spool.newBuilder()
        .directory(dir)
        .episodeLog(
            new Episodes.Sink() {
              @Override
              public void started(String message) {
                synchronized (log) {
                  log.add("WARN " + message);
                }
              }

              @Override
              public void ended(String message) {
                synchronized (log) {
                  log.add("INFO " + message);
                }
              }
            });
  }

  /** Starts a transfer as the web layer does: the first bytes read, then the producer. */
  private static Transfer start(Spool spool, GeneratedSource source, FakeClient client)
      throws IOException {
    byte[] first = spool.buffer();
    int n = source.readFirst(first, 32 * KIB);
    Transfer transfer = spool.transfer(first, n, source, client);
    client.attach(transfer);
    client.start();
    return transfer;
  }

  private List<Path> files() throws IOException {
    try (Stream<Path> list = Files.list(dir)) {
      return list.toList();
    }
  }

  @Test
  void fastClient_bytesGoStraightThrough_nothingIsSpooled() throws Exception {
    Spool spool = builder().build();
    GeneratedSource source = GeneratedSource.of(10L * MIB + 123);
    FakeClient client = new FakeClient(Long.MAX_VALUE);
    start(spool, source, client).run();

    assertEquals(10L * MIB + 123, client.received());
    assertEquals(-1, client.firstMismatch());
    assertEquals(1, client.completed());
    assertTrue(source.releasedWhole(), "the BES connection went back whole");
    SpoolStats stats = spool.stats();
    assertEquals(0, stats.spooledResponses());
    assertEquals(0, stats.spooledBytes());
    assertEquals(0, stats.memoryPeakBytes());
    assertEquals(0, stats.diskPeakBytes());
    assertEquals(0, stats.openFiles());
    assertEquals(List.of(), files());
  }

  @Test
  void slowClient_memoryThenFile_connectionReleasedAtTheBesEnd_thenReadAtItsPace()
      throws Exception {
    Spool spool = builder().responseMemory(MIB).build();
    long length = 5L * MIB + 7;
    GeneratedSource source = GeneratedSource.of(length);
    FakeClient client = new FakeClient(100 * KIB); // Takes 100 KiB, then falls behind.
    Transfer transfer = start(spool, source, client);
    transfer.run(); // The BES side, to its end.

    assertTrue(source.releasedWhole(), "the BES connection went back at the BES's end");
    assertFalse(transfer.isEnded());
    long received = client.received();
    assertTrue(received >= 100 * KIB && received < length, "received " + received);
    SpoolStats stats = spool.stats();
    assertEquals(1, stats.spooledResponses());
    assertEquals(1, stats.earlyReleases());
    assertEquals(MIB, stats.memoryBytes(), "memory up to the response's bound");
    // The rest in its file: all but what filled the memory buffers (the last may have room left).
    long disk = stats.diskBytes();
    assertTrue(
        disk >= length - received - MIB && disk < length - received - MIB + 64 * KIB,
        "on disk " + disk);
    assertEquals(1, stats.openFiles());
    assertEquals(1, files().size());

    while (client.completed() == 0) {
      client.allow(20 * KIB); // The client reads at its own pace.
    }
    assertEquals(length, client.received());
    assertEquals(-1, client.firstMismatch());
    stats = spool.stats();
    assertEquals(0, stats.memoryBytes());
    assertEquals(0, stats.diskBytes());
    assertEquals(0, stats.openFiles());
    assertEquals(MIB, stats.memoryPeakBytes());
    assertEquals(List.of(), files(), "the spool file is deleted when the response ends");
    assertEquals(0, client.callsAfterEnd());
  }

  @Test
  void memoryBounds_perResponseAndInAll() throws Exception {
    Spool spool = builder().responseMemory(256 * KIB).memory(384 * KIB).build();
    GeneratedSource first = GeneratedSource.of(MIB);
    FakeClient firstClient = new FakeClient(0);
    start(spool, first, firstClient).run();
    assertEquals(256 * KIB, spool.stats().memoryBytes(), "one response: its own bound");
    assertTrue(spool.stats().diskBytes() >= MIB - 256 * KIB);

    GeneratedSource second = GeneratedSource.of(MIB);
    FakeClient secondClient = new FakeClient(0);
    start(spool, second, secondClient).run();
    assertEquals(384 * KIB, spool.stats().memoryBytes(), "two: the bound in all");
    assertTrue(spool.stats().diskBytes() >= 2L * MIB - 384 * KIB);

    firstClient.allow(Long.MAX_VALUE / 2);
    secondClient.allow(Long.MAX_VALUE / 2);
    assertEquals(MIB, firstClient.received());
    assertEquals(MIB, secondClient.received());
    assertEquals(-1, firstClient.firstMismatch());
    assertEquals(-1, secondClient.firstMismatch());
    assertEquals(384 * KIB, spool.stats().memoryPeakBytes());
    assertEquals(0, spool.stats().memoryBytes());
    assertEquals(0, spool.stats().fallbacks());
    assertEquals(List.of(), log);
  }

  @Test
  void clientCatchesUp_fileEmptied_memoryUsedAgain() throws Exception {
    Spool spool = builder().responseMemory(128 * KIB).build();
    GeneratedSource source = new GeneratedSource(3L * MIB, 64 * KIB, -1);
    FakeClient client = new FakeClient(0);
    byte[] first = spool.buffer();
    int n = source.readFirst(first, 32 * KIB);
    Transfer transfer = spool.transfer(first, n, source, client);
    client.attach(transfer);
    // The producer on a thread of its own; the client reads in bursts meanwhile.
    Thread producer = new Thread(transfer, "producer");
    producer.start();
    while (client.completed() == 0 && client.goneCount() == 0) {
      client.allow(256 * KIB);
      Thread.sleep(1);
    }
    producer.join();
    assertEquals(3L * MIB, client.received());
    assertEquals(-1, client.firstMismatch());
    assertEquals(0, spool.stats().diskBytes());
    assertEquals(0, spool.stats().openFiles());
    assertEquals(List.of(), files());
  }

  @Test
  void oneFiller_aProducerWaitingForRoomLeavesItsPermit_toAnotherThatHasRoom() throws Exception {
    Spool spool =
        builder().responseMemory(64 * KIB).memory(64 * KIB).disk(128 * KIB).fillers(1).build();
    // The one permit's first holder fills the memory and the disk, then waits for room.
    GeneratedSource holder = GeneratedSource.of(64 * KIB + 128 * KIB + 32 * KIB + 1);
    FakeClient holderClient = new FakeClient(32 * KIB);
    Thread holderProducer = new Thread(start(spool, holder, holderClient), "holder");
    holderProducer.start();
    awaitFallbacks(spool, 1);

    // Another answer streams straight as its client reads: it needs the permit the holder left.
    GeneratedSource source = GeneratedSource.of(MIB);
    FakeClient client = new FakeClient(0);
    Thread producer = new Thread(start(spool, source, client), "straight");
    producer.start();
    while (client.completed() == 0) {
      client.allow(16 * KIB);
      Thread.sleep(1);
    }
    producer.join();
    assertEquals(MIB, client.received());
    assertEquals(-1, client.firstMismatch());
    while (holderClient.completed() == 0) {
      holderClient.allow(16 * KIB);
      Thread.sleep(1);
    }
    holderProducer.join();
    assertEquals(-1, holderClient.firstMismatch());
    assertEquals(1, spool.fillGate().permits());
  }

  @Test
  void diskBudgetUsedUp_streamsStraight_loggedOncePerEpisode() throws Exception {
    Spool spool = builder().responseMemory(64 * KIB).memory(64 * KIB).disk(128 * KIB).build();
    // One response takes the memory and the disk and keeps them: its client reads nothing yet.
    GeneratedSource holder = GeneratedSource.of(64 * KIB + 128 * KIB + 32 * KIB + 1);
    FakeClient holderClient = new FakeClient(32 * KIB);
    Transfer holding = start(spool, holder, holderClient);
    Thread holderProducer = new Thread(holding, "holder");
    holderProducer.start();
    awaitFallbacks(spool, 1);

    // Two more responses whose clients fall behind: no room, so each streams straight.
    List<Thread> producers = new ArrayList<>();
    List<FakeClient> clients = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      GeneratedSource source = GeneratedSource.of(MIB);
      FakeClient client = new FakeClient(0);
      Transfer transfer = start(spool, source, client);
      Thread producer = new Thread(transfer, "straight-" + i);
      producer.start();
      producers.add(producer);
      clients.add(client);
    }
    awaitFallbacks(spool, 3);
    assertEquals(3, spool.stats().fallbackDiskBudget());
    for (FakeClient client : clients) {
      while (client.completed() == 0) {
        client.allow(16 * KIB); // Straight: the producer writes as the client reads.
        Thread.sleep(1);
      }
      assertEquals(MIB, client.received());
      assertEquals(-1, client.firstMismatch());
    }
    for (Thread producer : producers) {
      producer.join();
    }
    while (holderClient.completed() == 0) {
      holderClient.allow(16 * KIB);
      Thread.sleep(1);
    }
    holderProducer.join();
    assertEquals(-1, holderClient.firstMismatch());
    // One warning for the episode, one line when its disk was given back.
    synchronized (log) {
      assertEquals(2, log.size(), log.toString());
      assertTrue(
          log.get(0).startsWith("WARN")
              && log.get(0).contains("disk budget (FastPath/Spool@disk) is used up"),
          log.get(0));
      assertTrue(
          log.get(1).startsWith("INFO")
              && log.get(1)
                  .contains(
                      "room again after its"
                          + " disk budget ran out; responses that streamed straight meanwhile: 3"),
          log.get(1));
    }

    // A new response that fits spools to disk again, and logs nothing.
    GeneratedSource later = GeneratedSource.of(150 * KIB);
    FakeClient laterClient = new FakeClient(0);
    start(spool, later, laterClient).run();
    assertEquals(3, spool.stats().fallbackDiskBudget());
    assertEquals(2, log.size(), log.toString());
    assertTrue(later.releasedWhole());
    laterClient.allow(Long.MAX_VALUE / 2);
    assertEquals(-1, laterClient.firstMismatch());
    assertEquals(150 * KIB, laterClient.received());
  }

  @Test
  void noDiskAndMemoryUsedUp_fallsBackForMemory() throws Exception {
    Spool spool = builder().responseMemory(128 * KIB).memory(128 * KIB).disk(0).build();
    GeneratedSource source = GeneratedSource.of(2L * MIB);
    FakeClient client = new FakeClient(0);
    Transfer transfer = start(spool, source, client);
    Thread producer = new Thread(transfer, "producer");
    producer.start();
    awaitFallbacks(spool, 1);
    assertFalse(source.isClosed(), "straight: the BES connection is held while the client reads");
    while (client.completed() == 0) {
      client.allow(32 * KIB);
      Thread.sleep(1);
    }
    producer.join();
    assertEquals(2L * MIB, client.received());
    assertEquals(-1, client.firstMismatch());
    assertEquals(1, spool.stats().fallbackMemory());
    assertEquals(0, spool.stats().diskPeakBytes());
  }

  @Test
  void diskFillsAtRunTime_fallsBackToStreamingStraight() throws Exception {
    // The file takes 200 KiB, then the disk is full: as ENOSPC from the file system.
    Spool spool =
        builder()
            .responseMemory(64 * KIB)
            .memory(64 * KIB)
            .files(() -> new FillingFile(ChannelSpoolFile.create(dir), 200 * KIB))
            .build();
    GeneratedSource source = GeneratedSource.of(2L * MIB);
    FakeClient client = new FakeClient(0);
    Transfer transfer = start(spool, source, client);
    Thread producer = new Thread(transfer, "producer");
    producer.start();
    awaitFallbacks(spool, 1);
    assertEquals(1, spool.stats().fallbackDiskError());
    while (client.completed() == 0) {
      client.allow(32 * KIB);
      Thread.sleep(1);
    }
    producer.join();
    assertEquals(2L * MIB, client.received());
    assertEquals(-1, client.firstMismatch(), "the bytes before, in and after the file, in order");
    assertEquals(0, spool.stats().openFiles());
    assertEquals(List.of(), files());
    synchronized (log) {
      assertEquals(1, log.size(), log.toString());
      assertTrue(log.get(0).contains("No space left on device"), log.get(0));
    }
  }

  @Test
  void fileCannotBeCreated_fallsBackToStreamingStraight() throws Exception {
    Spool spool =
        builder()
            .responseMemory(64 * KIB)
            .memory(64 * KIB)
            .files(
                () -> {
                  throw new IOException("No space left on device");
                })
            .build();
    GeneratedSource source = GeneratedSource.of(MIB);
    FakeClient client = new FakeClient(0);
    Transfer transfer = start(spool, source, client);
    Thread producer = new Thread(transfer, "producer");
    producer.start();
    while (client.completed() == 0) {
      client.allow(32 * KIB);
      Thread.sleep(1);
    }
    producer.join();
    assertEquals(MIB, client.received());
    assertEquals(-1, client.firstMismatch());
    assertEquals(1, spool.stats().fallbackDiskError());
  }

  @Test
  @Regression(
      "a BES failure freed the spool at once: a client that had not yet called back got the"
          + " committed headers and none of the bytes read before the failure")
  void besFailsMidAnswer_clientGetsEveryByteTheBesSent_thenTheAbort_thenTheSpoolIsFreed()
      throws Exception {
    Spool spool = builder().responseMemory(64 * KIB).build();
    GeneratedSource source = new GeneratedSource(4L * MIB, 48 * KIB, 3L * MIB);
    FakeClient client = new FakeClient(64 * KIB);
    Transfer transfer = start(spool, source, client);
    Thread producer = new Thread(transfer, "producer");
    producer.start();
    while (client.aborted() == 0 && client.completed() == 0) {
      client.allow(64 * KIB);
      Thread.sleep(1);
    }
    producer.join();

    assertTrue(source.isClosed());
    assertFalse(source.releasedWhole(), "a failed answer's connection is not returned whole");
    assertEquals(1, client.aborted());
    assertEquals(0, client.completed());
    assertEquals(3L * MIB, client.received(), "every byte the BES sent before it failed");
    assertEquals(3L * MIB, client.abortedAfter());
    assertEquals(-1, client.firstMismatch());
    SpoolStats stats = spool.stats();
    assertEquals(0, stats.memoryBytes());
    assertEquals(0, stats.diskBytes());
    assertEquals(0, stats.openFiles());
    assertEquals(List.of(), files());
    assertEquals(0, stats.earlyReleases());
  }

  @Test
  @Regression(
      "FaultsIT protocolFaults: the BES failed before the container's first write callback, and"
          + " the client got a 200's headers with none of the answer's bytes before the abort")
  void besFailsBeforeTheClientsFirstCall_theFirstBytesStillReachIt() throws Exception {
    Spool spool = builder().responseMemory(64 * KIB).build();
    GeneratedSource source = new GeneratedSource(4L * MIB, 48 * KIB, 40 * KIB);
    FakeClient client = new FakeClient(0);
    Transfer transfer = start(spool, source, client);
    transfer.run(); // The source fails while the client has not called once.
    assertEquals(0, client.aborted(), "the client has not asked for anything yet");

    client.allow(MIB);
    assertEquals(1, client.aborted());
    assertEquals(40 * KIB, client.received());
    assertEquals(40 * KIB, client.abortedAfter());
    assertEquals(0, spool.stats().memoryBytes());
  }

  @Test
  void clientDisconnectsMidSpool_fileAndMemoryFreedAtOnce_producerStops() throws Exception {
    Spool spool = builder().responseMemory(256 * KIB).build();
    GeneratedSource source = GeneratedSource.of(64L * MIB);
    FakeClient client = new FakeClient(64 * KIB);
    Transfer transfer = start(spool, source, client);
    Thread producer = new Thread(transfer, "producer");
    producer.start();
    while (spool.stats().diskBytes() < MIB) {
      Thread.sleep(1);
    }
    assertEquals(1, files().size());

    transfer.clientGone(new IOException("Connection reset by peer"));
    assertEquals(List.of(), files(), "the file is deleted at once");
    assertEquals(0, spool.stats().memoryBytes());
    assertEquals(0, spool.stats().openFiles());
    assertEquals(1, spool.stats().clientDisconnects());
    assertEquals(1, client.goneCount());
    producer.join();
    assertTrue(source.isClosed());
    assertFalse(source.releasedWhole(), "the rest is not drained: the connection is discarded");
    assertTrue(source.position() < 64L * MIB);
    assertEquals(0, spool.stats().diskBytes());
    assertEquals(0, client.callsAfterEnd());
  }

  @Test
  void clientWriteFails_isAClientGone() throws Exception {
    Spool spool = builder().build();
    GeneratedSource source = GeneratedSource.of(4L * MIB);
    FakeClient client = new FakeClient(0);
    Transfer transfer = start(spool, source, client);
    transfer.run();
    assertTrue(source.releasedWhole());
    client.failWrites();
    client.allow(MIB);
    assertEquals(1, client.goneCount());
    assertEquals(1, spool.stats().clientDisconnects());
    assertEquals(0, spool.stats().diskBytes());
    assertEquals(List.of(), files());
  }

  @Test
  void switchedOff_refusesTransfers() {
    Spool spool = Spool.newBuilder().enabled(false).build();
    assertFalse(spool.isEnabled());
    IllegalStateException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalStateException.class,
            () -> spool.transfer(spool.buffer(), 0, GeneratedSource.of(1), new FakeClient(1)));
    assertEquals("the spool is switched off (FastPath/Spool@enabled)", e.getMessage());
  }

  private static void awaitFallbacks(Spool spool, long count) throws InterruptedException {
    while (spool.stats().fallbacks() < count) {
      Thread.sleep(1);
    }
  }

  /** A spool file on a disk that fills after {@code room} bytes. */
  private static final class FillingFile implements SpoolFile {
    private final SpoolFile file;
    private final long room;

    FillingFile(SpoolFile file, long room) {
      this.file = file;
      this.room = room;
    }

    @Override
    public void write(byte[] b, int off, int len, long position) throws IOException {
      if (position + len > room) {
        throw new IOException("No space left on device");
      }
      file.write(b, off, len, position);
    }

    @Override
    public int read(byte[] b, int off, int len, long position) throws IOException {
      return file.read(b, off, len, position);
    }

    @Override
    public void truncate() throws IOException {
      file.truncate();
    }

    @Override
    public void delete() {
      file.delete();
    }
  }
}
