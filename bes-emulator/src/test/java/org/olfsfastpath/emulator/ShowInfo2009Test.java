package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code showInfo} as the BES of January 2009 answered it, behind {@code showInfo2009(true)}. */
final class ShowInfo2009Test {
  private static final Instant T1 = Instant.parse("2008-12-01T10:20:30Z");

  @TempDir Path data;

  @Test
  void file_isDescribedAsTheOlfsOf2009ReadIt() throws IOException {
    Files.write(data.resolve("a.nc"), new byte[3]);
    Files.setLastModifiedTime(data.resolve("a.nc"), FileTime.from(T1));
    try (BesEmulator bes = emulator(true)) {
      Exchanges.Answer answer = Exchanges.once(bes, showInfo("/a.nc"));
      assertEquals(
          "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
              + "<showInfo>\n"
              + "    <response>\n"
              + "        <dataset isData=\"true\" thredds_collection=\"false\">\n"
              + "            <name>/a.nc</name>\n"
              + "            <size>3</size>\n"
              + "            <lastmodified>\n"
              + "                <date>2008-12-01</date>\n"
              + "                <time>10:20:30</time>\n"
              + "            </lastmodified>\n"
              + "        </dataset>\n"
              + "    </response>\n"
              + "</showInfo>\n",
          answer.body());
      assertEquals(1, bes.commandCount("showInfo"));
    }
  }

  @Test
  void directory_isACollectionWithItsCount() throws IOException {
    Files.write(data.resolve("a.nc"), new byte[3]);
    Files.write(data.resolve("b.nc"), new byte[3]);
    try (BesEmulator bes = emulator(true)) {
      String body = Exchanges.once(bes, showInfo("/")).body();
      assertTrue(
          body.contains(
              "<dataset isData=\"false\" thredds_collection=\"true\">\n"
                  + "            <name>/</name>\n"),
          body);
      assertTrue(body.contains("<count>2</count>"), body);
    }
  }

  @Test
  void missingFile_isTheUsualNotFoundError() throws IOException {
    try (BesEmulator bes = emulator(true)) {
      Exchanges.Answer answer = Exchanges.once(bes, showInfo("/none.nc"));
      assertTrue(answer.isError());
      assertTrue(answer.body().contains("<Type>5</Type>"), answer.body());
    }
  }

  @Test
  void withoutTheSetting_showInfoIsGoneAsFromTodaysBes() throws IOException {
    Files.write(data.resolve("a.nc"), new byte[3]);
    try (BesEmulator bes = emulator(false)) {
      Exchanges.Answer answer = Exchanges.once(bes, showInfo("/a.nc"));
      assertTrue(answer.isError());
      assertTrue(
          answer.body().contains("<Message>Unable to find command for showInfo</Message>"),
          answer.body());
    }
  }

  @Test
  void commandLineFlag_turnsItOn() throws Exception {
    Files.write(data.resolve("a.nc"), new byte[3]);
    try (BesEmulator bes =
        BesEmulatorMain.parse(new String[] {"--data", data.toString(), "--show-info-2009"})
            .emulator()
            .build()) {
      bes.start();
      assertTrue(
          Exchanges.once(bes, showInfo("/a.nc"))
              .body()
              .startsWith("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<showInfo>\n"));
    }
  }

  /** The 2009 OLFS's request: an errors context and the command, nothing else. */
  private static byte[] showInfo(String node) {
    return Requests.document(
        "info", "<setContext name=\"errors\">xml</setContext><showInfo node=\"" + node + "\"/>");
  }

  private BesEmulator emulator(boolean showInfo2009) throws IOException {
    BesEmulator bes =
        BesEmulator.newBuilder()
            .dataDirectory(data)
            .listBuiltIns(false)
            .showInfo2009(showInfo2009)
            .build();
    bes.start();
    return bes;
  }
}
