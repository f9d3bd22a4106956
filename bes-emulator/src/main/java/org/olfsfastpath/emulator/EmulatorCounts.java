package org.olfsfastpath.emulator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the emulator counts and records for tests and scripts: requests and their commands, the
 * newest requests themselves, and the drops of every connection; rewritten to the counts file, when
 * there is one, after every change. Thread-safe.
 */
final class EmulatorCounts {
  private static final Logger log = LoggerFactory.getLogger(EmulatorCounts.class);

  /**
   * The newest requests, for tests' takeRequest. Bounded so that an emulator serving a load run or
   * a soak for hours keeps a steady heap: past the bound the oldest recording is dropped.
   */
  static final int MAX_RECORDED = 10_000;

  private final @Nullable Path countsFile;
  private final Map<String, LongAdder> commandCounts = new ConcurrentHashMap<>();
  private final AtomicLong requestCount = new AtomicLong();
  private final BlockingQueue<RecordedRequest> recorded = new LinkedBlockingQueue<>(MAX_RECORDED);
  private final AtomicLong drops = new AtomicLong();
  private final AtomicLong droppedConnections = new AtomicLong();
  private final Object countsFileLock = new Object();

  /**
   * @param countsFile the file to rewrite with {@link #countsText()}, or null for none
   */
  EmulatorCounts(@Nullable Path countsFile) {
    this.countsFile = countsFile;
  }

  /** Counts one drop of every connection, {@code connections} of them. */
  void dropped(int connections) {
    drops.incrementAndGet();
    droppedConnections.addAndGet(connections);
    if (countsFile != null) {
      writeCountsFile();
    }
  }

  /** Drops of every connection since start or the last reset. */
  long dropCount() {
    return drops.get();
  }

  /** Connections the drops closed since start or the last reset. */
  long droppedConnectionCount() {
    return droppedConnections.get();
  }

  /** Counts a request and its commands, and keeps it for takeRequest. */
  void record(RecordedRequest request) {
    requestCount.incrementAndGet();
    for (String command : request.commands()) {
      commandCounts.computeIfAbsent(command, c -> new LongAdder()).increment();
    }
    while (!recorded.offer(request)) {
      recorded.poll();
    }
    if (countsFile != null) {
      writeCountsFile();
    }
  }

  long requestCount() {
    return requestCount.get();
  }

  long commandCount(String command) {
    LongAdder count = commandCounts.get(command);
    return count == null ? 0 : count.sum();
  }

  Map<String, Long> commandCounts() {
    Map<String, Long> snapshot = new TreeMap<>();
    commandCounts.forEach(
        (command, count) -> {
          long value = count.sum();
          if (value > 0) {
            snapshot.put(command, value);
          }
        });
    return snapshot;
  }

  void resetCounts() {
    requestCount.set(0);
    commandCounts.clear();
    drops.set(0);
    droppedConnections.set(0);
    if (countsFile != null) {
      writeCountsFile();
    }
  }

  BlockingQueue<RecordedRequest> recorded() {
    return recorded;
  }

  /**
   * The counts as {@code name=count} lines: {@code requests} first, then commands by name, then,
   * once connections were dropped, {@code dropAllConnections} (times) and {@code
   * droppedConnections}.
   */
  String countsText() {
    StringBuilder text = new StringBuilder("requests=").append(requestCount()).append('\n');
    commandCounts()
        .forEach((command, count) -> text.append(command).append('=').append(count).append('\n'));
    long dropped = drops.get();
    if (dropped > 0) {
      text.append("dropAllConnections=")
          .append(dropped)
          .append('\n')
          .append("droppedConnections=")
          .append(droppedConnections.get())
          .append('\n');
    }
    return text.toString();
  }

  /** Rewrites the counts file whole, replacing it atomically so a reader never sees half of it. */
  private void writeCountsFile() {
    synchronized (countsFileLock) {
      Path target = Objects.requireNonNull(countsFile, "written only when a counts file is set");
      Path temporary = target.resolveSibling(target.getFileName() + ".tmp");
      try {
        Files.writeString(temporary, countsText(), StandardCharsets.UTF_8);
        try {
          Files.move(
              temporary,
              target,
              StandardCopyOption.REPLACE_EXISTING,
              StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
        }
      } catch (IOException e) {
        log.warn("cannot write the counts file {}: {}", target, e.toString());
      }
    }
  }
}
