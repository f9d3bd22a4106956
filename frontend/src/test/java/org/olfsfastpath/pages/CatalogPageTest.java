package org.olfsfastpath.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.DataSource.Child;
import org.olfsfastpath.meta.SchemaOrgWriter;
import org.olfsfastpath.meta.ServerInfo;
import org.olfsfastpath.testing.JsonCheck;

final class CatalogPageTest {
  private static DataSource directory(String path) {
    return new DataSource(
        path,
        false,
        Samples.T,
        0,
        true,
        List.of(
            new Child("sub dir", false, Samples.T, 0, true),
            new Child("coads_climatology.nc", true, Samples.T, 3114044, false),
            new Child("README.txt", false, Samples.T, 120, false)));
  }

  private static String render(DataSource directory, Site site) {
    return Samples.text(
        CatalogPage.render(
            directory, site, SchemaOrgWriter.catalog(directory, site, ServerInfo.NONE)));
  }

  @Test
  void breadcrumbsLinkEveryDirectoryUpToTheRoot() {
    String page = render(directory("/nc/deep"), Samples.SITE);
    assertTrue(
        page.contains(
            "<nav aria-label=\"Breadcrumb\"><ol class=\"crumbs\"><li><a"
                + " href=\"../../\" title=\"The catalog root\">opendap</a></li><li><a href=\"../\""
                + " title=\"Listing of nc\">nc</a></li><li aria-current="
                + "\"page\">deep</li></ol></nav>"),
        page);
    assertTrue(
        page.contains(
            "<tr class=\"up\"><td><a href=\"../\" title=\"Parent directory\">"
                + "../</a></td><td colspan=\"3\">Parent directory</td></tr>"),
        page);
    assertTrue(page.contains("<h1>/nc/deep</h1>"), page);
  }

  @Test
  void root_hasNoParentLink() {
    String page = render(directory("/"), Samples.SITE);
    assertTrue(
        page.contains("<ol class=\"crumbs\"><li aria-current=\"page\">opendap</li></ol>"), page);
    assertFalse(page.contains("Parent directory"), page);
  }

  @Test
  void dataset_linksToTheDap4FormAndEveryResponse_labelledByWhatTheyOpen() {
    String page = render(directory("/nc"), Samples.SITE);
    assertTrue(
        page.contains(
            "<tr class=\"data\"><td><a href=\"coads_climatology.nc.dmr.html\""
                + " title=\"DAP4 data request form: choose variables and ranges, then download\">"
                + "coads_climatology.nc</a></td><td><time datetime=\"2026-11-22T01:52:59Z\">"
                + "2026-11-22T01:52:59Z</time></td><td class=\"num\"><data value=\"3114044\""
                + " title=\"3,114,044 bytes\">3.0 MiB</data></td><td class=\"links\">"
                + "<a href=\"coads_climatology.nc.dmr.html\" title=\"The DAP4 data request form"
                + " (.dmr.html): choose variables and ranges, then download\">DAP4 form</a>"
                + "<a href=\"coads_climatology.nc.html\" title=\"The DAP2 data request form (.html):"
                + " choose variables and ranges, then download\">DAP2 form</a>"
                + "<a href=\"coads_climatology.nc.dmr.xml\" title=\"DAP4 metadata: the Dataset Metadata"
                + " Response (.dmr.xml), XML\">DMR</a>"
                + "<a href=\"coads_climatology.nc.dds\" title=\"DAP2 structure: the Dataset Descriptor"
                + " Structure (.dds), text\">DDS</a>"
                + "<a href=\"coads_climatology.nc.das\" title=\"DAP2 attributes: the Dataset Attribute"
                + " Structure (.das), text\">DAS</a>"
                + "<a href=\"coads_climatology.nc.info\" title=\"Structure and attributes on one page"
                + " (.info), HTML\">info</a>"
                + "<a href=\"coads_climatology.nc.nc\" title=\"The whole dataset as a netCDF-3 file"
                + " (.nc), made by the BES; for a part of it, use a form\">netCDF</a>"
                + "<a href=\"coads_climatology.nc.dap\" title=\"The whole dataset as DAP4 binary data"
                + " (.dap), for DAP4 clients\">DAP4 data</a></td></tr>"),
        page);
    assertFalse(page.contains("coads_climatology.nc.file"), page);
  }

  @Test
  void everyLink_hasATitle() {
    String page = render(directory("/nc/deep"), new Site("http://h/opendap", FormType.DAP2, true));
    java.util.regex.Matcher links = java.util.regex.Pattern.compile("<a [^>]*>").matcher(page);
    int count = 0;
    while (links.find()) {
      count++;
      assertTrue(links.group().contains(" title=\""), links.group());
    }
    // Breadcrumbs (2), THREDDS and JSON, parent, a directory and its catalog, a file, and the
    // dataset's name and its 9 responses.
    assertEquals(18, count, page);
  }

  @Test
  void dap2FormAndFileAccess() {
    String page = render(directory("/nc"), new Site("http://h/opendap", FormType.DAP2, true));
    assertTrue(
        page.contains(
            "<td><a href=\"coads_climatology.nc.html\" title=\"DAP2 data"
                + " request form: choose variables and ranges, then download\">coads_climatology.nc</a>"),
        page);
    assertTrue(
        page.contains(
            "<a href=\"coads_climatology.nc.file\" title=\"The dataset&#39;s"
                + " source file as it is stored (.file)\">source file</a>"),
        page);
  }

  @Test
  void directoriesAndOtherFiles() {
    String page = render(directory("/nc"), Samples.SITE);
    assertTrue(
        page.contains(
            "<tr class=\"dir\"><td><a href=\"sub%20dir/\" title=\"Directory"
                + " listing\">sub dir/</a></td>"
                + "<td><time datetime=\"2026-11-22T01:52:59Z\">2026-11-22T01:52:59Z</time></td>"
                + "<td class=\"num\">-</td><td class=\"links\"><a href=\"sub%20dir/catalog.xml\""
                + " title=\"This directory as a THREDDS catalog (catalog.xml), for siphon and other"
                + " THREDDS clients\">THREDDS catalog</a></td></tr>"),
        page);
    assertTrue(
        page.contains(
            "<tr class=\"file\"><td><a href=\"README.txt\" title=\"The file"
                + " as it is stored\">README.txt</a></td>"
                + "<td><time datetime=\"2026-11-22T01:52:59Z\">2026-11-22T01:52:59Z</time></td>"
                + "<td class=\"num\"><data value=\"120\" title=\"120 bytes\">120 B</data></td>"
                + "<td class=\"links\"></td></tr>"),
        page);
    assertTrue(
        page.contains(
            "<p class=\"meta\">1 dataset, 1 directory, 1 other file \u00b7 <a"
                + " href=\"catalog.xml\" title=\"This directory as a THREDDS catalog (catalog.xml), for"
                + " siphon and other THREDDS clients\">THREDDS catalog</a> \u00b7 <a href=\"contents.json\""
                + " title=\"This listing as JSON (contents.json)\">JSON</a>"),
        page);
  }

  @Test
  void hostileNamesAreEscapedAndEncoded() {
    DataSource evil =
        new DataSource(
            "/<b>",
            false,
            Samples.T,
            0,
            true,
            List.of(new Child("\"><script>alert(1)</script>.nc", true, Samples.T, 1, false)));
    String page = render(evil, Samples.SITE);
    assertFalse(page.contains("<script>alert"), page);
    assertFalse(page.contains("<b>"), page);
    assertTrue(
        page.contains(
            "<a href=\"%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E.nc"
                + ".dmr.html\" title=\"DAP4 data request form: choose variables and ranges, then"
                + " download\">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;.nc</a>"),
        page);
    assertTrue(page.contains("<li aria-current=\"page\">&lt;b&gt;</li>"), page);
    Map<String, Object> jsonLd = JsonCheck.jsonLd(page);
    assertEquals("/<b>", jsonLd.get("name"));
    assertEquals(
        "\"><script>alert(1)</script>.nc",
        ((Map<?, ?>) ((List<?>) jsonLd.get("dataset")).get(0)).get("name"));
  }

  @Test
  void jsonLd_isADataCatalogOfTheDatasets() {
    Site site = new Site("http://h/opendap", FormType.DAP4, true);
    Map<String, Object> jsonLd = JsonCheck.jsonLd(render(directory("/nc"), site));
    assertEquals(
        Map.of(
            "@context",
            "https://schema.org/",
            "@type",
            "DataCatalog",
            "name",
            "/nc",
            "url",
            "http://h/opendap/nc/",
            "dateModified",
            "2026-11-22T01:52:59Z",
            "dataset",
            List.of(
                Map.of(
                    "@type",
                    "Dataset",
                    "name",
                    "coads_climatology.nc",
                    "url",
                    "http://h/opendap/nc/coads_climatology.nc.dmr.html",
                    "dateModified",
                    "2026-11-22T01:52:59Z",
                    "distribution",
                    Map.of(
                        "@type",
                        "DataDownload",
                        "contentUrl",
                        "http://h/opendap/nc/coads_climatology.nc.file",
                        "contentSize",
                        "3114044")))),
        jsonLd);
  }

  @Test
  void jsonLd_rootUrlEndsInOneSlash() {
    Map<String, Object> jsonLd = JsonCheck.jsonLd(render(directory("/"), Samples.SITE));
    assertEquals("http://example.org/opendap/", jsonLd.get("url"));
    assertEquals(
        "http://example.org/opendap/coads_climatology.nc.dmr.html",
        ((Map<?, ?>) ((List<?>) jsonLd.get("dataset")).get(0)).get("url"));
  }

  @Test
  void emptyDirectory() {
    DataSource empty = new DataSource("/e", false, Samples.T, 0, true, List.of());
    String page = render(empty, Samples.SITE);
    assertTrue(page.contains("<tr><td colspan=\"4\">This directory is empty.</td></tr>"), page);
    assertEquals(List.of(), JsonCheck.jsonLd(page).get("dataset"));
  }

  @Test
  void noScriptButJsonLd() {
    String page = render(directory("/nc"), Samples.SITE);
    assertFalse(page.contains("<script>"), page);
    assertTrue(page.contains("<script type=\"application/ld+json\">"), page);
  }

  @Test
  void aLeafIsNotADirectory() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> CatalogPage.render(Samples.dataset("/a.nc", 1), Samples.SITE, "{}"));
    assertEquals("/a.nc is not a directory", e.getMessage());
  }
}
