package org.olfsfastpath.emulator.dap;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A {@code dap4function} expression, parsed as libdap's D4FunctionEvaluator reads it: functions
 * separated by {@code ;}, each {@code name(args)}, an argument being a function, a variable of the
 * dataset, a number or a quoted string. A function name is looked up as soon as it is read, so an
 * unknown one is the BES's "'name' is not a registered DAP4 server function." whatever follows; an
 * argument that is none of those is its "A function argument was not a variable, number or string."
 * Syntax errors are reported with their position, though not in bison's words. Array constants
 * ({@code $Float64(...)}) are not read.
 */
final class FunctionExpression {
  /** One argument of a call. */
  sealed interface Arg permits Call, VariableArg, NumberArg, TextArg {}

  /** A function call and its arguments (an empty argument list is none). */
  record Call(String name, List<Arg> args) implements Arg {
    Call {
      Objects.requireNonNull(name, "name == null");
      args = List.copyOf(args);
    }
  }

  /** A variable of the dataset, by its name. */
  record VariableArg(Variable variable) implements Arg {}

  /** A number, as strtod reads it. */
  record NumberArg(double value) implements Arg {}

  /** A quoted string, without its quotes. */
  record TextArg(String value) implements Arg {}

  private final String text;
  private final ServerFunctions functions;
  private final DatasetModel model;
  private int at;

  private FunctionExpression(String text, ServerFunctions functions, DatasetModel model) {
    this.text = text;
    this.functions = functions;
    this.model = model;
  }

  /**
   * The calls of {@code expression}, in order.
   *
   * @throws DapRequestException with the BES's error type and wording (3, a malformed expression)
   */
  static List<Call> parse(String expression, ServerFunctions functions, DatasetModel model)
      throws DapRequestException {
    FunctionExpression parser = new FunctionExpression(expression, functions, model);
    List<Call> calls = new ArrayList<>();
    calls.add(parser.call(parser.word()));
    while (parser.peek() == ';') {
      parser.at++;
      calls.add(parser.call(parser.word()));
    }
    if (parser.peek() != 0) {
      throw parser.syntaxError();
    }
    return calls;
  }

  private Call call(String name) throws DapRequestException {
    if (peek() != '(') {
      throw syntaxError();
    }
    if (!functions.isRegistered(name)) {
      throw malformed("'" + name + "' is not a registered DAP4 server function.");
    }
    at++;
    List<Arg> args = new ArrayList<>();
    if (peek() == ')') {
      at++;
      return new Call(name, args);
    }
    while (true) {
      args.add(arg());
      char next = peek();
      at++;
      if (next == ')') {
        return new Call(name, args);
      }
      if (next != ',') {
        at--;
        throw syntaxError();
      }
    }
  }

  private Arg arg() throws DapRequestException {
    if (peek() == '"') {
      return new TextArg(quoted());
    }
    if (peek() == '$') {
      throw malformed("array constants in a function expression are not read by the emulator");
    }
    String word = word();
    if (peek() == '(') {
      return call(word);
    }
    Variable variable = model.variable(word.startsWith("/") ? word.substring(1) : word);
    if (variable != null) {
      return new VariableArg(variable);
    }
    try {
      return new NumberArg(Double.parseDouble(word));
    } catch (NumberFormatException e) {
      // Not echoed, as libdap does not echo it (a guard against cross-site scripting).
      throw malformed("A function argument was not a variable, number or string.");
    }
  }

  private String word() throws DapRequestException {
    skipBlanks();
    int start = at;
    while (at < text.length() && "(),;\" \t\r\n".indexOf(text.charAt(at)) < 0) {
      at++;
    }
    if (at == start) {
      throw syntaxError();
    }
    return text.substring(start, at);
  }

  private String quoted() throws DapRequestException {
    StringBuilder value = new StringBuilder();
    at++;
    while (at < text.length()) {
      char c = text.charAt(at++);
      if (c == '"') {
        return value.toString();
      }
      if (c == '\\' && at < text.length()) {
        c = text.charAt(at++);
      }
      value.append(c);
    }
    throw syntaxError();
  }

  /** The next character that is not a blank, or 0 at the end. */
  private char peek() {
    skipBlanks();
    return at < text.length() ? text.charAt(at) : 0;
  }

  private void skipBlanks() {
    while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) {
      at++;
    }
  }

  private DapRequestException syntaxError() {
    return malformed("1." + (at + 1) + ": syntax error");
  }

  /** libdap's Error(malformed_expr, ...): BES type 3, wrapped by BESDapTransmit. */
  private static DapRequestException malformed(String message) {
    return new DapRequestException(BesErrors.SYNTAX_USER_ERROR, message);
  }
}
