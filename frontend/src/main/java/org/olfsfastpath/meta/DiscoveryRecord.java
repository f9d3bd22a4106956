package org.olfsfastpath.meta;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.olfsfastpath.pages.FormType;

/**
 * What catalogs are told about one dataset: its ACDD 1.3 attributes, cleaned, with what was derived
 * from its coordinates and what the BES says of its publisher, each value with where it came from.
 * One record, many writers ({@link IsoWriter}, {@link DcatWriter}, {@link RubricWriter}, {@link
 * SchemaOrgWriter}); built by {@link DiscoveryRecords#of}. Immutable. Nothing in it is invented:
 * what no source gives is {@link Origin#MISSING}, and the rubric says so. No component is ever
 * null: only this module builds records, and NullAway checks every caller at compile time.
 *
 * @param identity the dataset's URL, name and the record's identifiers
 * @param attributes every {@link AcddTerm}'s value, present, derived or missing
 * @param title the title, or the dataset's name ({@link Origin#DEFAULT}): a fact, and a catalog
 *     needs a title to list the record
 * @param keywords the keywords, split and cleaned
 * @param topics ISO 19115 topic categories the dataset states ({@code ISO_Topic_Categories}, as
 *     ncISO reads it), only the codes ISO defines; none is ever guessed
 * @param creator who made the data; {@link Party#NONE} when nobody is named
 * @param publisher who publishes it: the ACDD publisher, else the BES's administrator
 * @param contributors the ACDD contributors
 * @param extent where and when, from attributes or coordinates
 * @param variables every variable with its CF attributes
 * @param links the dataset's responses, for distributions
 * @param findings per ACDD term, whether it is there, derived, missing or wrong, in term order
 * @param notes what the record says about itself: coordinates not read, values cut or cleaned
 */
public record DiscoveryRecord(
    Identity identity,
    Map<AcddTerm, Field<String>> attributes,
    Field<String> title,
    List<String> keywords,
    List<String> topics,
    Party creator,
    Party publisher,
    List<Party> contributors,
    Extent extent,
    List<VariableInfo> variables,
    List<Link> links,
    List<Finding> findings,
    List<String> notes) {
  public DiscoveryRecord {
    attributes = java.util.Collections.unmodifiableMap(new java.util.EnumMap<>(attributes));
    keywords = List.copyOf(keywords);
    topics = List.copyOf(topics);
    contributors = List.copyOf(contributors);
    variables = List.copyOf(variables);
    links = List.copyOf(links);
    findings = List.copyOf(findings);
    notes = List.copyOf(notes);
    for (AcddTerm term : AcddTerm.values()) {
      if (!attributes.containsKey(term)) {
        throw new IllegalArgumentException("attributes lacks " + term.attribute());
      }
    }
  }

  /** The value of an ACDD attribute (present or derived), or the empty string. */
  public String text(AcddTerm term) {
    return field(term).orElse("");
  }

  /** The field of an ACDD attribute. */
  public Field<String> field(AcddTerm term) {
    return Objects.requireNonNull(attributes.get(term), term.attribute());
  }

  /**
   * Which dataset this is and how the record names itself.
   *
   * @param datasetUrl the dataset's absolute URL, e.g. {@code http://host/opendap/nc/coads.nc}
   * @param landingPage the absolute URL of the site's configured request form of it, where people
   *     land
   * @param path its catalog path
   * @param name its file name
   * @param form what the record was built from: {@link FormType#DAP4} a DMR, DAP2 a DDX
   * @param fileIdentifier {@code naming_authority:id}, or {@code id}, or the dataset's URL: never
   *     missing, since a catalog cannot store a record without one
   * @param lastModified the dataset's modification time
   * @param size the dataset file's size in bytes, as the catalog says
   * @param dateStamp when the metadata last changed: {@code date_metadata_modified}, else the
   *     dataset's modification time; never the time of the request, so the bytes (and the ETag) of
   *     a record change only with the dataset
   */
  public record Identity(
      String datasetUrl,
      String landingPage,
      String path,
      String name,
      FormType form,
      Field<String> fileIdentifier,
      Instant lastModified,
      long size,
      Field<IsoTime> dateStamp) {}

  /**
   * Where and when the data are.
   *
   * @param box the horizontal extent in degrees
   * @param vertical the vertical extent
   * @param time the time coverage
   * @param grid the dataset's grid axes found by CF, longitude, latitude, vertical, time
   */
  public record Extent(
      Field<GeoBox> box, Field<Vertical> vertical, Field<TimeSpan> time, List<GridAxis> grid) {
    public Extent {
      grid = List.copyOf(grid);
    }
  }

  /**
   * One axis of the grid, as ISO 19115's {@code MD_Dimension} has it.
   *
   * @param kind ISO's dimension name: {@code column} (longitude), {@code row} (latitude), {@code
   *     vertical} or {@code temporal}
   * @param size how many values it has
   * @param resolution the step of a regular axis in its units, or the empty string
   * @param units the unit of the step: {@code degrees_east}, {@code m}, {@code hour}
   */
  public record GridAxis(String kind, long size, String resolution, String units) {}

  /**
   * A latitude-longitude box in degrees; {@code west > east} when it crosses the antimeridian.
   * Longitudes are in [-180, 180], latitudes in [-90, 90].
   */
  public record GeoBox(double west, double east, double south, double north) {
    public GeoBox {
      if (!(south <= north) || south < -90 || north > 90) {
        throw new IllegalArgumentException("latitudes " + south + " to " + north);
      }
      if (!(west >= -180 && west <= 180 && east >= -180 && east <= 180)) {
        throw new IllegalArgumentException("longitudes " + west + " to " + east);
      }
    }

    /** Whether it crosses the antimeridian (180 degrees). */
    public boolean crossesAntimeridian() {
      return west > east;
    }
  }

  /**
   * A vertical extent as the data give it.
   *
   * @param min the smallest value
   * @param max the largest value
   * @param units their units, or the empty string
   * @param positive {@code up} or {@code down}, or the empty string when not known
   */
  public record Vertical(double min, double max, String units, String positive) {}

  /**
   * A time coverage.
   *
   * @param start its first instant
   * @param end its last instant
   * @param description the time axis's units as written, or the empty string: the ISO record's
   *     {@code gml:description}
   */
  public record TimeSpan(IsoTime start, IsoTime end, String description) {}

  /**
   * A person or organisation with a role; empty strings for what is not known.
   *
   * @param name the person's or organisation's name
   * @param email an e-mail address
   * @param url a web page
   * @param type ACDD's {@code *_type}: person, group, institution or position; empty when unsaid
   * @param institution the organisation a person belongs to
   * @param role ISO 19115's role code, e.g. {@code originator}, {@code publisher}
   * @param origin where it came from
   * @param address the BES administrator's postal address, by its keys (street, city, region,
   *     postalcode, country, telephone); empty for the others
   */
  public record Party(
      String name,
      String email,
      String url,
      String type,
      String institution,
      String role,
      Origin origin,
      Map<String, String> address) {
    /** Nobody. */
    public static final Party NONE = new Party("", "", "", "", "", "", Origin.MISSING, Map.of());

    public Party {
      address = Map.copyOf(address);
    }

    /** Whether anything is known of it. */
    public boolean isPresent() {
      return !name.isEmpty() || !email.isEmpty() || !url.isEmpty() || !institution.isEmpty();
    }

    /** Whether it is a person rather than an organisation: its type says so, or it is unsaid. */
    public boolean isPerson() {
      return type.equals("person") || type.equals("position") || type.isEmpty();
    }
  }

  /**
   * One variable as a catalog describes it.
   *
   * @param name its name as people read it, without DAP4's leading slash
   * @param type its DAP type
   * @param shape its dimensions, e.g. {@code TIME=12 COADSY=90 COADSX=180}; empty for a scalar
   * @param longName its {@code long_name}, or the empty string
   * @param standardName its {@code standard_name}, or the empty string
   * @param units its {@code units}, or the empty string
   * @param coverageContentType its {@code coverage_content_type}, or the empty string
   * @param role data, a coordinate variable, or the cell bounds of one (named by a {@code bounds}
   *     attribute, which CF does not ask for attributes of its own)
   */
  public record VariableInfo(
      String name,
      String type,
      String shape,
      String longName,
      String standardName,
      String units,
      String coverageContentType,
      Role role) {
    /** Whether it is a coordinate or its bounds rather than data. */
    public boolean coordinate() {
      return role != Role.DATA;
    }
  }

  /** What a variable is to the dataset. */
  public enum Role {
    DATA,
    COORDINATE,
    BOUNDS
  }

  /**
   * One of the dataset's responses.
   *
   * @param url its absolute URL
   * @param name what it is, e.g. {@code DAP4 binary (.dap)}
   * @param description a sentence for people
   * @param mediaType its media type, or the empty string
   * @param protocol the ISO protocol name, e.g. {@code OPeNDAP:OPeNDAP}
   * @param download whether it downloads data (ISO function {@code download}), else it informs
   */
  public record Link(
      String url,
      String name,
      String description,
      String mediaType,
      String protocol,
      boolean download) {}

  /** What the rubric says of an attribute. */
  public enum State {
    PRESENT,
    DERIVED,
    MISSING,
    INVALID
  }

  /**
   * The rubric's verdict on one ACDD attribute.
   *
   * @param term the attribute
   * @param state present, derived from the data, missing, or present but wrong
   * @param detail why it is wrong, or what was derived from; may be empty
   * @param suggestion the value an NcML line could give it: the derived or correct value, or the
   *     empty string when only the provider knows it
   */
  public record Finding(AcddTerm term, State state, String detail, String suggestion) {}
}
