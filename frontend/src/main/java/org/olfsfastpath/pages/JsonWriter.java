package org.olfsfastpath.pages;

import org.olfsfastpath.dap.Json;

/**
 * Writes compact JSON into a page, with every string through {@link Json#quote}, which also
 * escapes {@code <}: a value cannot close the {@code <script>} element the JSON sits in.
 */
final class JsonWriter {
  private final StringBuilder out;
  private boolean first = true;

  JsonWriter(StringBuilder out) {
    this.out = out;
  }

  /** Opens an object as an array element or as the document. */
  JsonWriter beginObject() {
    separate();
    out.append('{');
    first = true;
    return this;
  }

  /** Opens an object as the value of member {@code name}. */
  JsonWriter beginObject(String name) {
    key(name);
    out.append('{');
    first = true;
    return this;
  }

  JsonWriter endObject() {
    out.append('}');
    first = false;
    return this;
  }

  /** Opens an array as the value of member {@code name}. */
  JsonWriter beginArray(String name) {
    key(name);
    out.append('[');
    first = true;
    return this;
  }

  JsonWriter endArray() {
    out.append(']');
    first = false;
    return this;
  }

  /** Writes member {@code name} with a string value. */
  JsonWriter value(String name, String value) {
    key(name);
    out.append(Json.quote(value));
    first = false;
    return this;
  }

  /** Writes member {@code name} with a number value. */
  JsonWriter value(String name, long value) {
    key(name);
    out.append(value);
    first = false;
    return this;
  }

  /** Writes member {@code name} with a boolean value. */
  JsonWriter value(String name, boolean value) {
    key(name);
    out.append(value);
    first = false;
    return this;
  }

  /** Opens an array as an array element. */
  JsonWriter beginArray() {
    separate();
    out.append('[');
    first = true;
    return this;
  }

  /** Writes a string as an array element. */
  JsonWriter element(String value) {
    separate();
    out.append(Json.quote(value));
    first = false;
    return this;
  }

  /** Writes a number as an array element. */
  JsonWriter element(long value) {
    separate();
    out.append(value);
    first = false;
    return this;
  }

  private void key(String name) {
    separate();
    out.append(Json.quote(name)).append(':');
  }

  private void separate() {
    if (!first) {
      out.append(',');
    }
  }
}
