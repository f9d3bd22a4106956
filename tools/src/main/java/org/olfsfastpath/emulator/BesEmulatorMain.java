package org.olfsfastpath.emulator;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import org.jspecify.annotations.Nullable;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Runs a {@link BesEmulator} from the command line ({@code scripts/bes-emulator}) until it is
 * killed. Prints one line naming the endpoints it listens on; on SIGUSR1 drops every open
 * connection ({@link BesEmulator#dropAllConnections()}) and goes on; on SIGTERM or SIGINT prints
 * the command counts as {@code name=count} lines and exits.
 */
public final class BesEmulatorMain {
  static final String USAGE = String.join("\n",
      "usage: bes-emulator [flags]",
      "  --port N             TCP port on 127.0.0.1 (default 0: a free port, printed at start)",
      "  --socket PATH        also listen on a Unix domain socket",
      "  --data DIR           serve showNode and gets from the files under DIR",
      "  --captures DIR       replay NAME.request.xml/NAME.wire exchanges that match a request",
      "  --delay CMD=MS       service time per command, e.g. --delay showNode=40 (repeatable)",
      "  --datasets N         N synthetic datasets under /synthetic (up to 2147483647)",
      "  --fanout F           entries per synthetic directory (default 100)",
      "  --fast-writes        write each chunk in one call with TCP_NODELAY (default: like the BES)",
      "  --no-faithful-writes same as --fast-writes",
      "  --no-built-ins       do not list the built-in datasets at the catalog root",
      "  --catalog-root PATH  root shown in BES messages (default /usr/share/hyrax)",
      "  --max-chunk BYTES    largest data chunk (default: socket send buffer - 15, like the BES)",
      "  --counts-file PATH   rewrite PATH with requests=N and CMD=N lines after every request",
      "  --show-info-2009     answer showInfo like the BES of 2009 (default: type 3 error, like today's)",
      "  --without M[,M...]   leave BES modules out, e.g. --without fileout_netcdf,gdal to answer",
      "                       like the recorded BES (netcdf: 'Unable to find transmitter')",
      "  --help               print this help",
      "Prints 'BES emulator listening on 127.0.0.1:PORT [unix:PATH]' once listening; on SIGUSR1",
      "closes every open connection at once, as when every BES process is killed, and keeps",
      "listening; on SIGTERM prints the counts (requests=N, then CMD=N per command) and exits.");

  /** The signal on which the emulator drops every connection (its name without SIG). */
  static final String DROP_SIGNAL = "USR1";

  /** A flag or value that makes no sense, with the message to show. */
  static final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }

    UsageException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  private BesEmulatorMain() {}

  public static void main(String[] args) {
    BesEmulator emulator;
    try {
      if (wantsHelp(args)) {
        System.out.println(USAGE);
        return;
      }
      emulator = parse(args).build();
      emulator.start();
    } catch (UsageException | IllegalArgumentException | IllegalStateException e) {
      System.err.println("bes-emulator: " + e.getMessage());
      System.err.println("run with --help for the flags");
      System.exit(2);
      return;
    } catch (IOException e) {
      System.err.println("bes-emulator: cannot start: " + e.getMessage());
      System.exit(1);
      return;
    }
    PrintStream out = System.out;
    out.println(listeningLine(emulator));
    out.flush();
    try {
      dropOnSignal(emulator, System.err);
    } catch (IllegalArgumentException e) {
      System.err.println("bes-emulator: SIG" + DROP_SIGNAL + " cannot be handled (" + e.getMessage()
          + "): no signal drops the connections");
    }
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      out.print(emulator.countsText());
      out.flush();
      emulator.close();
    }, "bes-emulator-shutdown"));
    try {
      new CountDownLatch(1).await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Makes SIG{@value #DROP_SIGNAL} drop every open connection of {@code emulator} and say so on
   * {@code log}: how a script kills every BES process of an emulator running as a process of its
   * own ({@code kill -USR1 PID}).
   *
   * @return the handler it replaced
   * @throws IllegalArgumentException if the JVM keeps the signal for itself
   */
  static SignalHandler dropOnSignal(BesEmulator emulator, PrintStream log) {
    return Signal.handle(new Signal(DROP_SIGNAL), signal -> {
      try {
        int dropped = emulator.dropAllConnections();
        log.println("bes-emulator: SIG" + signal.getName() + ": dropped all " + dropped
            + " open connections");
      } catch (IllegalStateException e) {
        log.println("bes-emulator: SIG" + signal.getName() + " ignored: " + e.getMessage());
      }
      log.flush();
    });
  }

  static String listeningLine(BesEmulator emulator) {
    String line = "BES emulator listening on " + emulator.endpoint();
    try {
      line += " " + emulator.unixEndpoint();
    } catch (IllegalStateException noUnixSocket) {
      // TCP only.
    }
    return line;
  }

  static boolean wantsHelp(String[] args) {
    for (String arg : args) {
      if (arg.equals("--help") || arg.equals("-h")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Turns the flags into a configured builder.
   *
   * @throws UsageException naming the flag and the value that is wrong
   */
  static BesEmulator.Builder parse(String[] args) throws UsageException {
    BesEmulator.Builder builder = BesEmulator.newBuilder();
    List<String> queue = new ArrayList<>(List.of(args));
    while (!queue.isEmpty()) {
      String arg = queue.remove(0);
      String flag = arg;
      String inlineValue = null;
      int eq = arg.indexOf('=');
      if (arg.startsWith("--") && eq > 0) {
        flag = arg.substring(0, eq);
        inlineValue = arg.substring(eq + 1);
      }
      try {
        switch (flag) {
          case "--port" -> builder.port(integer(flag, value(flag, inlineValue, queue)));
          case "--socket" -> builder.unixSocket(Path.of(value(flag, inlineValue, queue)));
          case "--data" -> builder.dataDirectory(Path.of(value(flag, inlineValue, queue)));
          case "--captures" -> builder.captures(Path.of(value(flag, inlineValue, queue)));
          case "--delay" -> delay(builder, value(flag, inlineValue, queue));
          case "--datasets" -> builder.syntheticDatasets(longValue(flag, value(flag, inlineValue, queue)));
          case "--fanout" -> builder.syntheticFanout(integer(flag, value(flag, inlineValue, queue)));
          case "--fast-writes", "--no-faithful-writes" -> {
            noValue(flag, inlineValue);
            builder.faithfulWrites(false);
          }
          case "--no-built-ins" -> {
            noValue(flag, inlineValue);
            builder.listBuiltIns(false);
          }
          case "--catalog-root" -> builder.catalogRoot(value(flag, inlineValue, queue));
          case "--max-chunk" -> builder.maxChunkLength(integer(flag, value(flag, inlineValue, queue)));
          case "--counts-file" -> builder.countsFile(Path.of(value(flag, inlineValue, queue)));
          case "--show-info-2009" -> {
            noValue(flag, inlineValue);
            builder.showInfo2009(true);
          }
          case "--without" -> builder.withoutModules(value(flag, inlineValue, queue).split(",", -1));
          default -> throw new UsageException("unknown flag " + arg);
        }
      } catch (IllegalArgumentException | IllegalStateException e) {
        throw new UsageException(flag + ": " + e.getMessage(), e);
      }
    }
    return builder;
  }

  private static void delay(BesEmulator.Builder builder, String spec) throws UsageException {
    int eq = spec.indexOf('=');
    if (eq <= 0 || eq == spec.length() - 1) {
      throw new UsageException("--delay was " + spec + ", must be COMMAND=MILLISECONDS, e.g. showNode=40");
    }
    long millis = longValue("--delay " + spec.substring(0, eq), spec.substring(eq + 1));
    builder.delay(spec.substring(0, eq), Duration.ofMillis(millis));
  }

  private static String value(String flag, @Nullable String inlineValue, List<String> queue)
      throws UsageException {
    if (inlineValue != null) {
      return inlineValue;
    }
    if (queue.isEmpty() || queue.get(0).startsWith("--")) {
      throw new UsageException(flag + " needs a value");
    }
    return queue.remove(0);
  }

  private static void noValue(String flag, @Nullable String inlineValue) throws UsageException {
    if (inlineValue != null) {
      throw new UsageException(flag + " takes no value but was given " + inlineValue);
    }
  }

  private static int integer(String flag, String text) throws UsageException {
    long value = longValue(flag, text);
    if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
      throw new UsageException(String.format(Locale.US, "%s was %s, must fit an int", flag, text));
    }
    return (int) value;
  }

  private static long longValue(String flag, String text) throws UsageException {
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      throw new UsageException(flag + " was " + text + ", must be an integer", e);
    }
  }
}
