package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a netCDF classic or 64-bit offset file back, independently of the writer, following the
 * format's grammar (magic, numrecs, dimension, attribute and variable lists, then the data at each
 * variable's begin offset). Enough for what the emulator writes: no record variables.
 */
final class NetcdfReader {
  record Dim(String name, int length) {}

  /** An attribute: text for char, otherwise numbers. */
  record Att(String name, int type, String text, double[] numbers) {}

  record Var(
      String name,
      int type,
      List<Dim> dims,
      Map<String, Att> atts,
      long vsize,
      long begin,
      double[] values) {}

  record File(
      int version, int numrecs, List<Dim> dims, Map<String, Att> globals, Map<String, Var> vars) {}

  private final ByteBuffer in;
  private int version;

  private NetcdfReader(byte[] bytes) {
    this.in = ByteBuffer.wrap(bytes);
  }

  static File read(byte[] bytes) throws IOException {
    return new NetcdfReader(bytes).file();
  }

  private File file() throws IOException {
    byte[] magic = new byte[3];
    in.get(magic);
    if (!new String(magic, StandardCharsets.US_ASCII).equals("CDF")) {
      throw new IOException(
          "not a netCDF classic file: magic " + new String(magic, StandardCharsets.ISO_8859_1));
    }
    version = in.get();
    if (version != 1 && version != 2) {
      throw new IOException("unknown version " + version);
    }
    int numrecs = in.getInt();
    List<Dim> dims = new ArrayList<>();
    int tag = in.getInt();
    int count = in.getInt();
    if (tag == 0x0A) {
      for (int i = 0; i < count; i++) {
        dims.add(new Dim(name(), in.getInt()));
      }
    } else if (tag != 0 || count != 0) {
      throw new IOException("bad dimension list tag " + tag);
    }
    Map<String, Att> globals = attributes();
    Map<String, Var> vars = new LinkedHashMap<>();
    tag = in.getInt();
    count = in.getInt();
    if (tag == 0x0B) {
      for (int i = 0; i < count; i++) {
        String name = name();
        int rank = in.getInt();
        List<Dim> varDims = new ArrayList<>();
        for (int d = 0; d < rank; d++) {
          varDims.add(dims.get(in.getInt()));
        }
        Map<String, Att> atts = attributes();
        int type = in.getInt();
        long vsize = in.getInt() & 0xFFFF_FFFFL;
        long begin = version == 1 ? in.getInt() & 0xFFFF_FFFFL : in.getLong();
        vars.put(name, new Var(name, type, varDims, atts, vsize, begin, null));
      }
    } else if (tag != 0 || count != 0) {
      throw new IOException("bad variable list tag " + tag);
    }
    Map<String, Var> withValues = new LinkedHashMap<>();
    for (Var var : vars.values()) {
      long n = 1;
      for (Dim dim : var.dims()) {
        n *= dim.length();
      }
      ByteBuffer data = in.duplicate();
      data.position((int) var.begin());
      double[] values = new double[(int) n];
      for (int i = 0; i < n; i++) {
        values[i] = number(data, var.type());
      }
      withValues.put(
          var.name(),
          new Var(
              var.name(), var.type(), var.dims(), var.atts(), var.vsize(), var.begin(), values));
    }
    return new File(version, numrecs, dims, globals, withValues);
  }

  private Map<String, Att> attributes() throws IOException {
    Map<String, Att> atts = new LinkedHashMap<>();
    int tag = in.getInt();
    int count = in.getInt();
    if (tag == 0 && count == 0) {
      return atts;
    }
    if (tag != 0x0C) {
      throw new IOException("bad attribute list tag " + tag);
    }
    for (int i = 0; i < count; i++) {
      String name = name();
      int type = in.getInt();
      int n = in.getInt();
      if (type == 2) {
        byte[] text = new byte[n];
        in.get(text);
        skipPadding(n);
        atts.put(name, new Att(name, type, new String(text, StandardCharsets.ISO_8859_1), null));
      } else {
        double[] numbers = new double[n];
        int start = in.position();
        for (int v = 0; v < n; v++) {
          numbers[v] = number(in, type);
        }
        skipPadding(in.position() - start);
        atts.put(name, new Att(name, type, null, numbers));
      }
    }
    return atts;
  }

  private static double number(ByteBuffer buffer, int type) throws IOException {
    return switch (type) {
      case 1 -> buffer.get();
      case 3 -> buffer.getShort();
      case 4 -> buffer.getInt();
      case 5 -> buffer.getFloat();
      case 6 -> buffer.getDouble();
      default -> throw new IOException("unexpected type " + type);
    };
  }

  private String name() {
    int length = in.getInt();
    byte[] bytes = new byte[length];
    in.get(bytes);
    skipPadding(length);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  private void skipPadding(int written) {
    int padding = (4 - written % 4) % 4;
    in.position(in.position() + padding);
  }
}
