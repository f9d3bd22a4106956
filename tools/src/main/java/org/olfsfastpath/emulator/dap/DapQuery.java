package org.olfsfastpath.emulator.dap;

import java.util.Objects;

/**
 * A get command as the emulator received it.
 *
 * @param type the get's type attribute: das, dds, dods, dmr, dap, info_page, ...
 * @param returnAs the get's returnAs attribute (e.g. ascii), or the empty string
 * @param constraint the constraint from the definition, or the empty string
 * @param dap4Constraint whether it came in a {@code dap4constraint} element
 * @param xmlBase the {@code xml:base} context, or the empty string
 * @param dap4Checksums whether the {@code dap4_checksums} context is {@code true} (any case)
 */
public record DapQuery(String type, String returnAs, String constraint, boolean dap4Constraint,
    String xmlBase, boolean dap4Checksums) {
  public DapQuery {
    Objects.requireNonNull(type, "type == null");
    Objects.requireNonNull(returnAs, "returnAs == null");
    Objects.requireNonNull(constraint, "constraint == null");
    Objects.requireNonNull(xmlBase, "xmlBase == null");
  }

  /** A query without DAP4 checksums (the BES's default when the context is not set). */
  public DapQuery(String type, String returnAs, String constraint, boolean dap4Constraint,
      String xmlBase) {
    this(type, returnAs, constraint, dap4Constraint, xmlBase, false);
  }
}
