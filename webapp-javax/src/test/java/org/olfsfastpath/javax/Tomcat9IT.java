package org.olfsfastpath.javax;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.testing.FrontEndExtension;

/**
 * The javax WAR in a real Tomcat 9 (Servlet 4.0), the line Hyrax ships its OLFS on: the same
 * answers as the Jakarta WAR gives in Tomcat 10.1 and 11, through every kind of responder (DAP2
 * and DAP4 from the BES and from the caches, a conditional request, an error body, a listing, a
 * request form, the status and metrics documents, a large streamed answer, a real client).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class Tomcat9IT {
  @RegisterExtension
  static final FrontEndExtension FRONT_END =
      FrontEndExtension.named("Tomcat9IT").tomcatHome("tomcat9.home");

  private static final HttpClient HTTP = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(10))
      .build();

  private BesEmulator bes;
  private URI opendap;

  @BeforeAll
  void start() {
    bes = FRONT_END.bes();
    opendap = FRONT_END.opendap();
  }

  @Test
  void theWarNamesNoJakartaName_andRunsInTomcat9() throws Exception {
    Path war = FrontEndExtension.required("war.file");
    List<String> offenders = new ArrayList<>();
    int classes = 0;
    try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(war))) {
      for (ZipEntry entry; (entry = zip.getNextEntry()) != null; ) {
        if (entry.getName().endsWith(".jar")) {
          // Nested: every jar of WEB-INF/lib, ours and the libraries'.
          ZipInputStream jar = new ZipInputStream(zip);
          for (ZipEntry inner; (inner = jar.getNextEntry()) != null; ) {
            classes += check(entry.getName() + "!" + inner.getName(), jar.readAllBytes(),
                offenders);
          }
        } else {
          classes += check(entry.getName(), zip.readAllBytes(), offenders);
        }
      }
    }
    assertTrue(classes > 100, "only " + classes + " classes read");
    assertEquals(List.of(), offenders);
    assertTrue(FRONT_END.tomcat().console().contains("Apache Tomcat/9."),
        "not Tomcat 9:\n" + FRONT_END.tomcat().console());
  }

  /** Adds {@code name} to {@code offenders} if its bytes name a Jakarta EE package. */
  private static int check(String name, byte[] bytes, List<String> offenders) {
    String text = new String(bytes, StandardCharsets.ISO_8859_1);
    if (text.contains("jakarta/servlet") || text.contains("jakarta.servlet")) {
      offenders.add(name);
    }
    return name.endsWith(".class") ? 1 : 0;
  }

  @Test
  void servesDap_cold2_warm1_304_andAnErrorBody() throws Exception {
    assertEquals(200, send("POST", opendap.resolve("status/invalidate?all=true")).statusCode());
    bes.resetCounts();
    HttpResponse<byte[]> cold = get(opendap.resolve("coads_climatology.nc.dds"));
    assertEquals(200, cold.statusCode());
    assertEquals("dods_dds", cold.headers().firstValue("Content-Description").orElseThrow());
    assertTrue(text(cold).startsWith("Dataset {"), text(cold));
    assertEquals(2, bes.requestCount(), bes.commandCounts().toString());

    bes.resetCounts();
    HttpResponse<byte[]> ascii = get(opendap.resolve("coads_climatology.nc.ascii?COADSX"));
    assertEquals(200, ascii.statusCode());
    assertTrue(text(ascii).contains("COADSX, 21, 23, 25"), text(ascii));
    assertEquals(1, bes.requestCount(), bes.commandCounts().toString());

    String lastModified = cold.headers().firstValue("Last-Modified").orElseThrow();
    bes.resetCounts();
    assertEquals(304, get(opendap.resolve("coads_climatology.nc.das"),
        "If-Modified-Since", lastModified).statusCode());
    assertEquals(0, bes.requestCount());

    HttpResponse<byte[]> missing = get(opendap.resolve("no_such.nc.das"));
    assertEquals(404, missing.statusCode());
    assertTrue(text(missing).contains("Error {"), text(missing));
  }

  @Test
  void dap4_dmrAndData() throws Exception {
    HttpResponse<byte[]> dmr = get(opendap.resolve("coads_climatology.nc.dmr"));
    assertEquals(200, dmr.statusCode());
    assertTrue(text(dmr).contains("<Dataset"), text(dmr));
    HttpResponse<byte[]> dap = get(opendap.resolve("coads_climatology.nc.dap?dap4.ce=COADSX"));
    assertEquals(200, dap.statusCode());
    assertEquals("application/vnd.opendap.dap4.data",
        dap.headers().firstValue("Content-Type").orElseThrow());
    assertTrue(dap.body().length > 180 * 8, "dap answer of " + dap.body().length + " bytes");
  }

  @Test
  void pages_listingAndForm() throws Exception {
    HttpResponse<byte[]> listing = get(opendap.resolve(""));
    assertEquals(200, listing.statusCode());
    assertTrue(text(listing).contains("coads_climatology.nc"), text(listing));
    HttpResponse<byte[]> form = get(opendap.resolve("coads_climatology.nc.dmr.html"));
    assertEquals(200, form.statusCode());
    assertTrue(form.headers().firstValue("Content-Security-Policy").isPresent());
    assertTrue(text(form).contains("COADSX"), text(form));
  }

  @Test
  void statusAndMetrics() throws Exception {
    HttpResponse<byte[]> status = get(opendap.resolve("status"));
    assertEquals(200, status.statusCode());
    assertTrue(text(status).contains("\"settled\": true"), text(status));
    HttpResponse<byte[]> metrics = get(opendap.resolve("metrics"));
    assertEquals(200, metrics.statusCode());
    // Tomcat's own figures, read from Tomcat 9's JMX beans as from 10.1's and 11's.
    assertTrue(text(metrics).contains("tomcat_global_request_seconds"), text(metrics));
    assertTrue(text(metrics).contains("tomcat_threads_busy"), text(metrics));
    assertTrue(text(metrics).contains("olfs_requests_seconds"), text(metrics));
  }

  @Test
  void largeAnswer_streamsWhole() throws Exception {
    URI uri = opendap.resolve("big/40MiB.nc.dods");
    HttpResponse<InputStream> response = HTTP.send(HttpRequest.newBuilder(uri)
        .timeout(Duration.ofMinutes(2)).build(), HttpResponse.BodyHandlers.ofInputStream());
    assertEquals(200, response.statusCode());
    MessageDigest first = MessageDigest.getInstance("SHA-256");
    long length = 0;
    try (InputStream in = response.body()) {
      byte[] buffer = new byte[64 * 1024];
      for (int n; (n = in.read(buffer)) >= 0; ) {
        first.update(buffer, 0, n);
        length += n;
      }
    }
    assertTrue(length > 40L * 1024 * 1024, "only " + length + " bytes");
    // A second read of the same answer gives the same bytes.
    MessageDigest second = MessageDigest.getInstance("SHA-256");
    second.update(HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(2)).build(),
        HttpResponse.BodyHandlers.ofByteArray()).body());
    assertArrayEquals(first.digest(), second.digest());
  }

  @Test
  void ncdump_readsTheDataset() throws Exception {
    Path ncdump = Path.of("/usr/bin/ncdump");
    assumeTrue(Files.isExecutable(ncdump), "/usr/bin/ncdump is not installed (Debian package"
        + " netcdf-bin, which scripts/setup installs); skipping this real-client check");
    Process process = new ProcessBuilder(ncdump.toString(), "-v", "COADSX",
        opendap.resolve("coads_climatology.nc").toString())
        .redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "ncdump did not finish");
    assertEquals(0, process.exitValue(), output);
    assertTrue(output.contains("float SST(TIME, COADSY, COADSX)"), output);
    assertTrue(output.contains("COADSX = 21, 23, 25"), output);
  }

  private static HttpResponse<byte[]> get(URI uri, String... headers)
      throws IOException, InterruptedException {
    return send("GET", uri, headers);
  }

  private static HttpResponse<byte[]> send(String method, URI uri, String... headers)
      throws IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
        .method(method, HttpRequest.BodyPublishers.noBody());
    List<String> pairs = List.of(headers);
    for (int i = 0; i + 1 < pairs.size(); i += 2) {
      request.header(pairs.get(i), pairs.get(i + 1));
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  private static String text(HttpResponse<byte[]> response) {
    return new String(response.body(), StandardCharsets.UTF_8);
  }
}
