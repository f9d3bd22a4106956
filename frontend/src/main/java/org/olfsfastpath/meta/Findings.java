package org.olfsfastpath.meta;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.meta.DiscoveryRecord.Finding;
import org.olfsfastpath.meta.DiscoveryRecord.GeoBox;
import org.olfsfastpath.meta.DiscoveryRecord.State;
import org.olfsfastpath.pages.Axis;

/**
 * The rubric's verdict on each ACDD attribute, and the values the coordinates give the missing
 * ones. The checks are compliance-checker's for ACDD 1.3 that need no more than the attributes and
 * the coordinate values: dates in ISO 8601, an {@code id} without blanks, {@code Conventions}
 * naming ACDD-1.3, numbers where numbers belong and near the data's own range, {@code
 * geospatial_bounds} as WKT, durations in ISO 8601, the controlled words of {@code *_type} and
 * {@code geospatial_vertical_positive}.
 */
final class Findings {
  private static final Set<AcddTerm> DATES =
      Set.of(
          AcddTerm.DATE_CREATED,
          AcddTerm.DATE_MODIFIED,
          AcddTerm.DATE_ISSUED,
          AcddTerm.DATE_METADATA_MODIFIED,
          AcddTerm.TIME_COVERAGE_START,
          AcddTerm.TIME_COVERAGE_END);

  /** An ISO 8601 duration: years to days, then T and hours to seconds; at least one number. */
  private static final Pattern DURATION =
      Pattern.compile(
          "P(?=\\d|T\\d)"
              + durationPart('Y')
              + durationPart('M')
              + durationPart('W')
              + durationPart('D')
              + "(T(?=\\d)"
              + durationPart('H')
              + durationPart('M')
              + durationPart('S')
              + ")?");

  private static final Pattern WKT =
      Pattern.compile(
          "(?i)\\s*(MULTI)?(POINT|LINESTRING|POLYGON)\\s*(Z\\s*|M\\s*|ZM\\s*)?\\(.*\\)\\s*",
          Pattern.DOTALL);

  /** An e-mail address as a mailto: IRI can carry it: no blanks, quotes, markup or commas. */
  static final Pattern EMAIL =
      Pattern.compile("[^\\s<>\"'@(),;:\\\\]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}");

  private static final Set<String> PARTY_TYPES =
      Set.of("person", "group", "institution", "position");

  private final Map<AcddTerm, String> derivedValues = new EnumMap<>(AcddTerm.class);
  private final Map<AcddTerm, String> derivedFrom = new EnumMap<>(AcddTerm.class);
  private final List<Finding> findings = new ArrayList<>();

  Findings(Map<AcddTerm, Field<String>> attributes, Extents extents) {
    derive(extents);
    for (AcddTerm term : AcddTerm.values()) {
      findings.add(judge(term, DiscoveryRecords.at(attributes, term), extents));
    }
  }

  /** The derived values of the missing attributes, as fields to put in the record. */
  Map<AcddTerm, Field<String>> derived() {
    Map<AcddTerm, Field<String>> fields = new EnumMap<>(AcddTerm.class);
    for (Finding finding : findings) {
      if (finding.state() == State.DERIVED) {
        fields.put(
            finding.term(), Field.of(finding.suggestion(), Origin.DERIVED, finding.detail()));
      }
    }
    return fields;
  }

  List<Finding> findings() {
    return List.copyOf(findings);
  }

  private void derive(Extents extents) {
    Axis lat = extents.lat;
    Axis lon = extents.lon;
    GeoBox box = extents.box;
    if (box != null && lat != null && lon != null) {
      String both = lon.variable().name() + " and " + lat.variable().name() + " values";
      put(AcddTerm.GEOSPATIAL_LAT_MIN, Extents.number(box.south(), false), both);
      put(AcddTerm.GEOSPATIAL_LAT_MAX, Extents.number(box.north(), false), both);
      put(AcddTerm.GEOSPATIAL_LON_MIN, Extents.number(box.west(), false), both);
      put(AcddTerm.GEOSPATIAL_LON_MAX, Extents.number(box.east(), false), both);
    }
    if (lat != null) {
      put(AcddTerm.GEOSPATIAL_LAT_UNITS, "degrees_north", lat.variable().name() + " units");
      put(
          AcddTerm.GEOSPATIAL_LAT_RESOLUTION,
          Extents.resolution(lat),
          lat.variable().name() + " step");
    }
    if (lon != null) {
      put(AcddTerm.GEOSPATIAL_LON_UNITS, "degrees_east", lon.variable().name() + " units");
      put(
          AcddTerm.GEOSPATIAL_LON_RESOLUTION,
          Extents.resolution(lon),
          lon.variable().name() + " step");
    }
    Axis vertical = extents.vertical;
    if (vertical != null && extents.verticalExtent != null) {
      String name = vertical.variable().name();
      boolean float32 = vertical.variable().type().equals("Float32");
      put(
          AcddTerm.GEOSPATIAL_VERTICAL_MIN,
          Extents.number(extents.verticalExtent.min(), float32),
          name + " values");
      put(
          AcddTerm.GEOSPATIAL_VERTICAL_MAX,
          Extents.number(extents.verticalExtent.max(), float32),
          name + " values");
      put(AcddTerm.GEOSPATIAL_VERTICAL_UNITS, extents.verticalExtent.units(), name + " units");
      put(
          AcddTerm.GEOSPATIAL_VERTICAL_POSITIVE,
          extents.verticalExtent.positive(),
          name + " positive");
      put(AcddTerm.GEOSPATIAL_VERTICAL_RESOLUTION, Extents.resolution(vertical), name + " step");
    }
    Axis time = extents.time;
    if (time != null && extents.timeSpan != null) {
      String name = time.variable().name() + " values";
      put(AcddTerm.TIME_COVERAGE_START, extents.timeSpan.start().text(), name);
      put(AcddTerm.TIME_COVERAGE_END, extents.timeSpan.end().text(), name);
    }
  }

  private void put(AcddTerm term, String value, String from) {
    if (!value.isEmpty()) {
      derivedValues.put(term, value);
      derivedFrom.put(term, from);
    }
  }

  private Finding judge(AcddTerm term, Field<String> field, Extents extents) {
    String value = field.value();
    String derived = derivedValues.getOrDefault(term, "");
    if (value == null) {
      return derived.isEmpty()
          ? new Finding(term, State.MISSING, "", "")
          : new Finding(term, State.DERIVED, derivedFrom.getOrDefault(term, ""), derived);
    }
    String problem = problem(term, value, extents);
    if (problem == null) {
      return new Finding(term, State.PRESENT, "", "");
    }
    return new Finding(
        term,
        State.INVALID,
        problem,
        term == AcddTerm.CONVENTIONS ? value + ", ACDD-1.3" : derived);
  }

  /** What is wrong with {@code value}, or null when nothing is. */
  private static @Nullable String problem(AcddTerm term, String value, Extents extents) {
    if (DATES.contains(term)) {
      return IsoTime.parse(value).isPresent()
          ? null
          : "not an ISO 8601 date or date-time (YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ)";
    }
    if (term.numeric()) {
      Double number = DiscoveryRecords.number(Field.of(value, Origin.ATTRIBUTE, ""));
      if (number == null) {
        return "not a number";
      }
      return offTheData(term, number, extents);
    }
    return switch (term) {
      case ID -> value.chars().anyMatch(Character::isWhitespace) ? "has blanks" : null;
      case CONVENTIONS -> value.contains("ACDD-1.3") ? null : "does not name ACDD-1.3";
      case GEOSPATIAL_VERTICAL_POSITIVE ->
          value.equalsIgnoreCase("up") || value.equalsIgnoreCase("down") ? null : "not up or down";
      case CREATOR_TYPE, PUBLISHER_TYPE ->
          PARTY_TYPES.contains(value.toLowerCase(java.util.Locale.ROOT))
              ? null
              : "not person, group, institution or position";
      case TIME_COVERAGE_DURATION, TIME_COVERAGE_RESOLUTION ->
          DURATION.matcher(value).matches() ? null : "not an ISO 8601 duration such as P1D";
      case GEOSPATIAL_BOUNDS -> WKT.matcher(value).matches() ? null : "not WKT";
      case CREATOR_URL, PUBLISHER_URL, METADATA_LINK ->
          IsoParts.isWebUrl(value) ? null : "not an http or https URL";
      case CREATOR_EMAIL, PUBLISHER_EMAIL ->
          EMAIL.matcher(value).matches() ? null : "not an e-mail address";
      default -> null;
    };
  }

  /**
   * Whether a stated latitude bound is further from the data's own than a grid step (ACDD bounds
   * may be cell edges, half a step beyond the centres); longitudes are left alone, since 0..360 and
   * -180..180 both describe the same data.
   */
  private static @Nullable String offTheData(AcddTerm term, double stated, Extents extents) {
    Axis lat = extents.lat;
    if (lat == null || Double.isNaN(extents.latMin)) {
      return null;
    }
    double data =
        switch (term) {
          case GEOSPATIAL_LAT_MIN -> extents.latMin;
          case GEOSPATIAL_LAT_MAX -> extents.latMax;
          default -> Double.NaN;
        };
    if (Double.isNaN(data)) {
      return null;
    }
    double step = lat.isRegular() ? Math.abs(lat.step()) : 0;
    double tolerance = Math.max(step, 1e-6 * Math.max(1, Math.abs(data)));
    return Math.abs(stated - data) <= tolerance
        ? null
        : "the data's "
            + (term == AcddTerm.GEOSPATIAL_LAT_MIN ? "smallest" : "largest")
            + " latitude is "
            + Extents.number(data, lat.variable().type().equals("Float32"));
  }

  /** An optional count of {@code unit} in an ISO 8601 duration, a decimal: {@code 1.5H}. */
  private static String durationPart(char unit) {
    return "(\\d+(\\.\\d+)?" + unit + ")?";
  }
}
