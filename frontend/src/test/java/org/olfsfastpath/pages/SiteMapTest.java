package org.olfsfastpath.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.bes.BesProtocolException;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.DataSource.Child;
import org.olfsfastpath.testing.Captures;

final class SiteMapTest {
  private static final Site SITE = new Site("http://h:8080/opendap", FormType.DAP2, false);

  private static List<String> datasets(int count) {
    List<String> paths = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      paths.add("/data/d" + i + ".nc.html");
    }
    return paths;
  }

  private static List<String> lines(SiteMap map, int file) {
    return List.of(map.file(file).split("\n"));
  }

  @Test
  void oneHundredThousandEntries_splitIntoThreeFiles() {
    SiteMap map = SiteMap.of(datasets(100_000), SITE);
    assertEquals(3, map.fileCount());
    assertEquals(100_000, map.lineCount());
    assertEquals(49_500, lines(map, 0).size());
    assertEquals(49_500, lines(map, 1).size());
    assertEquals(1_000, lines(map, 2).size());
    assertEquals("http://h:8080/opendap/data/d0.nc.html", lines(map, 0).get(0));
    assertEquals("http://h:8080/opendap/data/d49499.nc.html", lines(map, 0).get(49_499));
    assertEquals("http://h:8080/opendap/data/d49500.nc.html", lines(map, 1).get(0));
    assertEquals("http://h:8080/opendap/data/d99999.nc.html", lines(map, 2).get(999));
    assertTrue(map.file(2).endsWith(".nc.html\n"));
    assertEquals(
        "User-agent: *\nAllow: /\n\n"
            + "Sitemap: http://h:8080/opendap/siteMap/smap_0.txt\n"
            + "Sitemap: http://h:8080/opendap/siteMap/smap_1.txt\n"
            + "Sitemap: http://h:8080/opendap/siteMap/smap_2.txt\n",
        map.robotsTxt());
  }

  @Test
  void exactlyOneFileFull() {
    assertEquals(1, SiteMap.of(datasets(49_500), SITE).fileCount());
    SiteMap map = SiteMap.of(datasets(49_501), SITE);
    assertEquals(2, map.fileCount());
    assertEquals(List.of("http://h:8080/opendap/data/d49500.nc.html"), lines(map, 1));
  }

  @Test
  void empty_isOneEmptyFile() {
    SiteMap map = SiteMap.of(List.of(), SITE);
    assertEquals(1, map.fileCount());
    assertEquals(0, map.lineCount());
    assertEquals("", map.file(0));
    assertEquals(0, map.fileLength(0));
  }

  @Test
  void pathsAreEncodedAndDuplicatesDropped() {
    SiteMap map =
        SiteMap.of(List.of("/a b/contents.html", "/a b/x#1.nc.html", "/a b/contents.html"), SITE);
    assertEquals(
        "http://h:8080/opendap/a%20b/contents.html\n"
            + "http://h:8080/opendap/a%20b/x%231.nc.html\n",
        map.file(0));
    assertEquals(2, map.lineCount());
  }

  @Test
  void fromBuildSiteMap_replacesThePrefixWithTheServiceUrl() throws Exception {
    String answer =
        "http://sitemap.invalid/contents.html\n"
            + "http://sitemap.invalid/nc/contents.html\n"
            + "http://sitemap.invalid/nc/nc_int8.nc.html\n"
            + "http://sitemap.invalid/coads_climatology.nc.html\n\n";
    SiteMap map =
        SiteMap.fromBuildSiteMap(
            answer.getBytes(StandardCharsets.UTF_8), "http://sitemap.invalid/", SITE);
    assertEquals(
        "http://h:8080/opendap/contents.html\n"
            + "http://h:8080/opendap/nc/contents.html\n"
            + "http://h:8080/opendap/nc/nc_int8.nc.html\n"
            + "http://h:8080/opendap/coads_climatology.nc.html\n",
        map.file(0));
  }

  @Test
  void fromBuildSiteMap_lineWithAnotherPrefix() {
    BesProtocolException e =
        assertThrows(
            BesProtocolException.class,
            () ->
                SiteMap.fromBuildSiteMap(
                    "http://p/a.html\r\n<BESError/>\n".getBytes(StandardCharsets.UTF_8),
                    "http://p",
                    SITE));
    assertEquals(
        "expected every line of the buildSiteMap answer to start with http://p/ but"
            + " line 2 was \"<BESError/>\"",
        e.getMessage());
  }

  @Test
  void walk_listsDirectoriesThenSubDirectoriesThenDatasetsAsBuildSiteMapDoes() throws Exception {
    Map<String, DataSource> catalog =
        Map.of(
            "/",
                new DataSource(
                    "/",
                    false,
                    Samples.T,
                    0,
                    true,
                    List.of(
                        new Child("nc", false, Samples.T, 0, true),
                        new Child("coads_climatology.nc", true, Samples.T, 1, false),
                        new Child("README.txt", false, Samples.T, 1, false))),
            "/nc",
                new DataSource(
                    "/nc",
                    false,
                    Samples.T,
                    0,
                    true,
                    List.of(new Child("fnoc1.nc", true, Samples.T, 1, false))));
    SiteMap map = SiteMap.walk(catalog::get, Samples.SITE);
    assertEquals(
        "http://example.org/opendap/contents.html\n"
            + "http://example.org/opendap/nc/contents.html\n"
            + "http://example.org/opendap/nc/fnoc1.nc.dmr.html\n"
            + "http://example.org/opendap/coads_climatology.nc.dmr.html\n",
        map.file(0));
  }

  @Test
  void walk_failsWithTheListersFailure() {
    IOException failure = new IOException("BES down");
    IOException e =
        assertThrows(
            IOException.class,
            () ->
                SiteMap.walk(
                    path -> {
                      throw failure;
                    },
                    SITE));
    assertEquals(failure, e);
  }

  @Test
  void fileIndex_onlyNamesOfFilesThatExist() {
    SiteMap map = SiteMap.of(datasets(49_501), SITE);
    assertEquals(OptionalInt.of(0), map.fileIndex("smap_0.txt"));
    assertEquals(OptionalInt.of(1), map.fileIndex("smap_1.txt"));
    for (String name :
        List.of(
            "smap_2.txt",
            "smap_01.txt",
            "smap_.txt",
            "smap_-1.txt",
            "smap_1.xml",
            "smap_99999999999.txt",
            "robots.txt")) {
      assertEquals(OptionalInt.empty(), map.fileIndex(name), name);
    }
    assertEquals("smap_7.txt", SiteMap.fileName(7));
  }

  @Test
  void writeFile_writesTheFilesBytes() throws Exception {
    SiteMap map = SiteMap.of(datasets(3), SITE);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    map.writeFile(0, out);
    assertEquals(map.file(0), out.toString(StandardCharsets.UTF_8));
    assertEquals(out.size(), map.fileLength(0));
    IndexOutOfBoundsException e =
        assertThrows(IndexOutOfBoundsException.class, () -> map.writeFile(1, out));
    assertEquals("site map file 1 does not exist; there are 1", e.getMessage());
  }

  @Test
  void robotsTxt_withTheSitesOwnRules() {
    SiteMap map = SiteMap.of(datasets(1), SITE);
    assertEquals(
        "User-agent: *\nDisallow: /opendap/login/\n\n"
            + "Sitemap: http://h:8080/opendap/siteMap/smap_0.txt\n",
        map.robotsTxt("User-agent: *\nDisallow: /opendap/login/"));
  }

  @Test
  void captured_buildSiteMapAnswer() throws Exception {
    String prefix = "http://localhost:8080/opendap/";
    assertTrue(Captures.request("buildSiteMap_root").contains("prefix=\"" + prefix + "\""));
    SiteMap map = SiteMap.fromBuildSiteMap(Captures.response("buildSiteMap_root"), prefix, SITE);
    assertEquals(9, map.lineCount());
    assertEquals("http://h:8080/opendap/contents.html", lines(map, 0).get(0));
    assertTrue(lines(map, 0).contains("http://h:8080/opendap/nc/zero_length_array.nc.html"));
  }
}
