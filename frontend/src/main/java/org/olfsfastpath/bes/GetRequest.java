package org.olfsfastpath.bes;

import java.util.List;
import java.util.Objects;

/**
 * One data request for the BES: which catalog path, which response, which constraint.
 *
 * @param path the BES catalog path, normalized, starting with {@code /}
 * @param type the response wanted
 * @param constraint the DAP2 or DAP4 constraint expression as the client sent it (decoded), or
 *     the empty string
 * @param xmlBase the request URL that DAP4 responses and the DDX name as {@code xml:base}, or the
 *     empty string
 * @param dap4Checksums whether the client asked for DAP4 checksums ({@code dap4.checksum=true});
 *     netCDF-C's DAP4 reader expects a CRC32 after every variable then
 * @param contexts further contexts sent first, in order, e.g. the history entries fileout_netcdf
 *     writes into a netCDF file
 */
public record GetRequest(String path, BesGetType type, String constraint, String xmlBase,
    boolean dap4Checksums, List<Context> contexts) {
  public GetRequest {
    Objects.requireNonNull(path, "path == null");
    Objects.requireNonNull(type, "type == null");
    Objects.requireNonNull(constraint, "constraint == null");
    Objects.requireNonNull(xmlBase, "xmlBase == null");
    contexts = List.copyOf(contexts);
  }

  /** A request without DAP4 checksums or further contexts. */
  public GetRequest(String path, BesGetType type, String constraint, String xmlBase) {
    this(path, type, constraint, xmlBase, false, List.of());
  }

  /** A request without DAP4 checksums or further contexts. */
  public GetRequest(String path, BesGetType type, String constraint, String xmlBase,
      boolean dap4Checksums) {
    this(path, type, constraint, xmlBase, dap4Checksums, List.of());
  }

  public static GetRequest of(String path, BesGetType type, String constraint) {
    return new GetRequest(path, type, constraint, "");
  }

  /** The same request for another catalog path (a BES that serves it under another name). */
  public GetRequest withPath(String newPath) {
    return new GetRequest(newPath, type, constraint, xmlBase, dap4Checksums, contexts);
  }

  /**
   * One {@code setContext} of a request.
   *
   * @param name the context's name, e.g. {@code cf_history_entry}
   * @param value its value, carried as XML text
   */
  public record Context(String name, String value) {
    public Context {
      Objects.requireNonNull(name, "name == null");
      Objects.requireNonNull(value, "value == null");
    }
  }
}
