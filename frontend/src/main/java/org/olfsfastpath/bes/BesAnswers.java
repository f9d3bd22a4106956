package org.olfsfastpath.bes;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.JDOMException;
import org.jdom2.input.SAXBuilder;
import org.jdom2.input.sax.XMLReaders;
import org.jspecify.annotations.Nullable;

/**
 * Parses BES answer documents into immutable values. Elements are matched by local name, so an
 * answer in the BES namespace and one without a namespace read the same.
 *
 * <p>Stateless and thread-safe: each parse uses its own {@link SAXBuilder} (these answers come on
 * cache misses only, so the builder's setup is not on the warm path). DOCTYPEs are refused, so an
 * answer can never make the parser fetch or expand external entities.
 */
final class BesAnswers {
  private static final int PREVIEW_CHARS = 120;
  private static final Pattern XML_ENCODING =
      Pattern.compile("^<\\?xml[^>]*?encoding\\s*=\\s*[\"']([A-Za-z0-9._:-]+)[\"']");

  private BesAnswers() {}

  /**
   * Parses a showNode answer: a leaf ({@code <item type="leaf">}) or a directory ({@code <node>}
   * with {@code item} children).
   *
   * @throws BesErrorException if the answer is a BES error document
   * @throws BesProtocolException if it is not a showNode answer
   */
  static BesNode parseNode(byte[] answer) throws IOException {
    Element showNode = commandElement(answer, "showNode");
    Element first = null;
    for (Element child : showNode.getChildren()) {
      first = child;
      break;
    }
    if (first == null) {
      throw new BesProtocolException(
          "expected an item or node element in the showNode answer "
              + "but it was empty: "
              + preview(answer));
    }
    return switch (first.getName()) {
      case "item" -> item(first);
      case "node" -> directory(first);
      default ->
          throw new BesProtocolException(
              "expected an item or node element in the showNode"
                  + " answer but was <"
                  + first.getName()
                  + ">: "
                  + preview(answer));
    };
  }

  /**
   * Parses a showBesKey answer into its values, in order.
   *
   * @throws BesErrorException if the answer is a BES error document
   * @throws BesProtocolException if it is not a showBesKey answer
   */
  static List<String> parseBesKey(byte[] answer) throws IOException {
    Element showBesKey = commandElement(answer, "showBesKey");
    List<String> values = new ArrayList<>();
    for (Element child : showBesKey.getChildren()) {
      if (child.getName().equals("value")) {
        values.add(child.getText().strip());
      }
    }
    return List.copyOf(values);
  }

  /**
   * Parses a showStatus answer into its status text, e.g. {@code OK}.
   *
   * @throws BesErrorException if the answer is a BES error document
   * @throws BesProtocolException if it is not a showStatus answer
   */
  static String parseStatus(byte[] answer) throws IOException {
    Element status = child(commandElement(answer, "showStatus"), "status");
    if (status == null) {
      throw new BesProtocolException(
          "expected a status element in the showStatus answer but found"
              + " none: "
              + preview(answer));
    }
    return status.getText().strip();
  }

  /**
   * Checks a showVersion answer and returns it as text, decoded in the encoding its XML declaration
   * names (the BES writes ISO-8859-1).
   *
   * @throws BesErrorException if the answer is a BES error document
   * @throws BesProtocolException if it is not a showVersion answer
   */
  static String parseVersion(byte[] answer) throws IOException {
    commandElement(answer, "showVersion");
    return new String(answer, declaredCharset(answer));
  }

  /**
   * Parses a BES error document ({@code BESError} anywhere under the root, possibly wrapped in a
   * command element such as {@code getDDS}). Never fails: an error document that cannot be read
   * becomes an internal error whose message says so, since the BES did say "error".
   */
  static BesError parseError(byte[] answer) {
    Element besError;
    try {
      besError = findBesError(parse(answer).getRootElement(), 0);
    } catch (BesProtocolException e) {
      return new BesError(
          BesError.INTERNAL, "unreadable BES error document (" + e.getMessage() + ")", 0, "");
    }
    if (besError == null) {
      return new BesError(
          BesError.INTERNAL,
          "BES error document without a BESError element: " + preview(answer),
          0,
          "");
    }
    return toError(besError);
  }

  /**
   * Parses a BES {@code lastModified} value such as {@code 2026-11-22T01:52:59GMT}. The BES formats
   * it with gmtime; the {@code GMT} (or {@code Z}) suffix is optional.
   */
  static Instant parseLastModified(String text) throws BesProtocolException {
    String local = text.strip();
    if (local.endsWith("GMT") || local.endsWith("UTC")) {
      local = local.substring(0, local.length() - 3);
    } else if (local.endsWith("Z")) {
      local = local.substring(0, local.length() - 1);
    }
    try {
      return LocalDateTime.parse(local).toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      throw new BesProtocolException(
          "expected lastModified like 2026-11-22T01:52:59GMT but was \"" + sanitize(text) + "\"",
          e);
    }
  }

  /** Parses an answer document, refusing DOCTYPEs. */
  static Document parse(byte[] answer) throws BesProtocolException {
    SAXBuilder builder = new SAXBuilder(XMLReaders.NONVALIDATING);
    builder.setExpandEntities(false);
    builder.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    try {
      return builder.build(new ByteArrayInputStream(answer));
    } catch (JDOMException e) {
      throw new BesProtocolException(
          "expected an XML answer from the BES but it did not parse ("
              + e.getMessage()
              + "): "
              + preview(answer),
          e);
    } catch (IOException e) {
      throw new BesProtocolException("reading an in-memory BES answer failed", e);
    }
  }

  /** The command's element under the {@code response} root; a BESError anywhere wins. */
  private static Element commandElement(byte[] answer, String command) throws IOException {
    Element root = parse(answer).getRootElement();
    Element besError = findBesError(root, 0);
    if (besError != null) {
      throw new BesErrorException(toError(besError));
    }
    if (!root.getName().equals("response")) {
      throw new BesProtocolException(
          "expected a <response> document but the root was <"
              + root.getName()
              + ">: "
              + preview(answer));
    }
    Element element = child(root, command);
    if (element == null) {
      throw new BesProtocolException(
          "expected a "
              + command
              + " element in the BES answer but "
              + "found none: "
              + preview(answer));
    }
    return element;
  }

  private static BesNode item(Element item) throws BesProtocolException {
    String type = item.getAttributeValue("type", "leaf");
    return new BesNode(
        name(item),
        "true".equals(item.getAttributeValue("isData")),
        lastModified(item),
        size(item),
        !"node".equals(type),
        List.of());
  }

  private static BesNode directory(Element node) throws BesProtocolException {
    List<BesNode> children = new ArrayList<>();
    for (Element child : node.getChildren()) {
      switch (child.getName()) {
        case "item" -> children.add(item(child));
        case "node" -> children.add(directory(child));
        default -> {
          // Anything else (a future attribute element, say) is not a child entry.
        }
      }
    }
    return new BesNode(
        name(node),
        "true".equals(node.getAttributeValue("isData")),
        lastModified(node),
        size(node),
        false,
        children);
  }

  private static String name(Element element) throws BesProtocolException {
    String name = element.getAttributeValue("name");
    if (name == null) {
      throw missing(element, "name", "> in the showNode answer");
    }
    return name;
  }

  private static Instant lastModified(Element element) throws BesProtocolException {
    String value = element.getAttributeValue("lastModified");
    if (value == null) {
      throw missing(
          element,
          "lastModified",
          " name=\"" + sanitize(element.getAttributeValue("name", "")) + "\">");
    }
    return parseLastModified(value);
  }

  /** {@code element} lacks {@code attribute}; {@code where} follows its name in the message. */
  private static BesProtocolException missing(Element element, String attribute, String where) {
    return new BesProtocolException(
        "expected a "
            + attribute
            + " attribute on <"
            + element.getName()
            + where
            + " but it had none");
  }

  private static long size(Element element) throws BesProtocolException {
    String value = element.getAttributeValue("size");
    if (value == null) {
      return 0;
    }
    try {
      long size = Long.parseLong(value.strip());
      if (size >= 0) {
        return size;
      }
    } catch (NumberFormatException ignored) {
      // Reported below with the value.
    }
    throw new BesProtocolException(
        "expected a size >= 0 on <"
            + element.getName()
            + " name=\""
            + sanitize(element.getAttributeValue("name", ""))
            + "\"> but was \""
            + sanitize(value)
            + "\"");
  }

  private static BesError toError(Element besError) {
    int type = BesError.INTERNAL;
    Element typeElement = child(besError, "Type");
    if (typeElement != null) {
      try {
        type = Integer.parseInt(typeElement.getText().strip());
      } catch (NumberFormatException ignored) {
        // An unreadable type is treated as internal: the BES still said "error".
      }
    }
    int httpStatus = 0;
    Element status = child(besError, "http_status");
    if (status != null) {
      try {
        httpStatus = Integer.parseInt(status.getText().strip());
      } catch (NumberFormatException ignored) {
        // BesError maps a missing or unreadable status to 500.
      }
    }
    return new BesError(
        type, text(besError, "Message"), httpStatus, text(besError, "Administrator"));
  }

  private static @Nullable Element findBesError(Element element, int depth) {
    if (element.getName().equals("BESError")) {
      return element;
    }
    if (depth == 3) {
      return null;
    }
    for (Element child : element.getChildren()) {
      Element found = findBesError(child, depth + 1);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private static @Nullable Element child(Element parent, String localName) {
    for (Element child : parent.getChildren()) {
      if (child.getName().equals(localName)) {
        return child;
      }
    }
    return null;
  }

  private static String text(Element parent, String localName) {
    Element child = child(parent, localName);
    return child == null ? "" : child.getText().strip();
  }

  private static Charset declaredCharset(byte[] answer) {
    String head = new String(answer, 0, Math.min(answer.length, 100), StandardCharsets.ISO_8859_1);
    Matcher matcher = XML_ENCODING.matcher(head);
    if (matcher.find()) {
      try {
        return Charset.forName(matcher.group(1));
      } catch (IllegalCharsetNameException | UnsupportedCharsetException ignored) {
        // Fall back to the XML default below.
      }
    }
    return StandardCharsets.UTF_8;
  }

  /** The start of an answer, printable, for messages. */
  static String preview(byte[] answer) {
    String text =
        new String(
            answer, 0, Math.min(answer.length, PREVIEW_CHARS * 4), StandardCharsets.ISO_8859_1);
    // The XML declaration and the response start tag say nothing about what went wrong.
    text = skipTag(skipTag(text, "<?xml", "?>"), "<response", ">");
    return "\"" + sanitize(text) + "\"";
  }

  private static String skipTag(String text, String start, String end) {
    String stripped = text.strip();
    if (stripped.startsWith(start)) {
      int at = stripped.indexOf(end);
      if (at > 0) {
        return stripped.substring(at + end.length()).strip();
      }
    }
    return stripped;
  }

  private static String sanitize(String text) {
    String shown = text.length() > PREVIEW_CHARS ? text.substring(0, PREVIEW_CHARS) + "..." : text;
    return shown.replaceAll("[^\\x20-\\x7e]", "?");
  }
}
