package org.olfsfastpath.meta;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.meta.DiscoveryRecord.Extent;
import org.olfsfastpath.meta.DiscoveryRecord.GeoBox;
import org.olfsfastpath.meta.DiscoveryRecord.Identity;
import org.olfsfastpath.meta.DiscoveryRecord.Party;
import org.olfsfastpath.meta.DiscoveryRecord.Role;
import org.olfsfastpath.meta.DiscoveryRecord.TimeSpan;
import org.olfsfastpath.meta.DiscoveryRecord.VariableInfo;
import org.olfsfastpath.meta.DiscoveryRecord.Vertical;
import org.olfsfastpath.pages.Coordinates;
import org.olfsfastpath.pages.DatasetModel;
import org.olfsfastpath.pages.DatasetModel.Dimension;
import org.olfsfastpath.pages.DatasetModel.Variable;
import org.olfsfastpath.pages.Site;

/**
 * Builds a {@link DiscoveryRecord} from what the front end already has for a dataset: the model of
 * its DMR or DDX, its coordinate values (read as the request forms read them), the BES's
 * administrator and the catalog entry. Every string is cleaned here, once ({@link Clean}); the
 * extent comes from the ACDD attributes when they are usable, else from the coordinates ({@link
 * Extents}); the rubric's findings are {@link Findings}'. Stateless.
 */
public final class DiscoveryRecords {
  private static final int MAX_KEYWORDS = 100;

  private DiscoveryRecords() {}

  /**
   * The record of one dataset.
   *
   * @param model the dataset's structure and attributes, from its DMR or DDX
   * @param coordinates its coordinate values, or why they are not known ({@code
   *     CoordinateRequest.unavailable}): then nothing is derived, and the record says why
   * @param server the BES's administrator, the publisher when the attributes name none
   * @param site the server's URL and settings
   * @param dataset the dataset's catalog entry
   */
  public static DiscoveryRecord of(
      DatasetModel model,
      Coordinates coordinates,
      ServerInfo server,
      Site site,
      DataSource dataset) {
    Objects.requireNonNull(model, "model == null");
    Objects.requireNonNull(coordinates, "coordinates == null");
    Objects.requireNonNull(server, "server == null");
    Objects.requireNonNull(site, "site == null");
    Objects.requireNonNull(dataset, "dataset == null");
    Globals globals = new Globals(model);
    Map<AcddTerm, Field<String>> attributes = new EnumMap<>(AcddTerm.class);
    for (AcddTerm term : AcddTerm.values()) {
      attributes.put(term, read(globals, term));
    }
    Extents extents = new Extents(coordinates);
    Findings findings = new Findings(attributes, extents);
    attributes.putAll(findings.derived());

    String url = site.url(dataset.path());
    String name = dataset.path().substring(dataset.path().lastIndexOf('/') + 1);
    List<String> notes = new ArrayList<>();
    if (!coordinates.note().isEmpty()) {
      notes.add("coordinate values not read (" + coordinates.note() + "): nothing derived");
    }
    notes.addAll(extents.notes);
    Field<String> title = at(attributes, AcddTerm.TITLE);
    if (!title.isPresent()) {
      title = Field.of(Clean.text(name, Clean.TITLE).text(), Origin.DEFAULT, "dataset name");
    }
    Identity identity =
        new Identity(
            url,
            url + site.formType().suffix(),
            dataset.path(),
            name,
            model.form(),
            fileIdentifier(attributes, url),
            dataset.lastModified(),
            dataset.size(),
            dateStamp(attributes, dataset.lastModified()));
    Extent extent =
        new Extent(
            box(attributes, extents),
            vertical(attributes, extents),
            time(attributes, extents),
            extents.grid());
    return new DiscoveryRecord(
        identity,
        attributes,
        title,
        keywords(at(attributes, AcddTerm.KEYWORDS), notes),
        topics(globals),
        creator(attributes),
        publisher(attributes, server),
        contributors(attributes),
        extent,
        variables(model),
        Links.of(site, dataset),
        findings.findings(),
        notes);
  }

  private static Field<String> read(Globals globals, AcddTerm term) {
    Globals.Global global = globals.get(term.attribute());
    if (global == null && term == AcddTerm.ACKNOWLEDGEMENT) {
      global = globals.get("acknowledgment"); // ACDD 1.1's spelling, which compliance-checker takes
    }
    if (global == null) {
      return Field.missing("NC_GLOBAL." + term.attribute());
    }
    int max =
        switch (term) {
          case TITLE -> Clean.TITLE;
          case SUMMARY, KEYWORDS -> Clean.SUMMARY;
          case HISTORY -> Clean.HISTORY;
          default -> Clean.OTHER;
        };
    Clean clean = Clean.text(global.value(), max);
    if (clean.text().isEmpty()) {
      return new Field<>(null, Origin.MISSING, global.source(), clean.notes());
    }
    return new Field<>(clean.text(), Origin.ATTRIBUTE, global.source(), clean.notes());
  }

  private static Field<String> fileIdentifier(Map<AcddTerm, Field<String>> attributes, String url) {
    String id = at(attributes, AcddTerm.ID).value();
    String authority = at(attributes, AcddTerm.NAMING_AUTHORITY).value();
    if (id != null && authority != null) {
      return Field.of(authority + ":" + id, Origin.ATTRIBUTE, "naming_authority:id");
    }
    if (id != null) {
      return Field.of(id, Origin.ATTRIBUTE, "id");
    }
    return Field.of(url, Origin.DEFAULT, "dataset URL");
  }

  private static Field<IsoTime> dateStamp(
      Map<AcddTerm, Field<String>> attributes, Instant lastModified) {
    IsoTime stated = parsed(at(attributes, AcddTerm.DATE_METADATA_MODIFIED));
    if (stated != null) {
      return Field.of(stated, Origin.ATTRIBUTE, "date_metadata_modified");
    }
    String text =
        DateTimeFormatter.ISO_INSTANT.format(lastModified.truncatedTo(ChronoUnit.SECONDS));
    IsoTime modified =
        IsoTime.parse(text).orElseThrow(() -> new IllegalStateException("not ISO 8601: " + text));
    return Field.of(modified, Origin.DEFAULT, "the dataset's modification time");
  }

  /** The field of {@code term}, which every map of the record has. */
  static Field<String> at(Map<AcddTerm, Field<String>> attributes, AcddTerm term) {
    return Objects.requireNonNull(attributes.get(term), term.attribute());
  }

  /** A field's value read as ISO 8601, or null. */
  static @Nullable IsoTime parsed(Field<String> field) {
    String value = field.value();
    return value == null ? null : IsoTime.parse(value).orElse(null);
  }

  /** A field's value read as a finite number, or null. */
  static @Nullable Double number(Field<String> field) {
    String value = field.value();
    if (value == null) {
      return null;
    }
    try {
      double number = Double.parseDouble(value.strip());
      return Double.isFinite(number) ? number : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static Field<GeoBox> box(Map<AcddTerm, Field<String>> attributes, Extents extents) {
    Double south = number(at(attributes, AcddTerm.GEOSPATIAL_LAT_MIN));
    Double north = number(at(attributes, AcddTerm.GEOSPATIAL_LAT_MAX));
    Double west = number(at(attributes, AcddTerm.GEOSPATIAL_LON_MIN));
    Double east = number(at(attributes, AcddTerm.GEOSPATIAL_LON_MAX));
    boolean stated =
        at(attributes, AcddTerm.GEOSPATIAL_LAT_MIN).origin() == Origin.ATTRIBUTE
            && at(attributes, AcddTerm.GEOSPATIAL_LON_MIN).origin() == Origin.ATTRIBUTE;
    if (stated
        && south != null
        && north != null
        && west != null
        && east != null
        && -90 <= south
        && south <= north
        && north <= 90
        && west >= -180
        && east <= 360) {
      double w = west;
      double e = east;
      if (e - w >= 360) {
        w = -180;
        e = 180;
      } else {
        w = w > 180 ? w - 360 : w;
        e = e > 180 ? e - 360 : e;
      }
      return Field.of(
          new GeoBox(w, e, south, north), Origin.ATTRIBUTE, "geospatial_lat_*, geospatial_lon_*");
    }
    if (extents.box != null && extents.lon != null && extents.lat != null) {
      return Field.of(
          extents.box,
          Origin.DERIVED,
          extents.lon.variable().name() + " and " + extents.lat.variable().name() + " values");
    }
    return Field.missing("no geospatial_lat/lon_min/max and no CF latitude and longitude");
  }

  private static Field<Vertical> vertical(
      Map<AcddTerm, Field<String>> attributes, Extents extents) {
    Double min = number(at(attributes, AcddTerm.GEOSPATIAL_VERTICAL_MIN));
    Double max = number(at(attributes, AcddTerm.GEOSPATIAL_VERTICAL_MAX));
    if (at(attributes, AcddTerm.GEOSPATIAL_VERTICAL_MIN).origin() == Origin.ATTRIBUTE
        && min != null
        && max != null) {
      String positive = at(attributes, AcddTerm.GEOSPATIAL_VERTICAL_POSITIVE).orElse("");
      return Field.of(
          new Vertical(
              Math.min(min, max),
              Math.max(min, max),
              at(attributes, AcddTerm.GEOSPATIAL_VERTICAL_UNITS).orElse(""),
              positive.equals("up") || positive.equals("down") ? positive : ""),
          Origin.ATTRIBUTE,
          "geospatial_vertical_*");
    }
    if (extents.verticalExtent != null && extents.vertical != null) {
      return Field.of(
          extents.verticalExtent, Origin.DERIVED, extents.vertical.variable().name() + " values");
    }
    return Field.missing("no geospatial_vertical_min/max and no CF vertical coordinate");
  }

  private static Field<TimeSpan> time(Map<AcddTerm, Field<String>> attributes, Extents extents) {
    IsoTime start = parsed(at(attributes, AcddTerm.TIME_COVERAGE_START));
    IsoTime end = parsed(at(attributes, AcddTerm.TIME_COVERAGE_END));
    if (at(attributes, AcddTerm.TIME_COVERAGE_START).origin() == Origin.ATTRIBUTE
        && at(attributes, AcddTerm.TIME_COVERAGE_END).origin() == Origin.ATTRIBUTE
        && start != null
        && end != null) {
      String units = extents.timeSpan != null ? extents.timeSpan.description() : "";
      return Field.of(new TimeSpan(start, end, units), Origin.ATTRIBUTE, "time_coverage_*");
    }
    if (extents.timeSpan != null && extents.time != null) {
      List<String> notes = new ArrayList<>();
      if (extents.timeSpan.start().beforeYearOne()) {
        notes.add("before year 1: a climatology relative to year 0, counted astronomically");
      }
      return new Field<>(
          extents.timeSpan, Origin.DERIVED, extents.time.variable().name() + " values", notes);
    }
    return Field.missing("no time_coverage_start/end and no CF time coordinate");
  }

  private static List<String> keywords(Field<String> field, List<String> notes) {
    String value = field.value();
    if (value == null) {
      return List.of();
    }
    String separator = value.indexOf(',') >= 0 || value.indexOf(';') < 0 ? "," : ";";
    Set<String> keywords = new LinkedHashSet<>();
    for (String part : value.split(separator, -1)) {
      String keyword = Clean.text(part, Clean.KEYWORD).text();
      if (!keyword.isEmpty()) {
        keywords.add(keyword);
      }
    }
    if (keywords.size() > MAX_KEYWORDS) {
      notes.add("keywords: the first " + MAX_KEYWORDS + " of " + keywords.size() + " kept");
      return List.copyOf(keywords).subList(0, MAX_KEYWORDS);
    }
    return List.copyOf(keywords);
  }

  /** ISO's topic category codes, which an {@code MD_TopicCategoryCode} may hold. */
  private static final Set<String> TOPICS =
      Set.of(
          "farming",
          "biota",
          "boundaries",
          "climatologyMeteorologyAtmosphere",
          "economy",
          "elevation",
          "environment",
          "geoscientificInformation",
          "health",
          "imageryBaseMapsEarthCover",
          "intelligenceMilitary",
          "inlandWaters",
          "location",
          "oceans",
          "planningCadastre",
          "society",
          "structure",
          "transportation",
          "utilitiesCommunication");

  /** The dataset's {@code ISO_Topic_Categories}, as ncISO reads them: ISO's codes only. */
  private static List<String> topics(Globals globals) {
    Globals.Global stated = globals.get("ISO_Topic_Categories");
    if (stated == null) {
      return List.of();
    }
    Set<String> topics = new LinkedHashSet<>();
    for (String part : stated.value().split("[,;\\s]+", -1)) {
      if (TOPICS.contains(part.strip())) {
        topics.add(part.strip());
      }
    }
    return List.copyOf(topics);
  }

  private static Party creator(Map<AcddTerm, Field<String>> attributes) {
    String institution = at(attributes, AcddTerm.CREATOR_INSTITUTION).orElse("");
    if (institution.isEmpty()) {
      institution = at(attributes, AcddTerm.INSTITUTION).orElse("");
    }
    Party party =
        stated(
            attributes,
            AcddTerm.CREATOR_NAME,
            AcddTerm.CREATOR_EMAIL,
            AcddTerm.CREATOR_URL,
            AcddTerm.CREATOR_TYPE,
            institution,
            "originator");
    return party.isPresent() ? party : Party.NONE;
  }

  /** A party as the attributes state it, each absent one empty. */
  private static Party stated(
      Map<AcddTerm, Field<String>> attributes,
      AcddTerm name,
      AcddTerm email,
      AcddTerm url,
      AcddTerm type,
      String institution,
      String role) {
    return new Party(
        at(attributes, name).orElse(""),
        at(attributes, email).orElse(""),
        at(attributes, url).orElse(""),
        at(attributes, type).orElse("").toLowerCase(java.util.Locale.ROOT),
        institution,
        role,
        Origin.ATTRIBUTE,
        Map.of());
  }

  private static Party publisher(Map<AcddTerm, Field<String>> attributes, ServerInfo server) {
    Party stated =
        stated(
            attributes,
            AcddTerm.PUBLISHER_NAME,
            AcddTerm.PUBLISHER_EMAIL,
            AcddTerm.PUBLISHER_URL,
            AcddTerm.PUBLISHER_TYPE,
            at(attributes, AcddTerm.PUBLISHER_INSTITUTION).orElse(""),
            "publisher");
    return stated.isPresent() ? stated : serverParty(server);
  }

  /** The BES's administrator as a publisher, or {@link Party#NONE} when it names nobody. */
  static Party serverParty(ServerInfo server) {
    if (!server.isPresent()) {
      return Party.NONE;
    }
    Map<String, String> address = new LinkedHashMap<>();
    for (String key : List.of("street", "city", "region", "postalcode", "country", "telephone")) {
      if (!server.get(key).isEmpty()) {
        address.put(key, server.get(key));
      }
    }
    String email = server.get("email").isEmpty() ? server.supportEmail() : server.get("email");
    String organization = server.get("organization");
    return new Party(
        organization,
        email,
        server.get("website"),
        organization.isEmpty() ? "" : "institution",
        "",
        "publisher",
        Origin.SERVER,
        address);
  }

  private static List<Party> contributors(Map<AcddTerm, Field<String>> attributes) {
    String names = at(attributes, AcddTerm.CONTRIBUTOR_NAME).orElse("");
    if (names.isEmpty()) {
      return List.of();
    }
    String[] roles = at(attributes, AcddTerm.CONTRIBUTOR_ROLE).orElse("").split(",", -1);
    List<Party> contributors = new ArrayList<>();
    String[] split = names.split(",", -1);
    for (int i = 0; i < split.length; i++) {
      String name = split[i].strip();
      if (!name.isEmpty()) {
        String role = i < roles.length ? roles[i].strip() : "";
        contributors.add(new Party(name, "", "", "", "", role, Origin.ATTRIBUTE, Map.of()));
      }
    }
    return contributors;
  }

  private static List<VariableInfo> variables(DatasetModel model) {
    Set<String> bounds = new HashSet<>();
    for (Variable variable : model.allVariables()) {
      String named = variable.attributeValue("bounds");
      if (named != null) {
        bounds.add(named.strip());
      }
    }
    List<VariableInfo> variables = new ArrayList<>();
    for (Variable variable : model.variables()) {
      String fqn = variable.fqn();
      add(variable, fqn.equals("/" + variable.name()) ? variable.name() : fqn, bounds, variables);
    }
    return variables;
  }

  /**
   * A variable as people read its name, the same from a DMR and a DDX: a top-level one by its own
   * name, a group's by its path, a member after its structure's name and a dot; a Structure's
   * members each on their own.
   */
  private static void add(
      Variable variable, String name, Set<String> bounds, List<VariableInfo> variables) {
    if (!variable.members().isEmpty()) {
      for (Variable member : variable.members()) {
        add(member, name + "." + member.name(), bounds, variables);
      }
      return;
    }
    StringBuilder shape = new StringBuilder();
    for (Dimension dimension : variable.dimensions()) {
      shape
          .append(shape.length() == 0 ? "" : " ")
          .append(dimensionName(dimension.name()))
          .append('=')
          .append(dimension.size());
    }
    List<Dimension> dims = variable.dimensions();
    Role role =
        bounds.contains(name)
            ? Role.BOUNDS
            : dims.size() == 1 && dimensionName(dims.get(0).name()).equals(name)
                ? Role.COORDINATE
                : Role.DATA;
    variables.add(
        new VariableInfo(
            Clean.text(name, Clean.TITLE).text(),
            variable.type(),
            Clean.text(shape.toString(), Clean.OTHER).text(),
            cleaned(variable, "long_name"),
            cleaned(variable, "standard_name"),
            cleaned(variable, "units"),
            cleaned(variable, "coverage_content_type"),
            role));
  }

  private static String cleaned(Variable variable, String attribute) {
    String value = variable.attributeValue(attribute);
    return value == null ? "" : Clean.text(value, Clean.TITLE).text();
  }

  /** A DAP4 dimension of the root group, {@code /x}, as DAP2 names it, {@code x}. */
  private static String dimensionName(String name) {
    return name.startsWith("/") && name.indexOf('/', 1) < 0 ? name.substring(1) : name;
  }
}
