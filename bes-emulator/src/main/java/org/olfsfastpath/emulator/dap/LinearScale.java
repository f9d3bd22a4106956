package org.olfsfastpath.emulator.dap;

import java.util.List;

/**
 * The functions module's {@code linear_scale(var, m, b)}, as its DAP4 form computes it for an
 * array: every value {@code v} becomes {@code v * m + b}, as Float64, under the variable's name,
 * with its dimensions and attributes (the BES copies the array, then replaces its values). A fourth
 * argument (a missing value) changes nothing for an array; the one-argument form, which reads the
 * COARDS attributes, is not emulated.
 */
final class LinearScale {
  private LinearScale() {}

  static FunctionResults.Result apply(List<FunctionExpression.Arg> args, DatasetModel model)
      throws DapRequestException {
    if (args.size() != 1 && args.size() != 3 && args.size() != 4) {
      throw new DapRequestException(
          BesErrors.SYNTAX_USER_ERROR,
          "Wrong number of arguments to"
              + " linear_scale(). See linear_scale() for more information");
    }
    if (!(args.get(0) instanceof FunctionExpression.VariableArg source)) {
      throw BesErrors.notGenerated("linear_scale() of anything but a variable", "getDAP");
    }
    if (args.size() == 1) {
      throw BesErrors.notGenerated(
          "linear_scale() with the variable's own scale_factor and" + " add_offset", "getDAP");
    }
    double m = number(args.get(1));
    double b = number(args.get(2));
    Variable variable = source.variable();
    Values values = variable.values();
    return FunctionResults.Result.array(
        new Variable(
            variable.name(),
            DapType.FLOAT64,
            variable.dimensions(),
            variable.attributes(),
            Values.computed(index -> values.get(index) * m + b)));
  }

  private static double number(FunctionExpression.Arg arg) throws DapRequestException {
    if (arg instanceof FunctionExpression.NumberArg number) {
      return number.value();
    }
    // libdap's extract_double_value also reads a scalar variable or a string: not emulated.
    throw BesErrors.notGenerated(
        "linear_scale() with a scale or offset that is not a number", "getDAP");
  }
}
