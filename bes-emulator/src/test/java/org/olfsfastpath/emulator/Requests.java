package org.olfsfastpath.emulator;

import java.nio.charset.StandardCharsets;

/** Request documents as a front end sends them. */
final class Requests {
  static final String NS = "http://xml.opendap.org/ns/bes/1.0#";

  private Requests() {}

  static byte[] document(String reqId, String commands) {
    return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<request xmlns=\""
            + NS
            + "\" reqID=\""
            + reqId
            + "\" reqUUID=\"uuid-"
            + reqId
            + "\">"
            + commands
            + "</request>")
        .getBytes(StandardCharsets.UTF_8);
  }

  static byte[] showNode(String path) {
    return document(
        "node", "<setContext name=\"errors\">xml</setContext><showNode node=\"" + path + "\"/>");
  }

  static byte[] show(String command) {
    return document(command, "<setContext name=\"errors\">xml</setContext><" + command + "/>");
  }

  /** The OLFS's data request: contexts, container, definition, get. */
  static byte[] get(String path, String type, String constraint) {
    return get(path, type, constraint, "");
  }

  static byte[] get(String path, String type, String constraint, String returnAs) {
    boolean dap4 = type.equals("dmr") || type.equals("dap");
    String ce =
        constraint.isEmpty()
            ? ""
            : dap4
                ? "<dap4constraint>" + constraint + "</dap4constraint>"
                : "<constraint>" + constraint + "</constraint>";
    return document(
        "get-" + type,
        "<setContext name=\"xdap_accept\">3.2</setContext>"
            + "<setContext name=\"errors\">xml</setContext>"
            + "<setContainer name=\"catalogContainer\" space=\"catalog\">"
            + path
            + "</setContainer>"
            + "<define name=\"d1\" space=\"default\"><container name=\"catalogContainer\">"
            + ce
            + "</container></define>"
            + "<get type=\""
            + type
            + "\" definition=\"d1\""
            + (returnAs.isEmpty() ? "" : " returnAs=\"" + returnAs + "\"")
            + "/>");
  }
}
