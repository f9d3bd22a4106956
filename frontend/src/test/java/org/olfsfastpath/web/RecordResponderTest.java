package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.olfsfastpath.bes.BesError;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.bes.BesGetType;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.dap.DapRequestParser;
import org.olfsfastpath.emulator.dap.DapQuery;
import org.olfsfastpath.emulator.dap.Datasets;
import org.olfsfastpath.testing.JsonCheck;

/**
 * The discovery records through the DAP servlet: built from the DDX or DMR and the coordinates the
 * forms read, kept in the response cache like {@code .das} (a warm record costs no BES message),
 * with an ETag, 304 and a HEAD from the catalog; {@code .rdf} chooses Turtle by Accept and says it
 * varies by it; the BES's administrator is asked once and named as publisher, also by the form
 * pages' and the listings' JSON-LD, which come from the same record.
 */
final class RecordResponderTest {
  private static final String URL = "http://localhost:8080/opendap/coads_climatology.nc";
  private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");

  private final FakeBackend backend =
      new FakeBackend()
          .withDataset("/coads_climatology.nc")
          .withDirectory(
              "/",
              new DataSource.Child("coads_climatology.nc", true, FakeBackend.MODIFIED, 1, false));
  private final FrontEndSettings settings = FrontEndSettings.newBuilder().build();
  private Responders responders;

  /** The emulator's coads answer of {@code type}, as the BES sends it. */
  private static byte[] coads(String type, String constraint, boolean dap4) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      Datasets.coadsClimatology()
          .write(new DapQuery(type, "", constraint, dap4, type.equals("dods") ? "" : URL), out);
    } catch (org.olfsfastpath.emulator.dap.DapRequestException e) {
      throw new AssertionError(e);
    }
    return out.toByteArray();
  }

  @BeforeEach
  void bes() throws IOException {
    backend.bodies.put(BesGetType.DMR, coads("dmr", "", true));
    backend.bodies.put(BesGetType.DAP, coads("dap", "/COADSX;/COADSY;/TIME", true));
    backend.bodies.put(BesGetType.DDX, coads("ddx", "", false));
    backend.bodies.put(BesGetType.DODS, coads("dods", "COADSX,COADSY,TIME", false));
    backend.besKeys.put(
        "BES.ServerAdministrator", List.of("email:admin@example.org", "organization:Example"));
    backend.besKeys.put("SupportEmail", List.of("support@example.org"));
    responders =
        Responders.create(
            settings,
            backend,
            "test",
            new VersionService("test", backend::versions, List.of()),
            null,
            Clock.fixed(NOW, ZoneOffset.UTC),
            org.olfsfastpath.spool.Spool.newBuilder().disk(0).build(),
            AnswerPolicy.defaults());
  }

  private FakeHttp.Response run(FakeHttp.Request request) throws IOException {
    FakeHttp.Response response = new FakeHttp.Response();
    new DapServlet(
            DapRequestParser.withDefaults(),
            responders,
            new FrontEndStats(),
            settings,
            null,
            DapServlet.RequestTimer.NONE,
            AccessGate.open())
        .service(request.build(), response.build());
    return response;
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    ".iso, text/xml, ddx, dods",
    ".rdf, application/rdf+xml, ddx, dods",
    ".ttl, text/turtle, ddx, dods",
    ".rubric, text/html;charset=UTF-8, ddx, dods",
    ".dmr.iso, text/xml, dmr, dap",
    ".dmr.rdf, application/rdf+xml, dmr, dap",
    ".dmr.ttl, text/turtle, dmr, dap",
    ".dmr.rubric, text/html;charset=UTF-8, dmr, dap"
  })
  void record_builtOnce_thenKeptLikeDas_withEtag304AndHead(
      String suffix, String contentType, String description, String coordinates)
      throws IOException {
    FakeHttp.Response first = run(FakeHttp.Request.get("/coads_climatology.nc" + suffix));
    assertEquals(200, first.status, first.text());
    assertEquals(contentType, first.header("Content-Type"));
    assertEquals(
        List.of(
            description + " ",
            coordinates
                + " "
                + (coordinates.equals("dap") ? "/COADSX;/COADSY;/TIME" : "COADSX,COADSY,TIME")),
        backend.gets.stream().map(g -> g.type().besType() + " " + g.constraint()).toList(),
        "the description, then the coordinates");
    assertEquals(2, backend.besKeyAsks.get(), "the administrator, asked once");
    String etag = first.header("ETag");
    assertTrue(etag != null && etag.startsWith("\""), "a strong ETag: " + etag);

    FakeHttp.Response warm = run(FakeHttp.Request.get("/coads_climatology.nc" + suffix));
    assertArrayEquals(first.body(), warm.body());
    assertEquals(etag, warm.header("ETag"));
    FakeHttp.Response notModified =
        run(FakeHttp.Request.get("/coads_climatology.nc" + suffix).header("If-None-Match", etag));
    assertEquals(304, notModified.status);
    assertEquals(0, notModified.body().length);
    FakeHttp.Response head =
        run(FakeHttp.Request.get("/coads_climatology.nc" + suffix).method("HEAD"));
    assertEquals(200, head.status);
    assertEquals(0, head.body().length);
    assertEquals(contentType, head.header("Content-Type"));
    assertEquals(2, backend.gets.size(), "warm, 304 and HEAD cost no BES message");
    assertEquals(2, backend.besKeyAsks.get());
    assertTrue(first.text().contains("coads_climatology.nc"), first.text());
  }

  @Test
  void rdf_answersTurtleToAcceptTurtle_andVariesByAccept() throws IOException {
    FakeHttp.Response xml = run(FakeHttp.Request.get("/coads_climatology.nc.rdf"));
    assertEquals("application/rdf+xml", xml.header("Content-Type"));
    assertTrue(xml.header("Vary").contains("Accept"), xml.header("Vary"));
    assertTrue(xml.text().contains("<rdf:RDF"), xml.text());
    FakeHttp.Response turtle =
        run(FakeHttp.Request.get("/coads_climatology.nc.rdf").header("Accept", "text/turtle"));
    assertEquals(200, turtle.status);
    assertEquals("text/turtle", turtle.header("Content-Type"));
    assertTrue(turtle.header("Vary").contains("Accept"), turtle.header("Vary"));
    assertTrue(turtle.text().contains("@prefix dcat:"), turtle.text());
    assertFalse(turtle.header("ETag").equals(xml.header("ETag")));
  }

  @Test
  void theRecordNamesTheBesAdministrator_andSoDoTheFormAndTheListing() throws IOException {
    assertTrue(
        run(FakeHttp.Request.get("/coads_climatology.nc.iso"))
            .text()
            .contains("<gco:CharacterString>Example</gco:CharacterString>"));
    Map<String, Object> form =
        JsonCheck.jsonLd(run(FakeHttp.Request.get("/coads_climatology.nc.dmr.html")).text());
    assertEquals("Example", ((Map<?, ?>) form.get("publisher")).get("name"));
    assertEquals(
        "-89 -180 89 180",
        ((Map<?, ?>) ((Map<?, ?>) form.get("spatialCoverage")).get("geo")).get("box"));
    Map<String, Object> listing = JsonCheck.jsonLd(run(FakeHttp.Request.get("/")).text());
    assertEquals("Example", ((Map<?, ?>) listing.get("publisher")).get("name"));
    assertEquals(2, backend.besKeyAsks.get(), "once for the record, the form and the listing");
  }

  @Test
  void coordinatesRefused_recordSentWithoutTheirExtent_andNotKept() throws IOException {
    backend.getFailures.put(
        BesGetType.DODS, new BesErrorException(new BesError(BesError.INTERNAL, "no", 0, "")));
    FakeHttp.Response first = run(FakeHttp.Request.get("/coads_climatology.nc.iso"));
    assertEquals(200, first.status);
    assertFalse(first.text().contains("EX_GeographicBoundingBox"), first.text());
    backend.getFailures.clear();
    FakeHttp.Response next = run(FakeHttp.Request.get("/coads_climatology.nc.iso"));
    assertTrue(next.text().contains("EX_GeographicBoundingBox"), next.text());
    assertEquals(
        List.of(BesGetType.DDX, BesGetType.DODS, BesGetType.DODS),
        backend.gets.stream().map(GetRequest::type).toList(),
        "the DDX kept, the coordinates asked again");
  }

  @Test
  void aBesWithoutAdministrator_namesNoPublisher() throws IOException {
    backend.besKeys.clear();
    String iso = run(FakeHttp.Request.get("/coads_climatology.nc.iso")).text();
    assertFalse(iso.contains("distributorContact"), iso);
    assertTrue(iso.contains("<gmd:contact gco:nilReason=\"missing\""), iso);
  }
}
