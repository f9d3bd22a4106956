package org.olfsfastpath.meta;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.emulator.dap.DapQuery;
import org.olfsfastpath.emulator.dap.DapRequestException;
import org.olfsfastpath.emulator.dap.Datasets;
import org.olfsfastpath.emulator.dap.EmulatedDataset;
import org.olfsfastpath.pages.CoordinateRequest;
import org.olfsfastpath.pages.Coordinates;
import org.olfsfastpath.pages.DatasetModel;
import org.olfsfastpath.pages.DatasetParser;
import org.olfsfastpath.pages.FormType;
import org.olfsfastpath.pages.Site;

/**
 * Discovery records of the BES emulator's datasets, built as the web layer builds them: the model
 * from the DMR or DDX, the coordinates from the one data answer their request names.
 */
final class Records {
  static final Site SITE = new Site("http://localhost:8080/opendap", FormType.DAP4, false);
  static final Instant MODIFIED = Instant.parse("2026-11-22T01:52:59Z");

  /** What the emulator answers for BES.ServerAdministrator and SupportEmail (ServerInfoTest). */
  static final ServerInfo SERVER =
      ServerInfo.of(
          List.of(
              "email:support@opendap.org",
              "organization:OPeNDAP Inc.",
              "street:165 NW Dean Knauss Dr.",
              "city:Narragansett",
              "region:RI",
              "postalCode:02882",
              "country:US",
              "telephone:+1.401.575.4835",
              "website:http://www.opendap.org"),
          List.of("support@opendap.org"));

  /** The file names of every sample, for the tests that write each of them. */
  static final List<String> SAMPLES =
      List.of(
          "coads_climatology.nc",
          "fnoc1.nc",
          Datasets.ACDD_RICH_FILE_NAME,
          Datasets.ACDD_NONE_FILE_NAME,
          Datasets.ACDD_NONE_NO_CF_FILE_NAME,
          Datasets.HOSTILE_VALUES_FILE_NAME,
          Datasets.HOSTILE_FILE_NAME);

  private Records() {}

  /** The record of emulator dataset {@code name} (a file name), from its DMR or its DDX. */
  static DiscoveryRecord of(String name, FormType form) throws Exception {
    EmulatedDataset dataset = Datasets.find("/data/" + name);
    DatasetModel model =
        form == FormType.DAP4
            ? DatasetParser.dmr(answer(dataset, "dmr", "", true))
            : DatasetParser.ddx(answer(dataset, "ddx", "", false));
    return of(model, dataset, "/data/" + name);
  }

  /** The record of {@code model}, its coordinates read from {@code dataset}'s answer. */
  static DiscoveryRecord of(DatasetModel model, EmulatedDataset dataset, String path)
      throws Exception {
    return DiscoveryRecords.of(
        model,
        coordinates(model, dataset),
        SERVER,
        SITE,
        new DataSource(path, true, MODIFIED, 4096, false, List.of()));
  }

  static Coordinates coordinates(DatasetModel model, EmulatedDataset dataset) throws Exception {
    CoordinateRequest request = CoordinateRequest.of(model);
    if (request.isEmpty()) {
      return request.unavailable("");
    }
    byte[] answer =
        request.dap4()
            ? answer(dataset, "dap", request.constraint(), true)
            : answer(dataset, "dods", request.constraint(), false);
    return request.read(answer);
  }

  static byte[] answer(EmulatedDataset dataset, String type, String constraint, boolean dap4)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      dataset.write(
          new DapQuery(
              type,
              "",
              constraint,
              dap4,
              type.equals("dmr") || type.equals("ddx") || type.equals("dap")
                  ? SITE.url("/data/" + dataset.name())
                  : "",
              false),
          out);
    } catch (DapRequestException e) {
      throw new AssertionError("the emulator refused " + type + " " + constraint, e);
    }
    return out.toByteArray();
  }
}
