package org.olfsfastpath.web;

import java.util.Iterator;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.dap.Json;

/**
 * Writes the status document: nested maps and lists of numbers, booleans, strings and nulls as
 * JSON.
 */
final class JsonText {
  private JsonText() {}

  static String write(Map<String, ?> map) {
    StringBuilder out = new StringBuilder(1024);
    append(out, map, "");
    return out.append('\n').toString();
  }

  private static void append(StringBuilder out, @Nullable Object value, String indent) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof Map<?, ?> map) {
      if (map.isEmpty()) {
        out.append("{}");
        return;
      }
      String inner = indent + "  ";
      out.append("{\n");
      Iterator<? extends Map.Entry<?, ?>> entries = map.entrySet().iterator();
      while (entries.hasNext()) {
        Map.Entry<?, ?> entry = entries.next();
        out.append(inner).append(Json.quote(String.valueOf(entry.getKey()))).append(": ");
        append(out, entry.getValue(), inner);
        out.append(entries.hasNext() ? ",\n" : "\n");
      }
      out.append(indent).append('}');
    } else if (value instanceof Iterable<?> list) {
      Iterator<?> items = list.iterator();
      if (!items.hasNext()) {
        out.append("[]");
        return;
      }
      String inner = indent + "  ";
      out.append("[\n");
      while (items.hasNext()) {
        out.append(inner);
        append(out, items.next(), inner);
        out.append(items.hasNext() ? ",\n" : "\n");
      }
      out.append(indent).append(']');
    } else if (value instanceof Double d) {
      out.append(d.isNaN() || d.isInfinite() ? "null" : d.toString());
    } else if (value instanceof Number || value instanceof Boolean) {
      out.append(value);
    } else {
      out.append(Json.quote(value.toString()));
    }
  }
}
