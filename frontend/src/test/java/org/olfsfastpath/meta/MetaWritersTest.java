package org.olfsfastpath.meta;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.xml.parsers.SAXParserFactory;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.vocabulary.DCAT;
import org.eclipse.rdf4j.model.vocabulary.DCTERMS;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.Rio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.olfsfastpath.emulator.dap.Datasets;
import org.olfsfastpath.pages.DatasetModel;
import org.olfsfastpath.pages.DatasetModel.Attribute;
import org.olfsfastpath.pages.DatasetModel.Dimension;
import org.olfsfastpath.pages.DatasetModel.Variable;
import org.olfsfastpath.pages.FormType;
import org.olfsfastpath.testing.JsonCheck;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Every writer's output parses for every sample, with the WAR's own class path (so RDF4J's excluded
 * dependencies are proven unneeded here, not in a request): the ISO record with a SAX parser, the
 * RDF/XML and Turtle with RDF4J's parsers, the JSON-LD with a strict JSON reader. A value no XML
 * may carry (NUL, U+0001, U+FFFE, a lone surrogate) never reaches a writer, and the bytes are the
 * same every time.
 */
final class MetaWritersTest {
  static List<Object[]> cases() {
    List<Object[]> cases = new ArrayList<>();
    for (String name : Records.SAMPLES) {
      cases.add(new Object[] {name, FormType.DAP4});
      cases.add(new Object[] {name, FormType.DAP2});
    }
    return cases;
  }

  static void parseXml(byte[] xml) throws Exception {
    SAXParserFactory factory = SAXParserFactory.newInstance();
    factory.setNamespaceAware(true);
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    factory.newSAXParser().parse(new ByteArrayInputStream(xml), new DefaultHandler());
  }

  static Model rdf(byte[] bytes, RDFFormat format) throws Exception {
    return Rio.parse(new ByteArrayInputStream(bytes), "", format);
  }

  @ParameterizedTest
  @MethodSource("cases")
  void everyWritersOutputParses_andIsTheSameEveryTime(String name, FormType form) throws Exception {
    DiscoveryRecord record = Records.of(name, form);
    byte[] iso = IsoWriter.write(record);
    parseXml(iso);
    byte[] rdfXml = DcatWriter.write(record, false);
    Model model = rdf(rdfXml, RDFFormat.RDFXML);
    assertEquals(
        1,
        model.filter(null, DCTERMS.TITLE, null).subjects().stream()
            .filter(
                s -> model.contains(s, org.eclipse.rdf4j.model.vocabulary.RDF.TYPE, DCAT.DATASET))
            .count());
    Model turtle = rdf(DcatWriter.write(record, true), RDFFormat.TURTLE);
    assertEquals(model.size(), turtle.size());
    assertEquals(model.predicates(), turtle.predicates());
    Map<String, Object> jsonLd = json(SchemaOrgWriter.dataset(record));
    assertEquals("Dataset", jsonLd.get("@type"));
    byte[] rubric = RubricWriter.write(record, Records.SITE);
    String page = new String(rubric, StandardCharsets.UTF_8);
    assertFalse(page.contains("<script>alert"), "markup from the data is escaped");
    assertEquals(jsonLd, JsonCheck.jsonLd(page));

    DiscoveryRecord again = Records.of(name, form);
    assertArrayEquals(iso, IsoWriter.write(again));
    assertArrayEquals(rdfXml, DcatWriter.write(again, false));
    assertArrayEquals(rubric, RubricWriter.write(again, Records.SITE));
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> json(String text) {
    return (Map<String, Object>) JsonCheck.parse(text);
  }

  /** What the BES's XML cannot carry, in every field a writer shows, built as a model directly. */
  @Test
  void charactersXmlCannotCarry_areRemoved_beforeAnyWriter() throws Exception {
    String bad = "a\u0000b\u0001c\ufffed\ud800e\u001ff\u007fg\u0085h";
    List<Attribute> globals = new ArrayList<>();
    for (String key :
        List.of(
            "title",
            "summary",
            "keywords",
            "license",
            "history",
            "creator_name",
            "id",
            "time_coverage_start")) {
      globals.add(new Attribute(key, "String", List.of(key + bad), List.of()));
    }
    Dimension x = new Dimension("/x", 3);
    DatasetModel model =
        new DatasetModel(
            "bad.nc",
            FormType.DAP4,
            List.of(new Attribute("NC_GLOBAL", "Container", List.of(), globals)),
            List.of(
                new Variable(
                    "x" + bad,
                    "/x" + bad,
                    "/x",
                    "Float32",
                    List.of(x),
                    List.of(
                        new Attribute("units", "String", List.of("K" + bad), List.of()),
                        new Attribute("long_name", "String", List.of("L" + bad), List.of())),
                    List.of(),
                    List.of(),
                    List.of())));
    DiscoveryRecord record = Records.of(model, Datasets.acddNone(), "/bad.nc");
    assertEquals("titleabcdefgh", record.title().get());
    assertTrue(
        record.title().notes().get(0).startsWith("7 characters removed"),
        record.title().notes().toString());
    parseXml(IsoWriter.write(record));
    rdf(DcatWriter.write(record, false), RDFFormat.RDFXML);
    rdf(DcatWriter.write(record, true), RDFFormat.TURTLE);
    json(SchemaOrgWriter.dataset(record));
    String page = new String(RubricWriter.write(record, Records.SITE), StandardCharsets.UTF_8);
    Set<Integer> bannedSeen =
        page.codePoints().filter(c -> !Clean.allowed(c)).boxed().collect(Collectors.toSet());
    assertEquals(Set.of(), bannedSeen);
  }

  /** Blank nodes have fixed labels, so the bytes do not depend on the JVM (RDF4J's are random). */
  @Test
  void rdfBlankNodes_haveFixedLabels() throws Exception {
    String rdf =
        new String(
            DcatWriter.write(Records.of("coads_climatology.nc", FormType.DAP4), false),
            StandardCharsets.UTF_8);
    assertTrue(rdf.contains("rdf:nodeID=\"period\""), rdf);
    assertTrue(rdf.contains("rdf:nodeID=\"location\""), rdf);
    assertTrue(rdf.contains("rdf:nodeID=\"dist-1\""), rdf);
  }
}
