package org.olfsfastpath.pages;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.olfsfastpath.emulator.dap.DapQuery;
import org.olfsfastpath.emulator.dap.DapRequestException;
import org.olfsfastpath.emulator.dap.EmulatedDataset;

/** The BES emulator's answers for a dataset, as the BES's payload (no PPT framing). */
final class Emulated {
  static final String BASE = "http://localhost:8080/opendap/";

  private Emulated() {}

  /** A DAP4 get: {@code dmr} or {@code dap}, with the xml:base the front end sends. */
  static byte[] dap4(EmulatedDataset dataset, String type, String constraint, boolean checksums)
      throws IOException {
    return answer(
        dataset, new DapQuery(type, "", constraint, true, BASE + dataset.name(), checksums));
  }

  /** A DAP2 get ({@code ddx}, {@code dods}), with {@code returnAs} (or ""). */
  static byte[] dap2(EmulatedDataset dataset, String type, String returnAs, String constraint)
      throws IOException {
    return answer(
        dataset,
        new DapQuery(
            type, returnAs, constraint, false, type.equals("ddx") ? BASE + dataset.name() : ""));
  }

  private static byte[] answer(EmulatedDataset dataset, DapQuery query) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      dataset.write(query, out);
    } catch (DapRequestException e) {
      throw new AssertionError("the emulator refused " + query, e);
    }
    return out.toByteArray();
  }

  static DatasetForm dap4Form(EmulatedDataset dataset) throws Exception {
    byte[] dmr = dap4(dataset, "dmr", "", false);
    return DatasetForm.of(DatasetParser.dmr(dmr), dmr);
  }

  static DatasetForm dap2Form(EmulatedDataset dataset) throws Exception {
    byte[] ddx = dap2(dataset, "ddx", "", "");
    return DatasetForm.of(DatasetParser.ddx(ddx), ddx);
  }

  /** The form with its coordinates read from the emulator's answer, as the web layer does. */
  static DatasetForm withCoordinates(DatasetForm form, EmulatedDataset dataset) throws Exception {
    CoordinateRequest request = form.coordinateRequest();
    byte[] answer =
        request.dap4()
            ? dap4(dataset, "dap", request.constraint(), false)
            : dap2(dataset, "dods", "", request.constraint());
    return form.withCoordinates(request.read(answer));
  }
}
