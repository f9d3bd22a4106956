package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Answers get commands for a {@link DatasetModel}. The unconstrained documents are built once;
 * constrained ones are cached per constraint, up to a bound, so that a repeated small request
 * only re-encodes its values. Thread-safe.
 */
final class GeneratedDataset implements EmulatedDataset {
  /** Constraints remembered per dataset; the cache is simply emptied when it fills up. */
  private static final int MAX_CACHED_CONSTRAINTS = 256;
  private static final byte[] DATA_MARKER = "Data:\n".getBytes(StandardCharsets.ISO_8859_1);

  /** A parsed DAP2 constraint and the DDS that announces it. */
  private record Dap2Answer(Dap2Projection projection, byte[] dds) {}

  /** A parsed DAP4 constraint and the DMR that announces it. */
  private record Dap4Answer(Dap4Projection projection, byte[] dmr) {}

  private final DatasetModel model;
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
    boolean ascii = returnAs.equals("ascii");
    if (!returnAs.isEmpty() && !ascii) {
      throw BesErrors.unknownTransmitter(returnAs);
    }
    String dap2Constraint = query.dap4Constraint() ? "" : query.constraint();
    String dap4Constraint = query.dap4Constraint() ? query.constraint() : "";
    switch (type) {
      case "das" -> {
        if (ascii) {
          throw BesErrors.noTransmitterMethod("das", "getDAS");
        }
        out.write(das);
      }
      case "dds" -> {
        if (ascii) {
          throw BesErrors.noTransmitterMethod("dds", "getDDS");
        }
        out.write(dap2(dap2Constraint, "DDS", "getDDS").dds());
      }
      case "dods" -> {
        if (ascii) {
          Dap2Answer answer = dap2(dap2Constraint, null, "getDODS");
          ByteSink sink = new ByteSink(out, XdrEncoder.size(answer.projection()) * 2);
          AsciiWriter.write(model.name(), answer.projection(), sink);
          sink.finish();
        } else {
          Dap2Answer answer = dap2(dap2Constraint, "DataDDS", "getDODS");
          ByteSink sink = new ByteSink(out,
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
      case "dmr" -> {
        if (ascii) {
          throw BesErrors.noTransmitterMethod("dmr", "getDMR");
        }
        Dap4Answer answer = dap4(dap4Constraint, query.xmlBase(), "DMR", "getDMR");
        out.write(answer.dmr());
      }
      case "dap" -> {
        if (ascii) {
          Dap4Answer answer = dap4(dap4Constraint, query.xmlBase(), null, "getDAP");
          ByteSink sink = new ByteSink(out, ByteSink.MAX_CAPACITY);
          AsciiWriter.write(model.name(), answer.projection(), sink);
          sink.finish();
        } else {
          Dap4Answer answer = dap4(dap4Constraint, query.xmlBase(), "DAP4Data", "getDAP");
          Dap4DataWriter.write(answer.dmr(), answer.projection(), query.dap4Checksums(), out);
        }
      }
      case "info_page" -> out.write(infoPage);
      case "ddx" -> throw BesErrors.notGenerated(type, "getDDX");
      case "dataddx" -> throw BesErrors.notGenerated(type, "getDataDDX");
      default -> throw BesErrors.unknownGetType(query.type());
    }
  }

  /**
   * The parsed DAP2 constraint.
   *
   * @param transmitted what the BES says it was transmitting when libdap failed (DDS, DataDDS),
   *     or null for the ASCII transmitter's own wording
   */
  private Dap2Answer dap2(String constraint, String transmitted, String element)
      throws DapRequestException {
    Dap2Answer answer = dap2Answers.get(constraint);
    if (answer != null) {
      return answer;
    }
    Dap2Projection projection;
    try {
      projection = Dap2ConstraintParser.parse(model, constraint);
    } catch (ConstraintException e) {
      throw transmitError(e, transmitted, element, "Failed to get values as ascii: ",
          BesErrors.ASCII_TRANSMIT_LINE);
    }
    answer = new Dap2Answer(projection,
        Dap2Text.dds(model, projection).getBytes(StandardCharsets.ISO_8859_1));
    remember(dap2Answers, constraint, answer);
    return answer;
  }

  private Dap4Answer dap4(String constraint, String xmlBase, String transmitted, String element)
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
      throw transmitError(e, transmitted, element, "Failed to return values as ascii: ",
          BesErrors.ASCII_DAP4_TRANSMIT_LINE);
    }
    answer = new Dap4Answer(projection,
        DmrWriter.dmr(model, projection, xmlBase).getBytes(StandardCharsets.ISO_8859_1));
    remember(dap4Answers, key, answer);
    return answer;
  }

  private static DapRequestException transmitError(ConstraintException e, String transmitted,
      String element, String asciiPrefix, int asciiLine) {
    if (transmitted == null) {
      return new DapRequestException(e.besErrorType(), asciiPrefix + e.getMessage(), element,
          BesErrors.ASCII_TRANSMIT_FILE, asciiLine);
    }
    return new DapRequestException(e.besErrorType(),
        "libdap error transmitting " + transmitted + ": " + e.getMessage(), element,
        BesErrors.DAP_TRANSMIT_FILE, BesErrors.DAP_TRANSMIT_LINE);
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
