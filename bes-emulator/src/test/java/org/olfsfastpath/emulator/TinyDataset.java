package org.olfsfastpath.emulator;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.olfsfastpath.emulator.dap.DapQuery;
import org.olfsfastpath.emulator.dap.DapRequestException;
import org.olfsfastpath.emulator.dap.EmulatedDataset;

/**
 * A dataset small enough to read in a test, answering the way the DAP generator is expected to:
 * constraint {@code BAD} is refused before writing, {@code FAIL_LATE} fails after a flushed chunk,
 * {@code BIG:n} writes n bytes, and a dods answer is flushed after its "Data:" line.
 */
final class TinyDataset implements EmulatedDataset {
  static final String CE_ERROR =
      "Constraint expression parse error: the expression referenced a identifier not "
          + "found in the dataset.";

  private final String name;

  TinyDataset(String name) {
    this.name = name;
  }

  @Override
  public String name() {
    return name;
  }

  /** The dds answer for an unconstrained request. */
  String dds() {
    return "Dataset {\n    Int32 x;\n} " + name + ";\n";
  }

  @Override
  public void write(DapQuery query, OutputStream out) throws IOException, DapRequestException {
    String constraint = query.constraint();
    if (constraint.equals("BAD")) {
      throw new DapRequestException(3, CE_ERROR);
    }
    if (constraint.startsWith("BIG:")) {
      out.write(new byte[Integer.parseInt(constraint.substring(4))]);
      return;
    }
    switch (query.type()) {
      case "das" ->
          out.write(ascii("Attributes {\n    x {\n        String units \"m\";\n    }\n}\n"));
      case "dds" -> out.write(ascii(dds()));
      case "dods" -> {
        out.write(ascii(dds() + "Data:\n"));
        out.flush();
        out.write(new byte[] {0, 0, 0, 42});
        if (constraint.equals("FAIL_LATE")) {
          throw new DapRequestException(1, "Could not read x");
        }
      }
      default ->
          out.write(
              ascii(
                  query.type()
                      + " of "
                      + name
                      + " returnAs="
                      + query.returnAs()
                      + " ce="
                      + constraint
                      + " dap4="
                      + query.dap4Constraint()
                      + " base="
                      + query.xmlBase()));
    }
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }
}
