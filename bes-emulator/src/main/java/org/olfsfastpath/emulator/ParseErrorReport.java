package org.olfsfastpath.emulator;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Describes a request document that is not well-formed the way the BES does: it collects libxml2's
 * parser messages ({@code :LINE: parser error : MESSAGE}, then the offending line cut to 80
 * characters, then a caret line) after "Problem parsing the request xml document:".
 *
 * <p>The two mistakes a front end can make with a hand-built document, a closing tag that does not
 * match and a document that ends inside an element, get libxml2's own wording and positions.
 * Anything else is reported with the Java parser's message at the Java parser's position.
 */
final class ParseErrorReport {
  private static final int CONTEXT = 80;

  private final byte[] document;
  private final StringBuilder report = new StringBuilder();

  private record Open(String name, int line) {}

  private ParseErrorReport(byte[] document) {
    this.document = document;
  }

  /**
   * The BES's message for a document its parser rejected.
   *
   * @param fallbackMessage the Java parser's message, used when the mistake is not one of those
   *     recognized here
   * @param fallbackLine the Java parser's line (1-based), or a value below 1 when unknown
   * @param fallbackColumn the Java parser's column (1-based), or a value below 1 when unknown
   */
  static String describe(
      byte[] document, String fallbackMessage, int fallbackLine, int fallbackColumn) {
    ParseErrorReport r = new ParseErrorReport(document);
    if (!r.scan()) {
      r.report.setLength(0);
      int position = r.positionOf(fallbackLine, fallbackColumn);
      r.error(fallbackMessage, position);
    }
    return "Problem parsing the request xml document:\n" + r.report;
  }

  /** Scans for tag mismatches and an unfinished document; false if it found neither. */
  private boolean scan() {
    Deque<Open> open = new ArrayDeque<>();
    int i = 0;
    int n = document.length;
    while (i < n) {
      if (document[i] != '<') {
        i++;
        continue;
      }
      if (startsWith(i, "<?")) {
        i = skipPast(i + 2, "?>");
      } else if (startsWith(i, "<!--")) {
        i = skipPast(i + 4, "-->");
      } else if (startsWith(i, "<![CDATA[")) {
        i = skipPast(i + 9, "]]>");
      } else if (startsWith(i, "<!")) {
        i = skipPast(i + 2, ">");
      } else if (startsWith(i, "</")) {
        int nameEnd = nameEnd(i + 2);
        String name = text(i + 2, nameEnd);
        int close = skipPast(nameEnd, ">");
        if (close < 0 || open.isEmpty()) {
          return false;
        }
        Open top = open.pop();
        if (!top.name().equals(name)) {
          error(
              "Opening and ending tag mismatch: "
                  + top.name()
                  + " line "
                  + top.line()
                  + " and "
                  + name,
              close);
        }
        i = close;
      } else {
        int nameEnd = nameEnd(i + 1);
        String name = text(i + 1, nameEnd);
        int close = endOfStartTag(nameEnd);
        if (name.isEmpty() || close < 0) {
          return false;
        }
        if (document[close - 2] != '/') {
          open.push(new Open(name, lineAt(i)));
        }
        i = close;
      }
      if (i < 0) {
        return false;
      }
    }
    if (!open.isEmpty()) {
      Open innermost = open.peek();
      error("Premature end of data in tag " + innermost.name() + " line " + innermost.line(), n);
    }
    return report.length() > 0;
  }

  /** One libxml2 error: location, message, the line around {@code position}, and a caret. */
  private void error(String message, int position) {
    report
        .append(':')
        .append(lineAt(position))
        .append(": parser error : ")
        .append(message)
        .append('\n');
    // xmlParserPrintFileContextInternal: back up over line ends, then at most 80 characters.
    int cur = Math.min(position, document.length);
    while (cur > 0 && cur < document.length && isLineEnd(document[cur])) {
      cur--;
    }
    int steps = 0;
    while (steps++ < CONTEXT && cur > 0 && (cur >= document.length || !isLineEnd(document[cur]))) {
      cur--;
    }
    if (cur < document.length && isLineEnd(document[cur])) {
      cur++;
    }
    int column = position - cur;
    StringBuilder content = new StringBuilder();
    while (cur < document.length
        && !isLineEnd(document[cur])
        && document[cur] != 0
        && content.length() < CONTEXT) {
      content.append((char) (document[cur] & 0xFF));
      cur++;
    }
    report.append(content).append('\n');
    StringBuilder caret = new StringBuilder();
    for (int k = 0; k < column && k < CONTEXT - 1 && k < content.length(); k++) {
      caret.append(content.charAt(k) == '\t' ? '\t' : ' ');
    }
    report.append(caret).append("^\n");
  }

  private int positionOf(int line, int column) {
    if (line < 1) {
      return document.length;
    }
    int position = 0;
    for (int l = 1; l < line && position < document.length; position++) {
      if (document[position] == '\n') {
        l++;
      }
    }
    return Math.min(document.length, position + Math.max(0, column - 1));
  }

  private int lineAt(int position) {
    int line = 1;
    for (int i = 0; i < position && i < document.length; i++) {
      if (document[i] == '\n') {
        line++;
      }
    }
    return line;
  }

  private boolean startsWith(int at, String prefix) {
    if (at + prefix.length() > document.length) {
      return false;
    }
    for (int k = 0; k < prefix.length(); k++) {
      if (document[at + k] != prefix.charAt(k)) {
        return false;
      }
    }
    return true;
  }

  /** The index just past the next {@code terminator}, or -1. */
  private int skipPast(int from, String terminator) {
    for (int i = Math.max(from, 0); i + terminator.length() <= document.length; i++) {
      if (startsWith(i, terminator)) {
        return i + terminator.length();
      }
    }
    return -1;
  }

  private int nameEnd(int from) {
    int i = from;
    while (i < document.length) {
      byte b = document[i];
      if (b == '>' || b == '/' || b == ' ' || b == '\t' || b == '\n' || b == '\r') {
        break;
      }
      i++;
    }
    return i;
  }

  /** The index just past the '>' closing a start tag, skipping quoted attribute values; or -1. */
  private int endOfStartTag(int from) {
    byte quote = 0;
    for (int i = from; i < document.length; i++) {
      byte b = document[i];
      if (quote != 0) {
        if (b == quote) {
          quote = 0;
        }
      } else if (b == '"' || b == '\'') {
        quote = b;
      } else if (b == '<') {
        return -1;
      } else if (b == '>') {
        return i + 1;
      }
    }
    return -1;
  }

  private String text(int from, int to) {
    return new String(document, from, Math.max(0, to - from), StandardCharsets.UTF_8);
  }

  private static boolean isLineEnd(byte b) {
    return b == '\n' || b == '\r';
  }
}
