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
 * @param dap4Checksums whether the client asked for DAP4 checksums ({@code dap4.checksum=true});
 *     netCDF-C's DAP4 reader expects a CRC32 after every variable then
 */
public record GetRequest(String path, BesGetType type, String constraint, String xmlBase,
    boolean dap4Checksums) {
  public GetRequest {
    Objects.requireNonNull(path, "path == null");
    Objects.requireNonNull(type, "type == null");
    Objects.requireNonNull(constraint, "constraint == null");
    Objects.requireNonNull(xmlBase, "xmlBase == null");
  }

  /** A request without DAP4 checksums. */
  public GetRequest(String path, BesGetType type, String constraint, String xmlBase) {
    this(path, type, constraint, xmlBase, false);
  }

  public static GetRequest of(String path, BesGetType type, String constraint) {
    return new GetRequest(path, type, constraint, "");
  }
}
