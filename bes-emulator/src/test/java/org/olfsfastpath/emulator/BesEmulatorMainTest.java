package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class BesEmulatorMainTest {

  @Test
  void flags_configureTheEmulator(@TempDir Path dir) throws Exception {
    Path data = Files.createDirectory(dir.resolve("data"));
    Files.write(data.resolve("a.nc"), new byte[3]);
    Path counts = dir.resolve("counts.txt");
    Path socket = dir.resolve("bes.sock");
    BesEmulatorMain.Options options =
        BesEmulatorMain.parse(
            new String[] {
              "--port",
              "0",
              "--socket",
              socket.toString(),
              "--data=" + data,
              "--delay",
              "showVersion=0",
              "--datasets",
              "1000",
              "--fanout",
              "10",
              "--fast-writes",
              "--counts-file",
              counts.toString(),
              "--catalog-root",
              "/data",
              "--control-port=0"
            });
    assertEquals(0, options.controlPort());
    assertEquals(
        -1,
        BesEmulatorMain.parse(new String[] {"--port", "0"}).controlPort(),
        "no control port unless asked for");
    try (BesEmulator bes = options.emulator().build()) {
      bes.start();
      assertEquals(
          "BES emulator listening on 127.0.0.1:" + bes.port() + " unix:" + socket,
          BesEmulatorMain.listeningLine(bes));
      assertTrue(
          Exchanges.once(bes, Requests.showNode("/a.nc"))
              .body()
              .contains("name=\"/a.nc\" size=\"3\""));
      assertTrue(
          Exchanges.once(bes, Requests.showNode("/synthetic/d9/d9"))
              .body()
              .contains("name=\"ds999.nc\""));
      assertTrue(
          Exchanges.once(bes, Requests.showNode("/b.nc"))
              .body()
              .contains("Failed to locate '/data/b.nc'"));
      assertEquals("requests=3\nsetContext=3\nshowNode=3\n", Files.readString(counts));
    }
  }

  @Test
  void badFlags_sayWhatIsWrong() {
    assertEquals("unknown flag --bogus", usageError("--bogus"));
    assertEquals("--port needs a value", usageError("--port"));
    assertEquals("--port was ten, must be an integer", usageError("--port", "ten"));
    assertEquals("--port: port was 99999, must be 0-65535", usageError("--port", "99999"));
    assertEquals(
        "--delay was showNode, must be COMMAND=MILLISECONDS, e.g. showNode=40",
        usageError("--delay", "showNode"));
    assertEquals(
        "--delay showNode was soon, must be an integer", usageError("--delay", "showNode=soon"));
    assertEquals("--fast-writes takes no value but was given yes", usageError("--fast-writes=yes"));
    assertEquals(
        "--write-rate was fast, must be a number of 0 or more", usageError("--write-rate", "fast"));
    assertEquals(
        "--write-rate was -1, must be a number of 0 or more", usageError("--write-rate", "-1"));
    assertEquals(
        "--datasets: syntheticDatasets was -5, must be 0-2147483647",
        usageError("--datasets", "-5"));
    assertTrue(
        usageError("--data", "/no/such/dir").startsWith("--data: dataDirectory was /no/such/dir"));
    assertTrue(
        usageError("--without", "fileout_netcdf,hdf5")
            .startsWith("--without: unknown module hdf5,"));
    assertEquals(
        "--control-port was 70000, must be 0-65535", usageError("--control-port", "70000"));
    assertEquals("--control-port needs a value", usageError("--control-port"));
  }

  @Test
  void without_leavesModulesOut() throws Exception {
    try (BesEmulator bes =
        BesEmulatorMain.parse(new String[] {"--without", "fileout_netcdf,gdal"})
            .emulator()
            .build()) {
      bes.start();
      String answer =
          Exchanges.once(bes, Requests.get("/fnoc1.nc", "dods", "lat", "netcdf")).body();
      assertTrue(answer.contains("<Message>Unable to find transmitter netcdf</Message>"), answer);
    }
  }

  @Test
  void controlPortDrop_dropsEveryConnection_andTheEmulatorGoesOn() throws Exception {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    try (BesEmulator bes = BesEmulator.newBuilder().build();
        PrintStream logStream = new PrintStream(log, true, StandardCharsets.UTF_8)) {
      int port = Exchanges.start(bes);
      try (ControlPort control = ControlPort.start(0, bes, logStream)) {
        assertEquals(
            "BES emulator control on 127.0.0.1:" + control.port(),
            BesEmulatorMain.controlLine(control));
        try (Socket first = Exchanges.rawConnect(port);
            Socket second = Exchanges.rawConnect(port)) {
          // The answer comes once the connections are closed and the drop counted.
          assertEquals("dropped 2", control(control.port(), "drop\n"));
          assertEquals(-1, first.getInputStream().read());
          assertEquals(-1, second.getInputStream().read());
          assertTrue(bes.awaitClosedConnections(2, Duration.ofSeconds(10)));
        }
        assertEquals(
            "bes-emulator: control: dropped all 2 open connections\n",
            log.toString(StandardCharsets.UTF_8));
        assertEquals(1, bes.dropCount());
        assertEquals(2, bes.droppedConnectionCount());
        assertTrue(Exchanges.once(bes, Requests.showNode("/")).body().contains("<showNode>"));
        // Blanks and a CRLF are read as the command; a second drop with nothing open (once the
        // showNode's connection has ended) drops none.
        assertTrue(bes.awaitClosedConnections(3, Duration.ofSeconds(10)));
        assertEquals("dropped 0", control(control.port(), "  drop\r\n"));
        assertEquals(2, bes.dropCount());
      }
    }
    assertTrue(BesEmulatorMain.USAGE.contains("--control-port N"));
  }

  @Test
  void controlPort_refusesWhatItDoesNotKnow_andGoesOn() throws Exception {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    try (BesEmulator bes = BesEmulator.newBuilder().build();
        PrintStream logStream = new PrintStream(log, true, StandardCharsets.UTF_8)) {
      Exchanges.start(bes);
      try (ControlPort control = ControlPort.start(0, bes, logStream)) {
        assertEquals(
            "error: unknown command 'pause' (the one command is drop)",
            control(control.port(), "pause\n"));
        assertEquals(
            "error: a line longer than " + ControlPort.MAX_LINE + " bytes",
            control(control.port(), "x".repeat(ControlPort.MAX_LINE + 1) + "\n"));
        assertEquals("dropped 0", control(control.port(), "drop\n"));
      }
      assertEquals(1, bes.dropCount());
    }
    // A stopped emulator cannot drop: the answer says why, as the log does.
    BesEmulator stopped = BesEmulator.newBuilder().build();
    try (ControlPort control =
        ControlPort.start(0, stopped, new PrintStream(log, true, StandardCharsets.UTF_8))) {
      assertTrue(control(control.port(), "drop\n").startsWith("error: "));
    } finally {
      stopped.close();
    }
  }

  @Test
  void commandLine_controlPortDrop_reachesTheRunningProcess() throws Exception {
    // The emulator as scripts/bes-emulator runs it: a process of its own, told from outside.
    String java = ProcessHandle.current().info().command().orElse("java");
    Process process =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                BesEmulatorMain.class.getName(),
                "--port",
                "0",
                "--control-port",
                "0")
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try (BufferedReader out =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String listening = out.readLine();
      String controlLine = out.readLine();
      assertTrue(
          listening != null && listening.startsWith("BES emulator listening on 127.0.0.1:"),
          listening);
      assertTrue(
          controlLine != null && controlLine.startsWith("BES emulator control on 127.0.0.1:"),
          controlLine);
      int port = Integer.parseInt(listening.substring(listening.lastIndexOf(':') + 1));
      int controlPort = Integer.parseInt(controlLine.substring(controlLine.lastIndexOf(':') + 1));
      try (Socket bes = Exchanges.rawConnect(port)) {
        assertEquals("dropped 1", control(controlPort, "drop\n"));
        assertEquals(-1, bes.getInputStream().read());
      }
      // SIGTERM: the counts, then the end (Process.destroy would close the output unread).
      process.toHandle().destroy();
      List<String> counts = out.lines().toList();
      assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the emulator ended");
      assertEquals(List.of("requests=0", "dropAllConnections=1", "droppedConnections=1"), counts);
    } finally {
      process.destroyForcibly();
    }
  }

  /** Sends {@code text} to a control port and returns the line it answers. */
  private static String control(int port, String text) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(text.getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      String answer = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
      assertTrue(answer.endsWith("\n"), answer);
      return answer.substring(0, answer.length() - 1);
    }
  }

  @Test
  void help_isRecognizedAnywhere() {
    assertTrue(BesEmulatorMain.wantsHelp(new String[] {"--port", "1", "--help"}));
    assertTrue(BesEmulatorMain.USAGE.contains("--counts-file PATH"));
  }

  private static String usageError(String... args) {
    return assertThrows(BesEmulatorMain.UsageException.class, () -> BesEmulatorMain.parse(args))
        .getMessage();
  }
}
