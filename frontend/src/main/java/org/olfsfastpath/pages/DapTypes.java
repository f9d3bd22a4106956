package org.olfsfastpath.pages;

import java.util.Set;

/**
 * What the forms need to know of DAP's atomic types: which are numbers, and how many bytes a value
 * takes in each binary answer. {@code -1} for a type whose values have no fixed size (strings,
 * URLs, opaque) or that is not atomic.
 */
final class DapTypes {
  private static final Set<String> NUMBERS =
      Set.of(
          "Byte", "Char", "Int8", "UInt8", "Int16", "UInt16", "Int32", "UInt32", "Int64", "UInt64",
          "Float32", "Float64");

  private DapTypes() {}

  /** Whether values of {@code type} are numbers (a coordinate can be one). */
  static boolean isNumber(String type) {
    return NUMBERS.contains(type);
  }

  /** Bytes per value in a DAP4 {@code dap} answer, or -1. */
  static int dap4Width(String type) {
    return switch (type) {
      case "Byte", "Char", "Int8", "UInt8" -> 1;
      case "Int16", "UInt16" -> 2;
      case "Int32", "UInt32", "Float32" -> 4;
      case "Int64", "UInt64", "Float64" -> 8;
      default -> -1;
    };
  }

  /**
   * Bytes per value in a DAP2 {@code dods} answer's XDR, or -1: every integer narrower than 32 bits
   * takes 4 bytes, except a Byte array's values, which are packed (see {@link #isPacked}).
   */
  static int xdrWidth(String type) {
    return switch (type) {
      case "Byte" -> 1;
      case "Int16", "UInt16", "Int32", "UInt32", "Float32" -> 4;
      case "Float64" -> 8;
      default -> -1;
    };
  }

  /** Whether a DAP2 array of {@code type} is sent packed and padded to 4 bytes (Byte). */
  static boolean isPacked(String type) {
    return type.equals("Byte");
  }

  /** Bytes per value in a netCDF-3 file (fileout_netcdf's types), or -1. */
  static int netcdfWidth(String type) {
    return switch (type) {
      case "Byte", "Char", "Int8", "UInt8" -> 1;
      case "Int16" -> 2;
      case "UInt16", "Int32", "UInt32", "Float32" -> 4;
      case "Int64", "UInt64", "Float64" -> 8;
      default -> -1;
    };
  }
}
