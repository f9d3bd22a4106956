package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.emulator.dap.Datasets;

/**
 * What the front end's pages ask of the emulator: the hostile dataset served from a data
 * directory's file of its name, and a synthetic catalog of 100,000 datasets in one buildSiteMap
 * answer, with a DMR and a DDX for any of them.
 */
final class PageSourcesTest {
  @TempDir Path data;

  @Test
  void hostileDataset_fromADataDirectoryFile() throws IOException {
    Path xss = Files.createDirectory(data.resolve("xss"));
    Files.write(xss.resolve(Datasets.HOSTILE_FILE_NAME), new byte[100]);
    try (BesEmulator bes =
        BesEmulator.newBuilder()
            .dataDirectory(data)
            .listBuiltIns(false)
            .genericDataset(Datasets::find)
            .build()) {
      bes.start();
      String node = Exchanges.once(bes, Requests.showNode("/xss")).body();
      assertTrue(
          node.contains("name=\"hostile&quot;'&lt;img src=x onerror=alert(1)&gt;.nc\""), node);
      String path =
          "/xss/"
              + Datasets.HOSTILE_FILE_NAME
                  .replace("&", "&amp;")
                  .replace("<", "&lt;")
                  .replace(">", "&gt;");
      Exchanges.Answer dmr = Exchanges.once(bes, Requests.get(path, "dmr", ""));
      assertFalse(dmr.isError(), dmr.body());
      assertTrue(
          dmr.body().contains("<Float32 name=\"&lt;script&gt;alert(2)&lt;/script&gt;&quot;'\">"),
          dmr.body());
      Exchanges.Answer ddx = Exchanges.once(bes, Requests.get(path, "ddx", ""));
      assertFalse(ddx.isError(), ddx.body());
      assertTrue(
          ddx.body().contains("<Grid name=\"&lt;script&gt;alert(2)&lt;/script&gt;&quot;'\">"),
          ddx.body());
      // The BES writes the site map's names as they are; the front end encodes them.
      assertEquals(
          "http://h/opendap/contents.html\nhttp://h/opendap/xss/contents.html\n"
              + "http://h/opendap/xss/"
              + Datasets.HOSTILE_FILE_NAME
              + ".dmr.html\n",
          Exchanges.once(bes, siteMap()).body());
    }
  }

  @Test
  void syntheticCatalog_ofAHundredThousand_isOneQuickSiteMap() throws IOException {
    try (BesEmulator bes =
        BesEmulator.newBuilder().syntheticDatasets(100_000).listBuiltIns(false).build()) {
      bes.start();
      Exchanges.once(bes, siteMap()); // Warm the code paths; the measured answer is the second.
      long start = System.nanoTime();
      Exchanges.Answer map = Exchanges.once(bes, siteMap());
      long millis = (System.nanoTime() - start) / 1_000_000;
      assertFalse(map.isError(), map.body().substring(0, 200));
      List<String> lines = map.body().lines().toList();
      // The root, /synthetic, its 10 directories and their 1,000, then the datasets.
      assertEquals(1 + 1 + 10 + 1_000 + 100_000, lines.size());
      Set<String> unique = new HashSet<>(lines);
      assertEquals(lines.size(), unique.size());
      assertEquals("http://h/opendap/contents.html", lines.get(0));
      assertEquals("http://h/opendap/synthetic/contents.html", lines.get(1));
      assertEquals("http://h/opendap/synthetic/d00/contents.html", lines.get(2));
      assertEquals("http://h/opendap/synthetic/d00/d00/contents.html", lines.get(3));
      assertEquals("http://h/opendap/synthetic/d00/d00/ds00000.nc.dmr.html", lines.get(4));
      assertEquals(
          "http://h/opendap/synthetic/d09/d99/ds99999.nc.dmr.html", lines.get(lines.size() - 1));
      assertEquals(100_000, lines.stream().filter(l -> l.endsWith(".nc.dmr.html")).count());
      // A loaded 2-core machine answers in well under a second; a walk per line would not.
      assertTrue(millis < 5_000, "buildSiteMap of 100,000 datasets took " + millis + " ms");
    }
  }

  @Test
  void syntheticDatasets_haveADmrAndADdx() throws IOException {
    try (BesEmulator bes = BesEmulator.newBuilder().syntheticDatasets(100_000).build()) {
      bes.start();
      for (String path :
          List.of("/synthetic/d00/d00/ds00000.nc", "/synthetic/d09/d99/ds99999.nc")) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        Exchanges.Answer dmr = Exchanges.once(bes, Requests.get(path, "dmr", ""));
        assertFalse(dmr.isError(), dmr.body());
        assertTrue(dmr.body().contains("dmrVersion=\"1.0\" name=\"" + name + "\">"), dmr.body());
        assertTrue(dmr.body().contains("<Float32 name=\"temperature\">"), dmr.body());
        Exchanges.Answer ddx = Exchanges.once(bes, Requests.get(path, "ddx", ""));
        assertFalse(ddx.isError(), ddx.body());
        assertTrue(ddx.body().contains("<Dataset name=\"" + name + "\""), ddx.body());
        assertTrue(ddx.body().contains("<Grid name=\"temperature\">"), ddx.body());
      }
      assertEquals(Map.of("get", 4L), Map.of("get", bes.commandCount("get")));
    }
  }

  private static byte[] siteMap() {
    return Requests.document(
        "map",
        "<setContext name=\"errors\">xml</setContext><buildSiteMap"
            + " prefix=\"http://h/opendap/\" nodeSuffix=\"contents.html\" leafSuffix=\".dmr.html\"/>");
  }
}
