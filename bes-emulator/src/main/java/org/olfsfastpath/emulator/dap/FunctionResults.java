package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import org.jspecify.annotations.Nullable;

/**
 * The DAP4 data answer to a {@code dap4function} get, as the BES sends it: a dataset named {@code
 * function_results} holding each function's result, then the get's dap4constraint applied to it. As
 * in the BES's answer, the DMR declares no shared dimension (its variables still name the
 * dataset's, {@code <Dim name="/COADSX"/>}) and carries no {@code xml:base} (the results are a
 * dataset of their own). Arrays go out as the DAP4 data response does ({@link Dap4DataWriter}: the
 * values after the DMR chunk, the last of them in the END chunk). A String result (version()) goes
 * out as libdap writes a string: its length as a little-endian 64-bit count, then its bytes, then
 * the chunk that the end of serialization flushes, then an empty END chunk.
 */
final class FunctionResults {
  static final String DATASET = "function_results";
  private static final byte[] CRLF = {'\r', '\n'};

  /** One function's result: an array variable, or a scalar string. */
  record Result(@Nullable Variable array, String name, String text) {
    static Result array(Variable variable) {
      return new Result(variable, variable.name(), "");
    }

    static Result string(String name, String value) {
      return new Result(null, name, value);
    }
  }

  private FunctionResults() {}

  static void write(List<Result> results, DapQuery query, OutputStream out)
      throws IOException, DapRequestException {
    List<Variable> arrays = new ArrayList<>();
    for (Result result : results) {
      if (result.array() != null) {
        arrays.add(result.array());
      }
    }
    if (arrays.size() == results.size()) {
      arrays(arrays, query, out);
    } else if (results.size() == 1 && query.constraint().isEmpty()) {
      string(results.get(0), query.dap4Checksums(), out);
    } else {
      throw BesErrors.notGenerated(
          "a string function result with other results or a" + " constraint", "getDAP");
    }
  }

  private static void arrays(List<Variable> arrays, DapQuery query, OutputStream out)
      throws IOException, DapRequestException {
    DatasetModel model;
    try {
      model = new DatasetModel(DATASET, arrays, List.of());
    } catch (IllegalArgumentException e) {
      throw BesErrors.notGenerated(
          "function results that share a name or a dimension of two" + " sizes", "getDAP");
    }
    Dap4Projection parsed;
    try {
      parsed = Dap4ConstraintParser.parse(model, query.constraint());
    } catch (ConstraintException e) {
      throw new DapRequestException(e.besErrorType(), e.getMessage() == null ? "" : e.getMessage());
    }
    Dap4Projection projection =
        new Dap4Projection(parsed.constrained(), List.of(), parsed.entries());
    String tooBig = SizeLimits.dap4Problem(projection, query);
    if (tooBig != null) {
      throw SizeLimits.dap4Error(tooBig, SizeLimits.DAP_LINE);
    }
    byte[] dmr = DmrWriter.dmr(model, projection, "").getBytes(StandardCharsets.ISO_8859_1);
    Dap4DataWriter.write(dmr, projection, query.dap4Checksums(), out);
  }

  private static void string(Result result, boolean checksums, OutputStream out)
      throws IOException {
    StringBuilder dmr =
        new StringBuilder(256)
            .append("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n")
            .append("<Dataset xmlns=\"")
            .append(DmrWriter.NAMESPACE)
            .append("\" dapVersion=\"4.0\" dmrVersion=\"1.0\" name=\"")
            .append(DATASET)
            .append("\">\n")
            .append("    <String name=\"");
    XmlText.attribute(result.name(), dmr);
    dmr.append("\"/>\n</Dataset>\n");
    byte[] dmrBytes = dmr.toString().getBytes(StandardCharsets.ISO_8859_1);
    byte[] value = result.text().getBytes(StandardCharsets.UTF_8);
    Dap4ChunkedOutputStream chunks =
        new Dap4ChunkedOutputStream(
            out,
            Math.max(Dap4ChunkedOutputStream.MINIMUM_CHUNK_SIZE, dmrBytes.length + 2),
            dmrBytes.length + 2L + 8 + value.length + 4);
    chunks.write(dmrBytes, 0, dmrBytes.length);
    chunks.write(CRLF, 0, CRLF.length);
    chunks.sendDataChunk();
    byte[] count = new byte[8];
    long length = value.length;
    for (int i = 0; i < 8; i++) {
      count[i] = (byte) (length >>> (8 * i));
    }
    chunks.write(count, 0, count.length);
    chunks.write(value, 0, value.length);
    if (checksums) {
      CRC32 crc = new CRC32();
      crc.update(value);
      byte[] sum = new byte[4];
      DapType.putIntLittleEndian(sum, 0, (int) crc.getValue());
      chunks.write(sum, 0, sum.length);
    }
    // The serializer's closing flush sends what is buffered as a data chunk of its own.
    chunks.sendDataChunk();
    chunks.finish();
  }
}
