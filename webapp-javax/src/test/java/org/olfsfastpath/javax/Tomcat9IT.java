package org.olfsfastpath.javax;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.olfsfastpath.it.ItSupport.get;
import static org.olfsfastpath.it.ItSupport.send;
import static org.olfsfastpath.it.ItSupport.text;

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
import org.olfsfastpath.it.Chromium;
import org.olfsfastpath.it.ItSupport;
import org.olfsfastpath.testing.Regression;
import org.olfsfastpath.tomcat.FrontEndExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * The javax WAR in a real Tomcat 9 (Servlet 4.0), the line Hyrax ships its OLFS on, beside the
 * Jakarta WAR in Tomcat 11: the same answers, byte for byte, through every kind of responder (DAP2
 * and DAP4 from the BES and from the caches, downloads, listings, request forms, the THREDDS
 * catalog), as Tomcat10IT checks in Tomcat 10.1: BES messages cold and warm, 304 by
 * If-Modified-Since and by ETag with no BES message, an error body, the status and metrics
 * documents, a large streamed answer, ncdump on the dataset's URL, one request form flow in
 * headless Chromium, and a BES that goes down (503 with Retry-After at once) and comes back by
 * itself. The start names the container and the API the WAR was built for.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class Tomcat9IT {
  @RegisterExtension
  static final FrontEndExtension FRONT_END =
      FrontEndExtension.named("Tomcat9IT").tomcatHome("tomcat9.home");

  /** The Jakarta WAR in Tomcat 11, in front of an emulator of its own with the same catalog. */
  @RegisterExtension
  static final FrontEndExtension JAKARTA =
      FrontEndExtension.named("Tomcat9IT-jakarta").war("jakarta.war.file");

  private static final String COADS = "coads_climatology.nc";

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  private BesEmulator bes;
  private URI opendap;

  @BeforeAll
  void start() {
    bes = FRONT_END.bes();
    opendap = FRONT_END.opendap();
  }

  /** Issue 27: a classic DAP2 URL with raw brackets answers 200 through Tomcat 9 too. */
  @Test
  void headers_handedToTomcatAsBytes() throws Exception {
    org.olfsfastpath.it.ItSupport.assertHeadersHandedToTomcatAsBytes(
        FRONT_END.tomcat().port(), FRONT_END.tomcat().console());
  }

  @Test
  void rawBrackets_answer200() throws Exception {
    org.olfsfastpath.it.ItSupport.assertRawBracketsServed(
        FRONT_END.tomcat().port(), FRONT_END.tomcat().console());
  }

  @Test
  void theWarNamesNoJakartaName_andRunsInTomcat9() throws Exception {
    Path war = FrontEndExtension.required("war.file");
    List<String> offenders = new ArrayList<>();
    List<String> services = new ArrayList<>();
    int classes = 0;
    try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(war))) {
      for (ZipEntry entry; (entry = zip.getNextEntry()) != null; ) {
        if (entry.getName().endsWith(".jar")) {
          // Nested: every jar of WEB-INF/lib, ours and the libraries'.
          ZipInputStream jar = new ZipInputStream(zip);
          for (ZipEntry inner; (inner = jar.getNextEntry()) != null; ) {
            if (inner.getName().startsWith("META-INF/services/")) {
              services.add(entry.getName() + "!" + inner.getName());
            }
            classes +=
                check(entry.getName() + "!" + inner.getName(), jar.readAllBytes(), offenders);
          }
        } else {
          classes += check(entry.getName(), zip.readAllBytes(), offenders);
        }
      }
    }
    assertTrue(classes > 100, "only " + classes + " classes read");
    // The initializer that starts the front end, under the name Tomcat 9 looks for.
    assertTrue(
        services.stream()
            .anyMatch(
                name ->
                    name.startsWith("WEB-INF/lib/olfs-fastpath-frontend-")
                        && name.endsWith(
                            "!META-INF/services/javax.servlet.ServletContainerInitializer")),
        services.toString());
    assertEquals(List.of(), offenders);
    assertTrue(
        FRONT_END.tomcat().console().contains("Apache Tomcat/9."),
        "not Tomcat 9:\n" + FRONT_END.tomcat().console());
  }

  /**
   * Adds {@code name} to {@code offenders} if it or its bytes name a Jakarta EE package (a service
   * file is found by its name: {@code
   * META-INF/services/jakarta.servlet.ServletContainerInitializer} would never be read by Tomcat
   * 9).
   */
  private static int check(String name, byte[] bytes, List<String> offenders) {
    if (name.endsWith("module-info.class")) {
      // A module descriptor (Logback's names its optional servlet module): a WAR's classes are
      // on the class path, which never reads one, and the Transformer leaves it as it is.
      return 0;
    }
    String text = name + "\n" + new String(bytes, StandardCharsets.ISO_8859_1);
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
    assertEquals(
        304,
        get(opendap.resolve("coads_climatology.nc.das"), "If-Modified-Since", lastModified)
            .statusCode());
    assertEquals(0, bes.requestCount());

    HttpResponse<byte[]> missing = get(opendap.resolve("no_such.nc.das"));
    assertEquals(404, missing.statusCode());
    assertTrue(text(missing).contains("Error {"), text(missing));
  }

  @Test
  void theStartNamesTomcat9_andTheApiTheWarWasBuiltFor() {
    String console = FRONT_END.tomcat().console();
    assertTrue(
        console.contains(" in Apache Tomcat/9.0.")
            && console.contains("(Servlet 4.0)," + " built for javax.servlet: BES "),
        console);
    String jakarta = JAKARTA.tomcat().console();
    assertTrue(
        jakarta.contains(" in Apache Tomcat/11.0.")
            && jakarta.contains("(Servlet 6.1)," + " built for jakarta.servlet: BES "),
        jakarta);
  }

  /**
   * Every kind of answer is the Jakarta WAR's, byte for byte: status, content type and body (a
   * page's links to its own server aside, which differ by port alone).
   */
  @Test
  void answers_areByteEqualToTheJakartaWars() throws Exception {
    List<String> paths =
        List.of(
            COADS + ".das",
            COADS + ".dds",
            COADS + ".ddx",
            COADS + ".dods?COADSX",
            COADS + ".ascii?COADSX[10:5:40]",
            COADS + ".csv?COADSX",
            COADS + ".dmr",
            COADS + ".dap?dap4.ce=COADSX",
            COADS + ".dap.csv?dap4.ce=COADSX",
            COADS + ".dods",
            COADS + ".info",
            COADS + ".html",
            COADS + ".dmr.html",
            "",
            "contents.html",
            "catalog.xml",
            "no_such.nc.das",
            COADS + ".dds?NOSUCHVAR");
    int compared = 0;
    for (String path : paths) {
      HttpResponse<byte[]> javax = get(opendap.resolve(path));
      HttpResponse<byte[]> jakarta = get(JAKARTA.opendap().resolve(path));
      assertEquals(jakarta.statusCode(), javax.statusCode(), path);
      assertEquals(
          jakarta.headers().firstValue("Content-Type"),
          javax.headers().firstValue("Content-Type"),
          path);
      assertArrayEquals(
          ownUrlsOut(jakarta.body(), JAKARTA.opendap()),
          ownUrlsOut(javax.body(), opendap),
          path + ": bodies differ");
      compared++;
    }
    assertEquals(paths.size(), compared);
  }

  /**
   * Both WARs name the build's version: in the version document and in a netCDF download's history,
   * which records the request's time and so is not compared byte for byte.
   */
  @Test
  @Regression(
      "78be612: the javax WAR said its version was unknown, reading it from the WAR's own"
          + " Maven properties, which the Transformer replaces with the webapp-javax module's")
  void bothWars_nameTheBuildsVersion() throws Exception {
    String version =
        text(get(JAKARTA.opendap().resolve("version")))
            .replaceAll("(?s).*<lib name=\"olfs-fastpath\" version=\"([^\"]*)\".*", "$1");
    assertTrue(version.matches("\\d+\\.\\d+\\.\\d+.*"), version);
    assertTrue(
        text(get(opendap.resolve("version")))
            .contains("<lib name=\"olfs-fastpath\" version=\"" + version + "\" />"));
    for (URI base : List.of(opendap, JAKARTA.opendap())) {
      HttpResponse<byte[]> nc = get(base.resolve(COADS + ".nc?COADSX"));
      assertEquals(200, nc.statusCode());
      assertTrue(
          new String(nc.body(), StandardCharsets.ISO_8859_1)
              .contains("olfs-fastpath-" + version + " " + base),
          base.toString());
    }
  }

  /** {@code body} with its server's own base URL replaced by a mark (text answers only). */
  private static byte[] ownUrlsOut(byte[] body, URI base) {
    String text = new String(body, StandardCharsets.ISO_8859_1);
    String own = base.toString();
    String authority = base.getAuthority();
    if (!text.contains(own) && !text.contains(authority)) {
      return body;
    }
    return text.replace(own, "{opendap}/")
        .replace(authority, "{authority}")
        .getBytes(StandardCharsets.ISO_8859_1);
  }

  @Test
  void etag_isAnswered304_withNoBesMessage() throws Exception {
    HttpResponse<byte[]> first = get(opendap.resolve(COADS + ".das"));
    assertEquals(200, first.statusCode());
    String etag = first.headers().firstValue("ETag").orElseThrow();
    bes.resetCounts();
    HttpResponse<byte[]> again = get(opendap.resolve(COADS + ".das"), "If-None-Match", etag);
    assertEquals(304, again.statusCode());
    assertEquals(etag, again.headers().firstValue("ETag").orElseThrow());
    assertEquals(0, again.body().length);
    assertEquals(0, bes.requestCount(), bes.commandCounts().toString());
  }

  /**
   * The BES goes away: the next requests that need it get 503 with Retry-After at once, and once it
   * listens again a probe brings it back without anyone's help (as FrontEndIT checks it in Tomcat
   * 11).
   */
  @Test
  void besDown_is503WithRetryAfter_andComesBackByItself() throws Exception {
    assertEquals(200, get(opendap.resolve(COADS + ".ascii?COADSX")).statusCode());
    ItSupport.assertBesDown503AtOnce_andBackByItself(opendap, bes, COADS + ".ascii?COADSY");
  }

  /**
   * One flow of the pages in headless Chromium (Debian's chromium and chromedriver), as BrowserIT
   * runs them on Tomcat 11: from the listing to the DAP2 form, a range chosen, the ASCII button
   * pressed, and the page shows exactly the bytes of the data URL.
   */
  @Test
  void dap2Form_inChromium_asciiIsTheDirectResponse() throws Exception {
    WebDriver browser = Chromium.start(true, FrontEndExtension.workDir("Tomcat9IT-downloads"));
    try {
      browser.get(opendap.toString());
      WebElement row = browser.findElement(By.xpath("//tr[td/a[text()='" + COADS + "']]"));
      row.findElement(By.linkText("DAP2 form")).click();
      Chromium.await(browser, d -> d.getCurrentUrl().endsWith(COADS + ".html"));
      Chromium.select(browser, "COADSX", 10, 5, 40);
      assertEquals(
          opendap + COADS + "?COADSX%5B10:5:40%5D",
          browser.findElement(By.id("constraint-url")).getDomProperty("value"));
      browser.findElement(By.id("button-ascii")).click();
      String data = COADS + ".ascii?COADSX%5B10:5:40%5D";
      Chromium.await(browser, d -> d.getCurrentUrl().endsWith(data));
      assertEquals(text(get(opendap.resolve(data))), Chromium.preText(browser, true));
    } finally {
      browser.quit();
    }
  }

  @Test
  void dap4_dmrAndData() throws Exception {
    HttpResponse<byte[]> dmr = get(opendap.resolve("coads_climatology.nc.dmr"));
    assertEquals(200, dmr.statusCode());
    assertTrue(text(dmr).contains("<Dataset"), text(dmr));
    HttpResponse<byte[]> dap = get(opendap.resolve("coads_climatology.nc.dap?dap4.ce=COADSX"));
    assertEquals(200, dap.statusCode());
    assertEquals(
        "application/vnd.opendap.dap4.data",
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

  /**
   * The Hyrax logs in Tomcat 9 as in 11: in the container's log directory, the request's id in its
   * access line and its X-Request-Id header; their figures in /status and /metrics.
   */
  @Test
  void hyraxLogs_inTheContainersLogDirectory_underTheRequestsId() throws Exception {
    HttpResponse<byte[]> r = get(opendap.resolve(COADS + ".das"), "a-api-request-uuid", "t9");
    assertEquals(200, r.statusCode());
    String logId = r.headers().firstValue("X-Request-Id").orElse("");
    assertTrue(logId.startsWith("t9-"), logId);
    Path access = FRONT_END.tomcat().base().resolve("logs/HyraxAccess.log");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    List<String> lines = List.of();
    while (System.nanoTime() < deadline) {
      lines = Files.exists(access) ? Files.readAllLines(access, StandardCharsets.UTF_8) : List.of();
      if (lines.stream().anyMatch(l -> l.contains("[" + logId + "]"))) {
        break;
      }
      Thread.sleep(50);
    }
    assertTrue(
        lines.stream()
            .anyMatch(
                l -> l.contains("] [200] [" + logId + "] [HTTP-GET] [/opendap/" + COADS + ".das]")),
        String.join("\n", lines));
    assertTrue(text(get(opendap.resolve("status"))).contains("\"logs\": {"));
    assertTrue(text(get(opendap.resolve("metrics"))).contains("olfs_log_events_total"));
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
    HttpResponse<InputStream> response =
        HTTP.send(
            HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(2)).build(),
            HttpResponse.BodyHandlers.ofInputStream());
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
    second.update(
        HTTP.send(
                HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(2)).build(),
                HttpResponse.BodyHandlers.ofByteArray())
            .body());
    assertArrayEquals(first.digest(), second.digest());
  }

  /**
   * A slow reader's answer: written straight from the BES by the request's thread until the client
   * falls behind, then the rest from the spool on the container's write callbacks, as Tomcat 9 runs
   * them; the BES connection back while the client reads, the answer whole.
   */
  @Test
  void slowReader_handedToTheSpoolMidAnswer_getsItWhole() throws Exception {
    String problem =
        org.olfsfastpath.soak.HandOffCheck.run(opendap.getPort(), "/opendap/big/40MiB.nc.dods");
    assertEquals(null, problem);
  }

  @Test
  void ncdump_readsTheDataset() throws Exception {
    Path ncdump = Path.of("/usr/bin/ncdump");
    assumeTrue(
        Files.isExecutable(ncdump),
        "/usr/bin/ncdump is not installed (Debian package"
            + " netcdf-bin, which scripts/setup installs); skipping this real-client check");
    Process process =
        new ProcessBuilder(
                ncdump.toString(),
                "-v",
                "COADSX",
                opendap.resolve("coads_climatology.nc").toString())
            .redirectErrorStream(true)
            .start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "ncdump did not finish");
    assertEquals(0, process.exitValue(), output);
    assertTrue(output.contains("float SST(TIME, COADSY, COADSX)"), output);
    assertTrue(output.contains("COADSX = 21, 23, 25"), output);
  }
}
