package org.olfsfastpath.emulator.dap;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The BES's response and variable size limits (the {@code max_response_size} and {@code
 * max_variable_size} contexts): the sizes it adds up and the "You asked for too much!" message it
 * answers with when a request goes over a limit.
 *
 * <p>Sizes are data bytes only: the constrained element count times the element width, summed over
 * every part sent (a Grid's array and each projected map). A context of 0, or one that is not a
 * number, sets no limit. On the DAP2 path a missing limit is printed as the BES's built-in caps, 2
 * GiB per variable and 4 GiB per response; on the DAP4 path as {@code unlimited}.
 */
final class SizeLimits {
  static final long DAP2_VARIABLE_CAP = 2_147_483_648L;
  static final long DAP2_RESPONSE_CAP = 4_294_967_296L;

  static final String BUILDER_FILE = "BESDapResponseBuilder.cc";
  static final int DODS_LINE = 1179;
  static final int DODS_TRANSFORM_LINE = 960;
  static final int DAP_LINE = 1369;
  static final int DAP_COVJSON_LINE = 1419;

  private record Sized(String declaration, long bytes) {}

  private SizeLimits() {}

  /** The too-big message for a DAP2 request, or null when it is within the limits. */
  static @Nullable String dap2Problem(Dap2Projection projection, DapQuery query) {
    List<Sized> parts = new ArrayList<>();
    for (Dap2Projection.Entry entry : projection.entries()) {
      if (!entry.grid()) {
        parts.add(sized(entry.array(), entry.variable().name()));
        continue;
      }
      String prefix = entry.variable().name() + ".";
      if (entry.array().send()) {
        parts.add(sized(entry.array(), prefix + entry.variable().name()));
      }
      for (Dap2Projection.Part map : entry.maps()) {
        if (map.send()) {
          parts.add(sized(map, prefix + map.variable().name()));
        }
      }
    }
    long variableLimit = limit(query, "max_variable_size");
    long responseLimit = limit(query, "max_response_size");
    if (variableLimit == 0 || variableLimit > DAP2_VARIABLE_CAP) {
      variableLimit = DAP2_VARIABLE_CAP;
    }
    if (responseLimit == 0 || responseLimit > DAP2_RESPONSE_CAP) {
      responseLimit = DAP2_RESPONSE_CAP;
    }
    return problem(parts, responseLimit, variableLimit, 2);
  }

  /** The too-big message for a DAP4 request, or null when it is within the limits. */
  static @Nullable String dap4Problem(Dap4Projection projection, DapQuery query) {
    List<Sized> parts = new ArrayList<>();
    for (Dap4Projection.Entry entry : projection.entries()) {
      parts.add(sized(entry.variable(), entry.slices(), "/" + entry.variable().name()));
    }
    return problem(parts, limit(query, "max_response_size"), limit(query, "max_variable_size"), 4);
  }

  /** A DAP2 too-big error as the get's response builder reports it. */
  static DapRequestException dap2Error(String message, int line) {
    return new DapRequestException(
        BesErrors.SYNTAX_USER_ERROR, message, "getDODS", BUILDER_FILE, line);
  }

  /** A DAP4 too-big error as the get's response builder reports it. */
  static DapRequestException dap4Error(String message, int line) {
    return new DapRequestException(
        BesErrors.SYNTAX_USER_ERROR, message, "getDAP", BUILDER_FILE, line);
  }

  /** The context as the BES reads it: an unsigned number, 0 (no limit) if absent or not one. */
  static long limit(DapQuery query, String context) {
    String text = query.context(context).trim();
    if (text.isEmpty() || !text.chars().allMatch(Character::isDigit) || text.length() > 18) {
      return 0;
    }
    return Long.parseLong(text);
  }

  private static Sized sized(Dap2Projection.Part part, String fqn) {
    return sized(part.variable(), part.slices(), fqn);
  }

  private static Sized sized(Variable variable, List<Slice> slices, String fqn) {
    StringBuilder declaration =
        new StringBuilder(variable.type().dapName()).append(' ').append(fqn);
    long count = 1;
    for (Slice slice : slices) {
      declaration.append('[').append(slice.start()).append(':');
      if (slice.stride() != 1) {
        declaration.append(slice.stride()).append(':');
      }
      declaration.append(slice.stop()).append(']');
      count *= slice.count();
    }
    return new Sized(declaration.toString(), count * variable.type().dap4Width());
  }

  private static @Nullable String problem(
      List<Sized> parts, long responseLimit, long variableLimit, int dapVersion) {
    long total = 0;
    List<Sized> oversized = new ArrayList<>();
    for (Sized part : parts) {
      total += part.bytes();
      if (variableLimit > 0 && part.bytes() > variableLimit) {
        oversized.add(part);
      }
    }
    boolean responseTooBig = responseLimit > 0 && total > responseLimit;
    if (!responseTooBig && oversized.isEmpty()) {
      return null;
    }
    StringBuilder message = new StringBuilder(1024);
    message
        .append("\nYou asked for too much! \n")
        .append("    Maximum allowed response size: ")
        .append(limitText(responseLimit))
        .append('\n')
        .append("    Maximum allowed variable size: ")
        .append(limitText(variableLimit))
        .append('\n');
    if (responseTooBig) {
      message
          .append("The submitted DAP")
          .append(dapVersion)
          .append(" request will generate a ")
          .append(total)
          .append(" byte\n")
          .append("response, which is larger than the maximum allowed response size.\n");
    }
    if (!oversized.isEmpty()) {
      if (responseTooBig) {
        message
            .append("\nIn addition to the overall response being too large for the\n")
            .append("service to produce, the request references the following\nvariable(s) ");
      } else {
        message.append("The following is a list of variable(s), identified\nin the request, ");
      }
      message
          .append("that are each too large for the service\nto process.\n\n")
          .append("Oversized Variable(s): \n");
      for (Sized part : oversized) {
        message
            .append("    ")
            .append(part.declaration())
            .append(" (")
            .append(part.bytes())
            .append(" bytes)\n");
      }
      message.append('\n');
    }
    message
        .append("You can resolve these issues by requesting less.\n")
        .append(" - Consider asking for fewer variables (do you need them all?)\n")
        .append(" - If individual variables are too large you can also subset\n")
        .append("   them using an index based array subset expression \n")
        .append("   to request a smaller area or to decimate the variable.\n");
    if (dapVersion == 2) {
      message
          .append("You can find detailed information about DAP2 variable sub-setting\n")
          .append("expressions in section 4.4 of the DAP2 User Guide located here:\n")
          .append("https://www.opendap.org/documentation/UserGuideComprehensive.pdf\n");
    } else {
      message
          .append("You can find detailed information about DAP4 variable sub-setting here:\n")
          .append("https://github.com/OPENDAP/dap4-specification/blob/main/")
          .append("01_data-model-and-serialized-rep.md#8-constraints\n");
    }
    return message.toString();
  }

  private static String limitText(long limit) {
    return limit == 0 ? "unlimited" : limit + " bytes.";
  }
}
