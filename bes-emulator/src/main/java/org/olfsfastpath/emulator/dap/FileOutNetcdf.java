package org.olfsfastpath.emulator.dap;

import java.time.Clock;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What fileout_netcdf makes of a constrained request ({@code returnAs="netcdf"}): a netCDF-3 file
 * in the 64-bit offset format (CDF-2) holding the projected variables.
 *
 * <p>As the BES builds it: variables in projected order, a Grid's maps (each defined once) before
 * its array; dimensions named as in DAP, sized by the constraint, shared by name; DAP types mapped
 * to the classic ones (Byte widened to short, UInt16 to int); variable attributes in order with
 * {@code _FillValue} retyped to the variable's type and several String values joined by a newline;
 * global containers flattened, those named {@code *_GLOBAL} without their name and the others
 * ({@code DODS_EXTRA.Unlimited_Dimension}) with it. The global {@code history} gets the {@code
 * cf_history_entry} context (or an entry naming the request) appended and {@code history_json} gets
 * the {@code history_json_entry} context, both moved to the end of the global container. {@link
 * #stream} renders a whole dataset as a classic file instead, for the stream of a dataset that has
 * no file.
 */
final class FileOutNetcdf {
  static final String DIMENSION_CONFLICT =
      "fileout_netcdf: dimension found with the same name, but different size";
  private static final DateTimeFormatter ENTRY_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);
  private static final String HISTORY_SCHEMA =
      "https://harmony.earthdata.nasa.gov/schemas/history/0.1.0/history-0.1.0.json";

  private final Map<String, Integer> dimensionIndex = new LinkedHashMap<>();
  private final List<NetcdfFile.Dim> dims = new ArrayList<>();
  private final List<NetcdfFile.Var> vars = new ArrayList<>();
  private final Map<String, NetcdfFile.Var> byName = new LinkedHashMap<>();

  private FileOutNetcdf() {}

  /** The CDF-2 file for a DAP2 request. */
  static NetcdfFile dap2(DatasetModel model, Dap2Projection projection, DapQuery query, Clock clock)
      throws DapRequestException {
    FileOutNetcdf out = new FileOutNetcdf();
    for (Dap2Projection.Entry entry : projection.entries()) {
      for (Dap2Projection.Part map : entry.maps()) {
        if (map.send()) {
          out.variable(map.variable(), map.slices(), "getDODS");
        }
      }
      if (entry.array().send()) {
        out.variable(entry.array().variable(), entry.array().slices(), "getDODS");
      }
    }
    return new NetcdfFile(2, out.dims, globals(model, query, clock), out.vars);
  }

  /** The CDF-2 file for a DAP4 request. */
  static NetcdfFile dap4(DatasetModel model, Dap4Projection projection, DapQuery query, Clock clock)
      throws DapRequestException {
    FileOutNetcdf out = new FileOutNetcdf();
    for (Dap4Projection.Entry entry : projection.entries()) {
      out.variable(entry.variable(), entry.slices(), "getDAP");
    }
    return new NetcdfFile(2, out.dims, globals(model, query, clock), out.vars);
  }

  /** The whole dataset as a classic (CDF-1) file: what a stream of a dataset with no file sends. */
  static NetcdfFile stream(DatasetModel model) {
    FileOutNetcdf out = new FileOutNetcdf();
    try {
      for (Variable variable : model.variables()) {
        List<Slice> all = new ArrayList<>();
        for (Dimension dimension : variable.dimensions()) {
          all.add(Slice.all(dimension.size()));
        }
        out.variable(variable, all, "getStream");
      }
    } catch (DapRequestException e) {
      throw new IllegalStateException("a dataset's own dimensions conflict: " + e.getMessage(), e);
    }
    List<NetcdfFile.Att> globals = new ArrayList<>();
    for (AttributeContainer container : model.globals()) {
      if (container.name().endsWith("_GLOBAL")) {
        for (Attribute attribute : container.attributes()) {
          globals.add(attribute(attribute.name(), attribute, null));
        }
      }
    }
    return new NetcdfFile(1, out.dims, globals, out.vars);
  }

  private void variable(Variable variable, List<Slice> slices, String element)
      throws DapRequestException {
    NetcdfFile.Var earlier = byName.get(variable.name());
    if (earlier != null && earlier.slices().equals(slices)) {
      return; // A map shared with an earlier Grid is defined once.
    }
    List<Integer> dimIds = new ArrayList<>();
    for (int d = 0; d < variable.rank(); d++) {
      String name = netcdfName(variable.dimensions().get(d).name());
      int length = slices.get(d).count();
      Integer index = dimensionIndex.get(name);
      if (index == null) {
        index = dims.size();
        dims.add(new NetcdfFile.Dim(name, length));
        dimensionIndex.put(name, index);
      } else if (dims.get(index).length() != length) {
        throw new DapRequestException(
            BesErrors.INTERNAL_ERROR, DIMENSION_CONFLICT, element, "FONcArray.cc", 512);
      }
      dimIds.add(index);
    }
    NetcdfFile.Type type = type(variable.type());
    List<NetcdfFile.Att> atts = new ArrayList<>();
    for (Attribute attribute : variable.attributes()) {
      atts.add(
          attribute(
              attribute.name(), attribute, attribute.name().equals("_FillValue") ? type : null));
    }
    NetcdfFile.Var var =
        new NetcdfFile.Var(netcdfName(variable.name()), type, dimIds, atts, variable, slices);
    vars.add(var);
    byName.put(variable.name(), var);
  }

  static NetcdfFile.Type type(DapType type) {
    return switch (type) {
      case BYTE, INT16 -> NetcdfFile.Type.SHORT;
      case UINT16, INT32, UINT32 -> NetcdfFile.Type.INT;
      case FLOAT32 -> NetcdfFile.Type.FLOAT;
      case FLOAT64 -> NetcdfFile.Type.DOUBLE;
    };
  }

  /** A DAP attribute as a netCDF one; {@code forcedType} retypes a _FillValue. */
  private static NetcdfFile.Att attribute(
      String name, Attribute attribute, NetcdfFile.@Nullable Type forcedType) {
    if (attribute.isString()) {
      return NetcdfFile.Att.text(name, String.join("\n", attribute.values()));
    }
    NetcdfFile.Type type =
        forcedType != null
            ? forcedType
            : switch (attribute.type()) {
              case "Byte", "Int16" -> NetcdfFile.Type.SHORT;
              case "UInt16", "Int32", "UInt32" -> NetcdfFile.Type.INT;
              case "Float32" -> NetcdfFile.Type.FLOAT;
              default -> NetcdfFile.Type.DOUBLE;
            };
    double[] numbers = new double[attribute.values().size()];
    for (int i = 0; i < numbers.length; i++) {
      numbers[i] = Double.parseDouble(attribute.values().get(i).trim());
    }
    return NetcdfFile.Att.numbers(name, type, numbers);
  }

  /**
   * The global attributes: each {@code *_GLOBAL} container flattened without its name, with the
   * history entries last; then the other containers, their attributes prefixed with their name.
   */
  private static List<NetcdfFile.Att> globals(DatasetModel model, DapQuery query, Clock clock) {
    String requestUrl =
        model.name() + (query.constraint().isEmpty() ? "" : "?" + query.constraint());
    String now = LocalDateTime.now(clock).format(ENTRY_TIME);
    String cfEntry = query.context("cf_history_entry");
    if (cfEntry.isEmpty()) {
      cfEntry = now + " Hyrax " + requestUrl + "\n";
    }
    String jsonEntry = query.context("history_json_entry");
    if (jsonEntry.isEmpty()) {
      jsonEntry =
          "{\"$schema\":\""
              + HISTORY_SCHEMA
              + "\",\"date_time\":\""
              + now
              + "\",\"program\":\"hyrax\",\"version\":\"1.16.3\",\"parameters\":[{\"request_url\":\""
              + requestUrl.replace("\\", "\\\\").replace("\"", "\\\"")
              + "\"}]}";
    }
    List<NetcdfFile.Att> globals = new ArrayList<>();
    List<NetcdfFile.Att> prefixed = new ArrayList<>();
    boolean updated = false;
    for (AttributeContainer container : model.globals()) {
      if (!container.name().endsWith("_GLOBAL")) {
        for (Attribute attribute : container.attributes()) {
          prefixed.add(attribute(container.name() + "." + attribute.name(), attribute, null));
        }
        continue;
      }
      updated = true;
      String history = null;
      for (Attribute attribute : container.attributes()) {
        if (attribute.name().equals("history")) {
          history = String.join("\n", attribute.values());
        } else if (!attribute.name().equals("history_json")) {
          globals.add(attribute(attribute.name(), attribute, null));
        }
      }
      globals.addAll(historyAttributes(history, cfEntry, jsonEntry));
    }
    if (!updated) {
      // No *_GLOBAL container: the BES adds DAP_GLOBAL, whose attributes flatten to plain globals.
      globals.addAll(historyAttributes(null, cfEntry, jsonEntry));
    }
    globals.addAll(prefixed);
    return globals;
  }

  private static List<NetcdfFile.Att> historyAttributes(
      @Nullable String history, String cfEntry, String jsonEntry) {
    StringBuilder text = new StringBuilder();
    if (history != null) {
      text.append(history);
      if (!history.endsWith("\n")) {
        text.append('\n');
      }
    }
    text.append(cfEntry);
    if (!cfEntry.endsWith("\n")) {
      text.append('\n');
    }
    return List.of(
        NetcdfFile.Att.text("history", text.toString()),
        NetcdfFile.Att.text("history_json", "[" + jsonEntry + "]"));
  }

  /** fileout_netcdf's id2netcdf: characters outside [A-Za-z0-9-+_.@] become '_'. */
  static String netcdfName(String name) {
    StringBuilder out = new StringBuilder(name.length() + 1);
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean allowed =
          (c >= 'A' && c <= 'Z')
              || (c >= 'a' && c <= 'z')
              || (c >= '0' && c <= '9')
              || c == '-'
              || c == '+'
              || c == '_'
              || c == '.'
              || c == '@';
      out.append(allowed ? c : '_');
    }
    char first = out.length() == 0 ? '_' : out.charAt(0);
    boolean startsWell =
        (first >= 'A' && first <= 'Z')
            || (first >= 'a' && first <= 'z')
            || (first >= '0' && first <= '9')
            || first == '_';
    return startsWell ? out.toString() : "nc_" + out;
  }
}
