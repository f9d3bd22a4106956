package org.olfsfastpath.bes;

import java.util.List;
import java.util.Objects;

/**
 * One data request for the BES: which catalog path, which response, which constraint.
 *
 * @param path the BES catalog path, normalized, starting with {@code /}
 * @param type the response wanted
 * @param constraint the DAP2 or DAP4 constraint expression as the client sent it (decoded), or the
 *     empty string
 * @param xmlBase the request URL that DAP4 responses and the DDX name as {@code xml:base}, or the
 *     empty string
 * @param dap4Checksums whether the client asked for DAP4 checksums ({@code dap4.checksum=true});
 *     netCDF-C's DAP4 reader expects a CRC32 after every variable then
 * @param contexts further contexts sent first, in order, e.g. the history entries fileout_netcdf
 *     writes into a netCDF file
 * @param dap4Function the DAP4 server function expression ({@code dap4.function}) for a DAP4 get,
 *     or the empty string; sent as upstream sends it ({@link Dap4Function})
 * @param probe whether this only asks if the BES can make the response at all ({@link
 *     #probe(String, BesGetType)}): the get names a definition that does not exist, so the BES
 *     answers at once, with no data, either that it lacks the module or that the definition is
 *     missing
 */
public record GetRequest(
    String path,
    BesGetType type,
    String constraint,
    String xmlBase,
    boolean dap4Checksums,
    List<Context> contexts,
    String dap4Function,
    boolean probe) {
  public GetRequest {
    contexts = List.copyOf(contexts);
    if (!dap4Function.isEmpty() && !type.isDap4()) {
      throw new IllegalArgumentException(
          "a server function goes only with a DAP4 get, not " + type);
    }
  }

  /** A request without a server function. */
  public GetRequest(
      String path,
      BesGetType type,
      String constraint,
      String xmlBase,
      boolean dap4Checksums,
      List<Context> contexts) {
    this(path, type, constraint, xmlBase, dap4Checksums, contexts, "", false);
  }

  /** A request without DAP4 checksums or further contexts. */
  public GetRequest(String path, BesGetType type, String constraint, String xmlBase) {
    this(path, type, constraint, xmlBase, false, List.of());
  }

  /** A request without DAP4 checksums or further contexts. */
  public GetRequest(
      String path, BesGetType type, String constraint, String xmlBase, boolean dap4Checksums) {
    this(path, type, constraint, xmlBase, dap4Checksums, List.of());
  }

  public static GetRequest of(String path, BesGetType type, String constraint) {
    return new GetRequest(path, type, constraint, "");
  }

  /** A request for {@code type} of {@code path}, the rest set by name on the builder. */
  public static Builder builder(String path, BesGetType type) {
    return new Builder(path, type);
  }

  /**
   * Builds a {@link GetRequest} one named part at a time; what is not set is empty (no constraint,
   * no xml:base, no checksums, no further contexts, no server function).
   */
  public static final class Builder {
    private final String path;
    private final BesGetType type;
    private String constraint = "";
    private String xmlBase = "";
    private boolean dap4Checksums;
    private List<Context> contexts = List.of();
    private String dap4Function = "";

    private Builder(String path, BesGetType type) {
      this.path = Objects.requireNonNull(path, "path == null");
      this.type = Objects.requireNonNull(type, "type == null");
    }

    public Builder constraint(String constraint) {
      this.constraint = Objects.requireNonNull(constraint, "constraint == null");
      return this;
    }

    public Builder xmlBase(String xmlBase) {
      this.xmlBase = Objects.requireNonNull(xmlBase, "xmlBase == null");
      return this;
    }

    public Builder dap4Checksums(boolean dap4Checksums) {
      this.dap4Checksums = dap4Checksums;
      return this;
    }

    public Builder contexts(List<Context> contexts) {
      this.contexts = List.copyOf(contexts);
      return this;
    }

    public Builder dap4Function(String dap4Function) {
      this.dap4Function = Objects.requireNonNull(dap4Function, "dap4Function == null");
      return this;
    }

    /**
     * @throws IllegalArgumentException if a server function goes with a get that is not DAP4
     */
    public GetRequest build() {
      return new GetRequest(
          path, type, constraint, xmlBase, dap4Checksums, contexts, dap4Function, false);
    }
  }

  /**
   * Asks the BES that serves {@code path} whether it can make {@code type} at all: a get of that
   * type and returnAs whose definition does not exist. The BES checks the transmitter and the
   * response handler while it reads the command, before it looks for the definition, so the answer
   * is an error either way and costs it no data: "Unable to find transmitter ..." or "... does not
   * have a registered response handler" when a module is missing, "Unable to find definition ..."
   * when it is there ({@link TransmitterProbe}).
   */
  public static GetRequest probe(String path, BesGetType type) {
    return new GetRequest(path, type, "", "", false, List.of(), "", true);
  }

  /** The same request for another catalog path (a BES that serves it under another name). */
  public GetRequest withPath(String newPath) {
    return new GetRequest(
        newPath, type, constraint, xmlBase, dap4Checksums, contexts, dap4Function, probe);
  }

  /**
   * One {@code setContext} of a request.
   *
   * @param name the context's name, e.g. {@code cf_history_entry}
   * @param value its value, carried as XML text
   */
  public record Context(String name, String value) {}
}
