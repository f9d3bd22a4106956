package org.olfsfastpath.dap;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import org.olfsfastpath.cache.DataSource;

/**
 * Renders a catalog directory, as the BES's showNode described it, as an HTML page for people or a
 * JSON document for tools. Links are relative to the directory URL, so they work behind any
 * context path or proxy.
 */
public final class DirectoryListing {
  /** Content-Type of {@link #html}. */
  public static final String HTML_TYPE = "text/html;charset=UTF-8";
  /** Content-Type of {@link #json}. */
  public static final String JSON_TYPE = "application/json";
  /** Content-Description of both, as the upstream OLFS sends it. */
  public static final String CONTENT_DESCRIPTION = "dap_directory";

  private DirectoryListing() {}

  /**
   * Renders {@code directory} as a plain HTML page. The pages package's {@code CatalogPage} (with
   * breadcrumbs, links to the forms and JSON-LD) replaces it once the servlet renders listings
   * with it.
   */
  public static byte[] html(DataSource directory) {
    Objects.requireNonNull(directory, "directory == null");
    String title = Html.escape(directory.path());
    StringBuilder page = new StringBuilder(512 + 256 * directory.children().size());
    page.append("<!DOCTYPE html>\n<html><head><meta charset=\"UTF-8\"><title>OPeNDAP directory: ")
        .append(title).append("</title></head>\n<body>\n<h1>Contents of ").append(title)
        .append("</h1>\n<table>\n<tr><th>Name</th><th>Last modified</th><th>Size</th>"
            + "<th>DAP responses</th></tr>\n");
    if (!directory.path().equals("/")) {
      page.append("<tr><td><a href=\"../\">Parent directory</a></td><td></td><td></td><td></td></tr>\n");
    }
    for (DataSource.Child child : directory.children()) {
      page.append("<tr><td>");
      if (child.isDirectory()) {
        page.append("<a href=\"").append(Html.escape(PercentEncoding.segment(child.name())))
            .append("/\">")
            .append(Html.escape(child.name())).append("/</a>");
      } else {
        // Files are not served as such: their DAP responses are linked in the last column.
        page.append(Html.escape(child.name()));
      }
      page.append("</td><td>").append(timestamp(child.lastModified())).append("</td><td>")
          .append(child.isDirectory() ? "-" : Long.toString(child.size())).append("</td><td>");
      if (child.isData()) {
        String base = Html.escape(PercentEncoding.segment(child.name()));
        for (String suffix : new String[] {".dmr", ".dds", ".das", ".info"}) {
          page.append("<a href=\"").append(base).append(suffix).append("\">")
              .append(suffix.substring(1)).append("</a> ");
        }
      }
      page.append("</td></tr>\n");
    }
    page.append("</table>\n</body></html>\n");
    return page.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Renders {@code directory} as JSON: its path, modification time and entries in BES order. */
  public static byte[] json(DataSource directory) {
    Objects.requireNonNull(directory, "directory == null");
    StringBuilder out = new StringBuilder(256 + 160 * directory.children().size());
    out.append("{\"path\": ").append(Json.quote(directory.path()))
        .append(", \"lastModified\": ").append(Json.quote(timestamp(directory.lastModified())))
        .append(", \"entries\": [");
    String separator = "\n  ";
    for (DataSource.Child child : directory.children()) {
      out.append(separator).append("{\"name\": ").append(Json.quote(child.name()))
          .append(", \"isDirectory\": ").append(child.isDirectory())
          .append(", \"isData\": ").append(child.isData())
          .append(", \"size\": ").append(child.size())
          .append(", \"lastModified\": ").append(Json.quote(timestamp(child.lastModified())))
          .append('}');
      separator = ",\n  ";
    }
    out.append(directory.children().isEmpty() ? "]}\n" : "\n]}\n");
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static String timestamp(Instant instant) {
    return DateTimeFormatter.ISO_INSTANT.format(instant);
  }
}
