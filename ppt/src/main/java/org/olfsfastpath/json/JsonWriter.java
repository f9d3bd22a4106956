package org.olfsfastpath.json;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Writes JSON into a {@link StringBuilder} as it goes: compact ({@code {"a":1,"b":[2]}}), or
 * indented as the status document ({@code "a": 1} a member per line, two spaces per level). Every
 * string goes through {@link Json#quote(StringBuilder, String, boolean)}; a page's writer is
 * HTML-safe. Not thread-safe; one document per writer.
 */
public final class JsonWriter {
  private final StringBuilder out;
  private final boolean htmlSafe;
  private final boolean indented;

  /** Per open container, whether it has a member yet; empty at the top level. */
  private final Deque<Boolean> open = new ArrayDeque<>();

  /** At the top level, whether a value was written (values there are separated by commas). */
  private boolean topWritten;

  /** A member's name was written and its value is due. */
  private boolean named;

  private JsonWriter(StringBuilder out, boolean htmlSafe, boolean indented) {
    this.out = Objects.requireNonNull(out, "out == null");
    this.htmlSafe = htmlSafe;
    this.indented = indented;
  }

  /** A compact, HTML-safe writer: JSON a page embeds in a script element. */
  public JsonWriter(StringBuilder out) {
    this(out, true, false);
  }

  /** A compact writer; {@code htmlSafe} escapes {@code <} as well. */
  public static JsonWriter compact(StringBuilder out, boolean htmlSafe) {
    return new JsonWriter(out, htmlSafe, false);
  }

  /** An indented, HTML-safe writer: the status document's layout. */
  public static JsonWriter indented(StringBuilder out) {
    return new JsonWriter(out, true, true);
  }

  /** Opens an object as an array element, or as the document. */
  public JsonWriter beginObject() {
    return open('{');
  }

  /** Opens an object as the value of member {@code name}. */
  public JsonWriter beginObject(String name) {
    return name(name).open('{');
  }

  public JsonWriter endObject() {
    return close('}');
  }

  /** Opens an array as an array element, or as the document. */
  public JsonWriter beginArray() {
    return open('[');
  }

  /** Opens an array as the value of member {@code name}. */
  public JsonWriter beginArray(String name) {
    return name(name).open('[');
  }

  public JsonWriter endArray() {
    return close(']');
  }

  /** Writes the name of the next member of the object open now; its value follows. */
  public JsonWriter name(String name) {
    separate();
    Json.quote(out, name, htmlSafe).append(indented ? ": " : ":");
    named = true;
    return this;
  }

  /** Writes member {@code name} with a string value. */
  public JsonWriter value(String name, String value) {
    return name(name).value(value);
  }

  /** Writes a string value. */
  public JsonWriter value(String value) {
    separate();
    Json.quote(out, value, htmlSafe);
    return this;
  }

  /** Writes a number value. */
  public JsonWriter value(long value) {
    separate();
    out.append(value);
    return this;
  }

  /** Writes a boolean value. */
  public JsonWriter value(boolean value) {
    separate();
    out.append(value);
    return this;
  }

  /** Writes {@code literal} as it is: a number already formatted, e.g. {@code 0.300}. */
  public JsonWriter rawValue(String literal) {
    separate();
    out.append(literal);
    return this;
  }

  /** Writes null. */
  public JsonWriter nullValue() {
    return rawValue("null");
  }

  /**
   * Writes a tree: a map as an object (its keys as strings), an iterable as an array, a number or
   * boolean as itself (a NaN or infinite double as null), null as null, anything else as its
   * string.
   */
  public JsonWriter value(@Nullable Object tree) {
    if (tree == null) {
      return nullValue();
    }
    if (tree instanceof Map<?, ?> map) {
      beginObject();
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        name(String.valueOf(entry.getKey())).value(entry.getValue());
      }
      return endObject();
    }
    if (tree instanceof Iterable<?> list) {
      beginArray();
      for (Object item : list) {
        value(item);
      }
      return endArray();
    }
    if (tree instanceof Double d && (d.isNaN() || d.isInfinite())) {
      return nullValue();
    }
    if (tree instanceof Number || tree instanceof Boolean) {
      return rawValue(tree.toString());
    }
    return value(tree.toString());
  }

  private JsonWriter open(char bracket) {
    separate();
    out.append(bracket);
    open.push(false);
    return this;
  }

  private JsonWriter close(char bracket) {
    if (open.isEmpty()) {
      throw new IllegalStateException("no object or array is open to close with " + bracket);
    }
    boolean hadMembers = open.pop();
    if (indented && hadMembers) {
      newLine();
    }
    out.append(bracket);
    return this;
  }

  /** Before a value or a name: the comma and, indented, the new line that precede it. */
  private void separate() {
    if (named) {
      named = false; // The value of the member just named.
      return;
    }
    if (open.isEmpty()) {
      if (topWritten) {
        out.append(',');
      }
      topWritten = true;
      return;
    }
    boolean first = !open.pop();
    open.push(true);
    if (!first) {
      out.append(',');
    }
    if (indented) {
      newLine();
    }
  }

  private void newLine() {
    out.append('\n');
    for (int i = 0; i < open.size(); i++) {
      out.append("  ");
    }
  }
}
