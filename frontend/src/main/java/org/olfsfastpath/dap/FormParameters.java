package org.olfsfastpath.dap;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The form parameters of the query string and of a POST body, decoded once as form values ({@code
 * +} is a space), as the upstream OLFS reads them with getParameter.
 */
final class FormParameters {
  private final List<String[]> url;
  private final List<String[]> body;

  /**
   * Parameter names written without a value ({@code ?dap4.async}), URL and body alike; empty (and
   * not allocated) for the usual URL without such a name.
   */
  private final Set<String> bare;

  FormParameters(String query, String body) throws DapRequestRejectedException {
    this.bare = query.contains("dap4.") || body.contains("dap4.") ? new HashSet<>() : Set.of();
    this.url = decode(query, bare);
    this.body = decode(body, bare);
  }

  /** Whether a POST body gave any parameter. */
  boolean hasBody() {
    return !body.isEmpty();
  }

  private static List<String[]> decode(String form, Set<String> bare)
      throws DapRequestRejectedException {
    if (form.isEmpty()) {
      return List.of();
    }
    List<String[]> pairs = new ArrayList<>();
    for (String parameter : form.split("&")) {
      int eq = parameter.indexOf('=');
      if (eq < 0) {
        if (parameter.startsWith("dap4.")) {
          bare.add(PercentDecoding.decode(parameter, true, "query parameter name"));
        }
        continue;
      }
      pairs.add(
          new String[] {
            PercentDecoding.decode(parameter.substring(0, eq), true, "query parameter name"),
            PercentDecoding.decode(parameter.substring(eq + 1), true, "query parameter")
          });
    }
    return pairs;
  }

  List<String> urlValues(String name) {
    return values(url, name);
  }

  List<String> bodyValues(String name) {
    return values(body, name);
  }

  /** Whether the URL or the body names the parameter, with a value or without. */
  boolean has(String name) {
    return bare.contains(name) || names(url, name) || names(body, name);
  }

  private static boolean names(List<String[]> pairs, String name) {
    for (String[] pair : pairs) {
      if (pair[0].equals(name)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the first {@code dap4.checksum} of the URL, else of the body, is {@code true} in any
   * case, as upstream reads it ({@code getParameter}, the first value).
   */
  boolean checksums() {
    List<String> values = values(url, "dap4.checksum");
    if (values.isEmpty()) {
      values = values(body, "dap4.checksum");
    }
    return !values.isEmpty() && values.get(0).equalsIgnoreCase("true");
  }

  private static List<String> values(List<String[]> pairs, String name) {
    if (!names(pairs, name)) {
      return List.of();
    }
    List<String> values = new ArrayList<>();
    for (String[] pair : pairs) {
      if (pair[0].equals(name)) {
        values.add(pair[1]);
      }
    }
    return values;
  }
}
