package org.olfsfastpath.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.vocabulary.DCAT;
import org.eclipse.rdf4j.model.vocabulary.DCTERMS;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.Rio;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.pages.FormType;
import org.olfsfastpath.testing.Captures;

/**
 * Where this server's records of coads_climatology.nc differ from upstream OLFS 1.19's (its outputs
 * in {@code ../shared/reference/upstream-metadata}), each difference a test that says why;
 * docs/metadata.md tabulates them. Skips when the reference is absent.
 */
final class UpstreamComparisonTest {
  private Path upstream = Path.of(".");

  @BeforeEach
  void reference() {
    Path dir = Captures.shared().map(s -> s.resolve("reference/upstream-metadata")).orElse(null);
    assumeTrue(
        dir != null && Files.isDirectory(dir),
        "../shared/reference/upstream-metadata is absent (upstream OLFS's records of coads)");
    upstream = dir;
  }

  private String upstream(String suffix) throws Exception {
    return Files.readString(
        upstream.resolve("coads_climatology.nc" + suffix), StandardCharsets.UTF_8);
  }

  private static String ours(FormType form) throws Exception {
    return new String(
        IsoWriter.write(Records.of("coads_climatology.nc", form)), StandardCharsets.UTF_8);
  }

  /** pycsw stores no record without a fileIdentifier: upstream's cannot be harvested at all. */
  @Test
  void iso_fileIdentifier_presentInOurs_nilInUpstreams() throws Exception {
    assertTrue(upstream(".iso").contains("<gmd:fileIdentifier gco:nilReason=\"missing\"/>"));
    assertTrue(
        ours(FormType.DAP2)
            .replaceAll("\\s+", "")
            .contains(
                "<gmd:fileIdentifier><gco:CharacterString>http://localhost:8080/opendap/data/"
                    + "coads_climatology.nc</gco:CharacterString>"));
  }

  /**
   * Upstream writes a topic the data never state; ours states none without ISO_Topic_Categories.
   */
  @Test
  void iso_topicCategory_upstreamHardCodesOne_oursInventsNone() throws Exception {
    assertTrue(upstream(".iso").contains("climatologyMeteorologyAtmosphere"));
    assertFalse(ours(FormType.DAP2).contains("topicCategory"));
  }

  /** Without a title, extent and band descriptions a catalog cannot find or describe it. */
  @Test
  void iso_titleExtentAndBands_nilInUpstreams_fromTheDataInOurs() throws Exception {
    String theirs = upstream(".iso");
    assertTrue(theirs.contains("<gmd:title gco:nilReason=\"missing\"/>"));
    assertTrue(theirs.contains("<gmd:extent gco:nilReason=\"missing\"/>"));
    assertFalse(theirs.contains("SEA SURFACE TEMPERATURE"));
    String ours = ours(FormType.DAP2);
    assertTrue(ours.contains("<gco:CharacterString>coads_climatology.nc</gco:CharacterString>"));
    assertTrue(ours.contains("<gco:Decimal>-180</gco:Decimal>"));
    assertTrue(ours.contains("<gml:beginPosition>-0001-01-16T06:00:00Z</gml:beginPosition>"));
    assertTrue(ours.contains("SEA SURFACE TEMPERATURE"));
    assertTrue(ours.contains("<gml:identifier codeSpace=\"udunits\">Deg C</gml:identifier>"));
  }

  /** Upstream's stylesheet matches DAP 3.2 only, so from a DMR it loses the history too. */
  @Test
  void dmrIso_upstreamsLosesTheHistory_oursIsTheDdxRecord() throws Exception {
    assertTrue(upstream(".iso").contains("FERRET V4.30"));
    assertFalse(upstream(".dmr.iso").contains("FERRET V4.30"));
    String fromDmr = ours(FormType.DAP4);
    assertTrue(fromDmr.contains("FERRET V4.30"));
    assertEquals(ours(FormType.DAP2).replace("dataset's DDX", "dataset's DMR"), fromDmr);
  }

  /** Upstream's RDF is the DDX's structure as triples; a DCAT query finds nothing in it. */
  @Test
  void rdf_upstreamsIsNoDcat_oursIsADcatDataset() throws Exception {
    Model theirs =
        Rio.parse(
            new ByteArrayInputStream(upstream(".rdf").getBytes(StandardCharsets.UTF_8)),
            "http://127.0.0.1:8080/opendap/coads_climatology.nc",
            RDFFormat.RDFXML);
    assertTrue(theirs.filter(null, RDF.TYPE, DCAT.DATASET).isEmpty());
    assertTrue(theirs.filter(null, DCTERMS.TITLE, null).isEmpty());
    Model ours =
        Rio.parse(
            new ByteArrayInputStream(
                DcatWriter.write(Records.of("coads_climatology.nc", FormType.DAP2), false)),
            "",
            RDFFormat.RDFXML);
    assertEquals(1, ours.filter(null, RDF.TYPE, DCAT.DATASET).size());
    var dataset = ours.filter(null, RDF.TYPE, DCAT.DATASET).subjects().iterator().next();
    assertEquals(1, ours.filter(dataset, DCTERMS.TITLE, null).size());
  }

  /**
   * A JSON-LD processor reads upstream's "@vocab": "http://schema.org" as http://schema.orgname.
   */
  @Test
  void jsonLd_upstreamsVocabLacksTheSlash_oursIsSchemaOrgs() throws Exception {
    assertTrue(upstream(".html.jsonld").contains("\"@vocab\": \"http://schema.org\""));
    String ours = SchemaOrgWriter.dataset(Records.of("coads_climatology.nc", FormType.DAP2));
    assertTrue(ours.startsWith("{\"@context\":\"https://schema.org/\""), ours);
  }

  /** Upstream scores coads 0 of 45 and counts no global attribute, though history is there. */
  @Test
  void rubric_upstreamSeesNoAttribute_oursSeesTheHistory() throws Exception {
    String theirs = upstream(".rubric").replaceAll("<[^>]+>", " ").replaceAll("\\s+", " ");
    assertTrue(theirs.contains("Total Score: 0/45"));
    assertTrue(theirs.contains("Number of Global Attributes 0"));
    String ours =
        new String(
            RubricWriter.write(Records.of("coads_climatology.nc", FormType.DAP2), Records.SITE),
            StandardCharsets.UTF_8);
    assertTrue(
        ours.contains(
            "<tr id=\"a-history\"><th scope=\"row\"><code>history</code></th>"
                + "<td class=\"state present\">present</td>"),
        ours);
  }
}
