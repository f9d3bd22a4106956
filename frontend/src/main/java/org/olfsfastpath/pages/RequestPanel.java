package org.olfsfastpath.pages;

import java.util.Optional;
import org.olfsfastpath.cache.DataSource;

/**
 * The request panel at the top of a form: errors and what the value fields selected, the data URL,
 * each download button with the size of its answer for the selection, and, when the pressed
 * button's answer is large, the question whether to download it anyway.
 */
final class RequestPanel {
  private RequestPanel() {}

  static void write(
      StringBuilder out,
      DatasetForm form,
      DataSource dataset,
      Site site,
      FormSelection selection,
      String href) {
    out.append(
        "<section class=\"panel\" aria-labelledby=\"h-request\">\n"
            + "<h2 id=\"h-request\">Request</h2>\n");
    if (!selection.errors().isEmpty()) {
      out.append("<div class=\"errors\" role=\"alert\"><p>The request has errors:</p><ul>");
      for (String error : selection.errors()) {
        out.append("<li>").append(Markup.escape(error)).append("</li>");
      }
      out.append("</ul></div>\n");
    }
    if (!selection.notes().isEmpty()) {
      out.append("<ul class=\"notes\" id=\"value-notes\">");
      for (String note : selection.notes()) {
        out.append("<li>").append(Markup.escape(note)).append("</li>");
      }
      out.append("</ul>\n");
    }
    String query = selection.query();
    String dataUrl = site.url(dataset.path()) + (query.isEmpty() ? "" : "?" + query);
    out.append(
            "<label for=\"constraint-url\">Data URL (for DAP clients; the buttons add a"
                + " format)</label>\n<div class=\"url\"><input id=\"constraint-url\" type=\"text\""
                + " readonly spellcheck=\"false\" value=\"")
        .append(Markup.escape(dataUrl))
        .append(
            "\"><button type=\"button\" id=\"copy-url\" class=\"secondary\" hidden>Copy"
                + "</button></div>\n<p id=\"form-status\" class=\"status\" role=\"status\""
                + " aria-live=\"polite\"></p>\n");
    largeDownload(out, form, site, selection);
    DownloadFormat binary =
        form.model().form() == FormType.DAP4 ? DownloadFormat.DAP : DownloadFormat.DODS;
    out.append("<p class=\"hint\" id=\"size-hint\">Answer sizes for ")
        .append(
            selection.projections().isEmpty()
                ? "the whole dataset (nothing checked)"
                : "this selection")
        .append(": ")
        .append(
            switch (form.size(binary, selection).kind()) {
              case EXACT -> "exact for " + binary.suffix();
              case AT_LEAST ->
                  "at least for "
                      + binary.suffix()
                      + " (strings and sequences add what"
                      + " the data holds)";
              case ABOUT -> "estimated for " + binary.suffix() + " too";
            })
        .append(", about for text and netCDF, which depend on the values.");
    if (site.largeDownload() > 0) {
      out.append(" Downloads over ")
          .append(decimalSize(site.largeDownload()))
          .append(" ask first.");
    }
    out.append(
        "</p>\n<div class=\"buttons\" role=\"group\" aria-label=\"Download\">\n"
            + "<button type=\"submit\" id=\"button-update\" class=\"secondary\">Update data URL"
            + " and sizes</button>\n");
    for (DownloadFormat format : DownloadFormat.of(form.model().form())) {
      AnswerSizes.Size size = form.size(format, selection);
      out.append("<button type=\"submit\" name=\"")
          .append(FormSelection.FORMAT_FIELD)
          .append("\" value=\"")
          .append(format.token())
          .append("\" id=\"button-")
          .append(format.token())
          .append("\" data-suffix=\"")
          .append(format.suffix())
          .append("\">")
          .append(format.label())
          .append(" <span class=\"sfx\">")
          .append(format.suffix())
          .append("</span> <span class=\"size\" id=\"size-")
          .append(format.token())
          .append("\" data-bytes=\"")
          .append(size.bytes())
          .append("\" data-kind=\"")
          .append(size.kind().token())
          .append("\" title=\"")
          .append(sizeTitle(size))
          .append("\">")
          .append(sizeText(size))
          .append("</span></button>\n");
    }
    if (site.fileAccess()) {
      out.append("<a class=\"button secondary\" id=\"link-file\" href=\"")
          .append(href)
          .append(
              ".file\" title=\"The dataset's source file as it is stored\">Source file"
                  + " <span class=\"sfx\">")
          .append(Markup.humanSize(dataset.size()))
          .append("</span></a>\n");
    }
    out.append("</div>\n");
    String note = form.coordinates().note();
    if (!note.isEmpty()) {
      out.append("<p class=\"hint\" id=\"coordinates-note\">Coordinate values are not shown: ")
          .append(Markup.escape(note))
          .append(". Choose ranges by index.</p>\n");
    }
    out.append(
        "<div class=\"warning\" id=\"download-warning\" role=\"alertdialog\""
            + " aria-labelledby=\"download-warning-text\" hidden><p id=\"download-warning-text\">"
            + "</p><button type=\"button\" id=\"download-anyway\">Download anyway</button> <button"
            + " type=\"button\" id=\"download-cancel\" class=\"secondary\">Cancel</button></div>\n"
            + "</section>\n");
  }

  /**
   * The server's question before a large download (pages without scripts, and any page whose button
   * was pressed with a large answer): the size, the limit, and a button that repeats the download
   * with {@code confirm} set.
   */
  private static void largeDownload(
      StringBuilder out, DatasetForm form, Site site, FormSelection selection) {
    Optional<DownloadFormat> pressed = selection.format();
    if (pressed.isEmpty()
        || !selection.errors().isEmpty()
        || !form.needsConfirmation(selection, site)) {
      return;
    }
    DownloadFormat format = pressed.get();
    AnswerSizes.Size size = form.size(format, selection);
    out.append("<div class=\"warning\" id=\"large-download\" role=\"alert\"><p>The ")
        .append(format.label())
        .append(" answer (")
        .append(format.suffix())
        .append(") for ")
        .append(selection.projections().isEmpty() ? "the whole dataset" : "this selection")
        .append(" is ")
        .append(sizeText(size))
        .append(" (")
        .append(sizeTitle(size))
        .append("), more than the ")
        .append(decimalSize(site.largeDownload()))
        .append(" this server asks about first.</p><input type=\"hidden\" name=\"")
        .append(FormSelection.CONFIRM_FIELD)
        .append("\" value=\"")
        .append(format.token())
        .append("\"><button type=\"submit\" id=\"confirm-download\" name=\"")
        .append(FormSelection.FORMAT_FIELD)
        .append("\" value=\"")
        .append(format.token())
        .append("\">Download ")
        .append(sizeText(size))
        .append(" anyway</button> or narrow the" + " selection below.</div>\n");
  }

  /** What a button shows: {@code 3.0 MiB}, {@code about 7.1 MiB}, {@code at least 12 KiB}. */
  static String sizeText(AnswerSizes.Size size) {
    String human = Markup.humanSize(size.bytes());
    return switch (size.kind()) {
      case EXACT -> human;
      case ABOUT -> "about " + human;
      case AT_LEAST -> "at least " + human;
    };
  }

  static String sizeTitle(AnswerSizes.Size size) {
    String bytes = NumberText.grouped(size.bytes()) + (size.bytes() == 1 ? " byte" : " bytes");
    return switch (size.kind()) {
      case EXACT -> bytes + ", exactly";
      case ABOUT -> "about " + bytes + ", estimated";
      case AT_LEAST -> "at least " + bytes + " (strings or sequences add more)";
    };
  }

  /** A limit as operators write it: {@code 100 MB}, {@code 5 MB}, {@code 1.5 GB}. */
  static String decimalSize(long bytes) {
    String[] units = {"bytes", "kB", "MB", "GB", "TB", "PB", "EB"};
    int unit = 0;
    double value = bytes;
    while (value >= 1000 && unit < units.length - 1) {
      value /= 1000;
      unit++;
    }
    return NumberText.rounded(value, 3) + " " + units[unit];
  }
}
