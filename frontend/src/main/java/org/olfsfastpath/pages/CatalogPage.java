package org.olfsfastpath.pages;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import org.olfsfastpath.cache.DataSource;

/**
 * Renders a catalog directory as the HTML listing served at {@code <dir>/}, {@code
 * <dir>/contents.html} and {@code <dir>/catalog.html}. Stateless and thread-safe.
 *
 * <p>The page has breadcrumbs from the catalog root, a parent link, and a row per entry in BES
 * order: sub-directories; datasets linked by name to the configured form ({@code .dmr.html} or
 * {@code .html}), as upstream Hyrax links them (its DataRequestForm setting), with links labelled
 * by what they open: "DAP4 form", "DAP2 form", "DMR", "DDS", "DAS", "info", "netCDF", "DAP4 data"
 * and "source file" when allowed, each with a title; other files linked to themselves. Sizes read
 * at a glance with the exact byte count in a {@code data} element, dates are ISO 8601 UTC. JSON-LD
 * (schema.org {@code DataCatalog}, which package {@code meta} writes) lists the datasets. Every
 * link is relative to the directory URL, so the page works behind any proxy or context path; the
 * directory URL must end in a slash (redirect {@code <dir>} to {@code <dir>/}).
 *
 * <p>One pass per part over the entries into one pre-sized buffer: a directory of 10,000 entries
 * renders in milliseconds (jmh {@code CatalogPageBenchmark}).
 */
public final class CatalogPage {
  /** The responses a dataset row links after the forms and the metadata. */
  private static final List<Markup.Link> DATA_LINKS =
      List.of(
          new Markup.Link(
              ".nc",
              "netCDF",
              "The whole dataset as a netCDF-3 file (.nc), made by the"
                  + " BES; for a part of it, use a form"),
          new Markup.Link(
              ".dap",
              "DAP4 data",
              "The whole dataset as DAP4 binary data (.dap), for" + " DAP4 clients"));

  private CatalogPage() {}

  /** The arguments of a listing, HTML or THREDDS: a directory and a site. */
  static void requireListing(DataSource directory, Site site) {
    Objects.requireNonNull(directory, "directory == null");
    Objects.requireNonNull(site, "site == null");
    if (!directory.isDirectory()) {
      throw new IllegalArgumentException(directory.path() + " is not a directory");
    }
  }

  /**
   * Renders the listing as UTF-8 HTML.
   *
   * @param directory the directory, as the data-source cache holds it
   * @param site the server's URL and settings
   * @param jsonLd the schema.org JSON-LD for the page's head, HTML-safe (no {@code </script>})
   * @throws IllegalArgumentException if {@code directory} is not a directory
   */
  public static byte[] render(DataSource directory, Site site, String jsonLd) {
    requireListing(directory, site);
    Objects.requireNonNull(jsonLd, "jsonLd == null");
    List<DataSource.Child> children = directory.children();
    String[] hrefs = new String[children.size()];
    int datasets = 0;
    int directories = 0;
    for (int i = 0; i < hrefs.length; i++) {
      DataSource.Child child = children.get(i);
      hrefs[i] = Markup.href(child.name());
      datasets += child.isData() && !child.isDirectory() ? 1 : 0;
      directories += child.isDirectory() ? 1 : 0;
    }
    StringBuilder out = new StringBuilder(4_096 + 900 * children.size());
    String path = directory.path();
    Markup.head(out, path + " \u00b7 OPeNDAP catalog", null, jsonLd);
    out.append("<header>\n");
    Markup.breadcrumbs(out, site, path, null);
    out.append("<h1>")
        .append(Markup.escape(path))
        .append("</h1>\n<p class=\"meta\">")
        .append(count(datasets, "dataset"))
        .append(", ")
        .append(count(directories, "directory"))
        .append(", ")
        .append(count(children.size() - datasets - directories, "other file"))
        .append(
            " \u00b7 <a href=\"catalog.xml\" title=\"This directory as a THREDDS catalog"
                + " (catalog.xml), for siphon and other THREDDS clients\">THREDDS catalog</a> \u00b7"
                + " <a href=\"contents.json\" title=\"This listing as JSON (contents.json)\">JSON</a>"
                + "</p>\n</header>\n<main>\n<table class=\"listing\">"
                + "\n<caption class=\"sr\">Contents of ")
        .append(Markup.escape(path))
        .append(
            "</caption>\n<thead><tr><th scope=\"col\">Name</th><th scope=\"col\">Last"
                + " modified (UTC)</th><th scope=\"col\" class=\"num\">Size</th><th scope=\"col\">"
                + "Responses</th></tr></thead>\n<tbody>\n");
    if (!path.equals("/")) {
      out.append(
          "<tr class=\"up\"><td><a href=\"../\" title=\"Parent directory\">../</a>"
              + "</td><td colspan=\"3\">Parent directory</td></tr>\n");
    }
    String form = site.formType().suffix();
    String formTitle =
        site.formType().label()
            + " data request form: choose variables and"
            + " ranges, then download";
    for (int i = 0; i < hrefs.length; i++) {
      DataSource.Child child = children.get(i);
      String href = hrefs[i];
      String name = Markup.escape(child.name());
      String time = Markup.timestamp(child.lastModified());
      if (child.isDirectory()) {
        out.append("<tr class=\"dir\"><td><a href=\"")
            .append(href)
            .append("/\" title=\"Directory listing\">")
            .append(name)
            .append("/</a></td>");
      } else if (child.isData()) {
        out.append("<tr class=\"data\"><td><a href=\"")
            .append(href)
            .append(form)
            .append("\" title=\"")
            .append(formTitle)
            .append("\">")
            .append(name)
            .append("</a></td>");
      } else {
        out.append("<tr class=\"file\"><td><a href=\"")
            .append(href)
            .append("\" title=\"The file as it is stored\">")
            .append(name)
            .append("</a></td>");
      }
      out.append("<td><time datetime=\"")
          .append(time)
          .append("\">")
          .append(time)
          .append("</time></td><td class=\"num\">");
      if (child.isDirectory()) {
        out.append("-</td><td class=\"links\">");
        Markup.link(
            out,
            href + "/catalog.xml",
            "THREDDS catalog",
            "This directory as a THREDDS"
                + " catalog (catalog.xml), for siphon and other THREDDS clients");
        out.append("</td></tr>\n");
        continue;
      }
      out.append("<data value=\"")
          .append(child.size())
          .append("\" title=\"")
          .append(Markup.exactSize(child.size()))
          .append("\">")
          .append(Markup.humanSize(child.size()))
          .append("</data></td><td class=\"links\">");
      if (child.isData()) {
        for (FormType type : FormType.values()) {
          Markup.link(
              out,
              href + type.suffix(),
              type.label() + " form",
              "The "
                  + type.label()
                  + " data request form ("
                  + type.suffix()
                  + "): choose variables and ranges, then"
                  + " download");
        }
        for (Markup.Link link : Markup.METADATA_LINKS) {
          Markup.link(out, href + link.suffix(), link.label(), link.title());
        }
        for (Markup.Link link : DATA_LINKS) {
          Markup.link(out, href + link.suffix(), link.label(), link.title());
        }
        if (site.fileAccess()) {
          Markup.link(
              out,
              href + ".file",
              "source file",
              "The dataset's source file as it is" + " stored (.file)");
        }
      }
      out.append("</td></tr>\n");
    }
    if (children.isEmpty()) {
      out.append("<tr><td colspan=\"4\">This directory is empty.</td></tr>\n");
    }
    out.append("</tbody>\n</table>\n</main>\n");
    Markup.footer(out, null);
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static String count(int n, String noun) {
    String plural = noun.endsWith("y") ? noun.substring(0, noun.length() - 1) + "ies" : noun + "s";
    return n + " " + (n == 1 ? noun : plural);
  }
}
