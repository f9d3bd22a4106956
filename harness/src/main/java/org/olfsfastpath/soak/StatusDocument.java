package org.olfsfastpath.soak;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The front end's {@code /status} document, read over HTTP: its sections of counters ({@code
 * frontEnd}, {@code cache}, {@code pool} ...) and its {@code groups}, one per BES group, each with
 * its {@code bes} list. Parsed as JSON, so that the nested groups never mix their keys into a
 * section's.
 *
 * @param sections every top-level object, its numeric and boolean values as numbers (true is 1)
 * @param groups the {@code groups} list, each group as parsed (strings, numbers, booleans, nulls,
 *     and its {@code bes} list of objects)
 */
public record StatusDocument(
    Map<String, Map<String, Double>> sections, List<Map<String, Object>> groups) {

  public static StatusDocument fetch(int port) {
    RawHttp.Response r = RawHttp.get(port, "/opendap/status", Duration.ofSeconds(10));
    if (r.status() != 200 || !r.complete()) {
      throw new IllegalStateException(
          "GET /opendap/status answered " + r.outcome() + ": " + r.text());
    }
    return parse(r.text());
  }

  /** Parses the document's text. */
  @SuppressWarnings("unchecked")
  public static StatusDocument parse(String json) {
    Object root = new Reader(json).document();
    if (!(root instanceof Map<?, ?> top)) {
      throw new IllegalArgumentException("/status is not a JSON object: " + json);
    }
    Map<String, Map<String, Double>> sections = new HashMap<>();
    List<Map<String, Object>> groups = List.of();
    for (Map.Entry<?, ?> entry : top.entrySet()) {
      String name = (String) entry.getKey();
      if (entry.getValue() instanceof Map<?, ?> section) {
        Map<String, Double> numbers = new HashMap<>();
        section.forEach(
            (key, value) -> {
              if (value instanceof Number n) {
                numbers.put((String) key, n.doubleValue());
              } else if (value instanceof Boolean b) {
                numbers.put((String) key, b ? 1.0 : 0.0);
              }
            });
        sections.put(name, numbers);
      } else if (name.equals("groups") && entry.getValue() instanceof List<?> list) {
        List<Map<String, Object>> parsed = new ArrayList<>();
        for (Object group : list) {
          parsed.add((Map<String, Object>) group);
        }
        groups = parsed;
      }
    }
    return new StatusDocument(sections, groups);
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

  /** The group of prefix {@code /}, which every front end has. */
  public Map<String, Object> rootGroup() {
    for (Map<String, Object> group : groups) {
      if ("/".equals(group.get("prefix"))) {
        return group;
      }
    }
    throw new IllegalStateException("/status has no group of prefix /: " + groups);
  }

  /** Whether every BES of the {@code /} group is out of service. */
  public boolean down() {
    return Boolean.TRUE.equals(rootGroup().get("down"));
  }

  /** Since when the {@code /} group is down, or null while it is not. */
  public @Nullable Instant downSince() {
    Object since = rootGroup().get("downSince");
    return since == null ? null : Instant.parse((String) since);
  }

  /** A value of the {@code /} group, e.g. {@code unavailable} (commands refused while down). */
  public long groupCounter(String key) {
    return number(rootGroup(), key, "group /");
  }

  /** The first BES of the {@code /} group, as the document shows it. */
  @SuppressWarnings("unchecked")
  public Map<String, Object> firstBes() {
    Object list = rootGroup().get("bes");
    if (!(list instanceof List<?> members) || members.isEmpty()) {
      throw new IllegalStateException("/status group / lists no BES: " + rootGroup());
    }
    return (Map<String, Object>) members.get(0);
  }

  /** A counter of the first BES of the {@code /} group, e.g. {@code requests}, {@code probes}. */
  public long besCounter(String key) {
    return number(firstBes(), key, "BES " + firstBes().get("bes"));
  }

  /**
   * The time until the next probe of the first BES of the {@code /} group (zero while one runs), or
   * null while it is in service.
   */
  public @Nullable Duration nextProbe() {
    Object millis = firstBes().get("nextProbeMillis");
    return millis == null ? null : Duration.ofMillis(((Number) millis).longValue());
  }

  /** The {@code /} group's fair shares: {@code limit}, {@code clients}, {@code inUse} ... */
  @SuppressWarnings("unchecked")
  public Map<String, Object> shares() {
    if (!(rootGroup().get("shares") instanceof Map<?, ?> shares)) {
      throw new IllegalStateException("/status group / has no shares: " + rootGroup());
    }
    return (Map<String, Object>) shares;
  }

  /** A number of the {@code /} group's shares, e.g. {@code limit}, {@code waiting}. */
  public long sharesCounter(String key) {
    return number(shares(), key, "group / shares");
  }

  /**
   * A refusal count of the {@code /} group: {@code clientShare}, {@code clientQueue}, {@code
   * reserve}.
   */
  public long refused(String limit) {
    if (!(shares().get("refused") instanceof Map<?, ?> refused)
        || !(refused.get(limit) instanceof Number n)) {
      throw new IllegalStateException(
          "/status group / shares has no refused." + limit + ": " + shares());
    }
    return n.longValue();
  }

  /**
   * The clients holding the most of the {@code /} group's connections, as the document lists them:
   * address (null unless read as an operator) to connections in use.
   */
  public Map<String, Long> topClients() {
    Map<String, Long> top = new LinkedHashMap<>();
    if (shares().get("top") instanceof List<?> list) {
      for (Object entry : list) {
        if (entry instanceof Map<?, ?> client && client.get("inUse") instanceof Number n) {
          top.put(String.valueOf(client.get("client")), n.longValue());
        }
      }
    }
    return top;
  }

  private static long number(Map<String, Object> object, String key, String where) {
    if (!(object.get(key) instanceof Number n)) {
      throw new IllegalStateException("/status " + where + " has no number " + key + ": " + object);
    }
    return n.longValue();
  }

  /** A small JSON reader: objects (in order), arrays, strings, numbers, booleans and null. */
  private static final class Reader {
    private final String text;
    private int at;

    Reader(String text) {
      this.text = text;
    }

    @Nullable Object document() {
      Object value = value();
      skipSpace();
      if (at != text.length()) {
        throw error("text after the document");
      }
      return value;
    }

    private @Nullable Object value() {
      skipSpace();
      if (at >= text.length()) {
        throw error("the document ends early");
      }
      char c = text.charAt(at);
      switch (c) {
        case '{':
          return object();
        case '[':
          return array();
        case '"':
          return string();
        default:
          break;
      }
      if (text.startsWith("true", at)) {
        at += 4;
        return Boolean.TRUE;
      }
      if (text.startsWith("false", at)) {
        at += 5;
        return Boolean.FALSE;
      }
      if (text.startsWith("null", at)) {
        at += 4;
        return null;
      }
      int start = at;
      while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
        at++;
      }
      if (start == at) {
        throw error("unexpected '" + c + "'");
      }
      return Double.parseDouble(text.substring(start, at));
    }

    private Map<String, Object> object() {
      Map<String, Object> map = new LinkedHashMap<>();
      at++;
      skipSpace();
      if (peek() == '}') {
        at++;
        return map;
      }
      while (true) {
        skipSpace();
        String key = string();
        skipSpace();
        expect(':');
        map.put(key, value());
        skipSpace();
        if (peek() == ',') {
          at++;
        } else {
          expect('}');
          return Collections.unmodifiableMap(map);
        }
      }
    }

    private List<Object> array() {
      List<Object> list = new ArrayList<>();
      at++;
      skipSpace();
      if (peek() == ']') {
        at++;
        return list;
      }
      while (true) {
        list.add(value());
        skipSpace();
        if (peek() == ',') {
          at++;
        } else {
          expect(']');
          return Collections.unmodifiableList(list);
        }
      }
    }

    private String string() {
      expect('"');
      StringBuilder out = new StringBuilder();
      while (true) {
        if (at >= text.length()) {
          throw error("a string does not end");
        }
        char c = text.charAt(at++);
        if (c == '"') {
          return out.toString();
        }
        if (c != '\\') {
          out.append(c);
          continue;
        }
        char escaped = text.charAt(at++);
        switch (escaped) {
          case 'n' -> out.append('\n');
          case 't' -> out.append('\t');
          case 'r' -> out.append('\r');
          case 'b' -> out.append('\b');
          case 'f' -> out.append('\f');
          case 'u' -> {
            out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
            at += 4;
          }
          default -> out.append(escaped);
        }
      }
    }

    private char peek() {
      if (at >= text.length()) {
        throw error("the document ends early");
      }
      return text.charAt(at);
    }

    private void expect(char c) {
      if (peek() != c) {
        throw error("expected '" + c + "'");
      }
      at++;
    }

    private void skipSpace() {
      while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
        at++;
      }
    }

    private IllegalArgumentException error(String what) {
      return new IllegalArgumentException(
          "/status is not JSON: "
              + what
              + " at "
              + at
              + ": "
              + text.substring(Math.max(0, at - 40), Math.min(text.length(), at + 40)));
    }
  }
}
