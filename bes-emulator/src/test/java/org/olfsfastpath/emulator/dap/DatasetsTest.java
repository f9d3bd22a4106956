package org.olfsfastpath.emulator.dap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The public entry point and the command-level behaviour of every dataset. */
final class DatasetsTest {
  private static String text(EmulatedDataset dataset, DapQuery query) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    dataset.write(query, out);
    return out.toString(StandardCharsets.ISO_8859_1);
  }

  @Test
  void builtIns_keyedByFileName() {
    assertEquals(
        List.of("coads_climatology.nc", "fnoc1.nc"), List.copyOf(Datasets.builtIns().keySet()));
    Datasets.builtIns().forEach((name, dataset) -> assertEquals(name, dataset.name()));
  }

  @Test
  void find_usesTheFileNameOfAPath() {
    assertEquals("coads_climatology.nc", Datasets.find("/data/nc/coads_climatology.nc").name());
    assertEquals("fnoc1.nc", Datasets.find("fnoc1.nc").name());
    assertEquals("sst.nc", Datasets.find("/data/sst.nc").name());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Datasets.find("/data/"));
    assertEquals("path names no file: \"/data/\"", e.getMessage());
  }

  @Test
  void generic_isAGridNamedAfterTheFile() throws Exception {
    EmulatedDataset generic = Datasets.generic("model_output.nc");
    assertEquals(
        "Dataset {\n"
            + "    Float64 time[time = 2];\n"
            + "    Float32 lat[lat = 10];\n"
            + "    Float32 lon[lon = 20];\n"
            + "    Grid {\n"
            + "      Array:\n"
            + "        Float32 temperature[time = 2][lat = 10][lon = 20];\n"
            + "      Maps:\n"
            + "        Float64 time[time = 2];\n"
            + "        Float32 lat[lat = 10];\n"
            + "        Float32 lon[lon = 20];\n"
            + "    } temperature;\n"
            + "} model_output.nc;\n",
        text(generic, new DapQuery("dds", "", "", false, "")));
    String das = text(generic, new DapQuery("das", "", "", false, ""));
    assertTrue(
        das.contains(
            "    temperature {\n        String units \"K\";\n"
                + "        String long_name \"air temperature\";\n"
                + "        Float32 _FillValue -9999;\n    }\n"),
        das);
    assertTrue(
        das.endsWith(
            "    DODS_EXTRA {\n        String Unlimited_Dimension \"time\";\n" + "    }\n}\n"),
        das);
    assertEquals(
        "Dataset: model_output.nc\nlat, -45, -35, -25\n",
        text(generic, new DapQuery("dods", "ascii", "lat[0:2]", false, "")));
  }

  @Test
  void generic_nameIsEscapedInTheDds() throws Exception {
    assertTrue(
        text(Datasets.generic("my data.nc"), new DapQuery("dds", "", "lat", false, ""))
            .endsWith("} my%20data.nc;\n"));
    assertThrows(IllegalArgumentException.class, () -> Datasets.generic(""));
  }

  @Test
  void getType_isCaseInsensitiveAsInTheBes() throws Exception {
    EmulatedDataset coads = Datasets.coadsClimatology();
    assertEquals(
        text(coads, new DapQuery("dds", "", "COADSX", false, "")),
        text(coads, new DapQuery("DDS", "", "COADSX", false, "")));
  }

  @Test
  void unknownGetType_failsWhileTheCommandIsParsed() {
    DapRequestException e =
        assertThrows(
            DapRequestException.class,
            () ->
                Datasets.fnoc1()
                    .write(new DapQuery("Ascii", "", "", false, ""), new ByteArrayOutputStream()));
    assertEquals(3, e.besErrorType());
    assertEquals("Command 'get.ascii' does not have a registered response handler", e.getMessage());
    assertEquals("BES", e.responseElement());
  }

  @Test
  void returnAs_unknownOrUnsupportedForTheType() {
    DapRequestException unknown =
        assertThrows(
            DapRequestException.class,
            () ->
                Datasets.fnoc1()
                    .write(
                        new DapQuery("dods", "netcdf-5", "", false, ""),
                        new ByteArrayOutputStream()));
    assertEquals("Unable to find transmitter netcdf-5", unknown.getMessage());
    DapRequestException unsupported =
        assertThrows(
            DapRequestException.class,
            () ->
                Datasets.fnoc1()
                    .write(
                        new DapQuery("dds", "ascii", "", false, ""), new ByteArrayOutputStream()));
    assertEquals("Unable to transmit response, no transmitter for dds", unsupported.getMessage());
    assertEquals(1, unsupported.besErrorType());
    assertEquals("getDDS", unsupported.responseElement());
  }

  @Test
  void infoPage_isTheUsageModulesPage() throws Exception {
    String page = text(Datasets.fnoc1(), new DapQuery("info_page", "", "", false, ""));
    assertTrue(
        page.startsWith(
            "<html><head><title>Dataset Information</title></head>\n<body>\n"
                + "<h3>Dataset Information</h3>\n<center>\n<table>\n"),
        page);
    assertTrue(
        page.contains(
            "<tr><td align=right valign=top><b>u</b>:</td>\n<td align=left valign=top>"
                + "Array of 16 bit Integers [time_a = 0..15][lat = 0..16][lon = 0..20]<br>"
                + "units: meter per second<br>\n"),
        page);
    assertTrue(page.endsWith("</table>\n</center><p>\n\n<hr>\n\n</body>\n</html>\n"), page);
    // A Grid lists its array, then each map in a row of a nested table.
    String coads = text(Datasets.coadsClimatology(), new DapQuery("info_page", "", "", false, ""));
    assertTrue(
        coads.contains(
            "<tr><td align=right valign=top><b>SST</b>:</td>\n"
                + "<td align=left valign=top>Grid<br>missing_value: -9.99999979e+33<br>\n"),
        coads);
    assertTrue(
        coads.contains(
            "<table>\n<td align=right valign=top><b>SST</b>:</td>\n"
                + "<td align=left valign=top>Array of 32 bit Reals [TIME = 0..11][COADSY = 0..89][COADSX = 0..179]"
                + "<br>"),
        coads);
    assertTrue(
        coads.contains(
            "<tr><td align=right valign=top><b>TIME</b>:</td>\n<td align=left valign=top>"
                + "Array of 64 bit Reals [TIME = 0..11]<br>units: hour since 0000-01-01 00:00:00<br>\n"
                + "time_origin: 1-JAN-0000 00:00:00<br>\nmodulo:  <br>\n</td>\n</tr>"),
        coads);
  }

  @Test
  void datasets_answerConcurrentFirstRequestsIdentically() throws Exception {
    EmulatedDataset coads = Datasets.coadsClimatology();
    DapQuery query = new DapQuery("dods", "", "SST[0:11][0:89][0:179]", false, "");
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<byte[]>> answers = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        answers.add(
            pool.submit(
                () -> {
                  start.await();
                  ByteArrayOutputStream out = new ByteArrayOutputStream();
                  coads.write(query, out);
                  return out.toByteArray();
                }));
      }
      start.countDown();
      byte[] first = answers.get(0).get(1, TimeUnit.MINUTES);
      for (Future<byte[]> answer : answers) {
        assertArrayEquals(first, answer.get(1, TimeUnit.MINUTES));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void dods_flushesAfterTheDdsLikeTheBes() throws Exception {
    // The BES's dods answers travel as two PPT chunks: DDS and "Data:\n", then the XDR.
    List<Integer> flushedAt = new ArrayList<>();
    ByteArrayOutputStream out =
        new ByteArrayOutputStream() {
          @Override
          public void flush() {
            flushedAt.add(size());
          }
        };
    Datasets.coadsClimatology().write(new DapQuery("dods", "", "COADSX", false, ""), out);
    assertEquals(List.of(74), flushedAt);
    assertEquals(1522, out.size());
    flushedAt.clear();
    Datasets.coadsClimatology().write(new DapQuery("dap", "", "COADSX", true, ""), out);
    assertEquals(List.of(), flushedAt);
  }

  @Test
  void dapRequestException_validatesItsType() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new DapRequestException(9, "x"));
    assertEquals("besErrorType must be 1 to 7 but was 9", e.getMessage());
    DapRequestException plain = new DapRequestException(5, "Failed to locate '/x'");
    assertEquals("BES", plain.responseElement());
    assertEquals("", plain.file());
    assertEquals(0, plain.line());
  }
}
