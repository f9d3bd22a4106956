package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The module switch (fileout_netcdf on by default, left out to answer like the recorded BES), the
 * formats the emulator never makes, get stream of real files and of the built-in README, and
 * buildSiteMap.
 */
final class ModulesAndFilesTest {
  @TempDir Path data;

  private BesEmulator start(BesEmulatorBuilder builder) throws IOException {
    BesEmulator bes = builder.build();
    bes.start();
    return bes;
  }

  private static String error(String body) {
    int start = body.indexOf("<Message>");
    return body.substring(start + "<Message>".length(), body.indexOf("</Message>"));
  }

  @Test
  void netcdf_isARealClassicFileByDefault() throws IOException {
    try (BesEmulator bes = start(BesEmulator.newBuilder())) {
      Exchanges.Answer answer =
          Exchanges.once(bes, Requests.get("/coads_climatology.nc", "dods", "COADSX", "netcdf"));
      assertFalse(answer.isError(), answer.body());
      assertTrue(answer.body().startsWith("CDF\u0002"), answer.body().substring(0, 8));
      String version = Exchanges.once(bes, Requests.show("showVersion")).body();
      assertTrue(
          version.contains(
              "<module name=\"fileout_json\" version=\"1.2.5\"/>\n"
                  + "        <module name=\"fileout_netcdf\" version=\"1.6.2\"/>\n"
                  + "        <module name=\"functions\" version=\"1.1.8\"/>\n"),
          version);
    }
  }

  @Test
  void withoutFileoutNetcdf_netcdfGetsTheMissingTransmitterError() throws IOException {
    try (BesEmulator bes =
        start(BesEmulator.newBuilder().withoutModules("fileout_netcdf", "gdal"))) {
      for (String type : new String[] {"dods", "dap"}) {
        Exchanges.Answer answer =
            Exchanges.once(bes, Requests.get("/coads_climatology.nc", type, "COADSX", "netcdf"));
        assertTrue(answer.isError(), answer.body());
        assertEquals("Unable to find transmitter netcdf", error(answer.body()));
        assertTrue(
            answer.body().contains("<BES>\n        <BESError>\n            <Type>3</Type>"),
            answer.body());
      }
      assertFalse(
          Exchanges.once(bes, Requests.show("showVersion")).body().contains("fileout_netcdf"));
    }
  }

  /**
   * netCDF-4 is not emulated: no library on Maven Central writes HDF5 files that netCDF reads with
   * their dimensions (jhdf 0.10.0 writes datasets and attributes, but no dimension scales, so
   * ncdump matches dimensions by length and SST(TIME, COADSY, COADSX) of a 1x3x3 slice comes out as
   * SST(TIME, COADSX, COADSY)), and netcdf-java needs native libraries. A BES without the netCDF-4
   * writer answers this, so the emulator does too, whatever the modules.
   */
  @Test
  void netcdf4GeotiffJpeg2000_alwaysGetTheMissingTransmitterError() throws IOException {
    try (BesEmulator bes = start(BesEmulator.newBuilder())) {
      for (String returnAs : new String[] {"netcdf-4", "geotiff", "jpeg2000"}) {
        Exchanges.Answer answer =
            Exchanges.once(
                bes, Requests.get("/coads_climatology.nc", "dods", "SST[0][0:9][0:9]", returnAs));
        assertTrue(answer.isError(), answer.body());
        assertEquals("Unable to find transmitter " + returnAs, error(answer.body()));
        assertTrue(
            answer
                .body()
                .contains("<File>BESXMLInterface.cc</File>\n                <Line>255</Line>"),
            answer.body());
      }
    }
  }

  @Test
  void withoutModules_checksTheNames() {
    IllegalArgumentException unknown =
        assertThrows(
            IllegalArgumentException.class,
            () -> BesEmulator.newBuilder().withoutModules("fileout_hdf"));
    assertTrue(
        unknown.getMessage().startsWith("unknown module fileout_hdf, expected one of asciival,"),
        unknown.getMessage());
    IllegalArgumentException required =
        assertThrows(
            IllegalArgumentException.class,
            () -> BesEmulator.newBuilder().withoutModules("netcdf_handler"));
    assertEquals(
        "module netcdf_handler cannot be left out: the emulator's datasets are what it serves",
        required.getMessage());
    IllegalStateException twice =
        assertThrows(
            IllegalStateException.class,
            () -> BesEmulator.newBuilder().withoutModules("gdal").withoutModules("fileout_netcdf"));
    assertEquals("withoutModules was already set to Modules[without gdal]", twice.getMessage());
  }

  @Test
  void withoutXmlDataAndJson_theirTypeAndTransmittersAreGone() throws IOException {
    try (BesEmulator bes =
        start(BesEmulator.newBuilder().withoutModules("xml_data_handler", "fileout_json"))) {
      assertEquals(
          "Command 'get.xml_data' does not have a registered response handler",
          error(Exchanges.once(bes, Requests.get("/fnoc1.nc", "xml_data", "lat")).body()));
      assertEquals(
          "Unable to find transmitter json",
          error(Exchanges.once(bes, Requests.get("/fnoc1.nc", "dods", "lat", "json")).body()));
    }
  }

  @Test
  void stream_sendsAFilesBytesWhenTheContainerHasAType() throws IOException {
    Path nc = Files.createDirectory(data.resolve("nc"));
    byte[] readme = "Files for the emulator's tests.\n".getBytes(StandardCharsets.ISO_8859_1);
    Files.write(nc.resolve("README.txt"), readme);
    byte[] image = new byte[70_000];
    for (int i = 0; i < image.length; i++) {
      image[i] = (byte) (i * 31);
    }
    Files.write(nc.resolve("map.png"), image);
    try (BesEmulator bes =
        start(BesEmulator.newBuilder().dataDirectory(data).builtInDatasets(Map.of()))) {
      assertEquals(
          new String(readme, StandardCharsets.ISO_8859_1),
          Exchanges.once(bes, stream("/nc/README.txt", true)).body());
      assertArrayEquals(
          image,
          Exchanges.once(bes, stream("/nc/map.png", true))
              .body()
              .getBytes(StandardCharsets.ISO_8859_1));
      // Without a type the BES must derive one from the name, and a README is not data.
      Exchanges.Answer untyped = Exchanges.once(bes, stream("/nc/README.txt", false));
      assertTrue(untyped.isError());
      assertEquals(
          "Unable to add container '/nc/README.txt', the type of data must be specified.",
          error(untyped.body()));
      assertEquals(
          "Failed to locate '/usr/share/hyrax/nc/none.txt'\n",
          error(Exchanges.once(bes, stream("/nc/none.txt", true)).body()));
    }
  }

  @Test
  void builtInReadme_isAPlainFileBesideTheBuiltInDatasets() throws IOException {
    byte[] readme = BesEmulator.README_TEXT.getBytes(StandardCharsets.US_ASCII);
    try (BesEmulator bes =
        start(
            BesEmulator.newBuilder()
                .builtInLastModified(java.time.Instant.parse("2026-01-02T03:04:05Z")))) {
      String root = Exchanges.once(bes, Requests.showNode("/")).body();
      assertTrue(root.contains("<node count=\"5\" "), root);
      assertTrue(
          root.contains(
              "<item isData=\"false\" lastModified=\"2026-01-02T03:04:05GMT\""
                  + " name=\"README.txt\" size=\""
                  + readme.length
                  + "\" type=\"leaf\"/>"),
          root);
      String leaf = Exchanges.once(bes, Requests.showNode("/README.txt")).body();
      assertTrue(
          leaf.contains(
              "<item isData=\"false\" lastModified=\"2026-01-02T03:04:05GMT\""
                  + " name=\"/README.txt\" size=\""
                  + readme.length
                  + "\" type=\"leaf\"/>"),
          leaf);
      assertArrayEquals(
          readme,
          Exchanges.once(bes, stream("/README.txt", true))
              .body()
              .getBytes(StandardCharsets.ISO_8859_1));
      // A README is not data: without a type the BES cannot make a container of it.
      Exchanges.Answer untyped = Exchanges.once(bes, stream("/README.txt", false));
      assertEquals(
          "Unable to add container '/README.txt', the type of data must be specified.",
          error(untyped.body()));
      Exchanges.Answer dds = Exchanges.once(bes, Requests.get("/README.txt", "dds", ""));
      assertTrue(dds.isError(), dds.body());
      // Never a site map line: it is no dataset.
      assertFalse(
          Exchanges.once(bes, siteMap("prefix=\"http://h/opendap\" leafSuffix=\".html\""))
              .body()
              .contains("README"));
    }
    // Not listed with the built-ins, nor beside a test's own datasets.
    for (BesEmulatorBuilder builder :
        new BesEmulatorBuilder[] {
          BesEmulator.newBuilder().listBuiltIns(false),
          BesEmulator.newBuilder().builtInDatasets(Map.of("tiny.nc", new TinyDataset("tiny.nc")))
        }) {
      try (BesEmulator bes = start(builder)) {
        assertFalse(Exchanges.once(bes, Requests.showNode("/")).body().contains("README"));
        assertTrue(Exchanges.once(bes, Requests.showNode("/README.txt")).isError());
      }
    }
  }

  @Test
  void stream_ofADataFileSendsTheFileNotAGeneratedOne() throws IOException {
    byte[] bytes =
        "CDF\u0001 not really: the emulator sends what is there"
            .getBytes(StandardCharsets.ISO_8859_1);
    Files.write(data.resolve("fnoc1.nc"), bytes);
    try (BesEmulator bes = start(BesEmulator.newBuilder().dataDirectory(data))) {
      assertEquals(
          new String(bytes, StandardCharsets.ISO_8859_1),
          Exchanges.once(bes, stream("/fnoc1.nc", false)).body());
    }
  }

  @Test
  void buildSiteMap_listsDirectoriesThenDataFiles() throws IOException {
    Path nc = Files.createDirectory(data.resolve("nc"));
    Files.write(nc.resolve("README.txt"), new byte[34]);
    Files.write(nc.resolve("b.nc"), new byte[1]);
    Files.write(nc.resolve("a.h5"), new byte[1]);
    Files.createDirectory(data.resolve("empty"));
    Files.write(data.resolve("z.nc"), new byte[1]);
    Files.write(data.resolve(".hidden.nc"), new byte[1]);
    try (BesEmulator bes =
        start(BesEmulator.newBuilder().dataDirectory(data).builtInDatasets(Map.of()))) {
      Exchanges.Answer map =
          Exchanges.once(
              bes,
              siteMap(
                  "prefix=\"http://h/opendap/\" nodeSuffix=\"contents.html\""
                      + " leafSuffix=\".html\" catalog=\"catalog\" filename=\"/tmp/ignored.txt\""));
      assertFalse(map.isError(), map.body());
      assertEquals(
          "http://h/opendap/contents.html\n"
              + "http://h/opendap/empty/contents.html\n"
              + "http://h/opendap/nc/contents.html\n"
              + "http://h/opendap/nc/a.h5.html\n"
              + "http://h/opendap/nc/b.nc.html\n"
              + "http://h/opendap/z.nc.html\n",
          map.body());
      // Only leaves: a data file's line, never the README's.
      assertEquals(
          "http://h/opendap/nc/a.h5.html\nhttp://h/opendap/nc/b.nc.html\nhttp://h/opendap/z.nc.html\n",
          Exchanges.once(bes, siteMap("prefix=\"http://h/opendap\" leafSuffix=\".html\"")).body());
      Exchanges.Answer noSuffix = Exchanges.once(bes, siteMap("prefix=\"http://h/opendap\""));
      assertTrue(noSuffix.isError());
      assertEquals(
          "Build site map must include the prefix and at least one of the nodeSuffix or leafSuffix"
              + " attributes.",
          error(noSuffix.body()));
    }
  }

  private static byte[] stream(String path, boolean typed) {
    return Requests.document(
        "stream",
        "<setContext name=\"errors\">xml</setContext>"
            + "<setContainer name=\"c\" space=\"catalog\""
            + (typed ? " type=\"stream\"" : "")
            + ">"
            + path
            + "</setContainer><define name=\"d1\" space=\"default\"><container name=\"c\"/></define>"
            + "<get type=\"stream\" definition=\"d1\"/>");
  }

  private static byte[] siteMap(String attributes) {
    return Requests.document(
        "map", "<setContext name=\"errors\">xml</setContext><buildSiteMap " + attributes + "/>");
  }
}
