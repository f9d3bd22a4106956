package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The fileout_covjson module's answer to a DAP2 request ({@code get dods returnAs="covjson"}): a
 * CoverageJSON Grid built from the projected Grids, in the BES's layout (two spaces per level,
 * every line its own PPT chunk, {@code "type" : "Domain"} and {@code "dataType": "float", } as it
 * writes them).
 *
 * <p>As in the BES, members are recognized by name: {@code lon}/{@code COADSX}-like names are the x
 * axis, {@code lat}/{@code COADSY}-like names y, {@code lev}/{@code depth}-like names z and {@code
 * time}/{@code TIME} t; the first member to claim an axis gets it; everything else is a parameter.
 * The t axis holds the time units with the words of a unit removed, not the data. A request that
 * projects no Grid cannot be converted (the generated datasets hold no CF discrete-sampling
 * features).
 */
final class CovJsonWriter {
  static final String NOT_CONVERTIBLE =
      "File cannot be converted to CovJSON format due to missing "
          + "or incompatible spatial dimensions";
  static final String TRANSFORM_FILE = "FoDapCovJsonTransform.cc";
  static final int NOT_CONVERTIBLE_LINE = 1133;

  private static final Set<String> X_NAMES =
      Set.of("lon", "LON", "longitude", "LONGITUDE", "COADSX");
  private static final Set<String> Y_NAMES = Set.of("lat", "LAT", "latitude", "LATITUDE", "COADSY");
  private static final Set<String> Z_NAMES =
      Set.of("lev", "LEV", "height", "HEIGHT", "depth", "DEPTH", "pres", "PRES");
  private static final Set<String> T_NAMES = Set.of("time", "TIME");
  private static final List<String> TIME_WORDS =
      List.of("hours", "hour", "minutes", "minute", "seconds", "second", "since", "  ");

  private record Axis(String name, String values) {}

  private record Parameter(
      String name,
      String dataType,
      String unit,
      String longName,
      String standardName,
      String shape,
      String values) {}

  private final List<Axis> axes = new ArrayList<>();
  private final List<Parameter> parameters = new ArrayList<>();
  private boolean x;
  private boolean y;
  private boolean z;
  private boolean t;
  private String referenceType = "GeographicCRS";
  private boolean geographicGrid;

  private CovJsonWriter() {}

  static void write(Dap2Projection projection, LineSink out)
      throws IOException, DapRequestException {
    new CovJsonWriter().transform(projection, out);
  }

  private void transform(Dap2Projection projection, LineSink out)
      throws IOException, DapRequestException {
    List<Dap2Projection.Entry> grids = new ArrayList<>();
    for (Dap2Projection.Entry entry : projection.entries()) {
      if (entry.grid()) {
        grids.add(entry);
      }
    }
    if (grids.isEmpty()) {
      throw new DapRequestException(
          BesErrors.INTERNAL_ERROR,
          NOT_CONVERTIBLE,
          "getDODS",
          TRANSFORM_FILE,
          NOT_CONVERTIBLE_LINE);
    }
    geographicGrid = isGeographicGrid(projection, grids.get(0));
    for (Dap2Projection.Entry grid : grids) {
      if (grid.array().send()) {
        member(grid.array());
      }
      for (Dap2Projection.Part map : grid.maps()) {
        if (map.send()) {
          member(map);
        }
      }
    }
    print(out);
    out.finish();
  }

  /**
   * The BES keeps GeographicCRS only when the request also projects, as top-level arrays, a
   * latitude and a longitude named like the first Grid's maps.
   */
  private static boolean isGeographicGrid(Dap2Projection projection, Dap2Projection.Entry grid) {
    boolean latitude = false;
    boolean longitude = false;
    for (Dap2Projection.Entry entry : projection.entries()) {
      if (entry.grid()) {
        continue;
      }
      Variable variable = entry.variable();
      boolean namedLikeAMap =
          grid.maps().stream().anyMatch(map -> map.variable().name().equals(variable.name()));
      if (!namedLikeAMap || variable.rank() != 1) {
        continue;
      }
      String units = attribute(variable, "units");
      if (units.startsWith("degrees_north")) {
        latitude = true;
      } else if (units.startsWith("degrees_east")) {
        longitude = true;
      }
      if (latitude && longitude) {
        return true;
      }
    }
    return false;
  }

  private void member(Dap2Projection.Part part) {
    Variable variable = part.variable();
    String name = variable.name();
    String axis = null;
    boolean parameter = false;
    if (X_NAMES.contains(name)) {
      axis = claim('x');
    } else if (Y_NAMES.contains(name)) {
      axis = claim('y');
    } else if (Z_NAMES.contains(name)) {
      axis = claim('z');
    } else if (T_NAMES.contains(name)) {
      axis = claim('t');
    } else {
      parameter = true;
    }
    String unit = "";
    String longName = "";
    String standardName = "";
    for (Attribute attribute : variable.attributes()) {
      String last = attribute.values().get(attribute.values().size() - 1);
      switch (attribute.name()) {
        case "units" -> unit = last;
        case "long_name" -> longName = last;
        case "standard_name" -> standardName = last;
        default -> {
          // Other attributes play no part.
        }
      }
    }
    if (axis != null) {
      String values =
          axis.equals("t")
              ? "\"values\": [\"" + timeOrigin(unit) + "\"]"
              : "\"values\": [" + flatValues(part) + "]";
      axes.add(new Axis(axis, values));
      if (!geographicGrid
          && (unit.contains("east")
              || unit.contains("East")
              || unit.contains("north")
              || unit.contains("North"))) {
        referenceType = "ProjectedCRS";
      }
    } else if (parameter) {
      StringBuilder shape = new StringBuilder("\"shape\": [");
      for (int d = 0; d < part.slices().size(); d++) {
        if (d > 0) {
          shape.append(", ");
        }
        // A time axis found earlier (by a previous Grid) makes the first dimension print as 1.
        shape.append(d == 0 && t ? 1 : part.slices().get(d).count());
      }
      shape.append("],");
      parameters.add(
          new Parameter(
              name,
              variable.type().dapName(),
              unit,
              longName,
              standardName,
              shape.toString(),
              "\"values\": [" + flatValues(part) + "]"));
    }
  }

  /** The axis letter, if no earlier member took it; null otherwise (the member is then ignored). */
  private @Nullable String claim(char axis) {
    switch (axis) {
      case 'x' -> {
        if (x) {
          return null;
        }
        x = true;
      }
      case 'y' -> {
        if (y) {
          return null;
        }
        y = true;
      }
      case 'z' -> {
        if (z) {
          return null;
        }
        z = true;
      }
      default -> {
        if (t) {
          return null;
        }
        t = true;
      }
    }
    return String.valueOf(axis);
  }

  /** The time units with the words of a unit and "since" taken out: the coverage's origin. */
  static String timeOrigin(String units) {
    if (units.contains("base_time")) {
      return "2020-01-01T12:00:00Z";
    }
    String origin = units;
    for (String word : TIME_WORDS) {
      int at;
      while ((at = origin.indexOf(word)) >= 0) {
        origin = origin.substring(0, at) + origin.substring(at + word.length());
      }
    }
    return origin;
  }

  /** All the part's values in row-major order, as a default C++ stream prints them (%g). */
  private static String flatValues(Dap2Projection.Part part) {
    Variable variable = part.variable();
    DapType type = variable.type();
    StringBuilder text = new StringBuilder(256);
    try {
      Hyperslab.forEachRow(
          variable,
          part.slices(),
          (row, first, step, count) -> {
            int index = first;
            for (int i = 0; i < count; i++, index += step) {
              if (text.length() > 0) {
                text.append(", ");
              }
              double value = variable.values().get(index);
              text.append(
                  switch (type) {
                    case FLOAT32 -> CFormat.g((float) value, 6);
                    case FLOAT64 -> CFormat.g(value, 6);
                    default -> type.format(value);
                  });
            }
          });
    } catch (IOException e) {
      throw new AssertionError("a StringBuilder does not throw", e);
    }
    return text.toString();
  }

  private static String attribute(Variable variable, String name) {
    for (Attribute attribute : variable.attributes()) {
      if (attribute.name().equals(name)) {
        return attribute.values().get(0);
      }
    }
    return "";
  }

  private void print(LineSink out) throws IOException {
    out.append("{\n");
    out.append("  \"type\": \"Coverage\",\n");
    out.append("  \"domain\": {\n");
    out.append("    \"type\" : \"Domain\",\n");
    out.append("    \"domainType\": \"Grid\",\n");
    printAxes(out);
    printReferencing(out);
    out.append("  },\n");
    printParameters(out);
    printRanges(out);
    out.append("}\n");
  }

  /** The axes in the order x, y, z, t; any other set than xyzt, xyt or xy prints only braces. */
  private void printAxes(LineSink out) throws IOException {
    List<Character> order;
    if (x && y && z && t) {
      order = List.of('x', 'y', 'z', 't');
    } else if (x && y && !z && t) {
      order = List.of('x', 'y', 't');
    } else if (x && y && !z) {
      order = List.of('x', 'y');
    } else {
      order = List.of();
    }
    out.append("    \"axes\": {\n");
    for (int i = 0; i < axes.size(); i++) {
      if (i < order.size()) {
        String wanted = String.valueOf(order.get(i));
        for (Axis axis : axes) {
          if (axis.name().equals(wanted)) {
            out.append("      \"").append(axis.name()).append("\": {\n");
            out.append("        ").append(axis.values()).append("\n");
          }
        }
      }
      out.append(i == axes.size() - 1 ? "      }\n" : "      },\n");
    }
    out.append("    },\n");
  }

  private void printReferencing(LineSink out) throws IOException {
    StringBuilder coordinates = new StringBuilder();
    if (x) {
      coordinates.append("\"x\"");
    }
    if (y) {
      coordinates.append(coordinates.length() > 0 ? ", " : "").append("\"y\"");
    }
    if (z) {
      coordinates.append(coordinates.length() > 0 ? ", " : "").append("\"z\"");
    }
    out.append("    \"referencing\": [{\n");
    if (t) {
      out.append("      \"coordinates\": [\"t\"],\n");
      out.append("      \"system\": {\n");
      out.append("        \"type\": \"TemporalRS\",\n");
      out.append("        \"calendar\": \"Gregorian\"\n");
      out.append("      }\n");
      out.append("    },\n");
      out.append("    {\n");
    }
    out.append("      \"coordinates\": [").append(coordinates).append("],\n");
    out.append("      \"system\": {\n");
    out.append("        \"type\": \"").append(referenceType).append("\",\n");
    if (referenceType.equals("ProjectedCRS")) {
      out.append("        \"id\": \"http://www.opengis.net/def/crs/EPSG/0/27700\"\n");
    } else if (x && y && z) {
      out.append("        \"id\": \"http://www.opengis.net/def/crs/EPSG/0/4979\"\n");
    } else if (!geographicGrid) {
      out.append("        \"id\": \"http://www.opengis.net/def/crs/OGC/1.3/CRS84\"\n");
    }
    out.append("      }\n");
    out.append("    }]\n");
  }

  private void printParameters(LineSink out) throws IOException {
    out.append("  \"parameters\": {\n");
    for (int i = 0; i < parameters.size(); i++) {
      Parameter parameter = parameters.get(i);
      String label =
          !parameter.longName().isEmpty()
              ? parameter.longName()
              : !parameter.standardName().isEmpty() ? parameter.standardName() : parameter.name();
      out.append("    \"").append(parameter.name()).append("\": {\n");
      out.append("      \"type\": \"Parameter\",\n");
      out.append("      \"description\": {\n");
      out.append("        \"en\": \"").append(label).append("\"\n");
      out.append("      },\n");
      out.append("      \"unit\": {\n");
      out.append("        \"label\": {\n");
      out.append("          \"en\": \"").append(parameter.unit()).append("\"\n");
      out.append("        },\n");
      out.append("        \"symbol\": {\n");
      out.append("          \"value\": \"").append(parameter.unit()).append("\",\n");
      out.append("          \"type\": \"http://www.opengis.net/def/uom/UCUM/\"\n");
      out.append("        }\n");
      out.append("      },\n");
      out.append("      \"observedProperty\": {\n");
      if (!parameter.standardName().isEmpty()) {
        out.append("        \"id\": \"http://vocab.nerc.ac.uk/standard_name/")
            .append(parameter.standardName())
            .append("/\",\n");
      }
      out.append("        \"label\": {\n");
      out.append("          \"en\": \"").append(label).append("\"\n");
      out.append("        }\n");
      out.append("      }\n");
      out.append(i == parameters.size() - 1 ? "    }\n" : "    },\n");
    }
    out.append("  },\n");
  }

  private void printRanges(LineSink out) throws IOException {
    StringBuilder axisNames = new StringBuilder();
    for (char axis : new char[] {'t', 'z', 'y', 'x'}) {
      boolean exists =
          switch (axis) {
            case 't' -> t;
            case 'z' -> z;
            case 'y' -> y;
            default -> x;
          };
      if (exists) {
        axisNames.append(axisNames.length() > 0 ? ", " : "").append('"').append(axis).append('"');
      }
    }
    out.append("  \"ranges\": {\n");
    for (int i = 0; i < parameters.size(); i++) {
      Parameter parameter = parameters.get(i);
      String type = parameter.dataType();
      String dataType =
          type.startsWith("int") || type.startsWith("Int")
              ? "integer"
              : type.startsWith("float") || type.startsWith("Float") ? "float" : "string";
      out.append("    \"").append(parameter.name()).append("\": {\n");
      out.append("      \"type\": \"NdArray\",\n");
      out.append("      \"dataType\": \"").append(dataType).append("\", \n");
      out.append("      \"axisNames\": [").append(axisNames).append("],\n");
      out.append("      ").append(parameter.shape()).append("\n");
      out.append("      ").append(parameter.values()).append("\n");
      out.append(i == parameters.size() - 1 ? "    }\n" : "    },\n");
    }
    out.append("  }\n");
  }
}
