package org.olfsfastpath.emulator.dap;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Parses a DAP2 constraint expression (projections with hyperslabs) against a dataset, the way
 * libdap's ce_expr grammar and DDS::mark do, with the same error texts. Not thread-safe: one
 * instance per parse.
 */
final class Dap2ConstraintParser {
  /** Mutable state of one array or Grid part while the expression is applied. */
  private static final class PartState {
    final Variable variable;
    final int[] start;
    final int[] stride;
    final int[] stop;
    boolean send;

    PartState(Variable variable) {
      this.variable = variable;
      int rank = variable.rank();
      start = new int[rank];
      stride = new int[rank];
      stop = new int[rank];
      for (int d = 0; d < rank; d++) {
        reset(d);
      }
    }

    void reset(int d) {
      start[d] = 0;
      stride[d] = 1;
      stop[d] = variable.dimensions().get(d).size() - 1;
    }

    Dap2Projection.Part freeze() {
      List<Slice> slices = new ArrayList<>(start.length);
      for (int d = 0; d < start.length; d++) {
        slices.add(new Slice(start[d], stride[d], stop[d]));
      }
      return new Dap2Projection.Part(variable, slices, send);
    }
  }

  /** Mutable state of one top-level variable. */
  private static final class EntryState {
    final Variable variable;
    final boolean grid;
    final PartState array;
    final List<PartState> maps = new ArrayList<>();
    boolean send;

    EntryState(DatasetModel model, Variable variable) {
      this.variable = variable;
      this.grid = model.isGrid(variable);
      this.array = new PartState(variable);
      for (Variable map : model.maps(variable)) {
        maps.add(new PartState(map));
      }
    }

    void markAll() {
      send = true;
      array.send = true;
      for (PartState map : maps) {
        map.send = true;
      }
    }
  }

  /**
   * A variable found by name: a whole top-level variable or one part of a Grid.
   *
   * @param part the array of a variable that is not a Grid, the part of a Grid, or null for a whole
   *     Grid
   */
  private record Target(EntryState entry, @Nullable PartState part) {}

  /** One bracket as written: stop is -1 for '*'. */
  private record RawIndex(int start, int stride, int stop, boolean rangeValue) {}

  private final DatasetModel model;
  private final Map<Variable, EntryState> entries = new LinkedHashMap<>();
  private final Dap2Lexer lexer;

  private Dap2ConstraintParser(DatasetModel model, String expression) {
    this.model = model;
    for (Variable variable : model.variables()) {
      entries.put(variable, new EntryState(model, variable));
    }
    this.lexer = new Dap2Lexer(expression);
  }

  /** Applies {@code expression} to {@code model}; an empty expression selects everything. */
  static Dap2Projection parse(DatasetModel model, String expression) throws ConstraintException {
    Dap2ConstraintParser parser = new Dap2ConstraintParser(model, expression);
    parser.expression();
    return parser.result();
  }

  private void expression() throws ConstraintException {
    Dap2Lexer.Token first = lexer.peek();
    if (first.kind() == Dap2Lexer.Kind.END) {
      entries.values().forEach(EntryState::markAll);
      return;
    }
    if (first.is('&')) {
      throw new ConstraintException(BesErrors.SELECTION_UNSUPPORTED);
    }
    clause();
    while (lexer.peek().is(',')) {
      lexer.next();
      clause();
    }
    Dap2Lexer.Token after = lexer.next();
    if (after.is('&')) {
      throw new ConstraintException(BesErrors.SELECTION_UNSUPPORTED);
    }
    if (after.kind() != Dap2Lexer.Kind.END) {
      throw new ConstraintException(BesErrors.SYNTAX_ERROR);
    }
  }

  private void clause() throws ConstraintException {
    String name = name();
    Dap2Lexer.Token next = lexer.peek();
    if (next.is('(')) {
      throw new ConstraintException(BesErrors.NO_SUCH_FUNCTION);
    }
    if (!next.is('[')) {
      Target target = find(name);
      if (target == null) {
        throw new ConstraintException(BesErrors.NO_SUCH_IDENTIFIER);
      }
      mark(target);
      return;
    }
    bracketProjection(name, indices());
    // libdap lets a bracketed name continue with a field name (s[0].x); the fields it would
    // name only exist in Structures, which the generated datasets do not have.
    while (lexer.peek().kind() == Dap2Lexer.Kind.WORD
        || lexer.peek().kind() == Dap2Lexer.Kind.STRING) {
      name = name + name();
      if (lexer.peek().is('[')) {
        bracketProjection(name, indices());
      }
    }
    Target target = find(name);
    if (target != null) {
      mark(target);
    }
  }

  private String name() throws ConstraintException {
    Dap2Lexer.Token token = lexer.next();
    if (token.kind() == Dap2Lexer.Kind.WORD) {
      return Dap2Lexer.www2id(token.text());
    }
    if (token.kind() == Dap2Lexer.Kind.STRING) {
      if (token.text().isEmpty()) {
        throw new ConstraintException("Constraint expression parse error: Malformed string");
      }
      return Dap2Lexer.www2id(token.text());
    }
    throw new ConstraintException(BesErrors.SYNTAX_ERROR);
  }

  private List<RawIndex> indices() throws ConstraintException {
    List<RawIndex> indices = new ArrayList<>();
    while (lexer.peek().is('[')) {
      lexer.next();
      indices.add(index());
    }
    return indices;
  }

  private RawIndex index() throws ConstraintException {
    Dap2Lexer.Token token = lexer.next();
    if (token.is('*')) {
      expect(']');
      return new RawIndex(0, 1, -1, false);
    }
    if (token.is('(')) {
      // [(low):(high)], a range-value subset.
      expectWord();
      expect(')');
      expect(':');
      expect('(');
      expectWord();
      expect(')');
      expect(']');
      return new RawIndex(0, 1, 0, true);
    }
    if (token.kind() != Dap2Lexer.Kind.WORD) {
      throw new ConstraintException(BesErrors.SYNTAX_ERROR);
    }
    String first = token.text();
    Dap2Lexer.Token after = lexer.next();
    if (after.is(']')) {
      int value = unsignedIndex(first);
      return new RawIndex(value, 1, value, false);
    }
    if (!after.is(':')) {
      throw new ConstraintException(BesErrors.SYNTAX_ERROR);
    }
    Dap2Lexer.Token second = lexer.next();
    if (second.is('*')) {
      expect(']');
      return new RawIndex(unsignedIndex(first), 1, -1, false);
    }
    if (second.kind() != Dap2Lexer.Kind.WORD) {
      throw new ConstraintException(BesErrors.SYNTAX_ERROR);
    }
    Dap2Lexer.Token afterSecond = lexer.next();
    if (afterSecond.is(']')) {
      int start = unsignedIndex(first);
      return new RawIndex(start, 1, unsignedIndex(second.text()), false);
    }
    if (!afterSecond.is(':')) {
      throw new ConstraintException(BesErrors.SYNTAX_ERROR);
    }
    Dap2Lexer.Token third = lexer.next();
    if (third.is('*')) {
      expect(']');
      int start = unsignedIndex(first);
      return new RawIndex(start, unsignedIndex(second.text()), -1, false);
    }
    if (third.kind() != Dap2Lexer.Kind.WORD) {
      throw new ConstraintException(BesErrors.SYNTAX_ERROR);
    }
    expect(']');
    int start = unsignedIndex(first);
    int stride = unsignedIndex(second.text());
    return new RawIndex(start, stride, unsignedIndex(third.text()), false);
  }

  private void expect(char symbol) throws ConstraintException {
    if (!lexer.next().is(symbol)) {
      throw new ConstraintException(BesErrors.SYNTAX_ERROR);
    }
  }

  private void expectWord() throws ConstraintException {
    if (lexer.next().kind() != Dap2Lexer.Kind.WORD) {
      throw new ConstraintException(BesErrors.SYNTAX_ERROR);
    }
  }

  /**
   * libdap's check_uint32: strtoul with base 0 (so 0x1f and 017 are numbers too), no sign, no
   * trailing characters.
   */
  private static int unsignedIndex(String text) throws ConstraintException {
    long value;
    try {
      if (text.startsWith("-") || text.startsWith("+")) {
        throw new NumberFormatException(text);
      }
      if (text.length() > 2 && (text.startsWith("0x") || text.startsWith("0X"))) {
        value = Long.parseLong(text.substring(2), 16);
      } else if (text.length() > 1 && text.startsWith("0")) {
        value = Long.parseLong(text.substring(1), 8);
      } else {
        value = Long.parseLong(text);
      }
    } catch (NumberFormatException e) {
      throw new ConstraintException(BesErrors.EXPECTED_INDEX);
    }
    if (value > 0xffffffffL) {
      throw new ConstraintException(BesErrors.EXPECTED_INDEX);
    }
    // libdap keeps the value in an int; anything that does not fit cannot match a dimension.
    return (int) Math.min(value, Integer.MAX_VALUE);
  }

  /** DDS::var: a top-level name, a dotted Grid part, or else the first Grid part so named. */
  private @Nullable Target find(String name) {
    for (EntryState entry : entries.values()) {
      if (entry.variable.name().equals(name)) {
        return entry.grid ? new Target(entry, null) : new Target(entry, entry.array);
      }
    }
    int dot = name.indexOf('.');
    if (dot > 0) {
      Variable parent = model.variable(name.substring(0, dot));
      EntryState entry = parent == null ? null : entries.get(parent);
      if (entry == null || !entry.grid) {
        return null;
      }
      PartState part = part(entry, name.substring(dot + 1));
      return part == null ? null : new Target(entry, part);
    }
    for (EntryState entry : entries.values()) {
      if (entry.grid) {
        PartState part = part(entry, name);
        if (part != null) {
          return new Target(entry, part);
        }
      }
    }
    return null;
  }

  private static @Nullable PartState part(EntryState grid, String name) {
    if (grid.variable.name().equals(name)) {
      return grid.array;
    }
    for (PartState map : grid.maps) {
      if (map.variable.name().equals(name)) {
        return map;
      }
    }
    return null;
  }

  /** DDS::mark: the variable with all its parts, and the flag (only) of its parent. */
  private static void mark(Target target) {
    PartState part = target.part();
    if (part == null) {
      target.entry.markAll();
    } else {
      part.send = true;
      target.entry.send = true;
    }
  }

  /** ce_expr.yy's bracket_projection. */
  private void bracketProjection(String name, List<RawIndex> indices) throws ConstraintException {
    Target target = find(name);
    if (target == null) {
      throw new ConstraintException(BesErrors.NO_SUCH_ARRAY);
    }
    for (RawIndex index : indices) {
      if (index.rangeValue()) {
        throw new ConstraintException(BesErrors.INTERNAL_FATAL_ERROR, BesErrors.RANGE_SUBSET);
      }
    }
    PartState part = target.part();
    if (part == null) {
      EntryState grid = target.entry;
      if (indices.size() != grid.array.variable.rank()) {
        throw new ConstraintException(BesErrors.GRID_RANK_MISMATCH);
      }
      applySlices(grid.array, indices);
      for (int i = 0; i < grid.maps.size(); i++) {
        PartState map = grid.maps.get(i);
        map.send = true;
        map.reset(0);
        addConstraint(map, 0, indices.get(i));
      }
    } else {
      applySlices(part, indices);
    }
    mark(target);
  }

  /** ce_expr.yy's process_array_slices. */
  private static void applySlices(PartState part, List<RawIndex> indices)
      throws ConstraintException {
    if (indices.size() != part.variable.rank()) {
      throw new ConstraintException(BesErrors.ARRAY_RANK_MISMATCH);
    }
    for (int d = 0; d < indices.size(); d++) {
      RawIndex index = indices.get(d);
      if (part.send
          && (part.start[d] != index.start()
              || (part.stop[d] != index.stop() && index.stop() != -1)
              || part.stride[d] != index.stride())) {
        throw new ConstraintException(BesErrors.PROJECTED_TWICE);
      }
      if (index.start() > index.stop() && index.stop() != -1) {
        throw new ConstraintException(BesErrors.START_PAST_STOP);
      }
      addConstraint(part, d, index);
    }
  }

  /** Array::add_constraint. */
  private static void addConstraint(PartState part, int d, RawIndex index)
      throws ConstraintException {
    int size = part.variable.dimensions().get(d).size();
    int start = index.start();
    int stride = index.stride();
    int stop = index.stop() == -1 ? size - 1 : index.stop();
    if (start >= size || stop >= size || stride > size || stride <= 0) {
      throw new ConstraintException(BesErrors.BAD_SLICE);
    }
    part.start[d] = start;
    part.stride[d] = stride;
    part.stop[d] = stop;
  }

  private Dap2Projection result() {
    List<Dap2Projection.Entry> selected = new ArrayList<>();
    for (EntryState entry : entries.values()) {
      if (!entry.send && !entry.array.send) {
        continue;
      }
      List<Dap2Projection.Part> maps = new ArrayList<>(entry.maps.size());
      for (PartState map : entry.maps) {
        maps.add(map.freeze());
      }
      selected.add(
          new Dap2Projection.Entry(entry.variable, entry.grid, entry.array.freeze(), maps));
    }
    return new Dap2Projection(selected);
  }
}
