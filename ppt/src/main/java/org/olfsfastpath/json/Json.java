package org.olfsfastpath.json;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The project's one JSON string escaper, the writer of the status document's tree, and the one walk
 * from a record to the tree it is written as.
 */
public final class Json {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private Json() {}

  /**
   * Returns {@code text} as a quoted JSON string literal, HTML-safe: {@code <} is escaped too, so a
   * value embedded in a page cannot close a script element.
   */
  public static String quote(String text) {
    return quote(new StringBuilder(text.length() + 2), text, true).toString();
  }

  /**
   * Appends {@code text} to {@code out} as a quoted JSON string literal: quotes, backslashes and
   * control characters escaped, and the line and paragraph separators JavaScript reads as line
   * ends; {@code <} too when {@code htmlSafe}.
   *
   * @return {@code out}
   */
  public static StringBuilder quote(StringBuilder out, String text, boolean htmlSafe) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x2028 || c == 0x2029 || (htmlSafe && c == '<')) {
            unicodeEscape(out, c);
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"');
  }

  /**
   * Writes a tree of maps and lists of numbers, booleans, strings and nulls as indented JSON
   * ({@link JsonWriter#indented}), ending with a newline: the status document. A NaN or infinite
   * double is written as null; anything else that is no number, boolean, map or list as its string.
   */
  public static String indented(Map<String, ?> tree) {
    StringBuilder out = new StringBuilder(1024);
    JsonWriter.indented(out).value(tree);
    return out.append('\n').toString();
  }

  /**
   * Writes a tree as {@link #indented} does, on one line and not HTML-safe: a statistics value as a
   * JMX attribute, where no page embeds it.
   */
  public static String compact(Map<String, ?> tree) {
    StringBuilder out = new StringBuilder(512);
    JsonWriter.compact(out, false).value(tree);
    return out.toString();
  }

  /**
   * Returns the components of {@code value} by name, in declaration order: the tree a statistics
   * record is written as, here so that every writer of one walks it the same way. The map is a new
   * one; a writer adds the values it derives (a sum, a rate) to it.
   *
   * @throws IllegalStateException if an accessor throws
   */
  public static Map<String, @Nullable Object> fields(Record value) {
    Map<String, @Nullable Object> fields = new LinkedHashMap<>();
    for (RecordComponent component : value.getClass().getRecordComponents()) {
      Method accessor = component.getAccessor();
      if (!accessor.canAccess(value)) {
        // A record private to its package (the web layer's) has public accessors all the same:
        // opening them reads only what the record publishes to its own package.
        accessor.setAccessible(true);
      }
      try {
        fields.put(component.getName(), accessor.invoke(value));
      } catch (IllegalAccessException | InvocationTargetException e) {
        throw new IllegalStateException("cannot read " + component, e);
      }
    }
    return fields;
  }

  /** Appends {@code c} as a JSON unicode escape: a backslash, u and four lower-case hex digits. */
  public static void unicodeEscape(StringBuilder out, char c) {
    out.append("\\u")
        .append(HEX[c >> 12 & 0xf])
        .append(HEX[c >> 8 & 0xf])
        .append(HEX[c >> 4 & 0xf])
        .append(HEX[c & 0xf]);
  }
}
