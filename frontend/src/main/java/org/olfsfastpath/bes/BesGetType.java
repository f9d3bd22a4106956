package org.olfsfastpath.bes;

/**
 * The responses a {@code <get>} command can ask for, with the BES {@code type} and
 * {@code returnAs} attributes each one needs. ASCII is {@code type="dods" returnAs="ascii"}: the
 * BES has no {@code type="ascii"}.
 */
public enum BesGetType {
  DAS("das", null, false),
  DDS("dds", null, false),
  DODS("dods", null, false),
  ASCII("dods", "ascii", false),
  INFO_PAGE("info_page", null, false),
  DMR("dmr", null, true),
  DAP("dap", null, true);

  private final String besType;
  private final String returnAs;
  private final boolean dap4;

  BesGetType(String besType, String returnAs, boolean dap4) {
    this.besType = besType;
    this.returnAs = returnAs;
    this.dap4 = dap4;
  }

  /** The value of the get command's {@code type} attribute. */
  public String besType() {
    return besType;
  }

  /** The value of the get command's {@code returnAs} attribute, or null when it has none. */
  public String returnAs() {
    return returnAs;
  }

  /** Whether this is a DAP4 response (constraint sent as {@code dap4constraint}). */
  public boolean isDap4() {
    return dap4;
  }
}
