package org.olfsfastpath.emulator.dap;

import java.util.Map;

/**
 * A get command as the emulator received it.
 *
 * @param type the get's type attribute: das, dds, dods, dmr, dap, info_page, ddx, xml_data, ...
 * @param returnAs the get's returnAs attribute (e.g. ascii, json, netcdf), or the empty string
 * @param constraint the constraint from the definition, or the empty string
 * @param dap4Constraint whether it came in a {@code dap4constraint} element
 * @param xmlBase the {@code xml:base} context, or the empty string
 * @param dap4Checksums whether the {@code dap4_checksums} context is {@code true} (any case)
 * @param contexts every context set on the connection (the answers read {@code xdap_accept}, {@code
 *     max_response_size}, {@code max_variable_size}, {@code cf_history_entry} and {@code
 *     history_json_entry})
 */
public record DapQuery(
    String type,
    String returnAs,
    String constraint,
    boolean dap4Constraint,
    String xmlBase,
    boolean dap4Checksums,
    Map<String, String> contexts) {
  public DapQuery {
    contexts = Map.copyOf(contexts);
  }

  /** A query with no contexts besides the two given. */
  public DapQuery(
      String type,
      String returnAs,
      String constraint,
      boolean dap4Constraint,
      String xmlBase,
      boolean dap4Checksums) {
    this(type, returnAs, constraint, dap4Constraint, xmlBase, dap4Checksums, Map.of());
  }

  /** A query without DAP4 checksums (the BES's default when the context is not set). */
  public DapQuery(
      String type, String returnAs, String constraint, boolean dap4Constraint, String xmlBase) {
    this(type, returnAs, constraint, dap4Constraint, xmlBase, false);
  }

  /** The context's value, or the empty string when it is not set. */
  public String context(String name) {
    return contexts.getOrDefault(name, "");
  }
}
