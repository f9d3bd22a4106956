package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.tomcat.FrontEndExtension;

/**
 * A smoke test of the same WAR in Tomcat 10.1 (Servlet 6.0), the oldest supported line, with the
 * hand-off of a slow reader's answer from the request's thread to the spool.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class Tomcat10IT {
  @RegisterExtension
  static final FrontEndExtension FRONT_END = FrontEndExtension.named("Tomcat10IT").tomcat10();

  private BesEmulator bes;
  private URI opendap;

  @BeforeAll
  void start() {
    bes = FRONT_END.bes();
    opendap = FRONT_END.opendap();
  }

  @Test
  void headers_handedToTomcatAsBytes() throws Exception {
    ItSupport.assertHeadersHandedToTomcatAsBytes(
        FRONT_END.tomcat().port(), FRONT_END.tomcat().console());
  }

  @Test
  void servesDap_cold2_warm1_304() throws Exception {
    // Cold whatever ran before (the warm-up at start, the other test): nothing cached.
    HttpResponse<byte[]> invalidated =
        ItSupport.send("POST", opendap.resolve("status/invalidate?all=true"));
    assertEquals(200, invalidated.statusCode(), ItSupport.text(invalidated));
    bes.resetCounts();
    HttpResponse<byte[]> cold = ItSupport.get(opendap.resolve("coads_climatology.nc.dds"));
    assertEquals(200, cold.statusCode());
    assertEquals("dods_dds", cold.headers().firstValue("Content-Description").orElseThrow());
    assertTrue(ItSupport.text(cold).startsWith("Dataset {"), ItSupport.text(cold));
    assertEquals(2, bes.requestCount(), bes.commandCounts().toString());
    bes.resetCounts();
    assertEquals(200, ItSupport.get(opendap.resolve("coads_climatology.nc.das")).statusCode());
    assertEquals(1, bes.requestCount(), bes.commandCounts().toString());
    String lastModified = cold.headers().firstValue("Last-Modified").orElseThrow();
    bes.resetCounts();
    assertEquals(
        304,
        ItSupport.get(
                opendap.resolve("coads_climatology.nc.das"), "If-Modified-Since", lastModified)
            .statusCode());
    assertEquals(0, bes.requestCount());
    assertEquals(404, ItSupport.get(opendap.resolve("no_such.nc.das")).statusCode());
  }

  /**
   * A slow reader's answer: written straight from the BES by the request's thread until the client
   * falls behind, then the rest from the spool on the container's write callbacks, as Tomcat 10.1
   * runs them; the BES connection back while the client reads, the answer whole.
   */
  @Test
  void slowReader_handedToTheSpoolMidAnswer_getsItWhole() throws Exception {
    assertEquals(
        null,
        org.olfsfastpath.soak.HandOffCheck.run(opendap.getPort(), "/opendap/big/40MiB.nc.dods"));
  }

  @Test
  void ncdump_header() throws Exception {
    ItSupport.Run run =
        ItSupport.runClient(
            "/usr/bin/ncdump", "-h", opendap.resolve("coads_climatology.nc").toString());
    assertEquals(0, run.exitCode(), run.output());
    assertTrue(run.output().contains("float SST(TIME, COADSY, COADSX)"), run.output());
  }
}
