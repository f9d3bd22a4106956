package org.olfsfastpath.emulator;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.olfsfastpath.emulator.dap.XmlText;

/**
 * A small element tree serialized byte for byte the way the BES writes its answers: libxml2's text
 * writer with a four-space indent, an ISO-8859-1 declaration, attributes in the order they were
 * added, text kept on the tag's line, and characters outside Latin-1 as decimal references.
 *
 * <p>Callers add attributes in the BES's order: its {@code std::map} sorts them by name, except the
 * namespace declaration of {@code response}, which libxml2 writes last.
 */
final class XmlElement {
  private static final String DECLARATION = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n";
  private static final String INDENT = "    ";

  private final String name;
  private final Map<String, String> attributes = new LinkedHashMap<>();
  private final List<XmlElement> children = new ArrayList<>();
  private String text = "";

  XmlElement(String name) {
    this.name = Objects.requireNonNull(name, "name == null");
  }

  XmlElement attribute(String attributeName, String value) {
    attributes.put(attributeName, Objects.requireNonNull(value, "value == null"));
    return this;
  }

  XmlElement text(String value) {
    this.text = Objects.requireNonNull(value, "value == null");
    return this;
  }

  /** Adds and returns a new child element. */
  XmlElement child(String childName) {
    XmlElement child = new XmlElement(childName);
    children.add(child);
    return child;
  }

  XmlElement add(XmlElement child) {
    children.add(child);
    return this;
  }

  /** The whole document: declaration, this element as the root, and a final newline. */
  byte[] toDocument() {
    StringBuilder out = new StringBuilder(256).append(DECLARATION);
    write(out, 0);
    // The escaping left only Latin-1; the tag names are ASCII.
    return out.toString().getBytes(StandardCharsets.ISO_8859_1);
  }

  private void write(StringBuilder out, int depth) {
    out.append(INDENT.repeat(depth)).append('<').append(name);
    attributes.forEach(
        (key, value) -> {
          out.append(' ').append(key).append("=\"");
          XmlText.attribute(value, out);
          out.append('"');
        });
    if (children.isEmpty() && text.isEmpty()) {
      out.append("/>\n");
      return;
    }
    out.append('>');
    if (!text.isEmpty()) {
      XmlText.text(text, out);
    }
    if (!children.isEmpty()) {
      out.append('\n');
      for (XmlElement child : children) {
        child.write(out, depth + 1);
      }
      out.append(INDENT.repeat(depth));
    }
    out.append("</").append(name).append(">\n");
  }
}
