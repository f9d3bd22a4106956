package org.olfsfastpath.pages;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.dap.Html;
import org.olfsfastpath.dap.PercentEncoding;

/** The parts every HTML page shares: head, style sheet, breadcrumbs, footer, and formatting. */
final class Markup {
  /** The style sheet, inlined in every page. */
  static final String CSS = resource("pages.css");

  /** The data request forms' script, inlined at the end of the form pages. */
  static final String SCRIPT = resource("form.js");

  static final String CONTENT_SECURITY_POLICY =
      "default-src 'none'; style-src 'sha256-"
          + sha256(CSS)
          + "'; script-src 'sha256-"
          + sha256(SCRIPT)
          + "'; form-action 'self';"
          + " base-uri 'none'; frame-ancestors 'self'";

  private static final String[] UNITS = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

  /**
   * A link to one of a dataset's responses, labelled by what it opens.
   *
   * @param suffix the response's suffix, e.g. {@code .dmr.xml}
   * @param label the link's text, e.g. {@code DMR}
   * @param title the link's title: what it opens, for the pointer and assistive technology
   */
  record Link(String suffix, String label, String title) {}

  /** The metadata responses of a dataset, as listings and forms link them. */
  static final List<Link> METADATA_LINKS =
      List.of(
          new Link(
              ".dmr.xml", "DMR", "DAP4 metadata: the Dataset Metadata Response (.dmr.xml), XML"),
          new Link(".dds", "DDS", "DAP2 structure: the Dataset Descriptor Structure (.dds), text"),
          new Link(".das", "DAS", "DAP2 attributes: the Dataset Attribute Structure (.das), text"),
          new Link(".info", "info", "Structure and attributes on one page (.info), HTML"));

  private Markup() {}

  /** Escapes text for element content and double-quoted attribute values. */
  static String escape(String text) {
    return Html.escape(text);
  }

  /**
   * Writes everything up to and including {@code <body>}: doctype, character set, title, the
   * canonical link when given, the style sheet and the JSON-LD block.
   */
  static void head(StringBuilder out, String title, @Nullable String canonical, String jsonLd) {
    out.append(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"UTF-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        .append(escape(title))
        .append("</title>\n");
    if (canonical != null) {
      out.append("<link rel=\"canonical\" href=\"").append(escape(canonical)).append("\">\n");
    }
    out.append("<style>")
        .append(CSS)
        .append("</style>\n<script type=\"application/ld+json\">")
        .append(jsonLd)
        .append("</script>\n</head>\n<body>\n");
  }

  /**
   * Writes the breadcrumb trail of a page in directory {@code directory} (a catalog path such as
   * {@code /nc}): the catalog root, then each directory, each a link relative to the page; the last
   * directory is the current page unless {@code current} (a dataset name) follows it.
   */
  static void breadcrumbs(
      StringBuilder out, Site site, String directory, @Nullable String current) {
    List<String> segments = segments(directory);
    out.append("<nav aria-label=\"Breadcrumb\"><ol class=\"crumbs\">");
    for (int k = 0; k <= segments.size(); k++) {
      String label = k == 0 ? rootLabel(site) : segments.get(k - 1);
      boolean here = current == null && k == segments.size();
      if (here) {
        out.append("<li aria-current=\"page\">").append(escape(label)).append("</li>");
      } else {
        out.append("<li><a href=\"")
            .append(up(segments.size() - k))
            .append("\" title=\"")
            .append(k == 0 ? "The catalog root" : "Listing of " + escape(label))
            .append("\">")
            .append(escape(label))
            .append("</a></li>");
      }
    }
    if (current != null) {
      out.append("<li aria-current=\"page\">").append(escape(current)).append("</li>");
    }
    out.append("</ol></nav>\n");
  }

  /** The relative link from a page in a directory to the directory {@code levels} above it. */
  static String up(int levels) {
    return levels == 0 ? "./" : "../".repeat(levels);
  }

  /** The name the breadcrumbs give the catalog root: the service path's last segment. */
  static String rootLabel(Site site) {
    URI uri = URI.create(site.serviceUrl());
    String path = uri.getPath() == null ? "" : uri.getPath();
    String last = path.substring(path.lastIndexOf('/') + 1);
    if (!last.isEmpty()) {
      return last;
    }
    return uri.getHost() == null ? "/" : uri.getHost();
  }

  /** The segments of a catalog path: {@code /nc/sub} gives nc, sub; {@code /} gives none. */
  static List<String> segments(String catalogPath) {
    String trimmed = catalogPath.startsWith("/") ? catalogPath.substring(1) : catalogPath;
    if (trimmed.endsWith("/")) {
      trimmed = trimmed.substring(0, trimmed.length() - 1);
    }
    return trimmed.isEmpty() ? List.of() : List.of(trimmed.split("/"));
  }

  /** The parent catalog path of a dataset path: {@code /nc/a.nc} gives {@code /nc}. */
  static String parentOf(String catalogPath) {
    int slash = catalogPath.lastIndexOf('/');
    return slash <= 0 ? "/" : catalogPath.substring(0, slash);
  }

  /** The last segment of a catalog path. */
  static String nameOf(String catalogPath) {
    return catalogPath.substring(catalogPath.lastIndexOf('/') + 1);
  }

  /** The absolute URL of a directory, ending in a slash. */
  static String directoryUrl(Site site, String directory) {
    return directory.equals("/") ? site.serviceUrl() + "/" : site.url(directory) + "/";
  }

  /** The relative link of a name in the page's directory. */
  static String href(String name) {
    return escape(PercentEncoding.segment(name));
  }

  /** Writes a link with its title; {@code href} is already escaped, the texts are not. */
  static void link(StringBuilder out, String href, String label, String title) {
    out.append("<a href=\"")
        .append(href)
        .append("\" title=\"")
        .append(escape(title))
        .append("\">")
        .append(escape(label))
        .append("</a>");
  }

  /** Writes the page footer and closes the document (after {@code script}, when given). */
  static void footer(StringBuilder out, @Nullable String script) {
    out.append(
        "<footer><p>Served with OPeNDAP's Data Access Protocol (DAP2 and DAP4).</p>"
            + "</footer>\n");
    if (script != null) {
      out.append("<script>").append(script).append("</script>\n");
    }
    out.append("</body>\n</html>\n");
  }

  /** An ISO 8601 UTC timestamp, e.g. {@code 2026-11-22T01:52:59Z}. */
  static String timestamp(Instant instant) {
    return DateTimeFormatter.ISO_INSTANT.format(instant);
  }

  /** A size people read at a glance: {@code 512 B}, {@code 3.0 MiB}. */
  static String humanSize(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    int unit = 0;
    double value = bytes / 1024.0;
    while (value >= 1023.95 && unit < UNITS.length - 1) {
      value /= 1024;
      unit++;
    }
    long tenths = Math.round(value * 10);
    return tenths / 10 + "." + tenths % 10 + " " + UNITS[unit];
  }

  /** The exact size with thousands separators: {@code 3,114,044 bytes}. */
  static String exactSize(long bytes) {
    String digits = Long.toString(bytes);
    StringBuilder out = new StringBuilder(digits.length() + digits.length() / 3 + 6);
    for (int i = 0; i < digits.length(); i++) {
      if (i > 0 && (digits.length() - i) % 3 == 0) {
        out.append(',');
      }
      out.append(digits.charAt(i));
    }
    return out.append(bytes == 1 ? " byte" : " bytes").toString();
  }

  private static String resource(String name) {
    try (InputStream in = Markup.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("resource " + name + " is missing from the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("reading resource " + name + " failed", e);
    }
  }

  private static String sha256(String text) {
    try {
      return Base64.getEncoder()
          .encodeToString(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
