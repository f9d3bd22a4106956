package org.olfsfastpath.emulator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.JDOMException;
import org.jdom2.input.JDOMParseException;
import org.jspecify.annotations.Nullable;

/**
 * One request document, parsed once: what it says (its commands and, for a get, what the same
 * document names as its container and constraint), the ids its answer echoes, and the BES's own
 * message when it is not well-formed. The recorded request and the command processor both read it,
 * so a document is parsed once however it is answered.
 *
 * @param document the parsed document, or null when it is not well-formed
 * @param failure the BES's message for a document it could not parse, or empty
 */
record ParsedRequest(
    byte[] bytes,
    @Nullable Document document,
    String failure,
    RequestIds ids,
    List<String> commands,
    String getType,
    String returnAs,
    String containerPath,
    String constraint) {
  private static final String NO_REQUEST_ID =
      "BESXMLInterface::build_data_request_plan() - NoRequestIdDetected";

  static ParsedRequest parse(byte[] bytes) {
    Document document;
    try {
      document = RequestDocuments.parse(bytes);
    } catch (JDOMException | IOException e) {
      int line = e instanceof JDOMParseException p ? p.getLineNumber() : -1;
      int column = e instanceof JDOMParseException p ? p.getColumnNumber() : -1;
      String message =
          ParseErrorReport.describe(bytes, String.valueOf(e.getMessage()), line, column);
      return new ParsedRequest(bytes, null, message, RequestIds.NONE, List.of(), "", "", "", "");
    }
    Element root = document.getRootElement();
    List<String> commands = new ArrayList<>();
    for (Element command : root.getChildren()) {
      commands.add(command.getName());
    }
    RequestIds ids = RequestIds.NONE;
    if (root.getName().equals("request")) {
      String reqId = root.getAttributeValue("reqID", "");
      String reqUuid = root.getAttributeValue("reqUUID", "");
      ids =
          new RequestIds(
              reqId.isEmpty() ? NO_REQUEST_ID : reqId,
              reqUuid.isEmpty() ? "BesXmlInterface-" + UUID.randomUUID() : reqUuid);
    }
    Element get = root.getChild("get", root.getNamespace());
    if (get == null) {
      return new ParsedRequest(bytes, document, "", ids, commands, "", "", "", "");
    }
    String type = get.getAttributeValue("type", "");
    boolean dap4 = RequestDocuments.isDap4(type);
    String containerPath = "";
    String constraint = "";
    Element define = named(root, "define", get.getAttributeValue("definition", ""));
    Element container = define == null ? null : define.getChild("container", define.getNamespace());
    if (define != null && container != null) {
      constraint =
          RequestDocuments.childValue(
              container,
              dap4 ? "dap4constraint" : "constraint",
              RequestDocuments.childValue(define, dap4 ? "dap4constraint" : "constraint", ""));
      Element set = named(root, "setContainer", container.getAttributeValue("name", ""));
      containerPath = set == null ? "" : RequestDocuments.value(set);
    }
    return new ParsedRequest(
        bytes,
        document,
        "",
        ids,
        commands,
        type,
        get.getAttributeValue("returnAs", ""),
        containerPath,
        constraint);
  }

  private static @Nullable Element named(Element root, String command, String name) {
    for (Element element : root.getChildren(command, root.getNamespace())) {
      if (element.getAttributeValue("name", "").equals(name)) {
        return element;
      }
    }
    return null;
  }

  /** The request as the emulator records it for tests. */
  RecordedRequest record(int connectionIndex, int exchangeIndex) {
    return new RecordedRequest(
        connectionIndex,
        exchangeIndex,
        commands,
        new String(bytes, StandardCharsets.UTF_8),
        getType,
        returnAs,
        containerPath,
        constraint,
        failure);
  }
}
