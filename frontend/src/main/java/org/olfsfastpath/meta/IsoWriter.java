package org.olfsfastpath.meta;

import static org.olfsfastpath.meta.IsoParts.GCO;
import static org.olfsfastpath.meta.IsoParts.GMD;
import static org.olfsfastpath.meta.IsoParts.GMI;
import static org.olfsfastpath.meta.IsoParts.GML;
import static org.olfsfastpath.meta.IsoParts.code;
import static org.olfsfastpath.meta.IsoParts.gmd;
import static org.olfsfastpath.meta.IsoParts.nil;
import static org.olfsfastpath.meta.IsoParts.string;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.output.Format;
import org.jdom2.output.XMLOutputter;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.meta.DiscoveryRecord.Extent;
import org.olfsfastpath.meta.DiscoveryRecord.GeoBox;
import org.olfsfastpath.meta.DiscoveryRecord.GridAxis;
import org.olfsfastpath.meta.DiscoveryRecord.Link;
import org.olfsfastpath.meta.DiscoveryRecord.Party;
import org.olfsfastpath.meta.DiscoveryRecord.TimeSpan;
import org.olfsfastpath.meta.DiscoveryRecord.VariableInfo;
import org.olfsfastpath.meta.DiscoveryRecord.Vertical;
import org.olfsfastpath.pages.FormType;

/**
 * Writes a record as ISO 19115-2 in ISO 19139 XML ({@code gmi:MI_Metadata}), the {@code .iso} and
 * {@code .dmr.iso} answers, with the ACDD attributes where NOAA's ncISO puts them. Every mandatory
 * element is there, as {@code gco:nilReason} when the record has no value, so a dataset with no
 * attributes still gets a record the schemas accept; {@code fileIdentifier} is never nil, since
 * pycsw cannot store a record without one. Years before 1 are written as XSD 1.0 has them (year 0
 * as {@code -0001}). Stateless.
 */
public final class IsoWriter {
  /** The media type upstream answers {@code .iso} with. */
  public static final String MEDIA_TYPE = "text/xml;charset=UTF-8";

  private IsoWriter() {}

  /** The record as UTF-8 XML. */
  public static byte[] write(DiscoveryRecord record) {
    Element root = new Element("MI_Metadata", GMI);
    root.addNamespaceDeclaration(GMD);
    root.addNamespaceDeclaration(GCO);
    root.addNamespaceDeclaration(GML);
    root.addContent(string("fileIdentifier", record.identity().fileIdentifier().orElse("")));
    root.addContent(
        gmd("language")
            .addContent(
                gmd("LanguageCode")
                    .setAttribute("codeList", "http://www.loc.gov/standards/iso639-2/")
                    .setAttribute("codeListValue", "eng")
                    .setText("eng")));
    root.addContent(code("characterSet", "MD_CharacterSetCode", "utf8"));
    root.addContent(code("hierarchyLevel", "MD_ScopeCode", "dataset"));
    Party contact = record.creator().isPresent() ? record.creator() : record.publisher();
    root.addContent(
        contact.isPresent()
            ? IsoParts.party("contact", contact, "pointOfContact")
            : nil("contact", "missing"));
    root.addContent(IsoParts.date("dateStamp", record.identity().dateStamp().get()));
    root.addContent(
        string(
            "metadataStandardName",
            "ISO 19115-2 Geographic Information - Metadata - Part 2: Extensions for Imagery and"
                + " Gridded Data"));
    root.addContent(string("metadataStandardVersion", "ISO 19115-2:2009(E)"));
    root.addContent(string("dataSetURI", record.identity().datasetUrl()));
    if (!record.extent().grid().isEmpty()) {
      root.addContent(grid(record.extent().grid()));
    }
    root.addContent(gmd("identificationInfo").addContent(identification(record)));
    root.addContent(content(record.variables()));
    root.addContent(distribution(record));
    Element quality = quality(record);
    if (quality != null) {
      root.addContent(quality);
    }
    root.addContent(maintenance(record));
    ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
    try {
      new XMLOutputter(Format.getPrettyFormat().setEncoding("UTF-8"))
          .output(new Document(root), out);
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory failed", e);
    }
    return out.toByteArray();
  }

  private static Element identification(DiscoveryRecord record) {
    Element id = gmd("MD_DataIdentification");
    id.addContent(gmd("citation").addContent(citation(record)));
    String summary = record.text(AcddTerm.SUMMARY);
    id.addContent(summary.isEmpty() ? nil("abstract", "missing") : string("abstract", summary));
    addText(id, "credit", record.text(AcddTerm.ACKNOWLEDGEMENT));
    if (record.creator().isPresent()) {
      id.addContent(IsoParts.party("pointOfContact", record.creator(), "pointOfContact"));
    }
    keywords(id, record.keywords(), "theme", record.text(AcddTerm.KEYWORDS_VOCABULARY));
    keywords(id, split(record.text(AcddTerm.PROJECT)), "project", "");
    keywords(
        id,
        split(record.text(AcddTerm.PLATFORM)),
        "platform",
        record.text(AcddTerm.PLATFORM_VOCABULARY));
    keywords(
        id,
        split(record.text(AcddTerm.INSTRUMENT)),
        "instrument",
        record.text(AcddTerm.INSTRUMENT_VOCABULARY));
    Set<String> standardNames = new LinkedHashSet<>();
    for (VariableInfo variable : record.variables()) {
      if (!variable.standardName().isEmpty()) {
        standardNames.add(variable.standardName());
      }
    }
    keywords(
        id, List.copyOf(standardNames), "theme", record.text(AcddTerm.STANDARD_NAME_VOCABULARY));
    String license = record.text(AcddTerm.LICENSE);
    if (!license.isEmpty()) {
      id.addContent(
          gmd("resourceConstraints")
              .addContent(gmd("MD_LegalConstraints").addContent(string("useLimitation", license))));
    }
    aggregate(id, record.text(AcddTerm.PROJECT), "largerWorkCitation", "project");
    aggregate(id, record.text(AcddTerm.PROGRAM), "largerWorkCitation", "program");
    aggregate(id, record.text(AcddTerm.REFERENCES), "crossReference", "");
    id.addContent(string("language", "eng"));
    for (String topic : record.topics()) {
      id.addContent(gmd("topicCategory").addContent(gmd("MD_TopicCategoryCode").setText(topic)));
    }
    id.addContent(extent(record.extent()));
    addText(id, "supplementalInformation", record.text(AcddTerm.PROCESSING_LEVEL));
    return id;
  }

  /** The grid's axes as ncISO writes them: sizes, and the step of a regular one. */
  private static Element grid(List<GridAxis> axes) {
    Element grid =
        gmd("MD_GridSpatialRepresentation")
            .addContent(
                gmd("numberOfDimensions")
                    .addContent(
                        new Element("Integer", GCO).setText(Integer.toString(axes.size()))));
    for (GridAxis axis : axes) {
      Element dimension =
          gmd("MD_Dimension")
              .addContent(code("dimensionName", "MD_DimensionNameTypeCode", axis.kind()))
              .addContent(
                  gmd("dimensionSize")
                      .addContent(new Element("Integer", GCO).setText(Long.toString(axis.size()))));
      // gco:Measure's uom is a symbol without blanks or colons.
      if (!axis.resolution().isEmpty() && axis.units().matches("[^:\\s]+")) {
        dimension.addContent(
            gmd("resolution")
                .addContent(
                    new Element("Measure", GCO)
                        .setAttribute("uom", axis.units())
                        .setText(axis.resolution())));
      } else {
        dimension.addContent(nil("resolution", "missing"));
      }
      grid.addContent(gmd("axisDimensionProperties").addContent(dimension));
    }
    grid.addContent(code("cellGeometry", "MD_CellGeometryCode", "area"));
    grid.addContent(nil("transformationParameterAvailability", "unknown"));
    return gmd("spatialRepresentationInfo").addContent(grid);
  }

  private static Element citation(DiscoveryRecord record) {
    Element citation = gmd("CI_Citation");
    citation.addContent(string("title", record.title().orElse("")));
    int dates = 0;
    for (Map.Entry<AcddTerm, String> date :
        Map.of(
                AcddTerm.DATE_CREATED, "creation",
                AcddTerm.DATE_ISSUED, "publication",
                AcddTerm.DATE_MODIFIED, "revision")
            .entrySet()
            .stream()
            .sorted(Map.Entry.comparingByKey())
            .toList()) {
      IsoTime time = DiscoveryRecords.parsed(record.field(date.getKey()));
      if (time != null && record.field(date.getKey()).origin() == Origin.ATTRIBUTE) {
        citation.addContent(IsoParts.citationDate(time, date.getValue()));
        dates++;
      }
    }
    if (dates == 0) {
      citation.addContent(nil("date", "missing"));
    }
    addText(citation, "edition", record.text(AcddTerm.PRODUCT_VERSION));
    String id = record.text(AcddTerm.ID);
    if (!id.isEmpty()) {
      Element identifier = gmd("MD_Identifier");
      String authority = record.text(AcddTerm.NAMING_AUTHORITY);
      if (!authority.isEmpty()) {
        identifier.addContent(
            gmd("authority")
                .addContent(
                    gmd("CI_Citation")
                        .addContent(string("title", authority))
                        .addContent(nil("date", "inapplicable"))));
      }
      identifier.addContent(string("code", id));
      citation.addContent(gmd("identifier").addContent(identifier));
    }
    if (record.creator().isPresent()) {
      citation.addContent(IsoParts.party("citedResponsibleParty", record.creator(), "originator"));
    }
    if (record.publisher().origin() == Origin.ATTRIBUTE) {
      citation.addContent(IsoParts.party("citedResponsibleParty", record.publisher(), "publisher"));
    }
    for (Party contributor : record.contributors()) {
      citation.addContent(
          IsoParts.party(
              "citedResponsibleParty",
              contributor,
              contributor.role().isEmpty() ? "contributor" : contributor.role()));
    }
    addText(citation, "otherCitationDetails", record.text(AcddTerm.COMMENT));
    return citation;
  }

  private static void keywords(Element id, List<String> words, String type, String thesaurus) {
    if (words.isEmpty()) {
      return;
    }
    Element keywords = gmd("MD_Keywords");
    for (String word : words) {
      keywords.addContent(string("keyword", word));
    }
    keywords.addContent(code("type", "MD_KeywordTypeCode", type));
    if (!thesaurus.isEmpty()) {
      keywords.addContent(
          gmd("thesaurusName")
              .addContent(
                  gmd("CI_Citation")
                      .addContent(string("title", thesaurus))
                      .addContent(nil("date", "unknown"))));
    }
    id.addContent(gmd("descriptiveKeywords").addContent(keywords));
  }

  private static void aggregate(Element id, String title, String association, String initiative) {
    if (title.isEmpty()) {
      return;
    }
    Element info =
        gmd("MD_AggregateInformation")
            .addContent(
                gmd("aggregateDataSetName")
                    .addContent(
                        gmd("CI_Citation")
                            .addContent(string("title", title))
                            .addContent(nil("date", "inapplicable"))))
            .addContent(code("associationType", "DS_AssociationTypeCode", association));
    if (!initiative.isEmpty()) {
      info.addContent(code("initiativeType", "DS_InitiativeTypeCode", initiative));
    }
    id.addContent(gmd("aggregationInfo").addContent(info));
  }

  private static Element extent(Extent extent) {
    GeoBox box = extent.box().value();
    TimeSpan time = extent.time().value();
    Vertical vertical = extent.vertical().value();
    if (box == null && time == null && vertical == null) {
      return nil("extent", "missing");
    }
    Element ex = gmd("EX_Extent").setAttribute("id", "boundingExtent");
    if (box != null) {
      Element b =
          gmd("EX_GeographicBoundingBox")
              .addContent(
                  gmd("extentTypeCode").addContent(new Element("Boolean", GCO).setText("1")));
      decimal(b, "westBoundLongitude", box.west());
      decimal(b, "eastBoundLongitude", box.east());
      decimal(b, "southBoundLatitude", box.south());
      decimal(b, "northBoundLatitude", box.north());
      ex.addContent(gmd("geographicElement").addContent(b));
    }
    if (time != null) {
      Element period = new Element("TimePeriod", GML).setAttribute("id", "timePeriod", GML);
      String description = time.description();
      if (time.start().beforeYearOne()) {
        description +=
            (description.isEmpty() ? "" : "; ")
                + "years before 1 as XSD 1.0 writes them: -0001 is year 0, 1 BCE";
      }
      if (!description.isEmpty()) {
        period.addContent(new Element("description", GML).setText(description));
      }
      period.addContent(new Element("beginPosition", GML).setText(time.start().xsd10()));
      period.addContent(new Element("endPosition", GML).setText(time.end().xsd10()));
      ex.addContent(
          gmd("temporalElement")
              .addContent(gmd("EX_TemporalExtent").addContent(gmd("extent").addContent(period))));
    }
    if (vertical != null) {
      boolean down = vertical.positive().equals("down");
      Element v = gmd("EX_VerticalExtent");
      real(v, "minimumValue", down ? -vertical.max() : vertical.min());
      real(v, "maximumValue", down ? -vertical.min() : vertical.max());
      v.addContent(nil("verticalCRS", "missing"));
      ex.addContent(gmd("verticalElement").addContent(v));
    }
    return gmd("extent").addContent(ex);
  }

  private static void decimal(Element parent, String name, double value) {
    parent.addContent(
        gmd(name).addContent(new Element("Decimal", GCO).setText(Extents.number(value, false))));
  }

  private static void real(Element parent, String name, double value) {
    parent.addContent(
        gmd(name).addContent(new Element("Real", GCO).setText(Extents.number(value, false))));
  }

  /**
   * One {@code MI_CoverageDescription} per {@code coverage_content_type}, and one for the data
   * variables that state none; a band per variable with its long_name, standard_name and units.
   */
  private static List<Element> content(List<VariableInfo> variables) {
    Map<String, List<VariableInfo>> byType = new LinkedHashMap<>();
    for (VariableInfo variable : variables) {
      if (!variable.coordinate()) {
        byType
            .computeIfAbsent(variable.coverageContentType(), k -> new ArrayList<>())
            .add(variable);
      }
    }
    List<Element> infos = new ArrayList<>();
    int unit = 0;
    for (Map.Entry<String, List<VariableInfo>> group : byType.entrySet()) {
      Element description =
          new Element("MI_CoverageDescription", GMI)
              .addContent(nil("attributeDescription", "unknown"));
      description.addContent(
          group.getKey().isEmpty()
              ? nil("contentType", "unknown")
              : code("contentType", "MD_CoverageContentTypeCode", group.getKey()));
      for (VariableInfo variable : group.getValue()) {
        Element band = gmd("MD_Band");
        band.addContent(
            gmd("sequenceIdentifier")
                .addContent(
                    new Element("MemberName", GCO)
                        .addContent(
                            new Element("aName", GCO)
                                .addContent(
                                    new Element("CharacterString", GCO).setText(variable.name())))
                        .addContent(
                            new Element("attributeType", GCO)
                                .addContent(
                                    new Element("TypeName", GCO)
                                        .addContent(
                                            new Element("aName", GCO)
                                                .addContent(
                                                    new Element("CharacterString", GCO)
                                                        .setText(variable.type())))))));
        String descriptor = variable.longName();
        if (!variable.standardName().isEmpty()) {
          descriptor += (descriptor.isEmpty() ? "" : " ") + "(" + variable.standardName() + ")";
        }
        addText(band, "descriptor", descriptor);
        if (!variable.units().isEmpty()) {
          band.addContent(
              gmd("units")
                  .addContent(
                      new Element("UnitDefinition", GML)
                          .setAttribute("id", "unit-" + ++unit, GML)
                          .addContent(
                              new Element("identifier", GML)
                                  .setAttribute("codeSpace", "udunits")
                                  .setText(variable.units()))));
        }
        description.addContent(gmd("dimension").addContent(band));
      }
      infos.add(gmd("contentInfo").addContent(description));
    }
    return infos;
  }

  private static Element distribution(DiscoveryRecord record) {
    Element distribution = gmd("MD_Distribution");
    distribution.addContent(
        gmd("distributionFormat")
            .addContent(
                gmd("MD_Format")
                    .addContent(string("name", "OPeNDAP"))
                    .addContent(string("version", "DAP2 and DAP4"))));
    if (record.publisher().isPresent()) {
      distribution.addContent(
          gmd("distributor")
              .addContent(
                  gmd("MD_Distributor")
                      .addContent(
                          IsoParts.party("distributorContact", record.publisher(), "publisher"))));
    }
    Element options = gmd("MD_DigitalTransferOptions");
    for (Link link : record.links()) {
      options.addContent(IsoParts.onlineResource(link));
    }
    String metadataLink = record.text(AcddTerm.METADATA_LINK);
    if (IsoParts.isWebUrl(metadataLink)) {
      options.addContent(
          IsoParts.onlineResource(
              new Link(metadataLink, "metadata_link", "More metadata", "", Links.PAGE, false)));
    }
    distribution.addContent(gmd("transferOptions").addContent(options));
    return gmd("distributionInfo").addContent(distribution);
  }

  private static @Nullable Element quality(DiscoveryRecord record) {
    String history = record.text(AcddTerm.HISTORY);
    String source = record.text(AcddTerm.SOURCE);
    if (history.isEmpty() && source.isEmpty()) {
      return null;
    }
    Element lineage = gmd("LI_Lineage");
    addText(lineage, "statement", history);
    if (!source.isEmpty()) {
      lineage.addContent(
          gmd("source").addContent(gmd("LI_Source").addContent(string("description", source))));
    }
    return gmd("dataQualityInfo")
        .addContent(
            gmd("DQ_DataQuality")
                .addContent(
                    gmd("scope")
                        .addContent(
                            gmd("DQ_Scope").addContent(code("level", "MD_ScopeCode", "dataset"))))
                .addContent(gmd("lineage").addContent(lineage)));
  }

  private static Element maintenance(DiscoveryRecord record) {
    String from = record.identity().form() == FormType.DAP4 ? "DMR" : "DDX";
    return gmd("metadataMaintenance")
        .addContent(
            gmd("MD_MaintenanceInformation")
                .addContent(nil("maintenanceAndUpdateFrequency", "unknown"))
                .addContent(
                    string(
                        "maintenanceNote",
                        "Made by the OPeNDAP front end from the dataset's "
                            + from
                            + ": ACDD 1.3 attributes mapped as NOAA's ncISO maps them, the extent"
                            + " from CF coordinates where the attributes give none.")));
  }

  private static void addText(Element parent, String name, String text) {
    if (!text.isEmpty()) {
      parent.addContent(string(name, text));
    }
  }

  private static List<String> split(String list) {
    List<String> parts = new ArrayList<>();
    for (String part : list.split(",", -1)) {
      if (!part.isBlank()) {
        parts.add(part.strip());
      }
    }
    return parts;
  }
}
