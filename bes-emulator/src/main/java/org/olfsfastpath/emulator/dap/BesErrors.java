package org.olfsfastpath.emulator.dap;

import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The BES's and libdap's wording for the mistakes the generator detects, and where the BES says
 * they came from. One place for these texts so that tests and generator agree.
 */
final class BesErrors {
  private BesErrors() {}

  /** BES error types (BESError.h). */
  static final int INTERNAL_ERROR = 1;

  static final int INTERNAL_FATAL_ERROR = 2;
  static final int SYNTAX_USER_ERROR = 3;

  // libdap's DAP2 constraint parser (ce_expr.yy, Array.cc).
  static final String NO_SUCH_IDENTIFIER =
      "Constraint expression parse error: the expression "
          + "referenced a identifier not found in the dataset.";
  static final String NO_SUCH_ARRAY =
      "Constraint expression parse error: the expression "
          + "referenced a array, grid or sequence not found in the dataset.";
  static final String SYNTAX_ERROR = "Constraint expression parse error: syntax error";
  static final String EXPECTED_INDEX = "Expected an array index.";
  static final String ARRAY_RANK_MISMATCH = rankMismatch("array");
  static final String GRID_RANK_MISMATCH = rankMismatch("grid");
  static final String PROJECTED_TWICE =
      "One or more Array variables were projected multiple times in the constraint expression.";
  static final String START_PAST_STOP = "The start value of an array index is past the stop value.";
  static final String BAD_SLICE =
      "Invalid constraint parameters: At least one of the start, "
          + "stride or stop \nspecified do not match the array variable.";
  static final String NO_SUCH_FUNCTION =
      "One or more functions using the constraint expression was not defined.";
  static final String RANGE_SUBSET = "Range-value subsets not implemented";

  /** Not a libdap text: selections need Sequences, which the generated datasets do not have. */
  static final String SELECTION_UNSUPPORTED =
      "Constraint expression parse error: selection clauses are not supported by this dataset.";

  // libdap's DAP4 constraint evaluator (D4ConstraintEvaluator.cc), built with PREVENT_XXS_VIA_CE.
  static final String D4_NOT_FOUND =
      "The constraint expression referenced a variable that was not found in the dataset.";
  static final String D4_NOT_CONSTRUCTOR =
      "The constraint expression referenced a variable that "
          + "must be a Structure or Sequence to be used with {}.";
  static final String D4_FILTER_UNSUPPORTED =
      "When a filter expression is used, it must be bound to a Sequence variable: ";

  /** libdap's text when a constraint's indexes are not as many as the {@code kind}'s dimensions. */
  private static String rankMismatch(String kind) {
    return "Error: The number of dimensions in the constraint must match the number in the "
        + kind
        + ".";
  }

  static String d4RankMismatch(String variable) {
    return "The index constraint for '" + variable + "' does not match its rank.";
  }

  static String d4NoSuchDimension(String dimension) {
    return "The dimension name '" + dimension + "' cannot be found";
  }

  /** What {@link #d4IndexTooLarge} says an array's index passed. */
  static final String D4_ARRAY_ELEMENTS = "the number of elements in the Array";

  /** What {@link #d4IndexTooLarge} says a shared dimension's index passed. */
  static final String D4_DIMENSION_SIZE = "the size of the dimension";

  /**
   * libdap's text for an index's {@code part} (its stride, its stop) past {@code bound}: {@link
   * #D4_ARRAY_ELEMENTS} of an array, {@link #D4_DIMENSION_SIZE} of a shared dimension.
   */
  static String d4IndexTooLarge(String name, String part, String bound) {
    return "For '" + name + "', the index " + part + " value is greater than " + bound;
  }

  static String d4ParseError(String bisonMessage) {
    return "Constraint expression parse error: " + bisonMessage;
  }

  // The BES's framing of those messages.
  static final String DAP_TRANSMIT_FILE = "BESDapTransmit.cc";
  static final int DAP_TRANSMIT_LINE = 92;
  static final String ASCII_TRANSMIT_FILE = "BESAsciiTransmit.cc";
  static final int ASCII_TRANSMIT_LINE = 110;
  static final int ASCII_DAP4_TRANSMIT_LINE = 232;

  /** A get type with no response handler: the BES fails while parsing the command. */
  static DapRequestException unknownGetType(String type) {
    return new DapRequestException(
        SYNTAX_USER_ERROR,
        "Command 'get."
            + type.toLowerCase(Locale.ROOT)
            + "' does not have a registered response handler",
        "BES",
        "BESXMLCommand.cc",
        70);
  }

  /**
   * The element the BES wraps a get's errors in once its response handler has named itself (getDDS,
   * getXml_data, ...), or null for a type with no response handler.
   */
  static @Nullable String responseElement(String type) {
    return switch (type) {
      case "das" -> "getDAS";
      case "dds" -> "getDDS";
      case "dods" -> "getDODS";
      case "dmr" -> "getDMR";
      case "dap" -> "getDAP";
      case "ddx" -> "getDDX";
      case "dataddx" -> "getDataDDX";
      case "info_page" -> "getInfoPage";
      case "xml_data" -> "getXml_data";
      case "stream" -> "getStream";
      default -> null;
    };
  }

  /** A response the BES makes (dataddx, covjson metadata) that the generator does not produce. */
  static DapRequestException notGenerated(String type, String element) {
    return new DapRequestException(
        INTERNAL_ERROR,
        "The emulated dataset does not generate " + type + " responses",
        element,
        "",
        0);
  }

  /** A returnAs naming no registered transmitter. */
  static DapRequestException unknownTransmitter(String returnAs) {
    return new DapRequestException(
        SYNTAX_USER_ERROR,
        "Unable to find transmitter " + returnAs,
        "BES",
        "BESXMLInterface.cc",
        255);
  }

  /** A transmitter (ascii) that has no method for the requested service (e.g. dds). */
  static DapRequestException noTransmitterMethod(String service, String element) {
    return new DapRequestException(
        INTERNAL_ERROR,
        "Unable to transmit response, no transmitter for " + service,
        element,
        "BESTransmitter.cc",
        93);
  }
}
