package org.olfsfastpath.pages;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.olfsfastpath.bes.BesProtocolException;
import org.olfsfastpath.pages.DatasetModel.Variable;

/**
 * Reads the values of whole one-dimensional numeric variables out of a binary data answer: a DAP2
 * {@code dods} (the DDS, {@code Data:}, then XDR: big-endian, each array's length twice) or a DAP4
 * {@code dap} (chunks: a 4-byte header of flags and length, the DMR and CRLF, then the values in
 * the byte order the chunk flags name, each variable followed by its CRC-32 when checksums are on).
 * Binary, because the text answers round the values (asciival prints a Float64 to 15 significant
 * digits), and a coordinate read here must select the very index it names. The variables come in
 * dataset order, which is the order of {@code variables}.
 */
final class BinaryValues {
  private static final int END = 0x01;
  private static final int ERROR = 0x02;
  private static final int LITTLE_ENDIAN = 0x04;

  private BinaryValues() {}

  /** The values of {@code variables} from a {@code dods} answer. */
  static double[][] dods(byte[] answer, List<Variable> variables) throws BesProtocolException {
    int data = indexOf(answer, "\nData:\n".getBytes(StandardCharsets.US_ASCII), 0);
    if (data < 0) {
      throw new BesProtocolException(
          "expected a dods answer with a \"Data:\" line after its" + " DDS but it had none");
    }
    ByteBuffer in =
        ByteBuffer.wrap(answer, data + 7, answer.length - data - 7).order(ByteOrder.BIG_ENDIAN);
    double[][] values = new double[variables.size()][];
    for (int v = 0; v < variables.size(); v++) {
      Variable variable = variables.get(v);
      int count = (int) variable.dimensions().get(0).size();
      need(in, 8, variable);
      int first = in.getInt();
      int second = in.getInt();
      if (first != count || second != count) {
        throw new BesProtocolException(
            "expected "
                + count
                + " values of "
                + variable.fqn()
                + " in the dods answer but its lengths said "
                + first
                + " and "
                + second);
      }
      String type = variable.type();
      int width = DapTypes.xdrWidth(type);
      need(in, DapTypes.isPacked(type) ? (count + 3) / 4 * 4 : (long) count * width, variable);
      double[] row = new double[count];
      for (int i = 0; i < count; i++) {
        row[i] =
            switch (type) {
              case "Byte" -> in.get() & 0xff;
              case "Int16", "Int32" -> in.getInt();
              case "UInt16", "UInt32" -> in.getInt() & 0xffff_ffffL;
              case "Float32" -> in.getFloat();
              case "Float64" -> in.getDouble();
              default -> throw new IllegalArgumentException("not a DAP2 number type: " + type);
            };
      }
      if (type.equals("Byte")) {
        in.position(in.position() + (4 - count % 4) % 4);
      }
      values[v] = row;
    }
    if (in.hasRemaining()) {
      throw new BesProtocolException(
          "expected the dods answer to end after "
              + variables.size()
              + " variables but "
              + in.remaining()
              + " bytes followed");
    }
    return values;
  }

  /** The values of {@code variables} from a {@code dap} answer. */
  static double[][] dap(byte[] answer, List<Variable> variables) throws BesProtocolException {
    ByteBuffer chunks = ByteBuffer.wrap(answer).order(ByteOrder.BIG_ENDIAN);
    byte[] payload = new byte[answer.length];
    int length = 0;
    boolean little = false;
    boolean ended = false;
    while (!ended) {
      if (chunks.remaining() < 4) {
        throw new BesProtocolException("expected a DAP4 chunk header but the dap answer ended");
      }
      int header = chunks.getInt();
      int flags = header >>> 24;
      int size = header & 0xff_ffff;
      if (size > chunks.remaining()) {
        throw new BesProtocolException(
            "expected a DAP4 chunk of "
                + size
                + " bytes but only "
                + chunks.remaining()
                + " followed");
      }
      if ((flags & ERROR) != 0) {
        throw new BesProtocolException(
            "the dap answer was an error: "
                + new String(answer, chunks.position(), Math.min(size, 400), StandardCharsets.UTF_8)
                    .strip());
      }
      little = (flags & LITTLE_ENDIAN) != 0;
      chunks.get(payload, length, size);
      length += size;
      ended = (flags & END) != 0;
    }
    int dmrEnd = indexOf(payload, "</Dataset>".getBytes(StandardCharsets.US_ASCII), 0);
    int crlf = dmrEnd < 0 ? -1 : indexOf(payload, new byte[] {'\r', '\n'}, dmrEnd);
    if (crlf < 0 || crlf >= length) {
      throw new BesProtocolException(
          "expected a DMR ending in CRLF at the start of the dap" + " answer but found none");
    }
    ByteBuffer in =
        ByteBuffer.wrap(payload, crlf + 2, length - crlf - 2)
            .order(little ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
    long expected = 0;
    for (Variable variable : variables) {
      expected += variable.dimensions().get(0).size() * DapTypes.dap4Width(variable.type());
    }
    boolean checksums = in.remaining() == expected + 4L * variables.size();
    if (!checksums && in.remaining() != expected) {
      throw new BesProtocolException(
          "expected "
              + expected
              + " bytes of values in the dap"
              + " answer but it held "
              + in.remaining());
    }
    double[][] values = new double[variables.size()][];
    for (int v = 0; v < variables.size(); v++) {
      Variable variable = variables.get(v);
      int count = (int) variable.dimensions().get(0).size();
      double[] row = new double[count];
      for (int i = 0; i < count; i++) {
        row[i] =
            switch (variable.type()) {
              case "Int8" -> in.get();
              case "UInt8", "Byte", "Char" -> in.get() & 0xff;
              case "Int16" -> in.getShort();
              case "UInt16" -> in.getShort() & 0xffff;
              case "Int32" -> in.getInt();
              case "UInt32" -> in.getInt() & 0xffff_ffffL;
              case "Int64" -> in.getLong();
              case "UInt64" -> unsigned(in.getLong());
              case "Float32" -> in.getFloat();
              case "Float64" -> in.getDouble();
              default ->
                  throw new IllegalArgumentException("not a DAP4 number type: " + variable.type());
            };
      }
      if (checksums) {
        in.getInt();
      }
      values[v] = row;
    }
    return values;
  }

  private static double unsigned(long value) {
    return value >= 0 ? value : (value >>> 1) * 2.0 + (value & 1);
  }

  private static void need(ByteBuffer in, long bytes, Variable variable)
      throws BesProtocolException {
    if (in.remaining() < bytes) {
      throw new BesProtocolException(
          "expected "
              + bytes
              + " more bytes for "
              + variable.fqn()
              + " in the dods answer but it ended after "
              + in.remaining());
    }
  }

  private static int indexOf(byte[] haystack, byte[] needle, int from) {
    for (int i = from; i <= haystack.length - needle.length; i++) {
      if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
        return i;
      }
    }
    return -1;
  }
}
