package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A netCDF classic-format file written from generated values: the format's header (dimensions,
 * global attributes, variables with their attributes, types, sizes and offsets), then each
 * variable's values, big-endian, padded to four bytes. Version 1 is the classic format (CDF-1);
 * version 2 the 64-bit offset format (CDF-2) that fileout_netcdf writes for {@code
 * returnAs="netcdf"}. No variable is a record variable: {@code numrecs} is 0, as in the BES's DAP2
 * answers. The file is written straight to a stream; nothing is held but the header.
 */
final class NetcdfFile {
  /** The classic external types. */
  enum Type {
    BYTE(1, 1),
    CHAR(2, 1),
    SHORT(3, 2),
    INT(4, 4),
    FLOAT(5, 4),
    DOUBLE(6, 8);

    final int code;
    final int size;

    Type(int code, int size) {
      this.code = code;
      this.size = size;
    }
  }

  /** A dimension; never unlimited here. */
  record Dim(String name, int length) {
    Dim {
      Objects.requireNonNull(name, "name == null");
      if (length < 1) {
        throw new IllegalArgumentException("dimension " + name + " length < 1: " + length);
      }
    }
  }

  /**
   * An attribute: text for CHAR, otherwise numbers (stored as doubles, written in the type).
   *
   * @param text the value of a CHAR attribute, null otherwise
   * @param numbers the values of a numeric attribute, null for CHAR
   */
  record Att(String name, Type type, @Nullable String text, double @Nullable [] numbers) {
    static Att text(String name, String value) {
      return new Att(name, Type.CHAR, value, null);
    }

    static Att numbers(String name, Type type, double... values) {
      if (type == Type.CHAR) {
        throw new IllegalArgumentException("attribute " + name + ": CHAR takes text");
      }
      return new Att(name, type, null, values.clone());
    }

    int count() {
      return type == Type.CHAR
          ? charText().getBytes(StandardCharsets.ISO_8859_1).length
          : numberValues().length;
    }

    /** The value of a CHAR attribute. */
    String charText() {
      return Objects.requireNonNull(text, "a CHAR attribute has text");
    }

    /** The values of a numeric attribute. */
    double[] numberValues() {
      return Objects.requireNonNull(numbers, "a numeric attribute has numbers");
    }
  }

  /**
   * A variable whose values come from a generated variable through slices.
   *
   * @param dims indexes into the file's dimensions
   */
  record Var(
      String name,
      Type type,
      List<Integer> dims,
      List<Att> atts,
      Variable source,
      List<Slice> slices) {
    Var {
      dims = List.copyOf(dims);
      atts = List.copyOf(atts);
      slices = List.copyOf(slices);
      if (type == Type.CHAR) {
        throw new IllegalArgumentException(
            "variable " + name + ": text variables are not generated");
      }
    }

    long count() {
      long count = 1;
      for (Slice slice : slices) {
        count *= slice.count();
      }
      return count;
    }

    /** The variable's size in the file, padded to four bytes. */
    long vsize() {
      return (count() * type.size + 3) / 4 * 4;
    }
  }

  private static final int NC_DIMENSION = 0x0A;
  private static final int NC_VARIABLE = 0x0B;
  private static final int NC_ATTRIBUTE = 0x0C;

  private final int version;
  private final List<Dim> dims;
  private final List<Att> globals;
  private final List<Var> vars;

  NetcdfFile(int version, List<Dim> dims, List<Att> globals, List<Var> vars) {
    if (version != 1 && version != 2) {
      throw new IllegalArgumentException(
          "version was " + version + ", must be 1 (CDF-1) or 2 (CDF-2)");
    }
    this.version = version;
    this.dims = List.copyOf(dims);
    this.globals = List.copyOf(globals);
    this.vars = List.copyOf(vars);
  }

  List<Dim> dims() {
    return dims;
  }

  List<Att> globals() {
    return globals;
  }

  List<Var> vars() {
    return vars;
  }

  /** The whole file's length in bytes. */
  long length() {
    long length = header(0).length;
    for (Var var : vars) {
      length += var.vsize();
    }
    return length;
  }

  void write(OutputStream out) throws IOException {
    long headerLength = header(0).length;
    out.write(header(headerLength));
    ByteSink sink = new ByteSink(out, length() - headerLength);
    for (Var var : vars) {
      values(var, sink);
    }
    sink.finish();
  }

  /** The header, with the variables' data starting at {@code dataStart}. */
  private byte[] header(long dataStart) {
    Header h = new Header();
    h.bytes("CDF".getBytes(StandardCharsets.US_ASCII));
    h.u8(version);
    h.i32(0); // numrecs
    if (dims.isEmpty()) {
      h.i32(0);
      h.i32(0);
    } else {
      h.i32(NC_DIMENSION);
      h.i32(dims.size());
      for (Dim dim : dims) {
        h.name(dim.name());
        h.i32(dim.length());
      }
    }
    attributes(h, globals);
    if (vars.isEmpty()) {
      h.i32(0);
      h.i32(0);
    } else {
      h.i32(NC_VARIABLE);
      h.i32(vars.size());
      long begin = dataStart;
      for (Var var : vars) {
        h.name(var.name());
        h.i32(var.dims().size());
        for (int dim : var.dims()) {
          h.i32(dim);
        }
        attributes(h, var.atts());
        h.i32(var.type().code);
        long vsize = var.vsize();
        // A variable too large for the 32-bit vsize field records 2^32 - 1, as the format says.
        h.i32((int) Math.min(vsize, 0xFFFF_FFFFL));
        if (version == 1) {
          h.i32((int) begin);
        } else {
          h.i64(begin);
        }
        begin += vsize;
      }
    }
    return h.toByteArray();
  }

  private static void attributes(Header h, List<Att> atts) {
    if (atts.isEmpty()) {
      h.i32(0);
      h.i32(0);
      return;
    }
    h.i32(NC_ATTRIBUTE);
    h.i32(atts.size());
    for (Att att : atts) {
      h.name(att.name());
      h.i32(att.type().code);
      h.i32(att.count());
      int start = h.size();
      if (att.type() == Type.CHAR) {
        h.bytes(att.charText().getBytes(StandardCharsets.ISO_8859_1));
      } else {
        for (double value : att.numberValues()) {
          switch (att.type()) {
            case BYTE -> h.u8((int) value);
            case SHORT -> h.i16((int) value);
            case INT -> h.i32((int) value);
            case FLOAT -> h.i32(Float.floatToRawIntBits((float) value));
            case DOUBLE -> h.i64(Double.doubleToRawLongBits(value));
            case CHAR -> throw new AssertionError("CHAR handled above");
          }
        }
      }
      h.pad(h.size() - start);
    }
  }

  private static void values(Var var, ByteSink sink) throws IOException {
    Type type = var.type();
    int width = type.size;
    Hyperslab.write(
        var.source(),
        var.slices(),
        sink,
        width,
        (values, first, step, count, buffer, at) ->
            put(type, values, first, step, count, buffer, at));
    int padding = (int) (var.vsize() - var.count() * width);
    if (padding > 0) {
      int at = sink.reserve(padding);
      java.util.Arrays.fill(sink.buffer(), at, at + padding, (byte) 0);
      sink.advance(at + padding);
    }
  }

  /** Puts {@code count} values big-endian as netCDF's {@code type}; answers the position after. */
  private static int put(
      Type type, Values values, int first, int step, int count, byte[] buffer, int at) {
    if (type == Type.FLOAT) {
      // Float32 values go out in one run, as in the DAP2 answer (netCDF is big-endian too).
      return values.putFloat32(first, step, count, buffer, at, true);
    }
    int index = first;
    for (int i = 0; i < count; i++, index += step) {
      double value = values.get(index);
      switch (type) {
        case BYTE -> buffer[at++] = (byte) (int) value;
        case SHORT -> {
          int bits = (int) value;
          buffer[at++] = (byte) (bits >> 8);
          buffer[at++] = (byte) bits;
        }
        case INT -> at = DapType.putIntBigEndian(buffer, at, (int) (long) value);
        case FLOAT -> throw new AssertionError("Float32 runs are encoded above");
        case DOUBLE -> {
          long bits = Double.doubleToRawLongBits(value);
          at = DapType.putIntBigEndian(buffer, at, (int) (bits >>> 32));
          at = DapType.putIntBigEndian(buffer, at, (int) bits);
        }
        case CHAR -> throw new AssertionError("no CHAR variables");
      }
    }
    return at;
  }

  /** Big-endian header bytes. */
  private static final class Header {
    private final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream(1024);

    void u8(int value) {
      bytes.write(value);
    }

    void i16(int value) {
      u8(value >> 8);
      u8(value);
    }

    void i32(int value) {
      u8(value >>> 24);
      u8(value >>> 16);
      u8(value >>> 8);
      u8(value);
    }

    void i64(long value) {
      i32((int) (value >>> 32));
      i32((int) value);
    }

    void bytes(byte[] values) {
      bytes.write(values, 0, values.length);
    }

    /** A name: its length, its bytes, zero padding to four. */
    void name(String name) {
      byte[] encoded = name.getBytes(StandardCharsets.UTF_8);
      i32(encoded.length);
      bytes(encoded);
      pad(encoded.length);
    }

    /** Zero bytes after {@code written} bytes of a value, up to a multiple of four. */
    void pad(int written) {
      for (int i = 0; i < (4 - written % 4) % 4; i++) {
        u8(0);
      }
    }

    int size() {
      return bytes.size();
    }

    byte[] toByteArray() {
      return bytes.toByteArray();
    }
  }
}
