package org.olfsfastpath.emulator;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The command-line emulator's control port ({@code --control-port}): a loopback TCP port on which a
 * script sends one line and reads one line back, so that what happens to the BES processes can be
 * scripted from outside the emulator's process with no signal (the JDK handles only the shutdown
 * signals without its internal API). One command: {@code drop}, answered {@code dropped N} after
 * {@link BesEmulator#dropAllConnections()} closed N connections; anything else is answered {@code
 * error: ...}. From bash:
 *
 * <pre>{@code
 * exec 3<>/dev/tcp/127.0.0.1/$port; echo drop >&3; read -r reply <&3; exec 3<&-
 * }</pre>
 *
 * <p>One connection at a time, each closed after its answer; a line must come within {@link
 * #READ_TIMEOUT_MILLIS} and hold at most {@link #MAX_LINE} bytes. The control connections are no
 * BES connections: they are neither counted nor dropped.
 */
final class ControlPort implements Closeable {
  /** How long a control connection may take to send its line. */
  static final int READ_TIMEOUT_MILLIS = 10_000;

  /** The longest line read; a longer one is refused. */
  static final int MAX_LINE = 256;

  private final ServerSocket server;
  private final BesEmulator emulator;
  private final PrintStream log;
  private final Thread acceptor;

  private ControlPort(ServerSocket server, BesEmulator emulator, PrintStream log) {
    this.server = server;
    this.emulator = emulator;
    this.log = log;
    this.acceptor = new Thread(this::serve, "bes-emulator-control");
    acceptor.setDaemon(true);
  }

  /**
   * Listens on 127.0.0.1:{@code port} (0: a free port) for control lines to {@code emulator},
   * saying on {@code log} what each did.
   */
  static ControlPort start(int port, BesEmulator emulator, PrintStream log) throws IOException {
    Objects.requireNonNull(emulator, "emulator == null");
    Objects.requireNonNull(log, "log == null");
    ServerSocket server = new ServerSocket();
    try {
      server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    } catch (IOException e) {
      server.close();
      throw e;
    }
    ControlPort control = new ControlPort(server, emulator, log);
    control.acceptor.start();
    return control;
  }

  /** The port it listens on. */
  int port() {
    return server.getLocalPort();
  }

  /** Stops listening and waits for the connection being answered, if any. */
  @Override
  public void close() throws IOException {
    server.close();
    try {
      acceptor.join(READ_TIMEOUT_MILLIS + 1000L);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void serve() {
    while (!server.isClosed()) {
      try (Socket client = server.accept()) {
        client.setSoTimeout(READ_TIMEOUT_MILLIS);
        String line = readLine(client.getInputStream());
        String reply =
            line != null ? answer(line) : "error: a line longer than " + MAX_LINE + " bytes";
        OutputStream out = client.getOutputStream();
        out.write((reply + "\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
      } catch (SocketTimeoutException e) {
        say("a control connection sent no line within " + READ_TIMEOUT_MILLIS + " ms; closed");
      } catch (IOException e) {
        if (!server.isClosed()) {
          say("a control connection failed: " + e);
        }
      }
    }
  }

  /** The answer to one control line. */
  String answer(String line) {
    String command = line.strip();
    if (!command.equals("drop")) {
      return "error: unknown command '" + command + "' (the one command is drop)";
    }
    try {
      int dropped = emulator.dropAllConnections();
      say("control: dropped all " + dropped + " open connections");
      return "dropped " + dropped;
    } catch (IllegalStateException e) {
      say("control: drop refused: " + e.getMessage());
      return "error: " + e.getMessage();
    }
  }

  /** The first line, without its end; null when it is longer than {@link #MAX_LINE} bytes. */
  private static @Nullable String readLine(InputStream in) throws IOException {
    byte[] line = new byte[MAX_LINE];
    int length = 0;
    int b;
    while ((b = in.read()) >= 0 && b != '\n') {
      if (length == MAX_LINE) {
        return null;
      }
      line[length++] = (byte) b;
    }
    return new String(line, 0, length, StandardCharsets.US_ASCII);
  }

  private void say(String message) {
    log.println("bes-emulator: " + message);
    log.flush();
  }
}
