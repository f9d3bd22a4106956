package org.olfsfastpath.dap;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;
import org.jdom2.Element;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.json.Json;

/**
 * An error response body in the form the client can read: a DAP2 {@code Error} object for DAP2
 * clients, a DAP4 {@code <Error>} document for DAP4 clients, CSV for CSV downloads, JSON for JSON
 * responses and the JSON listing, and HTML for browsers and everything else. Immutable.
 *
 * <p>The message given here must already be safe to show (see {@link BesMessages#scrub}); this
 * class only escapes it for the format.
 */
public final class ErrorBody {
  /** The forms an error body can take. */
  public enum Form {
    DAP2("text/plain", "dods_error"),
    DAP4("application/vnd.opendap.dap4.error+xml", "DAP4 Error Object"),
    HTML("text/html;charset=UTF-8", "dods_error"),
    JSON("application/json", "error"),
    CSV("text/csv", "error");

    private final String contentType;
    private final String contentDescription;

    Form(String contentType, String contentDescription) {
      this.contentType = contentType;
      this.contentDescription = contentDescription;
    }
  }

  private final Form form;
  private final int httpStatus;
  private final byte[] bytes;

  private ErrorBody(Form form, int httpStatus, byte[] bytes) {
    this.form = form;
    this.httpStatus = httpStatus;
    this.bytes = bytes;
  }

  /**
   * Chooses the form for a request: HTML when the client is a browser (its Accept header names
   * text/html) or the response itself is HTML; otherwise DAP4 for DAP4 responses, JSON for the JSON
   * listing, and DAP2 for everything else (DAP2 clients send no Accept header or {@code *}/{@code
   * *}).
   *
   * @param request what was asked for, or null when the URL could not be parsed
   * @param accept the Accept header, or null
   */
  public static Form chooseForm(@Nullable DapRequest request, @Nullable String accept) {
    boolean browser = accept != null && accept.toLowerCase(Locale.ROOT).contains("text/html");
    if (request instanceof DapRequest.Directory directory) {
      return directory.view() == DapRequest.Directory.View.JSON ? Form.JSON : Form.HTML;
    }
    if (browser) {
      return Form.HTML;
    }
    if (request instanceof DapRequest.Dataset dataset) {
      return dataset.type().errorForm();
    }
    if (request instanceof DapRequest.Node node) {
      return node.readings().isEmpty() ? Form.HTML : node.readings().get(0).type().errorForm();
    }
    if (request instanceof DapRequest.Version || request instanceof DapRequest.SiteMap) {
      return Form.HTML;
    }
    return Form.DAP2;
  }

  /**
   * Renders an error body.
   *
   * @param form the form to render
   * @param httpStatus the HTTP status the response carries; DAP2 and DAP4 bodies repeat it
   * @param message a message safe to show the client
   */
  public static ErrorBody render(Form form, int httpStatus, String message) {
    return render(form, httpStatus, message, null);
  }

  /**
   * Renders an error body that, in HTML, also links to the dataset's request form: for a request
   * whose constraint the dataset cannot answer, the form shows what it can. The other forms are the
   * same as without the link, byte for byte (a DAP client reads only the message).
   *
   * @param form the form to render
   * @param httpStatus the HTTP status the response carries; DAP2 and DAP4 bodies repeat it
   * @param message a message safe to show the client
   * @param requestForm the request form's URL, relative to the request's (e.g. {@code
   *     coads_climatology.nc.dmr.html}), already percent-encoded; null for no link
   */
  public static ErrorBody render(
      Form form, int httpStatus, String message, @Nullable String requestForm) {
    Objects.requireNonNull(form, "form == null");
    Objects.requireNonNull(message, "message == null");
    String text = printable(message);
    String link =
        requestForm == null
            ? ""
            : "\n<p>The dataset's <a href=\""
                + Html.escape(requestForm)
                + "\">request form</a> lists its variables and their sizes, and builds a request"
                + " that fits them.</p>";
    String body =
        switch (form) {
          case DAP2 ->
              "Error {\n    code = "
                  + httpStatus
                  + ";\n    message = \""
                  + dap2Escape(text)
                  + "\";\n};\n";
          case DAP4 -> dap4(httpStatus, text);
          case JSON -> "{\"status\": " + httpStatus + ", \"message\": " + Json.quote(text) + "}\n";
          case CSV ->
              "Dataset: ERROR\nstatus, "
                  + httpStatus
                  + "\nmessage, \""
                  + text.replace("\"", "\"\"")
                  + "\"\n";
          case HTML ->
              "<!DOCTYPE html>\n<html><head><meta charset=\"UTF-8\"><title>Error "
                  + httpStatus
                  + "</title></head>\n<body><h1>Error "
                  + httpStatus
                  + "</h1>\n<p>"
                  + Html.escape(text)
                  + "</p>"
                  + link
                  + "</body></html>\n";
        };
    return new ErrorBody(form, httpStatus, body.getBytes(StandardCharsets.UTF_8));
  }

  private static String dap4(int httpStatus, String text) {
    Element error = new Element("Error").setAttribute("httpcode", Integer.toString(httpStatus));
    error.addContent(new Element("Message").setText(text));
    return PrettyXml.text(error);
  }

  /** libdap reads the message as a quoted string: escape the quote and the escape character. */
  private static String dap2Escape(String text) {
    return text.replace("\\", "\\\\").replace("\"", "\\\"");
  }

  /** Trims and flattens control characters, which no form carries safely (XML refuses most). */
  private static String printable(String message) {
    StringBuilder out = new StringBuilder(message.length());
    String trimmed = message.strip();
    for (int i = 0; i < trimmed.length(); i++) {
      char c = trimmed.charAt(i);
      out.append(
          c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == 0xfffe || c == 0xffff ? ' ' : c);
    }
    return out.toString();
  }

  public Form form() {
    return form;
  }

  public int httpStatus() {
    return httpStatus;
  }

  public String contentType() {
    return form.contentType;
  }

  public String contentDescription() {
    return form.contentDescription;
  }

  /** Length of the body in bytes. */
  public int length() {
    return bytes.length;
  }

  /** The body as text. */
  public String text() {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** Writes the body. */
  public void writeTo(OutputStream out) throws IOException {
    out.write(bytes);
  }

  @Override
  public String toString() {
    return "ErrorBody{form="
        + form
        + ", httpStatus="
        + httpStatus
        + ", length="
        + bytes.length
        + "}";
  }
}
