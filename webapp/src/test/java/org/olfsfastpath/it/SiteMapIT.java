package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.tomcat.FrontEndExtension;

/**
 * The site map of a catalog of 100,000 datasets (the emulator's synthetic catalog), through Tomcat:
 * robots.txt names every smap_N.txt file, the files list every dataset and directory exactly once,
 * split at 49,500 lines, and however many requests arrive, at once or later, the map is built once,
 * from one buildSiteMap, with no showNode walk.
 */
final class SiteMapIT {
  private static final int DATASETS = 100_000;

  /** The root, /synthetic, its 10 directories of 10,000 and their 1,000 of 100. */
  private static final int DIRECTORIES = 1 + 1 + 10 + 1_000;

  @RegisterExtension
  static final FrontEndExtension FRONT_END =
      FrontEndExtension.named("SiteMapIT")
          .emulator(b -> b.syntheticDatasets(DATASETS).listBuiltIns(false));

  @Test
  void aHundredThousandDatasets_everyOneListedOnce_builtOnce() throws Exception {
    BesEmulator bes = FRONT_END.bes();
    URI opendap = FRONT_END.opendap();
    long showNodes = bes.commandCount("showNode");

    // The first requests come together: they all wait for the one build.
    List<CompletableFuture<HttpResponse<byte[]>>> first = new ArrayList<>();
    for (String path :
        List.of(
            "robots.txt",
            "siteMap/",
            "siteMap/smap_0.txt",
            "siteMap/smap_1.txt",
            "siteMap/smap_2.txt",
            "robots.txt")) {
      first.add(CompletableFuture.supplyAsync(() -> get(opendap.resolve(path))));
    }
    for (CompletableFuture<HttpResponse<byte[]>> response : first) {
      assertEquals(200, response.get().statusCode(), ItSupport.text(response.get()));
    }

    HttpResponse<byte[]> robots = ItSupport.get(opendap.resolve("robots.txt"));
    assertEquals(200, robots.statusCode());
    assertEquals(
        "text/plain;charset=UTF-8", robots.headers().firstValue("Content-Type").orElseThrow());
    String robotsTxt = new String(robots.body(), StandardCharsets.UTF_8);
    assertEquals(robotsTxt, ItSupport.text(ItSupport.get(opendap.resolve("siteMap/"))));
    List<String> files = new ArrayList<>();
    Matcher sitemap = Pattern.compile("(?m)^Sitemap: (\\S+)$").matcher(robotsTxt);
    while (sitemap.find()) {
      files.add(sitemap.group(1));
    }
    assertEquals(
        List.of(
            opendap + "siteMap/smap_0.txt",
            opendap + "siteMap/smap_1.txt",
            opendap + "siteMap/smap_2.txt"),
        files,
        robotsTxt);
    assertTrue(robotsTxt.startsWith("User-agent: *\nAllow: /\n\n"), robotsTxt);

    Set<String> seen = new HashSet<>();
    List<Integer> lengths = new ArrayList<>();
    int datasets = 0;
    int directories = 0;
    for (String file : files) {
      HttpResponse<byte[]> map = ItSupport.get(URI.create(file));
      assertEquals(200, map.statusCode(), file);
      assertEquals(
          String.valueOf(map.body().length),
          map.headers().firstValue("Content-Length").orElseThrow(),
          file);
      List<String> lines = new String(map.body(), StandardCharsets.UTF_8).lines().toList();
      lengths.add(lines.size());
      for (String line : lines) {
        assertTrue(seen.add(line), "listed twice: " + line);
        assertTrue(line.startsWith(opendap.toString()), line);
        if (line.endsWith(".nc.dmr.html")) {
          datasets++;
        } else {
          assertTrue(line.endsWith("/contents.html"), line);
          directories++;
        }
      }
    }
    assertEquals(DATASETS, datasets);
    assertEquals(DIRECTORIES, directories);
    assertEquals(List.of(49_500, 49_500, DATASETS + DIRECTORIES - 2 * 49_500), lengths);
    for (int i = 0; i < DATASETS; i += 997) {
      String name = String.format("ds%05d.nc", i);
      String dir = String.format("synthetic/d%02d/d%02d/", i / 10_000, (i / 100) % 100);
      assertTrue(seen.contains(opendap + dir + name + ".dmr.html"), dir + name);
    }
    assertTrue(seen.contains(opendap + "synthetic/d09/d99/ds99999.nc.dmr.html"));
    assertTrue(seen.contains(opendap + "contents.html"));

    assertEquals(showNodes, bes.commandCount("showNode"), "the site map walked the catalog");

    // One past the last file is not there; the listed pages are.
    assertEquals(404, ItSupport.get(opendap.resolve("siteMap/smap_3.txt")).statusCode());
    for (String page :
        List.of(
            "synthetic/d00/d00/ds00000.nc.dmr.html",
            "synthetic/d05/d00/ds50000.nc.dmr.html",
            "synthetic/d09/d99/ds99999.nc.dmr.html",
            "synthetic/d09/d99/contents.html")) {
      HttpResponse<byte[]> response = ItSupport.get(opendap.resolve(page));
      assertEquals(200, response.statusCode(), page + ": " + ItSupport.text(response));
    }

    assertEquals(1, bes.commandCount("buildSiteMap"), bes.commandCounts().toString());
    String status = ItSupport.text(ItSupport.get(opendap.resolve("status")));
    assertTrue(status.contains("\"siteMap\": {\n    \"builds\": 1\n  }"), status);
  }

  private static HttpResponse<byte[]> get(URI uri) {
    try {
      return ItSupport.get(uri);
    } catch (Exception e) {
      throw new IllegalStateException(uri + ": " + e, e);
    }
  }
}
