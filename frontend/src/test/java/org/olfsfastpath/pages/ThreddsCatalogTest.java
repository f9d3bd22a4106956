package org.olfsfastpath.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.util.List;
import org.jdom2.Element;
import org.jdom2.Namespace;
import org.jdom2.input.SAXBuilder;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.DataSource.Child;

final class ThreddsCatalogTest {
  private static final Namespace T = ThreddsCatalog.THREDDS;
  private static final Namespace X = ThreddsCatalog.XLINK;

  private static DataSource directory(String path) {
    return new DataSource(
        path,
        false,
        Samples.T,
        0,
        true,
        List.of(
            new Child("sub dir", false, Samples.T, 0, true),
            new Child("fnoc1.nc", true, Samples.T, 23944, false),
            new Child("README.txt", false, Samples.T, 120, false)));
  }

  private static Element catalog(DataSource directory, Site site) throws Exception {
    return new SAXBuilder()
        .build(new ByteArrayInputStream(ThreddsCatalog.render(directory, site)))
        .getRootElement();
  }

  @Test
  void catalog_hasDap2Dap4AndFileServices() throws Exception {
    Element catalog = catalog(directory("/"), Samples.SITE);
    assertEquals("catalog", catalog.getName());
    assertEquals(T, catalog.getNamespace());
    assertEquals("1.0.1", catalog.getAttributeValue("version"));
    assertEquals("OPeNDAP catalog /", catalog.getAttributeValue("name"));
    assertEquals(
        List.of("dap OPENDAP /opendap/", "dap4 DAP4 /opendap/", "file HTTPServer /opendap/"),
        catalog.getChildren("service", T).stream()
            .map(
                s ->
                    s.getAttributeValue("name")
                        + " "
                        + s.getAttributeValue("serviceType")
                        + " "
                        + s.getAttributeValue("base"))
            .toList());
    Element top = catalog.getChild("dataset", T);
    assertEquals("/", top.getAttributeValue("name"));
    assertEquals("opendap/", top.getAttributeValue("ID"));
    assertNull(top.getChild("metadata", T));
  }

  @Test
  void subDirectories_areCatalogRefsRelativeToThisCatalog() throws Exception {
    Element ref =
        catalog(directory("/nc"), Samples.SITE).getChild("dataset", T).getChild("catalogRef", T);
    assertEquals("sub%20dir/catalog.xml", ref.getAttributeValue("href", X));
    assertEquals("sub dir", ref.getAttributeValue("title", X));
    assertEquals("simple", ref.getAttributeValue("type", X));
    assertEquals("opendap/nc/sub%20dir/", ref.getAttributeValue("ID"));
  }

  @Test
  void datasets_nameTheDapServicesWithPathsRelativeToTheirBase() throws Exception {
    Element top = catalog(directory("/nc"), Samples.SITE).getChild("dataset", T);
    assertEquals("/nc", top.getAttributeValue("name"));
    assertEquals("opendap/nc/", top.getAttributeValue("ID"));
    Element fnoc1 = top.getChildren("dataset", T).get(0);
    assertEquals("fnoc1.nc", fnoc1.getAttributeValue("name"));
    assertEquals("opendap/nc/fnoc1.nc", fnoc1.getAttributeValue("ID"));
    assertNull(fnoc1.getAttributeValue("urlPath"));
    assertEquals("23944", fnoc1.getChildText("dataSize", T));
    assertEquals("bytes", fnoc1.getChild("dataSize", T).getAttributeValue("units"));
    assertEquals("2026-11-22T01:52:59Z", fnoc1.getChildText("date", T));
    assertEquals("modified", fnoc1.getChild("date", T).getAttributeValue("type"));
    assertEquals(List.of("dap nc/fnoc1.nc", "dap4 nc/fnoc1.nc"), access(fnoc1));
  }

  private static List<String> access(Element dataset) {
    return dataset.getChildren("access", T).stream()
        .map(a -> a.getAttributeValue("serviceName") + " " + a.getAttributeValue("urlPath"))
        .toList();
  }

  @Test
  void otherFiles_areReachedThroughTheFileServiceOnly() throws Exception {
    Element readme =
        catalog(directory("/nc"), Samples.SITE)
            .getChild("dataset", T)
            .getChildren("dataset", T)
            .get(1);
    assertEquals(List.of("file nc/README.txt"), access(readme));
  }

  @Test
  void fileAccess_addsTheSourceFile() throws Exception {
    Site site = new Site("http://h/opendap", FormType.DAP4, true);
    Element fnoc1 =
        catalog(directory("/nc"), site).getChild("dataset", T).getChildren("dataset", T).get(0);
    assertEquals(
        List.of("dap nc/fnoc1.nc", "dap4 nc/fnoc1.nc", "file nc/fnoc1.nc.file"), access(fnoc1));
  }

  @Test
  void accessUrls_joinTheSameByRfc3986AndByConcatenation() throws Exception {
    String catalogUrl = "http://h:8080/opendap/nc/catalog.xml";
    Element catalog =
        catalog(directory("/nc"), new Site("http://h:8080/opendap", FormType.DAP4, false));
    String base = catalog.getChild("service", T).getAttributeValue("base");
    String urlPath =
        catalog
            .getChild("dataset", T)
            .getChildren("dataset", T)
            .get(0)
            .getChild("access", T)
            .getAttributeValue("urlPath");
    URI server = URI.create(catalogUrl).resolve("/");
    String concatenated = server.resolve(base) + urlPath;
    assertEquals("http://h:8080/opendap/nc/fnoc1.nc", concatenated);
    assertEquals(concatenated, URI.create(catalogUrl).resolve(base).resolve(urlPath).toString());
  }

  @Test
  void rootContext_baseIsASlash() throws Exception {
    Element catalog = catalog(directory("/"), new Site("https://h", FormType.DAP2, false));
    assertEquals("/", catalog.getChild("service", T).getAttributeValue("base"));
    assertEquals("/", catalog.getChild("dataset", T).getAttributeValue("ID"));
  }

  @Test
  void hostileNames_areEscapedAndControlCharactersReplaced() throws Exception {
    DataSource evil =
        new DataSource(
            "/x",
            false,
            Samples.T,
            0,
            true,
            List.of(new Child("a\"<b>&\u0001.nc", true, Samples.T, 1, false)));
    Element dataset = catalog(evil, Samples.SITE).getChild("dataset", T).getChild("dataset", T);
    assertEquals("a\"<b>&\ufffd.nc", dataset.getAttributeValue("name"));
    assertEquals(
        List.of("dap x/a%22%3Cb%3E%26%01.nc", "dap4 x/a%22%3Cb%3E%26%01.nc"), access(dataset));
  }

  @Test
  void aLeafIsNotADirectory() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ThreddsCatalog.render(Samples.dataset("/a.nc", 1), Samples.SITE));
    assertEquals("/a.nc is not a directory", e.getMessage());
  }
}
