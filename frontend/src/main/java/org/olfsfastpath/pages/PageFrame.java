package org.olfsfastpath.pages;

import org.jspecify.annotations.Nullable;

/**
 * The frame of this server's HTML pages, for pages built outside this package (the metadata rubric,
 * package {@code meta}): the same head, style sheet, breadcrumbs and footer as the forms and
 * listings, so they look alike and {@link PageHeaders#CONTENT_SECURITY_POLICY} allows their style.
 * No script: these pages have none.
 */
public final class PageFrame {
  private PageFrame() {}

  /**
   * Writes everything up to and including {@code <body>}, with the JSON-LD block, then the header's
   * breadcrumbs of the dataset {@code datasetPath}.
   *
   * @param title the page's title, plain text
   * @param canonical the page's absolute URL, or null
   * @param jsonLd the schema.org JSON-LD, already escaped for a script element
   */
  public static void begin(
      StringBuilder out,
      Site site,
      String datasetPath,
      String title,
      @Nullable String canonical,
      String jsonLd) {
    Markup.head(out, title, canonical, jsonLd);
    out.append("<header>\n");
    Markup.breadcrumbs(out, site, Markup.parentOf(datasetPath), Markup.nameOf(datasetPath));
  }

  /** Writes the footer and closes the document. */
  public static void end(StringBuilder out) {
    Markup.footer(out, null);
  }

  /** Escapes text for element content and double-quoted attribute values. */
  public static String escape(String text) {
    return Markup.escape(text);
  }

  /** The link, relative to a dataset's pages, of the dataset itself (its name, escaped). */
  public static String href(String datasetPath) {
    return Markup.href(Markup.nameOf(datasetPath));
  }
}
