package org.olfsfastpath.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict JSON reader (RFC 8259) for checking that the pages' JSON-LD is well formed: objects
 * become maps, arrays lists, strings strings, numbers doubles. Throws IllegalArgumentException with
 * the offset on anything else.
 */
public final class JsonCheck {
  private final String text;
  private int at;

  private JsonCheck(String text) {
    this.text = text;
  }

  /** Reads {@code text} as one JSON value. */
  public static Object parse(String text) {
    JsonCheck reader = new JsonCheck(text);
    Object value = reader.value();
    reader.space();
    if (reader.at != text.length()) {
      throw reader.error("trailing text");
    }
    return value;
  }

  /** The JSON-LD block of an HTML page, parsed. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> jsonLd(String page) {
    String open = "<script type=\"application/ld+json\">";
    int start = page.indexOf(open);
    int end = page.indexOf("</script>", start);
    if (start < 0 || end < 0) {
      throw new IllegalArgumentException("no JSON-LD block in the page");
    }
    return (Map<String, Object>) parse(page.substring(start + open.length(), end));
  }

  private Object value() {
    space();
    if (at >= text.length()) {
      throw error("expected a value");
    }
    char c = text.charAt(at);
    switch (c) {
      case '{' -> {
        at++;
        Map<String, Object> object = new LinkedHashMap<>();
        space();
        if (peek('}')) {
          return object;
        }
        do {
          space();
          String key = string();
          space();
          expect(':');
          if (object.put(key, value()) != null) {
            throw error("duplicate key " + key);
          }
          space();
        } while (peek(','));
        expect('}');
        return object;
      }
      case '[' -> {
        at++;
        List<Object> array = new ArrayList<>();
        space();
        if (peek(']')) {
          return array;
        }
        do {
          array.add(value());
          space();
        } while (peek(','));
        expect(']');
        return array;
      }
      case '"' -> {
        return string();
      }
      default -> {
        for (String word : new String[] {"true", "false", "null"}) {
          if (text.startsWith(word, at)) {
            at += word.length();
            return word.equals("null") ? "null" : Boolean.valueOf(word);
          }
        }
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
          at++;
        }
        if (start == at) {
          throw error("unexpected character '" + c + "'");
        }
        return Double.parseDouble(text.substring(start, at));
      }
    }
  }

  private String string() {
    expect('"');
    StringBuilder out = new StringBuilder();
    while (true) {
      if (at >= text.length()) {
        throw error("unterminated string");
      }
      char c = text.charAt(at++);
      if (c == '"') {
        return out.toString();
      }
      if (c < 0x20) {
        throw error("raw control character in a string");
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      char e = text.charAt(at++);
      switch (e) {
        case '"', '\\', '/' -> out.append(e);
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'u' -> {
          out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
          at += 4;
        }
        default -> throw error("bad escape \\" + e);
      }
    }
  }

  private void space() {
    while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) {
      at++;
    }
  }

  private boolean peek(char c) {
    if (at < text.length() && text.charAt(at) == c) {
      at++;
      return true;
    }
    return false;
  }

  private void expect(char c) {
    if (!peek(c)) {
      throw error("expected '" + c + "'");
    }
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException(what + " at offset " + at + " of: " + text);
  }
}
