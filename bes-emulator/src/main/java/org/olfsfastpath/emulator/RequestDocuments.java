package org.olfsfastpath.emulator;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.JDOMException;
import org.jdom2.input.SAXBuilder;
import org.jdom2.input.sax.XMLReaders;

/**
 * Reading BES request documents: a non-validating parse that, like the BES's XML_PARSE_NONET, never
 * fetches anything, and the BES's way of reading an element's value (its text, trimmed).
 */
final class RequestDocuments {
  private RequestDocuments() {}

  static Document parse(byte[] document) throws JDOMException, IOException {
    SAXBuilder builder = new SAXBuilder(XMLReaders.NONVALIDATING);
    builder.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    builder.setFeature("http://xml.org/sax/features/external-general-entities", false);
    builder.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
    builder.setExpandEntities(false);
    return builder.build(new ByteArrayInputStream(document));
  }

  /** BESXMLUtils::GetNodeInfo's value: the element's text without surrounding blanks. */
  static String value(Element element) {
    return strip(element.getText());
  }

  /** The value of the first child named {@code name} in the element's namespace, or the default. */
  static String childValue(Element element, String name, String defaultValue) {
    Element child = element.getChild(name, element.getNamespace());
    return child == null ? defaultValue : value(child);
  }

  /** Whether a get type is a DAP4 response, which takes the dap4constraint. */
  static boolean isDap4(String type) {
    return type.equals("dmr") || type.equals("dap");
  }

  /** BESUtil::removeLeadingAndTrailingBlanks: spaces, tabs and line ends. */
  static String strip(String text) {
    int start = 0;
    int end = text.length();
    while (start < end && isBlank(text.charAt(start))) {
      start++;
    }
    while (end > start && isBlank(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(start, end);
  }

  private static boolean isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
  }
}
