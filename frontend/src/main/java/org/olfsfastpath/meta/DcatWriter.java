package org.olfsfastpath.meta;

import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.eclipse.rdf4j.model.BNode;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.LinkedHashModel;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.DCAT;
import org.eclipse.rdf4j.model.vocabulary.DCTERMS;
import org.eclipse.rdf4j.model.vocabulary.FOAF;
import org.eclipse.rdf4j.model.vocabulary.GEO;
import org.eclipse.rdf4j.model.vocabulary.LOCN;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.model.vocabulary.VCARD4;
import org.eclipse.rdf4j.model.vocabulary.XSD;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.Rio;
import org.olfsfastpath.meta.DiscoveryRecord.GeoBox;
import org.olfsfastpath.meta.DiscoveryRecord.Link;
import org.olfsfastpath.meta.DiscoveryRecord.Party;
import org.olfsfastpath.meta.DiscoveryRecord.TimeSpan;
import org.olfsfastpath.meta.DiscoveryRecord.VariableInfo;

/**
 * Writes a record as DCAT 3 with Dublin Core terms, the {@code .rdf} and {@code .dmr.rdf} answers:
 * RDF/XML, or Turtle when the client prefers it. One {@code dcat:Dataset} named by the dataset's
 * URL, with its title, description, keywords, temporal and spatial coverage ({@code dcat:bbox} as a
 * GeoSPARQL WKT literal), creator, publisher, license, dates, provenance and one {@code
 * dcat:Distribution} per response; each variable as a schema.org {@code PropertyValue}, since DCAT
 * has no term for one. Blank nodes have fixed labels ({@code period}, {@code dist-3}), so the bytes
 * (and the ETag) are the same on every server and after every restart. Stateless.
 */
public final class DcatWriter {
  /** RDF/XML's media type. */
  public static final String RDF_XML = "application/rdf+xml;charset=UTF-8";

  /** Turtle's media type. */
  public static final String TURTLE = "text/turtle;charset=UTF-8";

  private static final ValueFactory VF = SimpleValueFactory.getInstance();
  private static final String SCHEMA = "https://schema.org/";

  /** Media types IANA registers, which {@code dcat:mediaType} may name; others go as text. */
  private static final Set<String> IANA =
      Set.of("text/html", "text/plain", "text/csv", "application/octet-stream");

  private DcatWriter() {}

  /** The record as RDF/XML, or as Turtle when {@code turtle}; UTF-8. */
  public static byte[] write(DiscoveryRecord record, boolean turtle) {
    Model model = model(record);
    ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
    Rio.write(model, out, turtle ? RDFFormat.TURTLE : RDFFormat.RDFXML);
    return out.toByteArray();
  }

  static Model model(DiscoveryRecord record) {
    Model m = new LinkedHashModel();
    m.setNamespace(DCAT.NS);
    m.setNamespace(DCTERMS.NS);
    m.setNamespace(FOAF.NS);
    m.setNamespace(VCARD4.NS);
    m.setNamespace(GEO.NS);
    m.setNamespace(LOCN.NS);
    m.setNamespace(RDFS.NS);
    m.setNamespace(XSD.NS);
    m.setNamespace("schema", SCHEMA);
    IRI ds = VF.createIRI(record.identity().datasetUrl());
    m.add(ds, RDF.TYPE, DCAT.DATASET);
    m.add(ds, DCTERMS.IDENTIFIER, literal(record.identity().fileIdentifier().orElse("")));
    m.add(ds, DCTERMS.TITLE, literal(record.title().orElse("")));
    text(m, ds, DCTERMS.DESCRIPTION, record.text(AcddTerm.SUMMARY));
    for (String keyword : record.keywords()) {
      m.add(ds, DCAT.KEYWORD, literal(keyword));
    }
    time(m, ds, record);
    space(m, ds, record);
    party(m, ds, DCTERMS.CREATOR, record.creator(), "creator");
    party(m, ds, DCTERMS.PUBLISHER, record.publisher(), "publisher");
    for (int i = 0; i < record.contributors().size(); i++) {
      party(m, ds, DCTERMS.CONTRIBUTOR, record.contributors().get(i), "contributor-" + (i + 1));
    }
    contact(m, ds, record.creator().isPresent() ? record.creator() : record.publisher());
    license(m, ds, record.text(AcddTerm.LICENSE));
    date(m, ds, DCTERMS.CREATED, record, AcddTerm.DATE_CREATED);
    date(m, ds, DCTERMS.ISSUED, record, AcddTerm.DATE_ISSUED);
    date(m, ds, DCTERMS.MODIFIED, record, AcddTerm.DATE_MODIFIED);
    String history = record.text(AcddTerm.HISTORY);
    if (!history.isEmpty()) {
      BNode provenance = VF.createBNode("provenance");
      m.add(ds, DCTERMS.PROVENANCE, provenance);
      m.add(provenance, RDF.TYPE, DCTERMS.PROVENANCE_STATEMENT);
      m.add(provenance, RDFS.LABEL, literal(history));
    }
    text(m, ds, DCAT.VERSION, record.text(AcddTerm.PRODUCT_VERSION));
    text(m, ds, DCTERMS.SOURCE, record.text(AcddTerm.SOURCE));
    text(m, ds, RDFS.COMMENT, record.text(AcddTerm.COMMENT));
    reference(m, ds, DCTERMS.REFERENCES, record.text(AcddTerm.REFERENCES));
    String metadataLink = record.text(AcddTerm.METADATA_LINK);
    if (IsoParts.isWebUrl(metadataLink)) {
      m.add(ds, RDFS.SEEALSO, VF.createIRI(metadataLink));
    }
    conformsTo(m, ds, record.text(AcddTerm.CONVENTIONS));
    m.add(ds, DCAT.LANDING_PAGE, VF.createIRI(record.identity().landingPage()));
    distributions(m, ds, record.links());
    variables(m, ds, record.variables());
    return m;
  }

  private static void time(Model m, IRI ds, DiscoveryRecord record) {
    TimeSpan time = record.extent().time().value();
    String resolution = record.text(AcddTerm.TIME_COVERAGE_RESOLUTION);
    boolean duration =
        resolution.matches("P(?=\\d|T\\d)[0-9YMDTHS.]*") && !resolution.contains("W");
    if (time == null && !duration) {
      return;
    }
    if (time != null) {
      BNode period = VF.createBNode("period");
      m.add(ds, DCTERMS.TEMPORAL, period);
      m.add(period, RDF.TYPE, DCTERMS.PERIOD_OF_TIME);
      m.add(period, DCAT.START_DATE, dateLiteral(time.start()));
      m.add(period, DCAT.END_DATE, dateLiteral(time.end()));
    }
    if (duration) {
      m.add(ds, DCAT.TEMPORAL_RESOLUTION, VF.createLiteral(resolution, XSD.DURATION));
    }
  }

  private static void space(Model m, IRI ds, DiscoveryRecord record) {
    GeoBox box = record.extent().box().value();
    boolean bounds =
        record.findings().stream()
            .anyMatch(
                f ->
                    f.term() == AcddTerm.GEOSPATIAL_BOUNDS
                        && f.state() == DiscoveryRecord.State.PRESENT);
    if (box == null && !bounds) {
      return;
    }
    BNode location = VF.createBNode("location");
    m.add(ds, DCTERMS.SPATIAL, location);
    m.add(location, RDF.TYPE, DCTERMS.LOCATION);
    if (box != null) {
      m.add(location, DCAT.BBOX, VF.createLiteral(wkt(box), GEO.WKT_LITERAL));
    }
    if (bounds) {
      m.add(
          location,
          LOCN.GEOMETRY_PROP,
          VF.createLiteral(record.text(AcddTerm.GEOSPATIAL_BOUNDS), GEO.WKT_LITERAL));
    }
  }

  /** The box as WKT in longitude-latitude order; two boxes when it crosses the antimeridian. */
  static String wkt(GeoBox box) {
    if (box.crossesAntimeridian()) {
      return "MULTIPOLYGON(("
          + ring(box.west(), 180, box.south(), box.north())
          + "),("
          + ring(-180, box.east(), box.south(), box.north())
          + "))";
    }
    return "POLYGON(" + ring(box.west(), box.east(), box.south(), box.north()) + ")";
  }

  private static String ring(double w, double e, double s, double n) {
    String west = Extents.number(w, false);
    String east = Extents.number(e, false);
    String south = Extents.number(s, false);
    String north = Extents.number(n, false);
    return "("
        + String.join(
            ", ",
            west + " " + south,
            east + " " + south,
            east + " " + north,
            west + " " + north,
            west + " " + south)
        + ")";
  }

  private static void party(Model m, IRI ds, IRI property, Party party, String label) {
    if (!party.isPresent()) {
      return;
    }
    BNode agent = VF.createBNode(label);
    m.add(ds, property, agent);
    m.add(
        agent,
        RDF.TYPE,
        party.isPerson() && !party.name().isEmpty() ? FOAF.PERSON : FOAF.ORGANIZATION);
    String name = party.name().isEmpty() ? party.institution() : party.name();
    text(m, agent, FOAF.NAME, name.isEmpty() ? party.email() : name);
    if (Findings.EMAIL.matcher(party.email()).matches()) {
      m.add(agent, FOAF.MBOX, VF.createIRI("mailto:" + party.email()));
    }
    if (IsoParts.isWebUrl(party.url())) {
      m.add(agent, FOAF.HOMEPAGE, VF.createIRI(party.url()));
    }
  }

  private static void contact(Model m, IRI ds, Party party) {
    if (!party.isPresent()) {
      return;
    }
    BNode contact = VF.createBNode("contact");
    m.add(ds, DCAT.CONTACT_POINT, contact);
    m.add(contact, RDF.TYPE, VCARD4.KIND);
    String name = party.name().isEmpty() ? party.institution() : party.name();
    text(m, contact, VCARD4.FN, name.isEmpty() ? party.email() : name);
    if (Findings.EMAIL.matcher(party.email()).matches()) {
      m.add(contact, VCARD4.HAS_EMAIL, VF.createIRI("mailto:" + party.email()));
    }
  }

  private static void license(Model m, IRI ds, String license) {
    if (license.isEmpty()) {
      return;
    }
    if (IsoParts.isWebUrl(license)) {
      m.add(ds, DCTERMS.LICENSE, VF.createIRI(license));
      return;
    }
    BNode document = VF.createBNode("license");
    m.add(ds, DCTERMS.LICENSE, document);
    m.add(document, RDF.TYPE, DCTERMS.LICENSE_DOCUMENT);
    m.add(document, RDFS.LABEL, literal(license));
  }

  private static void date(Model m, IRI ds, IRI property, DiscoveryRecord record, AcddTerm term) {
    IsoTime time = DiscoveryRecords.parsed(record.field(term));
    if (time != null) {
      m.add(ds, property, dateLiteral(time));
    }
  }

  private static void reference(Model m, IRI ds, IRI property, String value) {
    if (IsoParts.isWebUrl(value)) {
      m.add(ds, property, VF.createIRI(value));
    } else {
      text(m, ds, property, value);
    }
  }

  /** The conventions with a home page: ACDD and CF, by their versions. */
  private static void conformsTo(Model m, IRI ds, String conventions) {
    for (String part : conventions.split("[,\\s]+", -1)) {
      String convention = part.strip().toUpperCase(Locale.ROOT);
      if (convention.matches("ACDD-1\\.3")) {
        m.add(
            ds,
            DCTERMS.CONFORMS_TO,
            VF.createIRI("https://wiki.esipfed.org/Attribute_Convention_for_Data_Discovery_1-3"));
      } else if (convention.matches("CF-1\\.\\d{1,2}")) {
        String version = convention.substring(3);
        m.add(
            ds,
            DCTERMS.CONFORMS_TO,
            VF.createIRI(
                "https://cfconventions.org/Data/cf-conventions/cf-conventions-"
                    + version
                    + "/cf-conventions.html"));
      }
    }
  }

  private static void distributions(Model m, IRI ds, List<Link> links) {
    for (int i = 0; i < links.size(); i++) {
      Link link = links.get(i);
      BNode distribution = VF.createBNode("dist-" + (i + 1));
      m.add(ds, DCAT.HAS_DISTRIBUTION, distribution);
      m.add(distribution, RDF.TYPE, DCAT.DISTRIBUTION);
      m.add(distribution, DCTERMS.TITLE, literal(link.name()));
      m.add(distribution, DCTERMS.DESCRIPTION, literal(link.description()));
      IRI url = VF.createIRI(link.url());
      m.add(distribution, DCAT.ACCESS_URL, url);
      if (link.download()) {
        m.add(distribution, DCAT.DOWNLOAD_URL, url);
      }
      String type = link.mediaType();
      if (IANA.contains(type)) {
        m.add(
            distribution,
            DCAT.MEDIA_TYPE,
            VF.createIRI("https://www.iana.org/assignments/media-types/" + type));
      } else if (!type.isEmpty()) {
        m.add(distribution, DCTERMS.FORMAT, literal(type));
      }
    }
  }

  private static void variables(Model m, IRI ds, List<VariableInfo> variables) {
    IRI measured = VF.createIRI(SCHEMA, "variableMeasured");
    int n = 0;
    for (VariableInfo variable : variables) {
      if (variable.coordinate()) {
        continue;
      }
      BNode value = VF.createBNode("var-" + ++n);
      m.add(ds, measured, value);
      m.add(value, RDF.TYPE, VF.createIRI(SCHEMA, "PropertyValue"));
      m.add(value, VF.createIRI(SCHEMA, "name"), literal(variable.name()));
      text(m, value, VF.createIRI(SCHEMA, "description"), variable.longName());
      text(m, value, VF.createIRI(SCHEMA, "unitText"), variable.units());
    }
  }

  /** An XSD 1.1 date or dateTime literal: year 0 is {@code 0000} there. */
  private static Literal dateLiteral(IsoTime time) {
    return VF.createLiteral(time.text(), time.hasTime() ? XSD.DATETIME : XSD.DATE);
  }

  private static void text(Model m, Resource subject, IRI property, String value) {
    if (!value.isEmpty()) {
      m.add(subject, property, literal(value));
    }
  }

  private static Value literal(String text) {
    return VF.createLiteral(text);
  }
}
