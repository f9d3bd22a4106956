package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class SyntheticCatalogTest {

  @Test
  void oneMillion_isTwoDirectoryLevelsOfAHundred() {
    SyntheticCatalog catalog = new SyntheticCatalog(1_000_000, 100);
    assertEquals(2, catalog.depth());
    assertEquals("/synthetic/d00/d00/ds000000.nc", catalog.path(0));
    assertEquals("/synthetic/d07/d12/ds071234.nc", catalog.path(71_234));
    assertEquals("/synthetic/d99/d99/ds999999.nc", catalog.path(999_999));
    SyntheticCatalog.Position top = catalog.find(List.of()).orElseThrow();
    assertEquals(100, catalog.childCount(top));
    assertEquals("d00", catalog.childNames(top).get(0));
    SyntheticCatalog.Position leafDir = catalog.find(List.of("d99", "d99")).orElseThrow();
    assertTrue(catalog.holdsLeaves(leafDir));
    List<String> leaves = catalog.childNames(leafDir);
    assertEquals(100, leaves.size());
    assertEquals("ds999900.nc", leaves.get(0));
    assertEquals("ds999999.nc", leaves.get(99));
  }

  @Test
  void everyPath_resolvesBackToItsIndex() {
    SyntheticCatalog catalog = new SyntheticCatalog(1_000_000, 100);
    for (long index : new long[] {0, 1, 99, 100, 9_999, 10_000, 123_456, 999_999}) {
      List<String> components =
          Arrays.asList(catalog.path(index).substring("/synthetic/".length()).split("/"));
      SyntheticCatalog.Position position = catalog.find(components).orElseThrow();
      assertTrue(position.isLeaf());
      assertEquals(index, position.leafIndex());
    }
  }

  @Test
  void lastDirectories_arePartial() {
    SyntheticCatalog catalog = new SyntheticCatalog(1_050, 100);
    assertEquals(1, catalog.depth());
    assertEquals(11, catalog.childCount(catalog.find(List.of()).orElseThrow()));
    assertEquals(
        List.of("ds1000.nc", "ds1049.nc"),
        ends(catalog.childNames(catalog.find(List.of("d10")).orElseThrow())));
    assertFalse(catalog.find(List.of("d11")).isPresent());
    assertFalse(catalog.find(List.of("d10", "ds1050.nc")).isPresent());
    assertFalse(
        catalog.find(List.of("d09", "ds1000.nc")).isPresent(),
        "a dataset is only in its own directory");
  }

  @Test
  void malformedNames_areNotFound() {
    SyntheticCatalog catalog = new SyntheticCatalog(1_000_000, 100);
    assertFalse(catalog.find(List.of("d0")).isPresent());
    assertFalse(catalog.find(List.of("dx0")).isPresent());
    assertFalse(catalog.find(List.of("d00", "d00", "ds00000.nc")).isPresent());
    assertFalse(catalog.find(List.of("d00", "d00", "ds000000.nc", "more")).isPresent());
    assertFalse(catalog.find(List.of("d00", "ds000000.nc")).isPresent());
  }

  @Test
  void largestCatalog_isArithmeticOnly() {
    // Two billion datasets: anything materialized would not fit in a test JVM.
    SyntheticCatalog catalog = new SyntheticCatalog(Integer.MAX_VALUE, 1000);
    String last = catalog.path(Integer.MAX_VALUE - 1L);
    assertEquals("/synthetic/d002/d147/d483/ds2147483646.nc", last);
    List<String> components = Arrays.asList(last.substring("/synthetic/".length()).split("/"));
    assertEquals(Integer.MAX_VALUE - 1L, catalog.find(components).orElseThrow().leafIndex());
    assertEquals(647, catalog.childCount(catalog.find(components.subList(0, 3)).orElseThrow()));
  }

  @Test
  void badArguments_areRefused() {
    assertEquals(
        "synthetic dataset count was 0, must be 1-2147483647",
        assertThrows(IllegalArgumentException.class, () -> new SyntheticCatalog(0, 100))
            .getMessage());
    assertEquals(
        "synthetic dataset index was 5, must be 0-4",
        assertThrows(IllegalArgumentException.class, () -> new SyntheticCatalog(5, 100).path(5))
            .getMessage());
  }

  @Test
  void showNode_listsAndFindsSyntheticEntries() throws IOException {
    try (BesEmulator bes =
        BesEmulator.newBuilder().syntheticDatasets(1_000_000).builtInDatasets(Map.of()).build()) {
      bes.start();
      String dir = Exchanges.once(bes, Requests.showNode("/synthetic/d42/d17")).body();
      assertTrue(
          dir.contains(
              "<node count=\"100\" lastModified=\"2025-01-01T00:00:00GMT\" name=\"/synthetic/d42/d17\">"),
          dir);
      assertTrue(dir.contains("name=\"ds421700.nc\" size=\"1024\" type=\"leaf\"/>"), dir);
      assertTrue(dir.contains("name=\"ds421799.nc\""), dir);
      String leaf = Exchanges.once(bes, Requests.showNode("/synthetic/d42/d17/ds421799.nc")).body();
      assertTrue(
          leaf.contains(
              "<item isData=\"true\" lastModified=\"2025-01-01T00:00:00GMT\" "
                  + "name=\"/synthetic/d42/d17/ds421799.nc\" size=\"1024\" type=\"leaf\"/>"),
          leaf);
      Exchanges.Answer missing =
          Exchanges.once(bes, Requests.showNode("/synthetic/d42/d17/ds999999.nc"));
      assertTrue(missing.isError());
      assertTrue(
          missing
              .body()
              .contains("Failed to locate '/usr/share/hyrax/synthetic/d42/d17/ds999999.nc'"));
    }
  }

  private static List<String> ends(List<String> names) {
    return List.of(names.get(0), names.get(names.size() - 1));
  }
}
