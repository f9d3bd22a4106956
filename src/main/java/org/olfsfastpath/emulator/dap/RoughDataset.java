package org.olfsfastpath.emulator.dap;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/** A first, unconstrained-only dataset: one Float64 coordinate vector named {@code x}. */
final class RoughDataset implements EmulatedDataset {
  private final String name;
  private final String coordinate;
  private final double[] values;
  private final String dds;

  RoughDataset(String name, String coordinate, double[] values) {
    this.name = Objects.requireNonNull(name, "name == null");
    this.coordinate = coordinate;
    this.values = values.clone();
    this.dds = "Dataset {\n    Float64 " + coordinate + "[" + coordinate + " = " + values.length
        + "];\n} " + name + ";\n";
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public void write(DapQuery query, OutputStream out) throws IOException, DapRequestException {
    switch (query.type()) {
      case "das" -> out.write(("Attributes {\n    " + coordinate + " {\n    }\n}\n")
          .getBytes(StandardCharsets.ISO_8859_1));
      case "dds" -> out.write(dds.getBytes(StandardCharsets.ISO_8859_1));
      case "dods" -> {
        out.write((dds + "Data:\n").getBytes(StandardCharsets.ISO_8859_1));
        DataOutputStream data = new DataOutputStream(out);
        data.writeInt(values.length);
        data.writeInt(values.length);
        for (double value : values) {
          data.writeDouble(value);
        }
        data.flush();
      }
      default -> throw new DapRequestException(3, "Unknown get type: " + query.type());
    }
  }
}
