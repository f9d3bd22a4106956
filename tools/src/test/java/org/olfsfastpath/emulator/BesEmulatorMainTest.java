package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import sun.misc.Signal;
import sun.misc.SignalHandler;

final class BesEmulatorMainTest {

  @Test
  void flags_configureTheEmulator(@TempDir Path dir) throws Exception {
    Path data = Files.createDirectory(dir.resolve("data"));
    Files.write(data.resolve("a.nc"), new byte[3]);
    Path counts = dir.resolve("counts.txt");
    Path socket = dir.resolve("bes.sock");
    try (BesEmulator bes = BesEmulatorMain.parse(new String[] {"--port", "0", "--socket", socket.toString(),
        "--data=" + data, "--delay", "showVersion=0", "--datasets", "1000", "--fanout", "10", "--fast-writes",
        "--counts-file", counts.toString(), "--catalog-root", "/data"}).build()) {
      bes.start();
      assertEquals("BES emulator listening on 127.0.0.1:" + bes.port() + " unix:" + socket,
          BesEmulatorMain.listeningLine(bes));
      assertTrue(Exchanges.once(bes, Requests.showNode("/a.nc")).body().contains("name=\"/a.nc\" size=\"3\""));
      assertTrue(Exchanges.once(bes, Requests.showNode("/synthetic/d9/d9")).body().contains("name=\"ds999.nc\""));
      assertTrue(Exchanges.once(bes, Requests.showNode("/b.nc")).body().contains("Failed to locate '/data/b.nc'"));
      assertEquals("requests=3\nsetContext=3\nshowNode=3\n", Files.readString(counts));
    }
  }

  @Test
  void badFlags_sayWhatIsWrong() {
    assertEquals("unknown flag --bogus", usageError("--bogus"));
    assertEquals("--port needs a value", usageError("--port"));
    assertEquals("--port was ten, must be an integer", usageError("--port", "ten"));
    assertEquals("--port: port was 99999, must be 0-65535", usageError("--port", "99999"));
    assertEquals("--delay was showNode, must be COMMAND=MILLISECONDS, e.g. showNode=40", usageError("--delay", "showNode"));
    assertEquals("--delay showNode was soon, must be an integer", usageError("--delay", "showNode=soon"));
    assertEquals("--fast-writes takes no value but was given yes", usageError("--fast-writes=yes"));
    assertEquals("--datasets: syntheticDatasets was -5, must be 0-2147483647", usageError("--datasets", "-5"));
    assertTrue(usageError("--data", "/no/such/dir").startsWith("--data: dataDirectory was /no/such/dir"));
    assertTrue(usageError("--without", "fileout_netcdf,hdf5").startsWith("--without: unknown module hdf5,"));
  }

  @Test
  void without_leavesModulesOut() throws Exception {
    try (BesEmulator bes = BesEmulatorMain.parse(new String[] {"--without", "fileout_netcdf,gdal"}).build()) {
      bes.start();
      String answer = Exchanges.once(bes, Requests.get("/fnoc1.nc", "dods", "lat", "netcdf")).body();
      assertTrue(answer.contains("<Message>Unable to find transmitter netcdf</Message>"), answer);
    }
  }

  @Test
  void sigusr1_dropsEveryConnection_andTheEmulatorGoesOn() throws Exception {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    try (BesEmulator bes = BesEmulator.newBuilder().build();
        PrintStream logStream = new PrintStream(log, true, StandardCharsets.UTF_8)) {
      int port = Exchanges.start(bes);
      SignalHandler previous = BesEmulatorMain.dropOnSignal(bes, logStream);
      try (Socket first = Exchanges.rawConnect(port); Socket second = Exchanges.rawConnect(port)) {
        Signal.raise(new Signal(BesEmulatorMain.DROP_SIGNAL));
        assertEquals(-1, first.getInputStream().read());
        assertEquals(-1, second.getInputStream().read());
        assertTrue(bes.awaitClosedConnections(2, Duration.ofSeconds(10)));
      } finally {
        Signal.handle(new Signal(BesEmulatorMain.DROP_SIGNAL), previous);
      }
      // The handler's thread says so once it has dropped them and counted the drop.
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (log.size() == 0 && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertEquals("bes-emulator: SIGUSR1: dropped all 2 open connections\n",
          log.toString(StandardCharsets.UTF_8));
      assertEquals(1, bes.dropCount());
      assertEquals(2, bes.droppedConnectionCount());
      assertTrue(Exchanges.once(bes, Requests.showNode("/")).body().contains("<showNode>"));
    }
    assertTrue(BesEmulatorMain.USAGE.contains("on SIGUSR1"));
  }

  @Test
  void help_isRecognizedAnywhere() {
    assertTrue(BesEmulatorMain.wantsHelp(new String[] {"--port", "1", "--help"}));
    assertTrue(BesEmulatorMain.USAGE.contains("--counts-file PATH"));
  }

  private static String usageError(String... args) {
    return assertThrows(BesEmulatorMain.UsageException.class, () -> BesEmulatorMain.parse(args)).getMessage();
  }
}
