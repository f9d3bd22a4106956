package org.olfsfastpath.web;

import jakarta.servlet.http.HttpServletRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The body of a POST, as upstream's HttpPost takes it: {@code application/x-www-form-urlencoded}
 * (with or without a UTF-8 charset), at most the configured number of bytes, checked against the
 * Content-Length before a byte is read and against the bytes themselves for a chunked body.
 */
final class PostBody {
  private static final String FORM = "application/x-www-form-urlencoded";

  private PostBody() {}

  /**
   * Reads the body.
   *
   * @throws Refusal 415 for another media type or charset, 413 past {@code max} bytes
   * @throws ClientGoneException if the client stopped sending
   */
  static String read(HttpServletRequest req, int max) throws Refusal, ClientGoneException {
    String type = req.getContentType();
    if (type == null || !isForm(type)) {
      throw new Refusal(
          415,
          "a POST body must be "
              + FORM
              + " (fields ce or dap4.ce), not "
              + (type == null ? "untyped" : type),
          "Accept-Post",
          FORM);
    }
    long declared = req.getContentLengthLong();
    if (declared > max) {
      throw tooLarge(declared + " bytes", max);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(declared > 0 ? (int) declared : 256);
    byte[] buffer = new byte[8192];
    try (InputStream in = req.getInputStream()) {
      int n;
      while ((n = in.read(buffer)) >= 0) {
        out.write(buffer, 0, n);
        if (out.size() > max) {
          throw tooLarge("more than " + max + " bytes", max);
        }
      }
    } catch (IOException e) {
      throw new ClientGoneException(e);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static Refusal tooLarge(String size, int max) {
    return new Refusal(
        413,
        "the POST body is "
            + size
            + ", more than this server takes ("
            + max
            + " bytes, olfs.xml HttpPost max)");
  }

  private static boolean isForm(String contentType) {
    String[] parts = contentType.toLowerCase(Locale.ROOT).split(";");
    if (!parts[0].strip().equals(FORM)) {
      return false;
    }
    for (int i = 1; i < parts.length; i++) {
      String parameter = parts[i].strip().replace(" ", "");
      if (parameter.startsWith("charset=")) {
        String charset = parameter.substring("charset=".length()).replace("\"", "");
        if (!charset.equals("utf-8") && !charset.equals("us-ascii")) {
          return false;
        }
      }
    }
    return true;
  }
}
