package org.olfsfastpath.pages;

import java.util.Locale;
import org.olfsfastpath.dap.ResponseType;

/**
 * The two data request forms: DAP4 ({@code .dmr.html}, built from the DMR) and DAP2 ({@code .html},
 * built from the DDX). The configured one, olfs.xml's {@code <DataRequestForm type="dap2|dap4"/>},
 * is where listings, the site map and the bare dataset URL send people; both forms are served
 * either way. Each is a row of {@link ResponseType}, whose suffix it gives.
 */
public enum FormType {
  DAP4(ResponseType.DMR_FORM),
  DAP2(ResponseType.FORM);

  private final ResponseType type;

  FormType(ResponseType type) {
    this.type = type;
  }

  /** The form's response. */
  public ResponseType type() {
    return type;
  }

  /** The URL suffix of the form, {@code .dmr.html} or {@code .html}. */
  public String suffix() {
    return type.suffix();
  }

  /** The protocol name people read, {@code DAP4} or {@code DAP2}: the constant's name. */
  public String label() {
    return name();
  }

  /**
   * Reads olfs.xml's {@code DataRequestForm type} value, {@code dap2} or {@code dap4} in any case.
   *
   * @throws IllegalArgumentException for any other value, naming it
   */
  public static FormType fromConfig(String type) {
    return switch (type.strip().toLowerCase(Locale.ROOT)) {
      case "dap4" -> DAP4;
      case "dap2" -> DAP2;
      default ->
          throw new IllegalArgumentException(
              "DataRequestForm type was \"" + type + "\", must be dap2 or dap4");
    };
  }
}
