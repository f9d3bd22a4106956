package org.olfsfastpath.bes;

import java.util.Objects;

/**
 * One data request for the BES: which catalog path, which response, which constraint.
 *
 * @param path the BES catalog path, normalized, starting with {@code /}
 * @param type the response wanted
 * @param constraint the DAP2 or DAP4 constraint expression as the client sent it (decoded), or
 *     the empty string
 * @param xmlBase the request URL that DAP4 responses name as {@code xml:base}, or the empty string
 */
public record GetRequest(String path, BesGetType type, String constraint, String xmlBase) {
  public GetRequest {
    Objects.requireNonNull(path, "path == null");
    Objects.requireNonNull(type, "type == null");
    Objects.requireNonNull(constraint, "constraint == null");
    Objects.requireNonNull(xmlBase, "xmlBase == null");
  }

  public static GetRequest of(String path, BesGetType type, String constraint) {
    return new GetRequest(path, type, constraint, "");
  }
}
