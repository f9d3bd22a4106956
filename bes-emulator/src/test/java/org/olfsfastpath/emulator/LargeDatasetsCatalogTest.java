package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.emulator.dap.Datasets;
import org.olfsfastpath.ppt.PptConnection;

/** Where the large datasets are in the catalog, what it says of them, and what is not there. */
final class LargeDatasetsCatalogTest {
  private static final String HEAD =
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
          + "<response reqID=\"node\" reqUUID=\"uuid-node\" xmlns=\"http://xml.opendap.org/ns/bes/1.0#\">\n";
  private static final Instant T = Instant.parse("2026-03-04T05:06:07Z");
  private static final String TIME = "2026-03-04T05:06:07GMT";

  private static BesEmulator started(BesEmulatorBuilder builder) throws IOException {
    BesEmulator bes = builder.builtInLastModified(T).build();
    bes.start();
    return bes;
  }

  private static long streamLength(int times, int latitudes, int longitudes, String name) {
    return Datasets.streamLength(
        latitudes == 0
            ? Datasets.float32Plane(name, times, longitudes)
            : Datasets.float32Cube(name, times, latitudes, longitudes));
  }

  @Test
  void big_listsAFewSizes_withTheirStreamedFileSizeAndTheFixedTime() throws IOException {
    try (BesEmulator bes = started(BesEmulator.newBuilder())) {
      assertEquals(
          HEAD
              + "    <showNode>\n"
              + "        <node count=\"3\" lastModified=\""
              + TIME
              + "\" name=\"/big\">\n"
              + "            <item isData=\"true\" lastModified=\""
              + TIME
              + "\" name=\"400MiB.nc\" size=\""
              + streamLength(400, 512, 512, "400MiB.nc")
              + "\" type=\"leaf\"/>\n"
              + "            <item isData=\"true\" lastModified=\""
              + TIME
              + "\" name=\"4096MiB.nc\" size=\""
              + streamLength(4096, 512, 512, "4096MiB.nc")
              + "\" type=\"leaf\"/>\n"
              + "            <item isData=\"true\" lastModified=\""
              + TIME
              + "\" name=\"40MiB.nc\" size=\""
              + streamLength(40, 512, 512, "40MiB.nc")
              + "\" type=\"leaf\"/>\n"
              + "        </node>\n"
              + "    </showNode>\n"
              + "</response>\n",
          Exchanges.once(bes, Requests.showNode("/big")).body());
      // A plausible file size: the values and a small header.
      long size = streamLength(400, 512, 512, "400MiB.nc");
      assertTrue(size > 400L << 20 && size < (400L << 20) + 1024, "size " + size);
    }
  }

  @Test
  void dars_listsItsTwoShapes_andTheRootListsBothDirectories() throws IOException {
    try (BesEmulator bes = started(BesEmulator.newBuilder())) {
      assertEquals(
          HEAD
              + "    <showNode>\n"
              + "        <node count=\"2\" lastModified=\""
              + TIME
              + "\" name=\"/dars/\">\n"
              + "            <item isData=\"true\" lastModified=\""
              + TIME
              + "\" name=\"float32_116x1000x1000.nc\" size=\""
              + streamLength(116, 1000, 1000, "float32_116x1000x1000.nc")
              + "\" type=\"leaf\"/>\n"
              + "            <item isData=\"true\" lastModified=\""
              + TIME
              + "\" name=\"float32_190x1000.nc\" size=\""
              + streamLength(190, 0, 1000, "float32_190x1000.nc")
              + "\" type=\"leaf\"/>\n"
              + "        </node>\n"
              + "    </showNode>\n"
              + "</response>\n",
          Exchanges.once(bes, Requests.showNode("/dars/")).body(),
          "the node named as it was asked for, trailing slash and all");
      String root = Exchanges.once(bes, Requests.showNode("/")).body();
      assertTrue(
          root.contains(
              "<node count=\"5\" lastModified=\""
                  + TIME
                  + "\" name=\"/\">\n"
                  + "            <item lastModified=\""
                  + TIME
                  + "\" name=\"big\" type=\"node\"/>\n"
                  + "            <item lastModified=\""
                  + TIME
                  + "\" name=\"dars\" type=\"node\"/>\n"),
          root);
      String siteMap =
          Exchanges.once(
                  bes,
                  Requests.document(
                      "map",
                      "<buildSiteMap"
                          + " prefix=\"http://h/opendap\" nodeSuffix=\"contents.html\" leafSuffix=\".html\"/>"))
              .body();
      assertTrue(
          siteMap.contains(
              "http://h/opendap/big/contents.html\n"
                  + "http://h/opendap/big/400MiB.nc.html\n"
                  + "http://h/opendap/big/4096MiB.nc.html\n"
                  + "http://h/opendap/big/40MiB.nc.html\n"
                  + "http://h/opendap/dars/contents.html\n"
                  + "http://h/opendap/dars/float32_116x1000x1000.nc.html\n"
                  + "http://h/opendap/dars/float32_190x1000.nc.html\n"),
          siteMap);
    }
  }

  @Test
  void everySizeInRange_isServed_thoughNotListed() throws IOException {
    try (BesEmulator bes = started(BesEmulator.newBuilder())) {
      for (int mebibytes : new int[] {1, 2, 999, 1000, 2048, 4095, 4096}) {
        String name = mebibytes + "MiB.nc";
        assertEquals(
            HEAD
                + "    <showNode>\n"
                + "        <item isData=\"true\" lastModified=\""
                + TIME
                + "\" name=\"/big/"
                + name
                + "\" size=\""
                + streamLength(mebibytes, 512, 512, name)
                + "\" type=\"leaf\"/>\n"
                + "    </showNode>\n"
                + "</response>\n",
            Exchanges.once(bes, Requests.showNode("/big/" + name)).body());
        Exchanges.Answer dds = Exchanges.once(bes, Requests.get("/big/" + name, "dds", ""));
        assertEquals(
            "Dataset {\n    Float32 data[time = "
                + mebibytes
                + "][lat = 512][lon = 512];\n} "
                + name
                + ";\n",
            dds.body());
      }
    }
  }

  @Test
  void namesOutOfRangeOrMalformed_areNotFound_exactlyAsAMissingFile() throws IOException {
    List<String> absent =
        List.of(
            "/big/0MiB.nc",
            "/big/4097MiB.nc",
            "/big/10000MiB.nc",
            "/big/040MiB.nc",
            "/big/-1MiB.nc",
            "/big/+1MiB.nc",
            "/big/40mib.nc",
            "/big/40MiB",
            "/big/40MiB.nc.gz",
            "/big/ 40MiB.nc",
            "/big/40MiB.nc/x",
            "/big/x/40MiB.nc",
            "/big/99999999999MiB.nc",
            "/dars/float32_1x1.nc",
            "/dars/float32_116x1000x1000.nc/x",
            "/bigger/40MiB.nc",
            "/big/big/40MiB.nc");
    try (BesEmulator bes = started(BesEmulator.newBuilder());
        PptConnection connection = Exchanges.open(bes.endpoint())) {
      String missing = Exchanges.send(connection, Requests.showNode("/no_such_file.nc")).body();
      String missingGet =
          Exchanges.send(connection, Requests.get("/no_such_file.nc", "dds", "")).body();
      assertTrue(
          missing.contains("<Type>5</Type>") && missingGet.contains("<Type>5</Type>"),
          missing + missingGet);
      for (String path : absent) {
        Exchanges.Answer node = Exchanges.send(connection, Requests.showNode(path));
        assertTrue(node.isError(), path);
        assertEquals(missing.replace("/no_such_file.nc", path), node.body(), path);
        Exchanges.Answer get = Exchanges.send(connection, Requests.get(path, "dds", ""));
        assertTrue(get.isError(), path);
        assertEquals(missingGet.replace("/no_such_file.nc", path), get.body(), path);
      }
    }
  }

  @Test
  void directories_areNoData() throws IOException {
    try (BesEmulator bes = started(BesEmulator.newBuilder())) {
      Exchanges.Answer answer = Exchanges.once(bes, Requests.get("/big", "dds", ""));
      assertTrue(answer.isError());
      assertTrue(
          answer
              .body()
              .contains("Unable to add container '/big', the type of data must be" + " specified."),
          answer.body());
    }
  }

  @Test
  void notThere_besideATestsOwnBuiltIns_norWhenBuiltInsAreNotListed() throws IOException {
    for (BesEmulatorBuilder builder :
        new BesEmulatorBuilder[] {
          BesEmulator.newBuilder().listBuiltIns(false),
          BesEmulator.newBuilder().builtInDatasets(Map.of("tiny.nc", new TinyDataset("tiny.nc")))
        }) {
      try (BesEmulator bes = started(builder)) {
        assertFalse(Exchanges.once(bes, Requests.showNode("/")).body().contains("\"big\""));
        assertTrue(Exchanges.once(bes, Requests.showNode("/big/40MiB.nc")).isError());
        assertTrue(Exchanges.once(bes, Requests.showNode("/dars")).isError());
      }
    }
  }
}
