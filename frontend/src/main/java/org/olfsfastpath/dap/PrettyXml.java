package org.olfsfastpath.dap;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.output.Format;
import org.jdom2.output.XMLOutputter;

/**
 * An XML document as this server writes every one it makes (errors, the services and version
 * documents, THREDDS catalogs): indented, with an XML declaration naming UTF-8, as upstream's.
 */
public final class PrettyXml {
  private PrettyXml() {}

  /** The document whose root is {@code root}, as text. */
  public static String text(Element root) {
    return write(root, new StringWriter());
  }

  /**
   * The document whose root is {@code root}, as UTF-8 bytes; {@code expectedChars} sizes the
   * buffer, so a large catalog is not copied as it grows.
   */
  public static byte[] utf8(Element root, int expectedChars) {
    return write(root, new StringWriter(expectedChars)).getBytes(StandardCharsets.UTF_8);
  }

  private static String write(Element root, StringWriter out) {
    try {
      new XMLOutputter(Format.getPrettyFormat().setEncoding("UTF-8"))
          .output(new Document(root), out);
    } catch (IOException e) {
      throw new UncheckedIOException("writing to a string cannot fail", e);
    }
    return out.toString();
  }
}
