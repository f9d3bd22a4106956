package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
  void help_isRecognizedAnywhere() {
    assertTrue(BesEmulatorMain.wantsHelp(new String[] {"--port", "1", "--help"}));
    assertTrue(BesEmulatorMain.USAGE.contains("--counts-file PATH"));
  }

  private static String usageError(String... args) {
    return assertThrows(BesEmulatorMain.UsageException.class, () -> BesEmulatorMain.parse(args)).getMessage();
  }
}
