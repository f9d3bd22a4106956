package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Answers get commands for a {@link DatasetModel}: the DAP2 and DAP4 responses, and what the BES's
 * other modules make of them (ascii/csv, json and ijson, covjson, xml_data, ddx, netCDF-3), each
 * with the BES's size limits and its errors for a returnAs that has no method for the type. The
 * unconstrained documents are built once; constrained ones are cached per constraint, up to a
 * bound, so that a repeated small request only re-encodes its values. Thread-safe.
 */
final class GeneratedDataset implements EmulatedDataset {
  /** Constraints remembered per dataset; the cache is simply emptied when it fills up. */
  private static final int MAX_CACHED_CONSTRAINTS = 256;

  private static final byte[] DATA_MARKER = "Data:\n".getBytes(StandardCharsets.ISO_8859_1);

  /** The returnAs values the generator answers (netCDF-4, GeoTIFF and JPEG2000 are not made). */
  private static final Set<String> TRANSMITTERS =
      Set.of("ascii", "csv", "json", "ijson", "covjson", "netcdf");

  /** A parsed DAP2 constraint and the DDS that announces it. */
  private record Dap2Answer(Dap2Projection projection, byte[] dds) {}

  /** A parsed DAP4 constraint and the DMR that announces it. */
  private record Dap4Answer(Dap4Projection projection, byte[] dmr) {}

  private final DatasetModel model;
  private final Clock clock = Clock.systemUTC();
  private final byte[] das;
  private final byte[] infoPage;
  private final Map<String, Dap2Answer> dap2Answers = new ConcurrentHashMap<>();
  private final Map<String, Dap4Answer> dap4Answers = new ConcurrentHashMap<>();

  GeneratedDataset(DatasetModel model) {
    this.model = Objects.requireNonNull(model, "model == null");
    this.das = Dap2Text.das(model).getBytes(StandardCharsets.ISO_8859_1);
    this.infoPage = InfoPage.html(model).getBytes(StandardCharsets.ISO_8859_1);
  }

  @Override
  public String name() {
    return model.name();
  }

  DatasetModel model() {
    return model;
  }

  @Override
  public void write(DapQuery query, OutputStream out) throws IOException, DapRequestException {
    Objects.requireNonNull(query, "query == null");
    Objects.requireNonNull(out, "out == null");
    // The BES lower-cases the type when it looks up the response handler.
    String type = query.type().toLowerCase(Locale.ROOT);
    String returnAs = query.returnAs();
    if (!returnAs.isEmpty() && !TRANSMITTERS.contains(returnAs)) {
      throw BesErrors.unknownTransmitter(returnAs);
    }
    String element = BesErrors.responseElement(type);
    if (element == null) {
      throw BesErrors.unknownGetType(query.type());
    }
    if (!returnAs.isEmpty() && !transmits(returnAs, type)) {
      throw BesErrors.noTransmitterMethod(type, element);
    }
    String dap2Constraint = query.dap4Constraint() ? "" : query.constraint();
    String dap4Constraint = query.dap4Constraint() ? query.constraint() : "";
    switch (type) {
      case "das" -> out.write(das);
      case "dds" -> out.write(dap2(dap2Constraint, "DDS", "getDDS").dds());
      case "dods" -> dods(query, dap2Constraint, out);
      case "dmr" -> {
        if (returnAs.equals("covjson")) {
          throw BesErrors.notGenerated("dmr covjson", "getDMR");
        }
        out.write(dap4(dap4Constraint, query.xmlBase(), "DMR", "getDMR").dmr());
      }
      case "dap" -> dap(query, dap4Constraint, out);
      case "info_page" -> out.write(infoPage);
      case "ddx" -> ddx(query, dap2Constraint, out);
      case "xml_data" -> {
        // xml_data reads only the DAP2 constraint: a dap4constraint is ignored (the whole
        // dataset is sent), as the BES does.
        Dap2Answer answer = dap2(dap2Constraint, "DataDDS", "getXml_data");
        XmlDataWriter.write(answer.projection(), out);
      }
      case "stream" -> FileOutNetcdf.stream(model).write(out);
      case "dataddx" -> throw BesErrors.notGenerated(type, "getDataDDX");
      default -> throw BesErrors.unknownGetType(query.type());
    }
  }

  /** Whether the transmitter named by returnAs has a method for the get type. */
  private static boolean transmits(String returnAs, String type) {
    return switch (returnAs) {
      case "ascii", "csv", "netcdf" -> type.equals("dods") || type.equals("dap");
      case "json", "ijson" -> type.equals("dods") || type.equals("ddx");
      case "covjson" ->
          type.equals("dods") || type.equals("dap") || type.equals("ddx") || type.equals("dmr");
      default -> false;
    };
  }

  private void dods(DapQuery query, String constraint, OutputStream out)
      throws IOException, DapRequestException {
    String returnAs = query.returnAs();
    if (returnAs.equals("netcdf")) {
      Dap2Answer answer = dap2(constraint, "DataDDS", "getDODS");
      FileOutNetcdf.dap2(model, answer.projection(), query, clock).write(out);
      return;
    }
    Dap2Answer answer = dap2(constraint, returnAs.isEmpty() ? "DataDDS" : null, "getDODS");
    String tooBig = SizeLimits.dap2Problem(answer.projection(), query);
    if (tooBig != null) {
      if (returnAs.equals("covjson")) {
        throw new DapRequestException(
            BesErrors.SYNTAX_USER_ERROR,
            "Caught a C++ standard exception in responseBuilder.intern_dap2_data. The error was: "
                + tooBig,
            "getDODS",
            "FoDapCovJsonTransmitter.cc",
            145);
      }
      throw SizeLimits.dap2Error(
          tooBig, returnAs.isEmpty() ? SizeLimits.DODS_LINE : SizeLimits.DODS_TRANSFORM_LINE);
    }
    switch (returnAs) {
      case "ascii", "csv" -> {
        ByteSink sink = new ByteSink(out, XdrEncoder.size(answer.projection()) * 2);
        AsciiWriter.write(model.name(), answer.projection(), sink);
        sink.finish();
      }
      case "json" -> JsonWriter.abstractJson(model, answer.projection(), true, new LineSink(out));
      case "ijson" -> JsonWriter.instanceJson(model, answer.projection(), true, new LineSink(out));
      case "covjson" -> CovJsonWriter.write(answer.projection(), new LineSink(out));
      default -> {
        ByteSink sink =
            new ByteSink(
                out,
                answer.dds().length + DATA_MARKER.length + XdrEncoder.size(answer.projection()));
        sink.write(answer.dds());
        sink.write(DATA_MARKER);
        // The BES flushes its stream after "Data:", so the DDS travels in a PPT chunk of its own.
        sink.finish();
        out.flush();
        XdrEncoder.write(answer.projection(), sink);
        sink.finish();
      }
    }
  }

  private void dap(DapQuery query, String constraint, OutputStream out)
      throws IOException, DapRequestException {
    String returnAs = query.returnAs();
    switch (returnAs) {
      case "ascii", "csv" -> {
        Dap4Answer answer = dap4(constraint, query.xmlBase(), null, "getDAP");
        long limitKb = SizeLimits.limit(query, "max_response_size");
        long requestKb = dap4Bytes(answer.projection()) / 1024;
        if (limitKb > 0 && requestKb > limitKb) {
          throw new DapRequestException(
              BesErrors.INTERNAL_ERROR,
              "Failed to return values as ascii: The Request for "
                  + requestKb
                  + "KB is too large; requests for this server are limited to "
                  + limitKb
                  + "KB.",
              "getDAP",
              BesErrors.ASCII_TRANSMIT_FILE,
              BesErrors.ASCII_DAP4_TRANSMIT_LINE);
        }
        AsciiWriter.dap4(model.name(), answer.projection(), new LineSink(out));
      }
      case "netcdf" -> {
        Dap4Answer answer = dap4(constraint, query.xmlBase(), "DAP4Data", "getDAP");
        FileOutNetcdf.dap4(model, answer.projection(), query, clock).write(out);
      }
      case "covjson" -> {
        Dap4Answer answer = dap4(constraint, query.xmlBase(), "DAP4Data", "getDAP");
        String tooBig = SizeLimits.dap4Problem(answer.projection(), query);
        if (tooBig != null) {
          throw SizeLimits.dap4Error(tooBig, SizeLimits.DAP_COVJSON_LINE);
        }
        // DAP4 has no Grids, and the BES converts DAP4 only with FoCovJson.SIMPLE_GEO, which is
        // off by default: every such request fails the same way.
        throw new DapRequestException(
            BesErrors.INTERNAL_ERROR,
            "Failed to read dap4 data: STL Error: " + CovJsonWriter.NOT_CONVERTIBLE,
            "getDAP",
            "FoDapCovJsonTransmitter.cc",
            276);
      }
      default -> {
        Dap4Answer answer = dap4(constraint, query.xmlBase(), "DAP4Data", "getDAP");
        String tooBig = SizeLimits.dap4Problem(answer.projection(), query);
        if (tooBig != null) {
          throw SizeLimits.dap4Error(tooBig, SizeLimits.DAP_LINE);
        }
        Dap4DataWriter.write(answer.dmr(), answer.projection(), query.dap4Checksums(), out);
      }
    }
  }

  private void ddx(DapQuery query, String constraint, OutputStream out)
      throws IOException, DapRequestException {
    Dap2Answer answer = dap2(constraint, "DDX", "getDDX");
    switch (query.returnAs()) {
      case "json" -> JsonWriter.abstractJson(model, answer.projection(), false, new LineSink(out));
      case "ijson" -> JsonWriter.instanceJson(model, answer.projection(), false, new LineSink(out));
      case "covjson" -> throw BesErrors.notGenerated("ddx covjson", "getDDX");
      default ->
          out.write(
              DdxWriter.ddx(model, answer.projection(), query.xmlBase())
                  .getBytes(StandardCharsets.ISO_8859_1));
    }
  }

  private static long dap4Bytes(Dap4Projection projection) {
    long bytes = 0;
    for (Dap4Projection.Entry entry : projection.entries()) {
      bytes += (long) entry.count() * entry.variable().type().dap4Width();
    }
    return bytes;
  }

  /**
   * The parsed DAP2 constraint.
   *
   * @param transmitted what the BES says it was transmitting when libdap failed (DDS, DataDDS), or
   *     null for the ASCII transmitter's own wording
   */
  private Dap2Answer dap2(String constraint, @Nullable String transmitted, String element)
      throws DapRequestException {
    Dap2Answer answer = dap2Answers.get(constraint);
    if (answer != null) {
      return answer;
    }
    Dap2Projection projection;
    try {
      projection = Dap2ConstraintParser.parse(model, constraint);
    } catch (ConstraintException e) {
      throw transmitError(
          e,
          transmitted,
          element,
          "Failed to get values as ascii: ",
          BesErrors.ASCII_TRANSMIT_LINE);
    }
    answer =
        new Dap2Answer(
            projection, Dap2Text.dds(model, projection).getBytes(StandardCharsets.ISO_8859_1));
    remember(dap2Answers, constraint, answer);
    return answer;
  }

  private Dap4Answer dap4(
      String constraint, String xmlBase, @Nullable String transmitted, String element)
      throws DapRequestException {
    String key = xmlBase.isEmpty() ? constraint : constraint + '\n' + xmlBase;
    Dap4Answer answer = dap4Answers.get(key);
    if (answer != null) {
      return answer;
    }
    Dap4Projection projection;
    try {
      projection = Dap4ConstraintParser.parse(model, constraint);
    } catch (ConstraintException e) {
      throw transmitError(
          e,
          transmitted,
          element,
          "Failed to return values as ascii: ",
          BesErrors.ASCII_DAP4_TRANSMIT_LINE);
    }
    answer =
        new Dap4Answer(
            projection,
            DmrWriter.dmr(model, projection, xmlBase).getBytes(StandardCharsets.ISO_8859_1));
    remember(dap4Answers, key, answer);
    return answer;
  }

  private static DapRequestException transmitError(
      ConstraintException e,
      @Nullable String transmitted,
      String element,
      String asciiPrefix,
      int asciiLine) {
    if (transmitted == null) {
      return new DapRequestException(
          e.besErrorType(),
          asciiPrefix + e.getMessage(),
          element,
          BesErrors.ASCII_TRANSMIT_FILE,
          asciiLine);
    }
    return new DapRequestException(
        e.besErrorType(),
        "libdap error transmitting " + transmitted + ": " + e.getMessage(),
        element,
        BesErrors.DAP_TRANSMIT_FILE,
        BesErrors.DAP_TRANSMIT_LINE);
  }

  private static <V> void remember(Map<String, V> cache, String key, V value) {
    if (cache.size() >= MAX_CACHED_CONSTRAINTS) {
      cache.clear();
    }
    cache.put(key, value);
  }

  @Override
  public String toString() {
    return "GeneratedDataset[" + model.name() + "]";
  }
}
