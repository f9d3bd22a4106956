package org.olfsfastpath.pages;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.pages.DatasetModel.Attribute;
import org.olfsfastpath.pages.DatasetModel.Dimension;
import org.olfsfastpath.pages.DatasetModel.Variable;

/**
 * How large each download of a form will be, from the dataset's shapes and types: exact for the
 * binary answers ({@code dods}: the DDS, {@code Data:}, and XDR with each array's length twice and
 * a Grid's maps; {@code dap}: the constrained DMR measured from the DMR itself ({@link DmrLines}),
 * CRLF, the values, a CRC-32 per variable with checksums, and the 4-byte header of every chunk of
 * max(4096, DMR + 2) bytes, with checksums one more for the rest of the data), estimated for text
 * and netCDF answers, whose bytes depend on the values. Strings and sequences make a size "at
 * least". Immutable.
 */
final class AnswerSizes {
  /** The chunk size floor of libdap's DAP4 chunked stream (CHUNK_SIZE). */
  static final int MIN_CHUNK = 4096;

  /**
   * Every size part of one format for one dataset.
   *
   * @param text text bytes of every answer (DDS or DMR frame)
   * @param data data bytes of every answer ({@code Data:} line)
   * @param chunked whether the answer is DAP4-chunked (then the DMR's dimension lines count too)
   * @param kind the kind of the fixed parts
   * @param dimensionLines DAP4: each declared dimension's DMR line, by FQN
   * @param terms each variable's share, by FQN
   */
  record Format(
      long text,
      long data,
      boolean chunked,
      SizeKind kind,
      Map<String, Long> dimensionLines,
      Map<String, SizeTerm> terms) {}

  /** A computed size. */
  record Size(long bytes, SizeKind kind) {}

  private final DatasetModel model;
  private final Map<DownloadFormat, Format> formats = new EnumMap<>(DownloadFormat.class);

  private AnswerSizes(DatasetModel model) {
    this.model = model;
  }

  /**
   * The sizes of {@code model}'s answers.
   *
   * @param description the DMR or DDX the model was read from (the DMR's lines are measured)
   */
  static AnswerSizes of(DatasetModel model, byte[] description) {
    Objects.requireNonNull(model, "model == null");
    AnswerSizes sizes = new AnswerSizes(model);
    if (model.form() == FormType.DAP4) {
      sizes.formats.put(DownloadFormat.DAP, sizes.dap(DmrLines.scan(description, model)));
      sizes.formats.put(DownloadFormat.DAP_CSV, sizes.text(true));
      sizes.formats.put(DownloadFormat.DAP_NC4, sizes.netcdf());
    } else {
      sizes.formats.put(DownloadFormat.DODS, sizes.dods());
      sizes.formats.put(DownloadFormat.ASCII, sizes.text(false));
      sizes.formats.put(DownloadFormat.CSV, sizes.text(false));
      sizes.formats.put(DownloadFormat.NC, sizes.netcdf());
      sizes.formats.put(DownloadFormat.NC4, sizes.netcdf());
    }
    return sizes;
  }

  /** The parts of {@code format}'s size. */
  Format format(DownloadFormat format) {
    Format parts = formats.get(format);
    if (parts == null) {
      throw new IllegalArgumentException(
          format + " is not on the " + model.form().label() + " form");
    }
    return parts;
  }

  /**
   * The size of {@code format}'s answer for a selection.
   *
   * @param selection the variables sent; empty for the whole dataset (no constraint)
   * @param checksums whether a DAP4 answer carries checksums ({@code dap4.checksum=true})
   */
  Size size(DownloadFormat format, List<Projection> selection, boolean checksums) {
    Format parts = format(format);
    boolean constrained = !selection.isEmpty();
    List<Projection> sent = constrained ? selection : whole();
    long text = parts.text();
    long data = parts.data();
    SizeKind kind = parts.kind();
    Set<String> declared = new HashSet<>();
    for (Projection projection : sent) {
      SizeTerm term = parts.terms().get(projection.variable().fqn());
      if (term == null) {
        throw new IllegalArgumentException("no variable " + projection.variable().fqn());
      }
      text += term.textBytes(projection.counts(), projection.sliced());
      data += term.dataBytes(projection.counts()) + (checksums && parts.chunked() ? 4 : 0);
      kind = kind.and(term.kind());
      if (!projection.sliced()) {
        declared.addAll(term.dimensions());
      }
    }
    if (!parts.chunked()) {
      return new Size(text + data, kind);
    }
    for (Map.Entry<String, Long> line : parts.dimensionLines().entrySet()) {
      if (!constrained || declared.contains(line.getKey())) {
        text += line.getValue();
      }
    }
    long chunk = Math.max(MIN_CHUNK, text + 2);
    // The DMR's chunk, the full data chunks and the END chunk, which holds the rest; with
    // checksums the BES sends the rest in a data chunk of its own before an empty END chunk.
    long headers = 2 + data / chunk + (checksums && data % chunk != 0 ? 1 : 0);
    return new Size(4 * headers + text + 2 + data, kind);
  }

  /** Every top-level variable, whole. */
  private List<Projection> whole() {
    List<Projection> all = new ArrayList<>();
    for (Variable variable : model.variables()) {
      all.add(Projection.whole(variable));
    }
    return all;
  }

  // ------------------------------------------------------------------------------- dods

  private Format dods() {
    Map<String, SizeTerm> terms = new LinkedHashMap<>();
    for (Variable variable : model.allVariables()) {
      boolean topLevel = model.variables().contains(variable);
      terms.put(variable.fqn(), topLevel ? dodsTerm(variable) : approximate(variable, 8, 8));
    }
    long text = "Dataset {\n".length() + DdsText.closing(0, model.name());
    return new Format(text, "Data:\n".length(), false, SizeKind.EXACT, Map.of(), terms);
  }

  private SizeTerm dodsTerm(Variable variable) {
    String type = variable.type();
    List<Dimension> dims = variable.dimensions();
    int rank = dims.size();
    int width = DapTypes.xdrWidth(type);
    if (!variable.members().isEmpty() || width < 0 && !isString(type)) {
      return approximate(variable, 4, 4);
    }
    SizeKind kind = isString(type) ? SizeKind.AT_LEAST : SizeKind.EXACT;
    if (!variable.gridMaps().isEmpty() && variable.gridMaps().size() == rank) {
      long text =
          "    Grid {\n".length()
              + "      Array:\n".length()
              + DdsText.declaration(8, type, variable.name(), dims)
              + "      Maps:\n".length()
              + DdsText.closing(4, variable.name());
      long[] maps = new long[rank];
      for (int i = 0; i < rank; i++) {
        Variable map = variable.gridMaps().get(i);
        text += DdsText.declaration(8, map.type(), map.name(), map.dimensions());
        int mapWidth = DapTypes.xdrWidth(map.type());
        maps[i] = Math.max(mapWidth, 0);
        if (mapWidth < 0 || DapTypes.isPacked(map.type())) {
          kind = kind.and(SizeKind.ABOUT);
        }
      }
      int[] digits = repeat(2, rank);
      return new SizeTerm(
          text,
          digits,
          text,
          digits,
          8 + 8L * rank,
          Math.max(width, 4),
          DapTypes.isPacked(type),
          maps,
          0,
          kind,
          List.of());
    }
    if (rank == 0) {
      long text = DdsText.declaration(4, type, variable.name(), dims);
      // XDR sends a scalar Byte or Int16 in 4 bytes, a string as its length and padded bytes.
      long value = width == 8 ? 8 : 4;
      return new SizeTerm(
          text, new int[0], text, new int[0], 0, value, false, new long[0], 0, kind, List.of());
    }
    long text = DdsText.declaration(4, type, variable.name(), dims);
    int[] digits = repeat(1, rank);
    // A string array sends its length once, then each string: length and padded bytes.
    long prefix = isString(type) ? 4 : 8;
    return new SizeTerm(
        text,
        digits,
        text,
        digits,
        prefix,
        isString(type) ? 4 : width,
        DapTypes.isPacked(type),
        new long[0],
        0,
        kind,
        List.of());
  }

  // ------------------------------------------------------------------------------- dap

  private Format dap(DmrLines lines) {
    Map<String, SizeTerm> terms = new LinkedHashMap<>();
    long fixed = lines.total();
    boolean exact = lines.consistent();
    for (Variable variable : model.allVariables()) {
      DmrLines.Block block = lines.block(variable.fqn());
      if (block == null || !exact) {
        terms.put(variable.fqn(), approximate(variable, 0, 8));
        continue;
      }
      fixed -= block.length();
      terms.put(variable.fqn(), dapTerm(variable, block));
    }
    Map<String, Long> dimensionLines = exact ? lines.dimensions() : Map.of();
    for (long line : dimensionLines.values()) {
      fixed -= line;
    }
    if (!exact) {
      // Without exact lines, every answer is taken to carry the whole DMR.
      return new Format(lines.total(), 0, true, SizeKind.ABOUT, Map.of(), terms);
    }
    return new Format(fixed, 0, true, SizeKind.EXACT, dimensionLines, terms);
  }

  private SizeTerm dapTerm(Variable variable, DmrLines.Block block) {
    String type = variable.type();
    List<Dimension> dims = variable.dimensions();
    int width = DapTypes.dap4Width(type);
    if (!variable.members().isEmpty() || width < 0) {
      SizeTerm rough = approximate(variable, 0, 8);
      return new SizeTerm(
          block.length(),
          new int[dims.size()],
          block.length(),
          new int[dims.size()],
          rough.prefix(),
          rough.width(),
          false,
          new long[0],
          0,
          isString(type) ? SizeKind.AT_LEAST : SizeKind.ABOUT,
          List.of());
    }
    // Sliced, every dimension is a local slice: <Dim size="N"/> for each, and the Maps along
    // those dimensions are no longer listed.
    long sliced = block.length();
    for (long dimLine : block.dimLines()) {
      sliced += "        <Dim size=\"\"/>\n".length() - dimLine;
    }
    Set<String> own = new HashSet<>();
    List<String> shared = new ArrayList<>();
    for (Dimension dimension : dims) {
      own.add(dimension.name());
      if (!dimension.name().isEmpty()) {
        shared.add(dimension.name());
      }
    }
    for (Map.Entry<String, Long> map : block.mapLines().entrySet()) {
      Variable mapped = find(map.getKey());
      if (mapped != null && mapped.dimensions().stream().anyMatch(d -> own.contains(d.name()))) {
        sliced -= map.getValue();
      }
    }
    int rank = dims.size();
    return new SizeTerm(
        block.length(),
        new int[rank],
        sliced,
        repeat(1, rank),
        0,
        width,
        false,
        new long[0],
        0,
        SizeKind.EXACT,
        shared);
  }

  // ------------------------------------------------------------------------------- estimates

  /**
   * asciival's text (DAP2 {@code ascii} and {@code csv}, DAP4 {@code dap.csv}): a {@code Dataset:}
   * line, then per row of the last dimension the variable's name and indexes, and each value after
   * {@code ", "}.
   */
  private Format text(boolean dap4) {
    Map<String, SizeTerm> terms = new LinkedHashMap<>();
    for (Variable variable : model.allVariables()) {
      String name = dap4 ? variable.fqn() : variable.name();
      int rank = variable.dimensions().size();
      long perValue = 2 + textWidth(variable.type());
      long perRow = name.length() + 1 + 4L * Math.max(rank - 1, 0);
      long[] maps = new long[rank];
      long fixed = 0;
      if (!variable.gridMaps().isEmpty()) {
        // A Grid's rows name the map values: SST.SST[SST.TIME=366][SST.COADSY=-89].
        perRow = 2L * name.length() + 2;
        for (int i = 0; i < variable.gridMaps().size() && i < rank; i++) {
          Variable map = variable.gridMaps().get(i);
          if (i == rank - 1) {
            maps[i] = 2 + textWidth(map.type());
            fixed += name.length() + map.name().length() + 2;
          } else {
            perRow += name.length() + map.name().length() + 4 + textWidth(map.type());
          }
        }
      }
      SizeKind kind = SizeKind.ABOUT;
      terms.put(
          variable.fqn(),
          new SizeTerm(
              0,
              new int[rank],
              0,
              new int[rank],
              fixed,
              perValue,
              false,
              maps,
              perRow,
              kind,
              List.of()));
    }
    return new Format(
        0, ("Dataset: " + model.name() + "\n").length(), false, SizeKind.ABOUT, Map.of(), terms);
  }

  /**
   * A netCDF file as fileout_netcdf writes it: a header (names, dimensions, attributes), then each
   * variable's values in its netCDF type, padded to 4 bytes; a Grid's maps become variables of
   * their own. netCDF-4 is estimated the same way, uncompressed.
   */
  private Format netcdf() {
    Map<String, SizeTerm> terms = new LinkedHashMap<>();
    for (Variable variable : model.allVariables()) {
      int rank = variable.dimensions().size();
      long header = 32 + variable.name().length() + 4L * rank + attributes(variable.attributes());
      long[] maps = new long[rank];
      for (int i = 0; i < variable.gridMaps().size() && i < rank; i++) {
        Variable map = variable.gridMaps().get(i);
        maps[i] = Math.max(DapTypes.netcdfWidth(map.type()), 1);
        header += 48 + map.name().length() + attributes(map.attributes());
      }
      int width = DapTypes.netcdfWidth(variable.type());
      terms.put(
          variable.fqn(),
          new SizeTerm(
              0,
              new int[rank],
              0,
              new int[rank],
              header,
              width < 0 ? 8 : width,
              true,
              maps,
              0,
              SizeKind.ABOUT,
              List.of()));
    }
    long header = 64 + attributes(model.attributes());
    return new Format(0, header, false, SizeKind.ABOUT, Map.of(), terms);
  }

  private static long attributes(List<Attribute> attributes) {
    long bytes = 0;
    for (Attribute attribute : attributes) {
      bytes += 12 + attribute.name().length() + attributes(attribute.attributes());
      for (String value : attribute.values()) {
        bytes += (value.length() + 3) / 4 * 4 + 4;
      }
    }
    return bytes;
  }

  /**
   * A rough share for what the binary formulas do not cover exactly (structures, sequences, members
   * sent on their own): the values of its atomic members, a line of text per variable.
   */
  private SizeTerm approximate(Variable variable, long textPerVariable, long minWidth) {
    long width = 0;
    List<Variable> stack = new ArrayList<>(List.of(variable));
    long lines = 0;
    while (!stack.isEmpty()) {
      Variable v = stack.remove(stack.size() - 1);
      lines++;
      if (v.members().isEmpty()) {
        int w =
            v == variable
                ? Math.max(DapTypes.dap4Width(v.type()), 0)
                : Math.max(DapTypes.dap4Width(v.type()), 0) * (int) Math.min(count(v), 1 << 20);
        width += Math.max(w, isString(v.type()) ? minWidth : 0);
      }
      stack.addAll(v.members());
    }
    int rank = variable.dimensions().size();
    boolean sequence = variable.type().equals("Sequence");
    long text = 32 + variable.name().length() + lines * (40 + textPerVariable);
    return new SizeTerm(
        text,
        repeat(1, rank),
        text,
        repeat(1, rank),
        8,
        width,
        false,
        new long[0],
        0,
        sequence || isString(variable.type()) ? SizeKind.AT_LEAST : SizeKind.ABOUT,
        List.of());
  }

  private static long count(Variable variable) {
    long n = 1;
    for (Dimension dimension : variable.dimensions()) {
      n *= dimension.size();
    }
    return n;
  }

  private @Nullable Variable find(String fqn) {
    for (Variable variable : model.variables()) {
      if (variable.fqn().equals(fqn)) {
        return variable;
      }
    }
    return null;
  }

  private static boolean isString(String type) {
    return type.equals("String") || type.equals("Url") || type.equals("URL");
  }

  /** How many characters asciival prints for a value of {@code type}, on average. */
  private static int textWidth(String type) {
    return switch (type) {
      case "Float32" -> 7;
      case "Float64" -> 10;
      case "Byte", "UInt8", "Int8", "Char" -> 3;
      case "String", "Url", "URL" -> 12;
      default -> 5;
    };
  }

  private static int[] repeat(int value, int count) {
    int[] out = new int[count];
    java.util.Arrays.fill(out, value);
    return out;
  }
}
