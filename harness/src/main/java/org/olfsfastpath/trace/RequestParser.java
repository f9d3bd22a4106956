package org.olfsfastpath.trace;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdom2.Attribute;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.JDOMException;
import org.jdom2.input.SAXBuilder;
import org.jdom2.input.sax.XMLReaders;

/**
 * Summarises a BES request document: which command, on which container with which constraint, after
 * which contexts. Not thread-safe (one per proxied connection): the parser is reused.
 */
final class RequestParser {
  private static final String DISALLOW_DOCTYPE =
      "http://apache.org/xml/features/disallow-doctype-decl";
  private static final String EXTERNAL_GENERAL =
      "http://xml.org/sax/features/external-general-entities";
  private static final String EXTERNAL_PARAMETER =
      "http://xml.org/sax/features/external-parameter-entities";

  private final SAXBuilder builder;

  RequestParser() {
    builder = new SAXBuilder(XMLReaders.NONVALIDATING);
    // The trace reads whatever a client sends: never fetch or expand anything it names.
    builder.setExpandEntities(false);
    builder.setFeature(DISALLOW_DOCTYPE, true);
    builder.setFeature(EXTERNAL_GENERAL, false);
    builder.setFeature(EXTERNAL_PARAMETER, false);
    builder.setReuseParser(true);
  }

  /** Parses a small document once, so that the parser's classes are loaded and initialised. */
  static void warmUp() {
    byte[] document =
        "<request reqID=\"warm-up\"><showVersion/></request>".getBytes(StandardCharsets.US_ASCII);
    try {
      new RequestParser().parse(document, document.length);
    } catch (JDOMException | IOException e) {
      throw new IllegalStateException("the XML parser cannot parse a trivial document", e);
    }
  }

  /**
   * Summarises {@code length} bytes of a request document.
   *
   * @throws JDOMException if the bytes are not well-formed XML
   */
  RequestSummary parse(byte[] document, int length) throws JDOMException, IOException {
    Document parsed = builder.build(new ByteArrayInputStream(document, 0, length));
    Element root = parsed.getRootElement();
    List<String> contexts = new ArrayList<>();
    Map<String, String> containers = new LinkedHashMap<>();
    Map<String, Element> definitions = new LinkedHashMap<>();
    Element command = null;
    String lastName = null;
    for (Element child : root.getChildren()) {
      lastName = child.getName();
      switch (child.getName()) {
        case "setContext" -> contexts.add(child.getAttributeValue("name", "?"));
        case "setContexts" ->
            child.getChildren().forEach(c -> contexts.add(c.getAttributeValue("name", "?")));
        case "setContainer" ->
            containers.put(child.getAttributeValue("name", ""), child.getTextTrim());
        case "define" -> definitions.put(child.getAttributeValue("name", ""), child);
        default -> command = child;
      }
    }
    String name = command != null ? command.getName() : lastName != null ? lastName : "(empty)";
    Map<String, String> arguments = new LinkedHashMap<>();
    if (command != null) {
      for (Attribute attribute : command.getAttributes()) {
        arguments.put(attribute.getName(), attribute.getValue());
      }
    }
    String container = null;
    String constraint = null;
    Element definition = definitions.get(arguments.get("definition"));
    if (definition != null) {
      List<String> paths = new ArrayList<>();
      List<String> constraints = new ArrayList<>();
      for (Element used : definition.getChildren()) {
        if (!used.getName().equals("container")) {
          continue;
        }
        String ref = used.getAttributeValue("name", "");
        paths.add(containers.getOrDefault(ref, ref));
        for (Element part : used.getChildren()) {
          if (part.getName().equals("constraint") || part.getName().equals("dap4constraint")) {
            constraints.add(part.getText());
          }
        }
      }
      container = paths.isEmpty() ? null : String.join(",", paths);
      constraint = constraints.isEmpty() ? null : String.join(";", constraints);
    } else if (containers.size() == 1 && command != null) {
      container = containers.values().iterator().next();
    }
    StringBuilder summary = new StringBuilder(name);
    arguments.forEach((k, v) -> summary.append(' ').append(k).append('=').append(v));
    if (container != null) {
      summary.append(" container=").append(container);
    }
    if (constraint != null) {
      summary.append(" constraint=").append(constraint);
    }
    if (command == null && !contexts.isEmpty()) {
      summary.append(' ').append(String.join(",", contexts));
    }
    return new RequestSummary(
        name,
        summary.toString(),
        arguments,
        container,
        constraint,
        contexts,
        root.getAttributeValue("reqID"));
  }
}
