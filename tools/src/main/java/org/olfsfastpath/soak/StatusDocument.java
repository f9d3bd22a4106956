package org.olfsfastpath.soak;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The front end's {@code /status} document, read over HTTP: its sections ({@code frontEnd},
 * {@code cache}, {@code pool}) and their numeric counters. The document puts one key per line,
 * which is all this reader relies on.
 */
public record StatusDocument(Map<String, Map<String, Double>> sections) {
  private static final Pattern SECTION = Pattern.compile("^\\s*\"(\\w+)\": \\{\\s*$");
  private static final Pattern NUMBER = Pattern.compile("^\\s*\"(\\w+)\": (-?[0-9.eE+-]+|true|false),?\\s*$");

  public static StatusDocument fetch(int port) {
    RawHttp.Response r = RawHttp.get(port, "/opendap/status", Duration.ofSeconds(10));
    if (r.status() != 200 || !r.complete()) {
      throw new IllegalStateException("GET /opendap/status answered " + r.outcome() + ": " + r.text());
    }
    Map<String, Map<String, Double>> sections = new HashMap<>();
    Map<String, Double> current = null;
    for (String line : r.text().split("\n")) {
      Matcher section = SECTION.matcher(line);
      if (section.matches()) {
        current = new HashMap<>();
        sections.put(section.group(1), current);
        continue;
      }
      Matcher number = NUMBER.matcher(line);
      if (number.matches() && current != null) {
        String value = number.group(2);
        current.put(number.group(1), value.equals("true") ? 1.0 : value.equals("false") ? 0.0
            : Double.parseDouble(value));
      }
    }
    return new StatusDocument(sections);
  }

  /** A counter, e.g. {@code get("pool", "inUse")}. */
  public long get(String section, String key) {
    Map<String, Double> values = sections.get(section);
    Double value = values == null ? null : values.get(key);
    if (value == null) {
      throw new IllegalStateException("/status has no " + section + "." + key + ": " + sections);
    }
    return value.longValue();
  }
}
