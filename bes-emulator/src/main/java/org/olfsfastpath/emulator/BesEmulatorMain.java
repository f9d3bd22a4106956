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

/**
 * Runs a {@link BesEmulator} from the command line ({@code scripts/bes-emulator}) until it is
 * killed. Prints one line naming the endpoints it listens on, and with {@code --control-port} one
 * naming its {@link ControlPort}, whose {@code drop} drops every open connection ({@link
 * BesEmulator#dropAllConnections()}) while the emulator goes on; on SIGTERM or SIGINT prints the
 * command counts as {@code name=count} lines and exits.
 */
public final class BesEmulatorMain {
  static final String USAGE =
      String.join(
          "\n",
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
          "  --write-rate MB      send each answer at most MB megabytes (10^6 bytes) a second, as a",
          "                       real BES reading compressed data does (default: no limit)",
          "  --no-built-ins       do not list the built-in datasets at the catalog root",
          "  --catalog-root PATH  root shown in BES messages (default /usr/share/hyrax)",
          "  --max-chunk BYTES    largest data chunk (default: socket send buffer - 15, like the BES)",
          "  --counts-file PATH   rewrite PATH with requests=N and CMD=N lines after every request",
          "  --bes-log PATH       append the BES's log lines (its |&| format, reqID-reqUUID) to PATH",
          "  --show-info-2009     answer showInfo like the BES of 2009 (default: type 3 error, like today's)",
          "  --without M[,M...]   leave BES modules out, e.g. --without fileout_netcdf,gdal to answer",
          "                       like the recorded BES (netcdf: 'Unable to find transmitter')",
          "  --control-port N     listen on 127.0.0.1:N (0: a free port) for control lines: 'drop'",
          "                       closes every open connection at once, as when every BES process is",
          "                       killed, answers 'dropped N' and the emulator keeps listening",
          "  --help               print this help",
          "Prints 'BES emulator listening on 127.0.0.1:PORT [unix:PATH]' once listening, then with",
          "--control-port 'BES emulator control on 127.0.0.1:PORT'; on SIGTERM prints the counts",
          "(requests=N, then CMD=N per command) and exits.");

  /**
   * What the flags configure: the emulator, and the control port (-1: none).
   *
   * @param emulator the configured builder
   * @param controlPort the control port's number, 0 for a free one, -1 for no control port
   */
  record Options(BesEmulatorBuilder emulator, int controlPort) {}

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
    Options options;
    try {
      if (wantsHelp(args)) {
        System.out.println(USAGE);
        return;
      }
      options = parse(args);
      emulator = options.emulator().build();
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
    ControlPort control = null;
    if (options.controlPort() >= 0) {
      try {
        control = ControlPort.start(options.controlPort(), emulator, System.err);
      } catch (IOException e) {
        emulator.close();
        System.err.println("bes-emulator: cannot start the control port: " + e.getMessage());
        System.exit(1);
        return;
      }
    }
    PrintStream out = System.out;
    out.println(listeningLine(emulator));
    if (control != null) {
      out.println(controlLine(control));
    }
    out.flush();
    ControlPort started = control;
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  out.print(emulator.countsText());
                  out.flush();
                  if (started != null) {
                    try {
                      started.close();
                    } catch (IOException e) {
                      System.err.println(
                          "bes-emulator: closing the control port: " + e.getMessage());
                    }
                  }
                  emulator.close();
                },
                "bes-emulator-shutdown"));
    try {
      new CountDownLatch(1).await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
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

  static String controlLine(ControlPort control) {
    return "BES emulator control on 127.0.0.1:" + control.port();
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
  static Options parse(String[] args) throws UsageException {
    BesEmulatorBuilder builder = BesEmulator.newBuilder();
    int controlPort = -1;
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
          case "--datasets" ->
              builder.syntheticDatasets(longValue(flag, value(flag, inlineValue, queue)));
          case "--fanout" ->
              builder.syntheticFanout(integer(flag, value(flag, inlineValue, queue)));
          case "--fast-writes", "--no-faithful-writes" -> {
            noValue(flag, inlineValue);
            builder.faithfulWrites(false);
          }
          case "--no-built-ins" -> {
            noValue(flag, inlineValue);
            builder.listBuiltIns(false);
          }
          case "--write-rate" ->
              builder.writeRate(
                  Math.round(doubleValue(flag, value(flag, inlineValue, queue)) * 1e6));
          case "--catalog-root" -> builder.catalogRoot(value(flag, inlineValue, queue));
          case "--max-chunk" ->
              builder.maxChunkLength(integer(flag, value(flag, inlineValue, queue)));
          case "--counts-file" -> builder.countsFile(Path.of(value(flag, inlineValue, queue)));
          case "--bes-log" -> builder.besLog(Path.of(value(flag, inlineValue, queue)));
          case "--show-info-2009" -> {
            noValue(flag, inlineValue);
            builder.showInfo2009(true);
          }
          case "--without" ->
              builder.withoutModules(value(flag, inlineValue, queue).split(",", -1));
          case "--control-port" -> controlPort = port(flag, value(flag, inlineValue, queue));
          default -> throw new UsageException("unknown flag " + arg);
        }
      } catch (IllegalArgumentException | IllegalStateException e) {
        throw new UsageException(flag + ": " + e.getMessage(), e);
      }
    }
    return new Options(builder, controlPort);
  }

  private static void delay(BesEmulatorBuilder builder, String spec) throws UsageException {
    int eq = spec.indexOf('=');
    if (eq <= 0 || eq == spec.length() - 1) {
      throw new UsageException(
          "--delay was " + spec + ", must be COMMAND=MILLISECONDS, e.g. showNode=40");
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

  private static int port(String flag, String text) throws UsageException {
    int port = integer(flag, text);
    if (port < 0 || port > 65535) {
      throw new UsageException(flag + " was " + text + ", must be 0-65535");
    }
    return port;
  }

  private static long longValue(String flag, String text) throws UsageException {
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      throw new UsageException(flag + " was " + text + ", must be an integer", e);
    }
  }

  private static double doubleValue(String flag, String text) throws UsageException {
    try {
      double value = Double.parseDouble(text.trim());
      if (!(value >= 0) || Double.isInfinite(value)) {
        throw new NumberFormatException();
      }
      return value;
    } catch (NumberFormatException e) {
      throw new UsageException(flag + " was " + text + ", must be a number of 0 or more", e);
    }
  }
}
