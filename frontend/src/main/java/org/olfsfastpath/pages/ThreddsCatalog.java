package org.olfsfastpath.pages;

import org.jdom2.Element;
import org.jdom2.Namespace;
import org.jdom2.Verifier;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.dap.PercentEncoding;
import org.olfsfastpath.dap.PrettyXml;

/**
 * Renders a catalog directory as a THREDDS InvCatalog 1.0.1 document, the {@code catalog.xml} that
 * THREDDS clients (siphon, netCDF-Java) walk. Stateless and thread-safe; built with JDOM2, which
 * escapes every name.
 *
 * <p>Services: {@code dap} (serviceType {@code OPENDAP}, DAP2), {@code dap4} ({@code DAP4}) and
 * {@code file} ({@code HTTPServer}). Each dataset names its services in {@code access} elements:
 * {@code dap} and {@code dap4} with its path, and {@code file} with {@code <path>.file} when source
 * files may be downloaded; a file that is not data has {@code file} alone. (A compound service
 * named by inherited metadata would give every entry of the catalog the DAP services, and siphon
 * fails on a dataset that has access elements but no {@code urlPath} under one.) Every service base
 * is the service's absolute path ending in a slash ({@code /opendap/}) and every access {@code
 * urlPath} is relative to it ({@code nc/fnoc1.nc}), which RFC 3986 joining (the THREDDS rule) and
 * plain concatenation (siphon) resolve to the same URL. Sub-directories are {@code catalogRef}s to
 * {@code <name>/catalog.xml}, relative to this catalog.
 */
public final class ThreddsCatalog {
  /** The InvCatalog namespace. */
  public static final Namespace THREDDS =
      Namespace.getNamespace("http://www.unidata.ucar.edu/namespaces/thredds/InvCatalog/v1.0");

  /** The XLink namespace of {@code catalogRef}'s attributes. */
  public static final Namespace XLINK =
      Namespace.getNamespace("xlink", "http://www.w3.org/1999/xlink");

  private ThreddsCatalog() {}

  /**
   * Renders the catalog as UTF-8 XML.
   *
   * @param directory the directory, as the data-source cache holds it
   * @param site the server's URL and settings
   * @throws IllegalArgumentException if {@code directory} is not a directory
   */
  public static byte[] render(DataSource directory, Site site) {
    CatalogPage.requireListing(directory, site);
    return PrettyXml.utf8(catalog(directory, site), 1024 + 300 * directory.children().size());
  }

  private static Element catalog(DataSource directory, Site site) {
    String base = site.servicePath();
    String idBase = base.substring(1);
    String path = directory.path();
    // "" at the root, "nc/" below it: the prefix of urlPaths and IDs.
    String relative = path.equals("/") ? "" : PercentEncoding.path(path).substring(1) + "/";
    Element catalog =
        element("catalog")
            .setAttribute("name", text("OPeNDAP catalog " + path))
            .setAttribute("version", "1.0.1");
    catalog.addNamespaceDeclaration(XLINK);
    catalog
        .addContent(service("dap", "OPENDAP", base))
        .addContent(service("dap4", "DAP4", base))
        .addContent(service("file", "HTTPServer", base));
    Element top =
        element("dataset")
            .setAttribute("name", text(path))
            .setAttribute("ID", idBase.isEmpty() && relative.isEmpty() ? "/" : idBase + relative);
    for (DataSource.Child child : directory.children()) {
      String name = text(child.name());
      String urlPath = relative + PercentEncoding.segment(child.name());
      if (child.isDirectory()) {
        top.addContent(
            element("catalogRef")
                .setAttribute("href", PercentEncoding.segment(child.name()) + "/catalog.xml", XLINK)
                .setAttribute("title", name, XLINK)
                .setAttribute("type", "simple", XLINK)
                .setAttribute("name", name)
                .setAttribute("ID", idBase + urlPath + "/"));
        continue;
      }
      Element dataset =
          element("dataset").setAttribute("name", name).setAttribute("ID", idBase + urlPath);
      dataset.addContent(
          element("dataSize").setAttribute("units", "bytes").setText(Long.toString(child.size())));
      dataset.addContent(
          element("date")
              .setAttribute("type", "modified")
              .setText(Markup.timestamp(child.lastModified())));
      if (!child.isData()) {
        dataset.addContent(access("file", urlPath));
      } else {
        dataset.addContent(access("dap", urlPath)).addContent(access("dap4", urlPath));
        if (site.fileAccess()) {
          dataset.addContent(access("file", urlPath + ".file"));
        }
      }
      top.addContent(dataset);
    }
    return catalog.addContent(top);
  }

  private static Element service(String name, String type, String base) {
    return element("service")
        .setAttribute("name", name)
        .setAttribute("serviceType", type)
        .setAttribute("base", base);
  }

  private static Element access(String service, String urlPath) {
    return element("access").setAttribute("serviceName", service).setAttribute("urlPath", urlPath);
  }

  private static Element element(String name) {
    return new Element(name, THREDDS);
  }

  /** Replaces characters XML cannot carry (controls, lone surrogates) with U+FFFD. */
  static String text(String value) {
    StringBuilder out = null;
    for (int i = 0; i < value.length(); ) {
      int c = value.codePointAt(i);
      int next = i + Character.charCount(c);
      boolean legal = Verifier.isXMLCharacter(c) && !(c >= 0xd800 && c <= 0xdfff);
      if (!legal && out == null) {
        out = new StringBuilder(value.length()).append(value, 0, i);
      }
      if (out != null) {
        out.appendCodePoint(legal ? c : 0xfffd);
      }
      i = next;
    }
    return out == null ? value : out.toString();
  }
}
