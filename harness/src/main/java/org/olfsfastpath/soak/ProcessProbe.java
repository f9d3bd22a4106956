package org.olfsfastpath.soak;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Counts what a process holds, from Linux's /proc: its threads by kind and its file descriptors,
 * with the TCP sockets told apart by where they lead (to the BES, or clients of the HTTP port). And
 * its heap after a full collection, through {@code jcmd}.
 */
public final class ProcessProbe {
  private static final Pattern USED = Pattern.compile("used (\\d+)K");

  /** What /proc shows of the names of the BES layer's threads: the first 15 characters. */
  private static final String BES_THREADS = "olfs-fastpath B";

  /** The same of the spool's producer threads ("olfs-fastpath-spool-producer-N"). */
  private static final String SPOOL_PRODUCERS = "olfs-fastpath-s";

  private ProcessProbe() {}

  /**
   * Whether a thread, by what /proc shows of its name (at most 15 characters), belongs to a pool
   * that grows and shrinks on its own (see {@link Snapshot#jvmPooledThreads}).
   */
  static boolean isSelfBoundedPool(String name) {
    return name.contains("CompilerThre")
        || name.startsWith("ForkJoinPool")
        || name.startsWith("DataSourceCache")
        || name.startsWith(SPOOL_PRODUCERS);
  }

  /**
   * What one process holds at one moment.
   *
   * @param threads every thread
   * @param workerThreads Tomcat's request threads ({@code worker-N}), pooled by Tomcat and bounded
   *     by its maxThreads
   * @param jvmPooledThreads threads of bounded pools that grow and shrink on their own: JIT
   *     compiler threads (added and removed with the compile load), fork-join workers, the
   *     data-source cache's refresh threads (at most its pool size, ending after a minute idle),
   *     the BES group's probe thread (started on the first time a BES is taken out of service,
   *     ending after a minute idle; one per BES at most), and the spool's producer threads (one per
   *     BES connection streaming a long answer at most, ending after 30 s idle)
   * @param fds open file descriptors
   * @param besSockets TCP sockets whose far end is the BES port
   * @param httpSockets TCP sockets on the HTTP port: the listener and client connections
   * @param selectorFds epoll instances and their wake-up descriptors (eventfd, pipe): Tomcat's
   *     pollers, and one selector per BES connection (each PPT connection waits on its own)
   * @param epolls the epoll instances among them
   * @param archives open {@code .jar} files: the JVM's class path, and a web application's
   *     libraries, which Tomcat's class loader opens to look a class or resource up (a request's
   *     first error path looks through all of them) and its background process closes again when
   *     unused for a while (every 10 s or so); a cache of the container's, not the front end's
   */
  public record Snapshot(
      int threads,
      int workerThreads,
      int jvmPooledThreads,
      int fds,
      int besSockets,
      int httpSockets,
      int selectorFds,
      int epolls,
      int archives) {
    /** Threads that nothing pools: the ones a leak would add to. */
    int ownThreads() {
      return threads - workerThreads - jvmPooledThreads;
    }

    /**
     * Descriptors other than connections to the BES and from HTTP clients, their selectors, and the
     * archives the container keeps open for its class loaders.
     */
    int ownFds() {
      return fds - besSockets - httpSockets - selectorFds - archives;
    }

    /** Selectors beyond one per BES connection: constant unless a selector outlives its socket. */
    int strayEpolls() {
      return epolls - besSockets;
    }
  }

  /** The process's resident set (VmRSS of /proc/PID/status), in KiB; -1 if it cannot be read. */
  public static long rssKb(long pid) {
    try {
      for (String line :
          Files.readAllLines(
              Path.of("/proc", Long.toString(pid), "status"), StandardCharsets.UTF_8)) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.substring(6).replace("kB", "").strip());
        }
      }
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
    return -1;
  }

  public static boolean supported() {
    return Files.isDirectory(Path.of("/proc/self/task"));
  }

  public static Snapshot take(long pid, int besPort, int httpPort) throws IOException {
    int threads = 0;
    int workers = 0;
    int pooled = 0;
    int besThreads = 0;
    for (String name :
        entries(
            pid,
            "task",
            task -> Files.readString(task.resolve("comm"), StandardCharsets.UTF_8).strip())) {
      threads++;
      if (name.startsWith("worker-")) {
        workers++;
      } else if (isSelfBoundedPool(name)) {
        pooled++;
      } else if (name.startsWith(BES_THREADS)) {
        besThreads++;
      }
    }
    // The BES client's pool maintenance thread ("olfs-fastpath BES pool ...") and the group's
    // probe thread ("olfs-fastpath BES group ... probe") show the same 15-character name. The one
    // BES of a bench has one of each at most: one is the client's own, a second one the probe
    // thread, which comes and goes with ejections; any beyond those two count as the front end's.
    int own = Math.min(besThreads, 1);
    int probes = Math.min(besThreads - own, 1);
    pooled += probes;
    Map<String, int[]> sockets = socketPorts(pid);
    int fds = 0;
    int bes = 0;
    int http = 0;
    int selectors = 0;
    int epolls = 0;
    int archives = 0;
    for (String target : entries(pid, "fd", fd -> Files.readSymbolicLink(fd).toString())) {
      fds++;
      if (target.equals("anon_inode:[eventpoll]")) {
        selectors++;
        epolls++;
      } else if (target.equals("anon_inode:[eventfd]") || target.startsWith("pipe:[")) {
        selectors++;
      } else if (target.startsWith("socket:[")) {
        int[] ports = sockets.get(target.substring(8, target.length() - 1));
        if (ports != null && ports[1] == besPort) {
          bes++;
        } else if (ports != null && ports[0] == httpPort) {
          http++;
        }
      } else if (target.endsWith(".jar")) {
        archives++;
      }
    }
    return new Snapshot(threads, workers, pooled, fds, bes, http, selectors, epolls, archives);
  }

  /** Reads one entry of a /proc directory. */
  private interface EntryReader {
    String read(Path entry) throws IOException;
  }

  /**
   * What each entry of {@code /proc/<pid>/<directory>} reads as; an entry gone while it was looked
   * at (a thread that ended, a descriptor closed) is left out.
   */
  private static List<String> entries(long pid, String directory, EntryReader reader)
      throws IOException {
    List<String> read = new ArrayList<>();
    try (DirectoryStream<Path> entries =
        Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), directory))) {
      for (Path entry : entries) {
        try {
          read.add(reader.read(entry));
        } catch (IOException gone) {
          continue; // it ended while we looked
        }
      }
    }
    return read;
  }

  /** Socket inode to {local port, remote port}, from the process's view of /proc/net/tcp{,6}. */
  private static Map<String, int[]> socketPorts(long pid) throws IOException {
    Map<String, int[]> ports = new HashMap<>();
    for (String table : List.of("tcp", "tcp6")) {
      Path file = Path.of("/proc", Long.toString(pid), "net", table);
      if (!Files.exists(file)) {
        continue;
      }
      List<String> lines = Files.readAllLines(file);
      for (String line : lines.subList(1, lines.size())) {
        String[] f = line.trim().split("\\s+");
        if (f.length < 10) {
          continue;
        }
        ports.put(f[9], new int[] {port(f[1]), port(f[2])});
      }
    }
    return ports;
  }

  private static int port(String addressAndPort) {
    return Integer.parseInt(addressAndPort.substring(addressAndPort.indexOf(':') + 1), 16);
  }

  /**
   * The heap in use right after a full collection, in KiB, or -1 when jcmd is missing or fails.
   * Runs {@code jcmd PID GC.run}, then reads {@code GC.heap_info}. With the serial collector (as
   * the front end runs here) a full collection moves every live object into the tenured generation,
   * so only that is counted: the young generation has filled again with new garbage by the time the
   * second jcmd runs under load.
   */
  public static long heapAfterGcKb(long pid) {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    if (!Files.isExecutable(jcmd)) {
      return -1;
    }
    try {
      if (run(jcmd.toString(), Long.toString(pid), "GC.run") == null) {
        return -1;
      }
      String info = run(jcmd.toString(), Long.toString(pid), "GC.heap_info");
      if (info == null) {
        return -1;
      }
      long used = 0;
      boolean found = false;
      boolean tenuredOnly = info.contains("tenured generation");
      for (String line : info.split("\n")) {
        String trimmed = line.trim();
        if (trimmed.startsWith("Metaspace") || trimmed.startsWith("class space")) {
          continue;
        }
        boolean counted =
            tenuredOnly
                ? trimmed.startsWith("tenured generation")
                : trimmed.contains("generation") || trimmed.contains(" heap ");
        if (counted) {
          Matcher m = USED.matcher(trimmed);
          if (m.find()) {
            used += Long.parseLong(m.group(1));
            found = true;
          }
        }
      }
      return found ? used : -1;
    } catch (IOException e) {
      return -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  private static @Nullable String run(String... command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    byte[] out = process.getInputStream().readAllBytes();
    if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
      process.destroyForcibly();
      return null;
    }
    return new String(out, StandardCharsets.UTF_8);
  }
}
