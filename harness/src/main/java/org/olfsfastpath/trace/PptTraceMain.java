package org.olfsfastpath.trace;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.ppt.PptEndpoint;

/**
 * Command line of the PPT trace proxy ({@code scripts/ppt-trace}):
 *
 * <pre>
 * ppt-trace --bes HOST:PORT|unix:/path (--listen [HOST:]PORT | --listen-socket PATH)
 *           [--log FILE] [--no-quickack] [--connect-timeout MS]
 * </pre>
 *
 * <p>Writes one JSON line per record to {@code --log} (replacing the file) or to standard output,
 * and one line {@code ppt-trace listening on ENDPOINT forwarding to ENDPOINT} to standard error
 * once it accepts clients. Runs until interrupted (SIGINT/SIGTERM), then closes every connection.
 */
public final class PptTraceMain {
  static final String USAGE =
      String.join(
          "\n",
          "usage: ppt-trace --bes HOST:PORT|unix:/path (--listen [HOST:]PORT | --listen-socket PATH)",
          "                 [--log FILE] [--no-quickack] [--connect-timeout MS]",
          "  --bes              the BES to forward to (TCP host:port, or unix:/path for BES.ServerUnixSocket)",
          "  --listen           TCP port (0 picks one) to accept PPT clients on, on 127.0.0.1 unless HOST is given",
          "  --listen-socket    Unix socket path to accept PPT clients on instead (must not exist)",
          "  --log              write the JSON-lines trace to FILE (replaced) instead of standard output",
          "  --no-quickack      do not re-arm TCP_QUICKACK: the proxy then delays ACKs like a plain peer",
          "  --connect-timeout  milliseconds to wait for the BES to accept each connection (default 5000)");

  private PptTraceMain() {}

  public static void main(String[] args) throws Exception {
    PptTrace trace;
    try {
      trace = parse(args, new PrintWriter(System.out, true, StandardCharsets.UTF_8)::println);
    } catch (IllegalArgumentException e) {
      System.err.println("ppt-trace: " + e.getMessage());
      System.err.println(USAGE);
      System.exit(2);
      return;
    }
    if (trace == null) {
      System.out.println(USAGE);
      return;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  trace.stop();
                  stopped.countDown();
                },
                "ppt-trace-shutdown"));
    try {
      trace.start();
    } catch (IOException e) {
      System.err.println("ppt-trace: " + e.getMessage());
      System.exit(1);
      return;
    }
    PrintStream err = System.err;
    err.println("ppt-trace listening on " + trace.endpoint() + " forwarding to " + trace.target());
    err.flush();
    stopped.await();
  }

  /** A sink for JSON lines when no log file is given. */
  interface LineSink {
    void println(String line);
  }

  /**
   * Builds the trace the arguments describe, not yet started; null for {@code --help}.
   *
   * @throws IllegalArgumentException naming the argument that is wrong or missing
   */
  static @Nullable PptTrace parse(String[] args, LineSink stdout) {
    PptEndpoint bes = null;
    String listen = null;
    Path listenSocket = null;
    Path log = null;
    boolean quickAck = true;
    Duration connectTimeout = null;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "-h", "--help" -> {
          return null;
        }
        case "--bes" -> bes = PptEndpoint.parse(value(args, ++i, arg));
        case "--listen" -> listen = value(args, ++i, arg);
        case "--listen-socket" -> listenSocket = Path.of(value(args, ++i, arg));
        case "--log" -> log = Path.of(value(args, ++i, arg));
        case "--no-quickack" -> quickAck = false;
        case "--connect-timeout" ->
            connectTimeout = Duration.ofMillis(integer(value(args, ++i, arg), arg));
        default -> throw new IllegalArgumentException("unknown argument " + arg);
      }
    }
    if (bes == null) {
      throw new IllegalArgumentException("--bes is required");
    }
    if ((listen == null) == (listenSocket == null)) {
      throw new IllegalArgumentException("give exactly one of --listen and --listen-socket");
    }
    PptTrace.Builder builder = PptTrace.newBuilder(bes).quickAck(quickAck).keepRecords(false);
    if (listen != null) {
      int colon = listen.lastIndexOf(':');
      String host = colon < 0 ? "127.0.0.1" : listen.substring(0, colon);
      builder.listenTcp(host, integer(listen.substring(colon + 1), "--listen"));
    } else {
      builder.listenUnix(listenSocket);
    }
    if (connectTimeout != null) {
      builder.connectTimeout(connectTimeout);
    }
    if (log != null) {
      builder.log(log);
    } else {
      builder.listener(record -> stdout.println(record.toJson()));
    }
    return builder.build();
  }

  private static String value(String[] args, int i, String name) {
    if (i >= args.length) {
      throw new IllegalArgumentException(name + " needs a value");
    }
    return args[i];
  }

  private static int integer(String text, String name) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " was " + text + ", must be an integer", e);
    }
  }
}
