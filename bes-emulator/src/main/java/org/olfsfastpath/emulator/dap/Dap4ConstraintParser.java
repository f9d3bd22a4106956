package org.olfsfastpath.emulator.dap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Parses a DAP4 constraint expression ({@code COADSX=[0:9];/SST[0][0:9][0:9];/TIME}) against a
 * dataset, the way libdap's D4ConstraintEvaluator does, with the same error texts. Not thread-safe:
 * one instance per parse.
 */
final class Dap4ConstraintParser {
  private enum Kind {
    WORD,
    STRING,
    SYMBOL,
    END
  }

  private record Token(Kind kind, String text) {
    boolean is(String symbol) {
      return kind == Kind.SYMBOL && text.equals(symbol);
    }

    /** How bison names the token in "unexpected ...". */
    String describe() {
      return switch (kind) {
        case WORD -> "word";
        case STRING -> "string";
        case SYMBOL -> text;
        case END -> "end of file";
      };
    }
  }

  /** An index as written; {@code rest} means "to the end", {@code empty} is {@code []}. */
  private record Index(long start, long stride, long stop, boolean rest, boolean empty) {}

  private static final class DimensionState {
    final Dimension dimension;
    @Nullable Slice constraint;
    boolean used;

    DimensionState(Dimension dimension) {
      this.dimension = dimension;
    }
  }

  private static final class VariableState {
    final Variable variable;
    final Slice[] slices;
    final boolean[] shared;
    final List<Variable> maps;
    boolean send;

    VariableState(Variable variable, List<Variable> maps) {
      this.variable = variable;
      this.slices = new Slice[variable.rank()];
      this.shared = new boolean[variable.rank()];
      for (int d = 0; d < slices.length; d++) {
        slices[d] = Slice.all(variable.dimensions().get(d).size());
      }
      this.maps = new ArrayList<>(maps);
    }
  }

  private static final String TWO_CHARACTER_OPERATORS = "== != >= <= ~= << >> @=";
  private static final String SYMBOLS = "[]:,;|{}/.=<>";

  private final DatasetModel model;
  private final String input;
  private final Map<String, DimensionState> dimensions = new LinkedHashMap<>();
  private final Map<Variable, VariableState> variables = new LinkedHashMap<>();
  private int position;
  private @Nullable Token peeked;

  private Dap4ConstraintParser(DatasetModel model, String input) {
    this.model = model;
    this.input = input;
    for (Dimension dimension : model.dimensions()) {
      dimensions.put(dimension.name(), new DimensionState(dimension));
    }
    for (Variable variable : model.variables()) {
      variables.put(variable, new VariableState(variable, model.maps(variable)));
    }
  }

  /** Applies {@code expression}; an empty one selects everything, unconstrained. */
  static Dap4Projection parse(DatasetModel model, String expression) throws ConstraintException {
    if (expression.isEmpty()) {
      return everything(model);
    }
    Dap4ConstraintParser parser = new Dap4ConstraintParser(model, expression);
    parser.expression();
    return parser.result();
  }

  private static Dap4Projection everything(DatasetModel model) {
    List<Dap4Projection.DeclaredDimension> declared = new ArrayList<>();
    for (Dimension dimension : model.dimensions()) {
      declared.add(new Dap4Projection.DeclaredDimension(dimension.name(), dimension.size()));
    }
    List<Dap4Projection.Entry> entries = new ArrayList<>();
    for (Variable variable : model.variables()) {
      List<Slice> slices = new ArrayList<>();
      List<Boolean> shared = new ArrayList<>();
      for (Dimension dimension : variable.dimensions()) {
        slices.add(Slice.all(dimension.size()));
        shared.add(Boolean.TRUE);
      }
      entries.add(new Dap4Projection.Entry(variable, slices, shared, model.maps(variable)));
    }
    return new Dap4Projection(false, declared, entries);
  }

  private void expression() throws ConstraintException {
    boolean inClauses = false;
    while (true) {
      String id = id();
      if (peek().is("=")) {
        if (inClauses) {
          throw syntaxError(peek());
        }
        next();
        sliceDimension(id, index());
        Token separator = next();
        if (!separator.is(";")) {
          throw syntaxError(separator);
        }
        continue;
      }
      inClauses = true;
      subset(id);
      Token separator = next();
      if (separator.kind() == Kind.END) {
        return;
      }
      if (!separator.is(";")) {
        throw syntaxError(separator);
      }
    }
  }

  /** id : path | "/" path | group "/" path, returned as written (leading slash and all). */
  private String id() throws ConstraintException {
    StringBuilder id = new StringBuilder();
    if (peek().is("/")) {
      next();
      id.append('/');
    }
    id.append(name());
    while (peek().is("/") || peek().is(".")) {
      id.append(next().text()).append(name());
    }
    return id.toString();
  }

  private String name() throws ConstraintException {
    Token token = next();
    if (token.kind() == Kind.WORD) {
      return Dap2Lexer.www2id(token.text());
    }
    if (token.kind() == Kind.STRING) {
      return token.text();
    }
    throw syntaxError(token);
  }

  private Index index() throws ConstraintException {
    Token open = next();
    if (!open.is("[")) {
      throw syntaxError(open);
    }
    Token first = next();
    if (first.is("]")) {
      return new Index(0, 1, 0, true, true);
    }
    if (first.kind() != Kind.WORD) {
      throw syntaxError(first);
    }
    Token afterFirst = next();
    if (afterFirst.is("]")) {
      long value = int64(first.text());
      return new Index(value, 1, value, false, false);
    }
    if (!afterFirst.is(":")) {
      throw syntaxError(afterFirst);
    }
    Token second = next();
    if (second.is("]")) {
      return new Index(int64(first.text()), 1, 0, true, false);
    }
    if (second.kind() != Kind.WORD) {
      throw syntaxError(second);
    }
    Token afterSecond = next();
    if (afterSecond.is("]")) {
      return checked(int64(first.text()), 1, int64(second.text()));
    }
    if (!afterSecond.is(":")) {
      throw syntaxError(afterSecond);
    }
    Token third = next();
    if (third.is("]")) {
      return new Index(int64(first.text()), int64(second.text()), 0, true, false);
    }
    if (third.kind() != Kind.WORD) {
      throw syntaxError(third);
    }
    Token close = next();
    if (!close.is("]")) {
      throw syntaxError(close);
    }
    return checked(int64(first.text()), int64(second.text()), int64(third.text()));
  }

  private static Index checked(long start, long stride, long stop) throws ConstraintException {
    if (start > stop) {
      throw new ConstraintException(BesErrors.START_PAST_STOP);
    }
    return new Index(start, stride, stop, false, false);
  }

  /** libdap's get_int64: strtoll with base 0, nothing after the number. */
  private static long int64(String text) throws ConstraintException {
    try {
      String digits = text;
      boolean negative = false;
      if (digits.startsWith("-") || digits.startsWith("+")) {
        negative = digits.startsWith("-");
        digits = digits.substring(1);
      }
      long value;
      if (digits.length() > 2 && (digits.startsWith("0x") || digits.startsWith("0X"))) {
        value = Long.parseLong(digits.substring(2), 16);
      } else if (digits.length() > 1 && digits.startsWith("0")) {
        value = Long.parseLong(digits.substring(1), 8);
      } else {
        value = Long.parseLong(digits);
      }
      return negative ? -value : value;
    } catch (NumberFormatException e) {
      throw new ConstraintException(
          BesErrors.INTERNAL_ERROR, "Expected a 64-bit integer, but found other characters.");
    }
  }

  /** D4ConstraintEvaluator::slice_dimension. */
  private void sliceDimension(String id, Index index) throws ConstraintException {
    DimensionState state = dimensions.get(id.startsWith("/") ? id.substring(1) : id);
    if (state == null) {
      throw new ConstraintException(BesErrors.d4NoSuchDimension(id));
    }
    int size = state.dimension.size();
    if (index.stride() > size) {
      throw new ConstraintException(
          BesErrors.d4IndexTooLarge(id, "stride", BesErrors.D4_DIMENSION_SIZE));
    }
    if (!index.rest() && index.stop() > size - 1) {
      throw new ConstraintException(
          BesErrors.d4IndexTooLarge(id, "stop", BesErrors.D4_DIMENSION_SIZE));
    }
    long stop = index.rest() ? size - 1 : index.stop();
    if (index.start() < 0 || index.start() > stop || index.stride() < 1) {
      throw new ConstraintException(BesErrors.BAD_SLICE);
    }
    state.constraint = new Slice((int) index.start(), (int) index.stride(), (int) stop);
  }

  private void subset(String id) throws ConstraintException {
    List<Index> indexes = new ArrayList<>();
    while (peek().is("[")) {
      indexes.add(index());
    }
    Variable variable =
        id.indexOf('/', 1) >= 0 || id.indexOf('.') >= 0
            ? null
            : model.variable(id.startsWith("/") ? id.substring(1) : id);
    if (peek().is("{")) {
      if (variable == null) {
        throw new ConstraintException(BesErrors.D4_NOT_FOUND);
      }
      // Only Structures and Sequences take a field list; the generated datasets have neither.
      throw new ConstraintException(BesErrors.D4_NOT_CONSTRUCTOR);
    }
    if (variable == null) {
      throw new ConstraintException(BesErrors.D4_NOT_FOUND);
    }
    markArray(
        Objects.requireNonNull(variables.get(variable), "every variable of the model has a state"),
        indexes);
    if (peek().is("|")) {
      next();
      throw new ConstraintException(BesErrors.D4_FILTER_UNSUPPORTED + predicate());
    }
  }

  /** The first predicate of a filter, as expr_msg shows it: "(a op b).". */
  private String predicate() throws ConstraintException {
    String left = id();
    Token operator = next();
    if (operator.kind() != Kind.SYMBOL) {
      throw syntaxError(operator);
    }
    String right = id();
    return "(" + left + " " + operator.text() + " " + right + ").";
  }

  /** D4ConstraintEvaluator::mark_array_variable. */
  private void markArray(VariableState state, List<Index> indexes) throws ConstraintException {
    Variable variable = state.variable;
    state.send = true;
    if (indexes.isEmpty()) {
      for (int d = 0; d < variable.rank(); d++) {
        useSharedDimension(state, d);
      }
      return;
    }
    String name = variable.name();
    if (indexes.size() != variable.rank()) {
      throw new ConstraintException(BesErrors.d4RankMismatch(name));
    }
    for (int d = 0; d < indexes.size(); d++) {
      Index index = indexes.get(d);
      int size = variable.dimensions().get(d).size();
      if (index.stride() > size) {
        throw new ConstraintException(
            BesErrors.d4IndexTooLarge(name, "stride", BesErrors.D4_ARRAY_ELEMENTS));
      }
      if (!index.rest() && index.stop() > size) {
        throw new ConstraintException(
            BesErrors.d4IndexTooLarge(name, "stop", BesErrors.D4_ARRAY_ELEMENTS));
      }
      if (index.empty()) {
        useSharedDimension(state, d);
        continue;
      }
      // A local slice: the Array's own, and the Maps along that dimension no longer fit it.
      long stop = index.rest() ? size - 1 : index.stop();
      long start = index.start();
      long stride = index.stride();
      if (start < 0
          || start >= size
          || stop >= size
          || stride > size
          || stride <= 0
          || (stop - start) / stride + 1 > size) {
        throw new ConstraintException(BesErrors.BAD_SLICE);
      }
      state.slices[d] = new Slice((int) start, (int) stride, (int) stop);
      state.shared[d] = false;
      String dimension = variable.dimensions().get(d).name();
      state.maps.removeIf(
          map ->
              map.dimensions().stream()
                  .anyMatch(mapDimension -> mapDimension.name().equals(dimension)));
    }
  }

  /** Array::add_constraint(Dim_iter, D4Dimension*): take the shared dimension's slice. */
  private void useSharedDimension(VariableState state, int d) {
    DimensionState dimension =
        Objects.requireNonNull(
            dimensions.get(state.variable.dimensions().get(d).name()),
            "the model declares every dimension its variables use");
    if (dimension.constraint != null) {
      state.slices[d] = dimension.constraint;
    }
    dimension.used = true;
    state.shared[d] = true;
  }

  private Dap4Projection result() {
    List<Dap4Projection.DeclaredDimension> declared = new ArrayList<>();
    for (DimensionState state : dimensions.values()) {
      if (state.used) {
        int size = state.constraint == null ? state.dimension.size() : state.constraint.count();
        declared.add(new Dap4Projection.DeclaredDimension(state.dimension.name(), size));
      }
    }
    List<Dap4Projection.Entry> entries = new ArrayList<>();
    for (VariableState state : variables.values()) {
      if (!state.send) {
        continue;
      }
      List<Boolean> shared = new ArrayList<>(state.shared.length);
      for (boolean flag : state.shared) {
        shared.add(flag);
      }
      entries.add(
          new Dap4Projection.Entry(
              state.variable, Arrays.asList(state.slices), shared, state.maps));
    }
    return new Dap4Projection(true, declared, entries);
  }

  private ConstraintException syntaxError(Token unexpected) {
    return new ConstraintException(
        BesErrors.d4ParseError("syntax error, unexpected " + unexpected.describe()));
  }

  private Token peek() throws ConstraintException {
    if (peeked == null) {
      peeked = scan();
    }
    return peeked;
  }

  private Token next() throws ConstraintException {
    Token token = peek();
    peeked = null;
    return token;
  }

  private Token scan() throws ConstraintException {
    while (position < input.length()
        && (input.charAt(position) == ' ' || input.charAt(position) == '\t')) {
      position++;
    }
    if (position >= input.length()) {
      return new Token(Kind.END, "");
    }
    char c = input.charAt(position);
    if (c == '"') {
      int close = input.indexOf('"', position + 1);
      if (close < 0) {
        throw new ConstraintException(
            BesErrors.d4ParseError("syntax error, unexpected end of file"));
      }
      String text = input.substring(position + 1, close);
      position = close + 1;
      return new Token(Kind.STRING, text);
    }
    if (position + 1 < input.length()) {
      String pair = input.substring(position, position + 2);
      if (TWO_CHARACTER_OPERATORS.contains(pair) && !pair.contains(" ")) {
        position += 2;
        return new Token(Kind.SYMBOL, pair);
      }
    }
    if (SYMBOLS.indexOf(c) >= 0) {
      position++;
      return new Token(Kind.SYMBOL, String.valueOf(c));
    }
    if (isWordStart(c)) {
      int start = position++;
      while (position < input.length() && isWordPart(input.charAt(position))) {
        position++;
      }
      return new Token(Kind.WORD, input.substring(start, position));
    }
    throw new ConstraintException(BesErrors.d4ParseError("syntax error, unexpected character"));
  }

  private static boolean isWordStart(char c) {
    return (c < 128 && Character.isLetterOrDigit(c)) || "-+_%*\\!~@".indexOf(c) >= 0;
  }

  private static boolean isWordPart(char c) {
    return (c < 128 && Character.isLetterOrDigit(c)) || "-+_%*\\#".indexOf(c) >= 0;
  }
}
