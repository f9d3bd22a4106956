package org.olfsfastpath.spool;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToLongFunction;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.spec.Specs;

/**
 * Where the rest of an answer waits when its client reads slower than the BES writes, so that the
 * BES connection goes back to the pool at the BES's end of message instead of when the client has
 * read it all: memory up to a bound per response and a bound in all, then a file per response in
 * one directory, bounded in all. One per web application, shared by every response; thread-safe.
 *
 * <p>A long answer is copied by the request's own thread straight from the BES to its client while
 * the client takes each write at once ({@link #direct}: the BES's full rate, no other thread, the
 * spool holds nothing); the first time it would not, the rest goes to a {@link Transfer}: its
 * producer reads the answer at the BES's pace into the spool, and the client is fed from there.
 * When a budget is used up, a response streams straight from the BES as if there were no spool (its
 * connection held while its client reads): never an error only because the spool is full. That is
 * logged once per episode and counted by cause ({@link SpoolStats}).
 *
 * <p>Each transfer's producer runs on a thread of the spool's own ({@link #start}), never on the
 * container's request threads: a request waiting for a BES connection holds a request thread, and
 * the connection it waits for is given back by a producer, so producers queued behind such requests
 * would hold every connection until the requests timed out. There is at most one producer per BES
 * connection in use, since each holds one until its answer's end.
 *
 * <p>Built by {@link SpoolBuilder} ({@link #newBuilder()}, or {@link #from} with a text spec whose
 * keys are the builder's method names), which checks the directory and deletes the spool files a
 * crash left in it.
 */
public final class Spool implements AutoCloseable {
  private final boolean enabled;
  private final int responseBuffers;
  private final Buffers buffers;
  private final long diskBudget;
  private final String diskRule;
  private final ToLongFunction<Path> usableSpace;
  private final @Nullable Path directory;
  private final SpoolFile.Factory files;
  private final Episodes episodes;
  private final AtomicLong disk = new AtomicLong();
  private final AtomicLong diskPeak = new AtomicLong();
  private final AtomicLong openFiles = new AtomicLong();
  private final LongAdder spooledResponses = new LongAdder();
  private final LongAdder spooledBytes = new LongAdder();
  private final LongAdder earlyReleases = new LongAdder();
  private final LongAdder fallbackMemory = new LongAdder();
  private final LongAdder fallbackDiskBudget = new LongAdder();
  private final LongAdder fallbackDiskError = new LongAdder();
  private final LongAdder clientDisconnects = new LongAdder();
  private final LongAdder handOffs = new LongAdder();
  private final AtomicInteger producerThreads = new AtomicInteger();

  private final Executor producers;
  private final FillGate fillGate;

  /** The producers' threads when the spool made them, shut down by {@link #close}. */
  private final @Nullable ExecutorService ownProducers;

  Spool(
      SpoolBuilder builder,
      long diskBudget,
      @Nullable Path directory,
      SpoolFile.Factory files,
      ToLongFunction<Path> usableSpace,
      Episodes.Sink log,
      @Nullable Executor producers) {
    this.episodes = new Episodes(log);
    if (producers != null) {
      this.ownProducers = null;
      this.producers = producers;
    } else {
      // Threads made as producers need them, kept 30 s once idle: bounded by the BES connections.
      // At the lowest priority, so that on a machine kept busy by a burst of downloads a short
      // request's threads take a processor ahead of the copies into the spool; the JVM passes it
      // on to Linux with -XX:ThreadPriorityPolicy=1 (boot's ThreadPriorityCheck says whether it
      // does). Only threads that do nothing else are lowered: an unprivileged process can lower a
      // thread's priority but never raise it again, so a container's request thread is left be.
      ExecutorService own =
          new ThreadPoolExecutor(
              0,
              Integer.MAX_VALUE,
              30,
              TimeUnit.SECONDS,
              new SynchronousQueue<>(),
              runnable -> {
                Thread thread =
                    new Thread(
                        runnable,
                        "olfs-fastpath-spool-producer-" + producerThreads.incrementAndGet());
                thread.setDaemon(true);
                thread.setPriority(Thread.MIN_PRIORITY);
                return thread;
              });
      this.ownProducers = own;
      this.producers = own;
    }
    this.enabled = builder.isEnabled();
    this.responseBuffers =
        (int) Math.min(Integer.MAX_VALUE, builder.getResponseMemory() / Buffers.SIZE);
    this.buffers = new Buffers(builder.getMemory());
    this.fillGate = new FillGate(builder.getFillers());
    this.diskBudget = diskBudget;
    this.diskRule = builder.getDisk();
    this.usableSpace = usableSpace;
    this.directory = directory;
    this.files = files;
  }

  /** A builder with every default. */
  public static SpoolBuilder newBuilder() {
    return new SpoolBuilder();
  }

  /**
   * A builder configured from a text spec: keys are the builder's method names ({@code enabled},
   * {@code responseMemory}, {@code memory}, {@code disk}, {@code directory}), values as olfs.xml
   * writes them (sizes such as {@code 64MiB}).
   *
   * @throws org.olfsfastpath.spec.SpecException naming the key and value of a refused setting
   */
  public static SpoolBuilder from(Map<String, String> spec) {
    return new SpoolBuilder().apply(spec);
  }

  /**
   * Starts copying an answer to its client on the request's own thread while the client keeps up;
   * once it falls behind, the rest goes through the spool ({@link DirectCopy}). The copy owns
   * {@code source} from now on.
   *
   * @param source the answer (its first bytes may already be read); closing it releases the BES
   *     connection, which the copy or its transfer does once the source ended (read to its end: the
   *     connection goes back to the pool) or failed or is no longer wanted (it is discarded)
   * @throws IllegalStateException if the spool is switched off
   */
  public DirectCopy direct(InputStream source) {
    if (!enabled) {
      throw new IllegalStateException("the spool is switched off (FastPath/Spool@enabled)");
    }
    return new DirectCopy(this, Objects.requireNonNull(source, "source == null"));
  }

  /**
   * A transfer of an answer whose client already fell behind, from its first bytes; for tests of
   * the spooled path on its own. The transfer owns {@code first} and {@code source} from now on:
   * run its producer with {@link #start}, and pass the client's callbacks on to it.
   *
   * @param first a buffer of {@link #buffer()}, holding the answer's first {@code length} bytes
   * @throws IllegalStateException if the spool is switched off
   */
  Transfer transfer(byte[] first, int length, InputStream source, ClientOutput client) {
    if (!enabled) {
      throw new IllegalStateException("the spool is switched off (FastPath/Spool@enabled)");
    }
    Objects.checkFromIndexSize(0, length, first.length);
    return new Transfer(
        this,
        first,
        length,
        Objects.requireNonNull(source, "source == null"),
        Objects.requireNonNull(client, "client == null"));
  }

  /**
   * Runs a transfer's producer ({@link Transfer#run()}) on a producer thread of the spool's own.
   *
   * @throws java.util.concurrent.RejectedExecutionException if the spool was closed
   */
  public void start(Transfer transfer) {
    producers.execute(transfer);
  }

  /** A streaming buffer of 64 KiB, kept from an earlier response when one is free. */
  public byte[] buffer() {
    return buffers.take();
  }

  /** Gives back a buffer of {@link #buffer()} that no transfer took. */
  public void recycle(byte[] buffer) {
    if (buffer.length == Buffers.SIZE) {
      buffers.give(buffer);
    }
  }

  /** The memory one response may hold, in whole buffers of 64 KiB. */
  public long responseMemory() {
    return (long) responseBuffers * Buffers.SIZE;
  }

  /**
   * Whether a long answer whose client falls behind would find room now: the spool is on, writes
   * files, and less than its disk budget is taken. Read by downloads waiting for a BES connection
   * ({@code BesGroups@downloadWait}): with room, connections come back at the BES's pace.
   */
  public boolean hasRoom() {
    return enabled && hasDisk() && disk.get() < diskBudget;
  }

  /** Whether responses spool; false: every answer streams straight from the BES. */
  public boolean isEnabled() {
    return enabled;
  }

  /** The directory of the spool files; empty when nothing goes to disk. */
  public Optional<Path> directory() {
    return Optional.ofNullable(directory);
  }

  /** A snapshot of the figures: the one statistics value JMX, /status and the metrics read. */
  public SpoolStats stats() {
    return new SpoolStats(
        enabled,
        spooledResponses.sum(),
        spooledBytes.sum(),
        earlyReleases.sum(),
        buffers.reserved(),
        buffers.peak(),
        buffers.budget(),
        disk.get(),
        diskPeak.get(),
        diskBudget,
        diskRule,
        directory == null ? null : directory.toString(),
        directory == null ? -1 : usableSpace.applyAsLong(directory),
        openFiles.get(),
        fallbackMemory.sum(),
        fallbackDiskBudget.sum(),
        fallbackDiskError.sum(),
        clientDisconnects.sum(),
        handOffs.sum(),
        fillGate.permits(),
        fillGate.waits());
  }

  /**
   * Stops taking producers; those running go on to their answer's end on their threads, which then
   * end. Each transfer deletes its own file.
   */
  @Override
  public void close() {
    if (ownProducers != null) {
      ownProducers.shutdown();
    }
  }

  @Override
  public String toString() {
    return "Spool{"
        + (enabled
            ? "responseMemory="
                + Specs.formatSize((long) responseBuffers * Buffers.SIZE)
                + ", memory="
                + Specs.formatSize(buffers.budget())
                + ", disk="
                + Specs.formatSize(diskBudget)
                + (diskRule.endsWith("%") && directory != null
                    ? " (" + diskRule + " of the space free at start)"
                    : "")
                + (directory == null ? "" : ", directory=" + directory)
            : "off")
        + "}";
  }

  // What the transfers share, package-private.

  FillGate fillGate() {
    return fillGate;
  }

  Buffers buffers() {
    return buffers;
  }

  /** How many buffers of spooled bytes one response may hold. */
  int responseBuffers() {
    return responseBuffers;
  }

  boolean hasDisk() {
    return diskBudget > 0 && directory != null;
  }

  /** Takes {@code bytes} of the disk budget; false, taking nothing, if it has not that much. */
  boolean reserveDisk(long bytes) {
    while (true) {
      long now = disk.get();
      if (now + bytes > diskBudget) {
        return false;
      }
      if (disk.compareAndSet(now, now + bytes)) {
        if (now + bytes > diskPeak.get()) {
          diskPeak.accumulateAndGet(now + bytes, Math::max);
        }
        return true;
      }
    }
  }

  /**
   * Gives {@code bytes} of the disk budget back. Under three quarters used, a disk-budget episode
   * ends: the margin keeps a budget at its edge from logging a line per response.
   */
  void releaseDisk(long bytes) {
    if (bytes != 0 && disk.addAndGet(-bytes) < diskBudget - diskBudget / 4) {
      episodes.roomAgain(Fallback.DISK_BUDGET);
    }
  }

  /** Takes one buffer's worth of the memory budget; false, taking nothing, if it is used up. */
  boolean reserveMemory() {
    return buffers.reserve();
  }

  /** Gives one buffer's worth back; under three quarters used, a memory episode ends. */
  void releaseMemory() {
    if (buffers.unreserve() < buffers.budget() - buffers.budget() / 4) {
      episodes.roomAgain(Fallback.MEMORY);
    }
  }

  /** A new spool file, counted open until {@link #fileDeleted()}. */
  SpoolFile createFile() throws IOException {
    SpoolFile file = files.create();
    openFiles.incrementAndGet();
    return file;
  }

  void fileDeleted() {
    openFiles.decrementAndGet();
  }

  void spooled(long bytes, boolean firstOfResponse) {
    if (firstOfResponse) {
      spooledResponses.increment();
    }
    spooledBytes.add(bytes);
  }

  void handedOff() {
    handOffs.increment();
  }

  void releasedEarly() {
    earlyReleases.increment();
  }

  void clientDisconnected() {
    clientDisconnects.increment();
  }

  /** A response fell back to streaming straight: counted, and logged once per episode. */
  void fellBack(Fallback cause, String detail) {
    switch (cause) {
      case MEMORY -> fallbackMemory.increment();
      case DISK_BUDGET -> fallbackDiskBudget.increment();
      case DISK_ERROR -> fallbackDiskError.increment();
    }
    episodes.fellBack(cause, detail);
  }

  /** A spool file took bytes again: a disk-error episode ends. */
  void diskWorks() {
    episodes.roomAgain(Fallback.DISK_ERROR);
  }
}
