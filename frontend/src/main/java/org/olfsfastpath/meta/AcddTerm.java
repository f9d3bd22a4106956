package org.olfsfastpath.meta;

import java.util.Optional;

/**
 * The global attributes of the Attribute Convention for Data Discovery 1.3, in its three groups
 * (the ones IOOS's compliance-checker uses for ACDD 1.3), each with where this server puts it in
 * ISO 19115-2, DCAT and schema.org. The rubric lists them in this order; the record reads them by
 * name. An empty target means the format has no place for it.
 */
public enum AcddTerm {
  TITLE(
      "title",
      AcddLevel.HIGHLY_RECOMMENDED,
      "citation title",
      "dct:title",
      "name",
      "a short title"),
  SUMMARY(
      "summary",
      AcddLevel.HIGHLY_RECOMMENDED,
      "abstract",
      "dct:description",
      "description",
      "a paragraph on what the data are (50 to 5000 characters for Google)"),
  KEYWORDS(
      "keywords",
      AcddLevel.HIGHLY_RECOMMENDED,
      "descriptiveKeywords (theme)",
      "dcat:keyword",
      "keywords",
      "comma-separated words or phrases"),
  CONVENTIONS(
      "Conventions",
      AcddLevel.HIGHLY_RECOMMENDED,
      "",
      "dct:conformsTo",
      "",
      "the conventions followed, e.g. CF-1.8, ACDD-1.3"),
  ID(
      "id",
      AcddLevel.RECOMMENDED,
      "fileIdentifier, citation identifier",
      "dct:identifier",
      "identifier",
      "an identifier unique within the naming authority, without blanks"),
  NAMING_AUTHORITY(
      "naming_authority",
      AcddLevel.RECOMMENDED,
      "fileIdentifier, identifier authority",
      "dct:identifier",
      "identifier",
      "who issues the id, as a reverse domain name"),
  HISTORY("history", AcddLevel.RECOMMENDED, "lineage statement", "dct:provenance", "", ""),
  SOURCE(
      "source",
      AcddLevel.RECOMMENDED,
      "lineage source",
      "dct:source",
      "",
      "how the data were made: model, instrument, ..."),
  PROCESSING_LEVEL(
      "processing_level", AcddLevel.RECOMMENDED, "supplementalInformation", "", "", ""),
  COMMENT(
      "comment", AcddLevel.RECOMMENDED, "citation otherCitationDetails", "rdfs:comment", "", ""),
  ACKNOWLEDGEMENT(
      "acknowledgement",
      AcddLevel.RECOMMENDED,
      "credit",
      "",
      "",
      "who to thank: funders, projects"),
  LICENSE(
      "license",
      AcddLevel.RECOMMENDED,
      "resourceConstraints useLimitation",
      "dct:license",
      "license",
      "a license URL or text"),
  STANDARD_NAME_VOCABULARY(
      "standard_name_vocabulary",
      AcddLevel.RECOMMENDED,
      "thesaurus of the standard-name keywords",
      "",
      "",
      "e.g. CF Standard Name Table v79"),
  DATE_CREATED(
      "date_created",
      AcddLevel.RECOMMENDED,
      "citation date (creation)",
      "dct:created",
      "dateCreated",
      "ISO 8601"),
  CREATOR_NAME(
      "creator_name",
      AcddLevel.RECOMMENDED,
      "citedResponsibleParty (originator)",
      "dct:creator",
      "creator",
      ""),
  CREATOR_EMAIL(
      "creator_email",
      AcddLevel.RECOMMENDED,
      "citedResponsibleParty (originator) email",
      "dct:creator foaf:mbox",
      "creator email",
      ""),
  CREATOR_URL(
      "creator_url",
      AcddLevel.RECOMMENDED,
      "citedResponsibleParty (originator) online resource",
      "dct:creator foaf:homepage",
      "creator url",
      ""),
  INSTITUTION(
      "institution",
      AcddLevel.RECOMMENDED,
      "organisationName",
      "dct:creator",
      "creator affiliation",
      ""),
  PROJECT(
      "project",
      AcddLevel.RECOMMENDED,
      "aggregationInfo (project), keywords (project)",
      "",
      "",
      ""),
  PUBLISHER_NAME(
      "publisher_name",
      AcddLevel.RECOMMENDED,
      "distributorContact (publisher)",
      "dct:publisher",
      "publisher",
      ""),
  PUBLISHER_EMAIL(
      "publisher_email",
      AcddLevel.RECOMMENDED,
      "distributorContact (publisher) email",
      "dct:publisher foaf:mbox",
      "publisher email",
      ""),
  PUBLISHER_URL(
      "publisher_url",
      AcddLevel.RECOMMENDED,
      "distributorContact (publisher) online resource",
      "dct:publisher foaf:homepage",
      "publisher url",
      ""),
  GEOSPATIAL_BOUNDS(
      "geospatial_bounds",
      AcddLevel.RECOMMENDED,
      "",
      "locn:geometry",
      "",
      "the data's footprint as WKT, e.g. POLYGON((...))"),
  GEOSPATIAL_BOUNDS_CRS(
      "geospatial_bounds_crs", AcddLevel.RECOMMENDED, "", "", "", "e.g. EPSG:4326"),
  GEOSPATIAL_BOUNDS_VERTICAL_CRS(
      "geospatial_bounds_vertical_crs", AcddLevel.RECOMMENDED, "", "", "", "e.g. EPSG:5829"),
  GEOSPATIAL_LAT_MIN(
      "geospatial_lat_min",
      AcddLevel.RECOMMENDED,
      "EX_GeographicBoundingBox south",
      "dcat:bbox",
      "spatialCoverage",
      "degrees north"),
  GEOSPATIAL_LAT_MAX(
      "geospatial_lat_max",
      AcddLevel.RECOMMENDED,
      "EX_GeographicBoundingBox north",
      "dcat:bbox",
      "spatialCoverage",
      "degrees north"),
  GEOSPATIAL_LON_MIN(
      "geospatial_lon_min",
      AcddLevel.RECOMMENDED,
      "EX_GeographicBoundingBox west",
      "dcat:bbox",
      "spatialCoverage",
      "degrees east"),
  GEOSPATIAL_LON_MAX(
      "geospatial_lon_max",
      AcddLevel.RECOMMENDED,
      "EX_GeographicBoundingBox east",
      "dcat:bbox",
      "spatialCoverage",
      "degrees east"),
  GEOSPATIAL_VERTICAL_MIN(
      "geospatial_vertical_min",
      AcddLevel.RECOMMENDED,
      "EX_VerticalExtent minimumValue",
      "",
      "",
      ""),
  GEOSPATIAL_VERTICAL_MAX(
      "geospatial_vertical_max",
      AcddLevel.RECOMMENDED,
      "EX_VerticalExtent maximumValue",
      "",
      "",
      ""),
  GEOSPATIAL_VERTICAL_POSITIVE(
      "geospatial_vertical_positive",
      AcddLevel.RECOMMENDED,
      "EX_VerticalExtent (sign)",
      "",
      "",
      "up or down"),
  TIME_COVERAGE_START(
      "time_coverage_start",
      AcddLevel.RECOMMENDED,
      "EX_TemporalExtent beginPosition",
      "dct:temporal dcat:startDate",
      "temporalCoverage",
      "ISO 8601"),
  TIME_COVERAGE_END(
      "time_coverage_end",
      AcddLevel.RECOMMENDED,
      "EX_TemporalExtent endPosition",
      "dct:temporal dcat:endDate",
      "temporalCoverage",
      "ISO 8601"),
  TIME_COVERAGE_DURATION(
      "time_coverage_duration", AcddLevel.RECOMMENDED, "", "", "", "ISO 8601 duration, e.g. P1Y"),
  TIME_COVERAGE_RESOLUTION(
      "time_coverage_resolution",
      AcddLevel.RECOMMENDED,
      "",
      "dcat:temporalResolution",
      "",
      "ISO 8601 duration, e.g. P1D"),
  CREATOR_TYPE(
      "creator_type",
      AcddLevel.SUGGESTED,
      "individualName or organisationName",
      "foaf:Person or foaf:Organization",
      "Person or Organization",
      "person, group, institution or position"),
  CREATOR_INSTITUTION(
      "creator_institution",
      AcddLevel.SUGGESTED,
      "organisationName",
      "dct:creator",
      "creator affiliation",
      ""),
  PUBLISHER_TYPE(
      "publisher_type",
      AcddLevel.SUGGESTED,
      "individualName or organisationName",
      "foaf:Person or foaf:Organization",
      "Person or Organization",
      "person, group, institution or position"),
  PUBLISHER_INSTITUTION(
      "publisher_institution",
      AcddLevel.SUGGESTED,
      "organisationName",
      "dct:publisher",
      "publisher",
      ""),
  PROGRAM("program", AcddLevel.SUGGESTED, "aggregationInfo (program)", "", "", ""),
  CONTRIBUTOR_NAME(
      "contributor_name",
      AcddLevel.SUGGESTED,
      "citedResponsibleParty",
      "dct:contributor",
      "contributor",
      "comma-separated names"),
  CONTRIBUTOR_ROLE(
      "contributor_role",
      AcddLevel.SUGGESTED,
      "citedResponsibleParty role",
      "",
      "",
      "comma-separated roles, one per name"),
  GEOSPATIAL_LAT_UNITS(
      "geospatial_lat_units",
      AcddLevel.SUGGESTED,
      "MD_Dimension resolution units",
      "",
      "",
      "degrees_north"),
  GEOSPATIAL_LAT_RESOLUTION(
      "geospatial_lat_resolution", AcddLevel.SUGGESTED, "MD_Dimension resolution", "", "", ""),
  GEOSPATIAL_LON_UNITS(
      "geospatial_lon_units",
      AcddLevel.SUGGESTED,
      "MD_Dimension resolution units",
      "",
      "",
      "degrees_east"),
  GEOSPATIAL_LON_RESOLUTION(
      "geospatial_lon_resolution", AcddLevel.SUGGESTED, "MD_Dimension resolution", "", "", ""),
  GEOSPATIAL_VERTICAL_UNITS(
      "geospatial_vertical_units", AcddLevel.SUGGESTED, "EX_VerticalExtent units", "", "", ""),
  GEOSPATIAL_VERTICAL_RESOLUTION(
      "geospatial_vertical_resolution", AcddLevel.SUGGESTED, "MD_Dimension resolution", "", "", ""),
  DATE_MODIFIED(
      "date_modified",
      AcddLevel.SUGGESTED,
      "citation date (revision)",
      "dct:modified",
      "dateModified",
      "ISO 8601"),
  DATE_ISSUED(
      "date_issued",
      AcddLevel.SUGGESTED,
      "citation date (publication)",
      "dct:issued",
      "datePublished",
      "ISO 8601"),
  DATE_METADATA_MODIFIED(
      "date_metadata_modified", AcddLevel.SUGGESTED, "dateStamp", "", "", "ISO 8601"),
  PRODUCT_VERSION(
      "product_version", AcddLevel.SUGGESTED, "citation edition", "dcat:version", "version", ""),
  KEYWORDS_VOCABULARY(
      "keywords_vocabulary",
      AcddLevel.SUGGESTED,
      "keywords thesaurusName",
      "",
      "",
      "e.g. GCMD:GCMD Keywords"),
  PLATFORM(
      "platform",
      AcddLevel.SUGGESTED,
      "descriptiveKeywords (platform)",
      "dcat:keyword",
      "keywords",
      ""),
  PLATFORM_VOCABULARY(
      "platform_vocabulary", AcddLevel.SUGGESTED, "platform keywords thesaurusName", "", "", ""),
  INSTRUMENT(
      "instrument",
      AcddLevel.SUGGESTED,
      "descriptiveKeywords (instrument)",
      "dcat:keyword",
      "measurementTechnique",
      ""),
  INSTRUMENT_VOCABULARY(
      "instrument_vocabulary",
      AcddLevel.SUGGESTED,
      "instrument keywords thesaurusName",
      "",
      "",
      ""),
  CDM_DATA_TYPE(
      "cdm_data_type",
      AcddLevel.SUGGESTED,
      "aggregationInfo (Unidata CDM)",
      "",
      "",
      "Grid, Image, Point, Radial, Station, Swath or Trajectory"),
  METADATA_LINK(
      "metadata_link",
      AcddLevel.SUGGESTED,
      "distribution onLine (information)",
      "rdfs:seeAlso",
      "subjectOf",
      "a URL of more metadata"),
  REFERENCES(
      "references",
      AcddLevel.SUGGESTED,
      "aggregationInfo (crossReference)",
      "dct:references",
      "citation",
      "publications about the data");

  private final String attribute;
  private final AcddLevel level;
  private final boolean numeric;
  private final String iso;
  private final String dcat;
  private final String schemaOrg;
  private final String hint;

  AcddTerm(
      String attribute, AcddLevel level, String iso, String dcat, String schemaOrg, String hint) {
    this.attribute = attribute;
    this.level = level;
    this.numeric = attribute.matches("geospatial_(lat|lon|vertical)_(min|max)");
    this.iso = iso;
    this.dcat = dcat;
    this.schemaOrg = schemaOrg;
    this.hint = hint;
  }

  /** The attribute's name, e.g. {@code time_coverage_start}. */
  public String attribute() {
    return attribute;
  }

  public AcddLevel level() {
    return level;
  }

  /** Whether its value is a number (NcML type {@code double}). */
  public boolean numeric() {
    return numeric;
  }

  /** Where the ISO 19115-2 record puts it, e.g. {@code abstract}; empty for nowhere. */
  public String iso() {
    return iso;
  }

  /** The DCAT or Dublin Core property, e.g. {@code dct:title}; empty for none. */
  public String dcat() {
    return dcat;
  }

  /** The schema.org property, e.g. {@code name}; empty for none. */
  public String schemaOrg() {
    return schemaOrg;
  }

  /** What the value should look like, for the rubric; may be empty. */
  public String hint() {
    return hint;
  }

  /** The term for an attribute name, as ACDD spells it. */
  public static Optional<AcddTerm> named(String attribute) {
    for (AcddTerm term : values()) {
      if (term.attribute.equals(attribute)) {
        return Optional.of(term);
      }
    }
    return Optional.empty();
  }
}
