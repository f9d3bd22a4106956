package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.StringReader;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.jdom2.Element;
import org.jdom2.input.SAXBuilder;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.dap.ResponseType;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.emulator.RecordedRequest;
import org.olfsfastpath.tomcat.FrontEndExtension;

/**
 * Every URL form of the upstream Hyrax OLFS through the WAR in a real Tomcat 11, in front of the
 * BES emulator, with a stock olfs.xml: the 42 dataset suffixes, the bare dataset URL, the version
 * document, directories, listings and catalogs, the site map and a plain file. Each row of {@link
 * #FORMS} is asked with GET, with GET and {@code Accept: *}{@code /*} when the row names no Accept,
 * with HEAD and with POST, each under {@code /opendap/} and {@code /opendap/hyrax/}; a GET answered
 * 200 with a Last-Modified is asked again with If-Modified-Since.
 *
 * <p>Every request is made twice and the second one is checked, warm: its status and headers, and
 * what the BES received for it. A warm data response costs exactly one BES get (whose type,
 * returnAs, container, constraint and, for a netCDF file, history contexts are checked); a warm
 * metadata response none, its answer kept by the response cache (its get is checked on the first
 * request, after its path was dropped from the caches); a HEAD, a 304, a refusal (501 not
 * implemented, 405, 406) and anything answered from the caches cost none.
 *
 * <p>Beside the table: the DAP4 server functions ({@code dap4.function}) and the query parameters
 * upstream gives a meaning this front end does not offer.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class UrlFormsIT {
  private static final String DS = "coads_climatology.nc";

  /** The slice every data row asks for: 1 x 2 x 3 values of SST. */
  private static final String CE2 = "SST[0:1:0][0:1:1][0:1:2]";

  private static final String CE4 = "/SST[0:1:0][0:1:1][0:1:2]";
  private static final String BROWSER =
      "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

  @RegisterExtension
  static final FrontEndExtension FRONT_END =
      FrontEndExtension.named("UrlFormsIT")
          // A directory to list: /synthetic/ holds ds0.nc, ds1.nc and ds2.nc.
          .emulator(bes -> bes.syntheticDatasets(3))
          // The readings of a path that name no dataset are remembered for the whole run, so a warm
          // request never asks again; no data answer is kept, so that each data request's own get
          // reaches the BES and is checked (FrontEndIT checks the kept ones); everything else is
          // olfs.xml's defaults.
          .olfsXml(
              bes ->
                  FrontEndExtension.olfsXml(
                      FrontEndExtension.tcp(bes),
                      "<Cache negativeTtl=\"600\"/><ResponseCache dataTypes=\"\"/>"));

  /**
   * One row per case; DS is coads_climatology.nc. Columns:
   *
   * <ol>
   *   <li>the path below /opendap/ (each row is also asked below /opendap/hyrax/), after {@code
   *       HEAD } for a row that says what HEAD alone answers;
   *   <li>the constraint: {@code dap2} (the query CE2), {@code dap4} (the query dap4.ce=CE4) or
   *       {@code -}; a POST sends it as a form body (ce= or dap4.ce=) instead;
   *   <li>the Accept header: {@code -} for none, {@code browser} for a browser's, or a media type;
   *   <li>the status, and for a redirect the Location;
   *   <li>Content-Type, or {@code -} for none;
   *   <li>the download's file name (Content-Disposition: attachment), or {@code -} for none;
   *   <li>X-DAP (and XDAP, its older name), or {@code -} for none;
   *   <li>the one BES get a warm GET costs, as {@code type[/returnAs] container constraint}, the
   *       constraint being {@code dap2}, {@code dap4} or {@code none}; {@code -} for no BES message
   *       at all;
   *   <li>POST: {@code same} (the same answer, with the constraint from the body) or {@code 405};
   *       {@code -} on a HEAD row.
   * </ol>
   */
  private static final String FORMS =
      """
      # DAP2 responses: the constraint is the query string
      DS.dods        | dap2 | - | 200 | application/octet-stream        | DS.dods    | 3.2 | dods /DS dap2          | same
      DS.ascii       | dap2 | - | 200 | text/plain                      | -          | 3.2 | dods/ascii /DS dap2    | same
      DS.asc         | dap2 | - | 200 | text/plain                      | -          | 3.2 | dods/ascii /DS dap2    | same
      DS.csv         | dap2 | - | 200 | text/csv                        | -          | 3.2 | dods/ascii /DS dap2    | same
      DS.nc          | dap2 | - | 200 | application/x-netcdf            | DS.nc      | 3.2 | dods/netcdf /DS dap2   | same
      DS.nc4         | dap2 | - | 501 | text/html;charset=UTF-8         | -          | 3.2 | dods/netcdf-4 /DS dap2 | same
      DS.xdap        | dap2 | - | 200 | text/xml                        | DS.xdap    | 3.2 | xml_data /DS dap2      | same
      DS.tiff        | dap2 | - | 501 | text/html;charset=UTF-8         | -          | 3.2 | dods/geotiff /DS dap2  | same
      DS.jp2         | dap2 | - | 501 | text/html;charset=UTF-8         | -          | 3.2 | dods/jpeg2000 /DS dap2 | same
      DS.json        | dap2 | - | 200 | application/json                | DS.json    | 3.2 | dods/json /DS dap2     | same
      DS.ijsn        | dap2 | - | 200 | application/json                | DS.ijsn    | 3.2 | dods/ijson /DS dap2    | same
      DS.covjson     | dap2 | - | 200 | application/prs.coverage+json   | DS.covjson | 3.2 | dods/covjson /DS dap2  | same
      DS.ddx         | dap2 | - | 200 | text/xml                        | -          | 3.2 | ddx /DS dap2           | same
      DS.dds         | dap2 | - | 200 | text/plain                      | -          | 3.2 | dds /DS dap2           | same
      DS.das         | dap2 | - | 200 | text/plain                      | -          | 3.2 | das /DS dap2           | same
      DS.info        | dap2 | - | 200 | text/html                       | -          | 3.2 | info_page /DS none     | same
      DS.html        | -    | - | 200 | text/html;charset=UTF-8         | -          | 3.2 | ddx /DS none           | same
      DS.rdf         | -    | - | 200 | application/rdf+xml             | -          | 3.2 | ddx /DS none           | same
      DS.ttl         | -    | - | 200 | text/turtle                     | -          | 3.2 | ddx /DS none           | same
      DS.iso         | -    | - | 200 | text/xml                        | -          | 3.2 | ddx /DS none           | same
      DS.rubric      | -    | - | 200 | text/html;charset=UTF-8         | -          | 4.0 | ddx /DS none           | same
      # DAP4 responses: the constraint is dap4.ce
      DS.dap         | dap4 | - | 200 | application/vnd.opendap.dap4.data | DS.dap   | 4.0 | dap /DS dap4           | same
      DS.dap.csv     | dap4 | - | 200 | text/csv                        | DS.csv     | 4.0 | dap/csv /DS dap4       | same
      DS.dap.xml     | dap4 | - | 200 | text/xml                        | DS.xml     | 4.0 | xml_data /DS dap2      | same
      DS.dap.nc      | dap4 | - | 200 | application/x-netcdf            | DS.nc      | 4.0 | dap/netcdf /DS dap4    | same
      DS.dap.nc4     | dap4 | - | 501 | text/html;charset=UTF-8         | -          | 4.0 | dap/netcdf-4 /DS dap4  | same
      DS.dap.tiff    | dap4 | - | 501 | text/html;charset=UTF-8         | -          | 4.0 | -                      | same
      DS.dap.jp2     | dap4 | - | 501 | text/html;charset=UTF-8         | -          | 4.0 | -                      | same
      DS.dap.json    | dap4 | - | 501 | application/json                | -          | 4.0 | -                      | same
      DS.dap.ijsn    | dap4 | - | 501 | application/json                | -          | 4.0 | -                      | same
      DS.dap.covjson | dap4 | - | 500 | text/html;charset=UTF-8         | -          | 4.0 | dap/covjson /DS dap4   | same
      DS.dmr         | dap4 | - | 200 | application/vnd.opendap.dap4.dataset-metadata+xml | - | 4.0 | dmr /DS dap4 | same
      DS.dmr.xml     | dap4 | - | 200 | text/xml                        | -          | 4.0 | dmr /DS dap4           | same
      DS.dmr.html    | -    | - | 200 | text/html;charset=UTF-8         | -          | 4.0 | dmr /DS none           | same
      DS.dmr.rdf     | -    | - | 200 | application/rdf+xml             | -          | 4.0 | dmr /DS none           | same
      DS.dmr.ttl     | -    | - | 200 | text/turtle                     | -          | 4.0 | dmr /DS none           | same
      DS.dmr.json    | dap4 | - | 501 | application/json                | -          | 4.0 | -                      | same
      DS.dmr.ijsn    | dap4 | - | 501 | application/json                | -          | 4.0 | -                      | same
      DS.dmr.iso     | -    | - | 200 | text/xml                        | -          | 4.0 | dmr /DS none           | same
      DS.dmr.rubric  | -    | - | 200 | text/html;charset=UTF-8         | -          | 4.0 | dmr /DS none           | same
      # Built here, or the file itself (which olfs.xml does not allow by default)
      DS.dsr         | -    | - | 200 | application/vnd.opendap.dap4.dataset-services+xml | - | 3.2 | - | same
      DS.dsr.xml     | -    | - | 200 | text/xml                        | -          | 3.2 | -                      | same
      DS.dsr.html    | -    | - | 200 | text/html;charset=UTF-8         | -          | 3.2 | -                      | same
      DS.ver         | -    | - | 200 | text/xml                        | -          | 3.2 | -                      | same
      DS.file        | -    | - | 403 | text/html;charset=UTF-8         | -          | 3.2 | -                      | same
      DS             | -    | - | 302 DS.dmr.html | -                     | -          | -   | -                      | same
      # HEAD is answered from the catalog, without a get: a response whose BES module is missing
      # (a transmitter the BES lacks) is the GET's 501, known from one probe that reads no data
      # (made by the first of the two requests of a row); a failure only the data shows (data
      # fileout_covjson cannot convert) is not known before the GET. The emulator claims
      # fileout_netcdf but has no netCDF-4 writer, like a BES whose fileout_netcdf lacks one.
      HEAD DS.nc4         | dap2 | - | 501 | text/html;charset=UTF-8        | -          | 3.2 | - | -
      HEAD DS.tiff        | dap2 | - | 501 | text/html;charset=UTF-8        | -          | 3.2 | - | -
      HEAD DS.jp2         | dap2 | - | 501 | text/html;charset=UTF-8        | -          | 3.2 | - | -
      HEAD DS.dap.nc4     | dap4 | - | 501 | text/html;charset=UTF-8        | -          | 4.0 | - | -
      HEAD DS.dap.covjson | dap4 | - | 200 | application/prs.coverage+json  | DS.covjson | 4.0 | - | -
      # Representative Accept headers: a browser's, text/csv, and ones nothing matches (406)
      DS.dmr         | dap4 | browser          | 200 | text/html;charset=UTF-8 | -    | 4.0 | dmr /DS none           | same
      DS.dsr         | -    | browser          | 200 | text/html;charset=UTF-8 | -    | 3.2 | -                      | same
      DS.dap         | dap4 | browser          | 200 | application/vnd.opendap.dap4.data | DS.dap | 4.0 | dap /DS dap4 | same
      DS.dds         | dap2 | browser          | 200 | text/plain              | -    | 3.2 | dds /DS dap2           | same
      DS.dap         | dap4 | text/csv         | 200 | text/csv                | DS.csv | 4.0 | dap/csv /DS dap4     | same
      DS.dds         | dap2 | application/json | 406 | text/plain              | -    | 3.2 | -                      | same
      DS.rdf         | -    | text/turtle      | 200 | text/turtle             | -    | 3.2 | ddx /DS none           | same
      DS.dmr         | dap4 | application/xml  | 406 | application/vnd.opendap.dap4.error+xml | - | 4.0 | -           | same
      DS.nc          | dap2 | application/json | 406 | text/html;charset=UTF-8 | -    | 3.2 | -                      | same
      DS.dmr.html    | -    | application/json | 406 | text/html;charset=UTF-8 | -    | 4.0 | -                      | same
      DS             | -    | browser          | 302 DS.dmr.html | -           | -    | -   | -                      | same
      synthetic/     | -    | browser          | 200 | text/html;charset=UTF-8 | -    | -   | -                      | 405
      # Not datasets: the version, directories and their views, the site map, a plain file
      version        | -    | - | 200 | text/xml                        | -          | 3.2 | -                      | 405
      version/       | -    | - | 200 | text/xml                        | -          | 3.2 | -                      | 405
      synthetic      | -    | - | 302 synthetic/ | -                      | -          | -   | -                      | 405
      synthetic/     | -    | - | 200 | text/html;charset=UTF-8         | -          | -   | -                      | 405
      synthetic/contents.html | - | - | 200 | text/html;charset=UTF-8   | -          | -   | -                      | 405
      synthetic/catalog.html  | - | - | 200 | text/html;charset=UTF-8   | -          | -   | -                      | 405
      contents.html  | -    | - | 200 | text/html;charset=UTF-8         | -          | -   | -                      | 405
      contents.json  | -    | - | 200 | application/json                | -          | -   | -                      | 405
      catalog.xml    | -    | - | 200 | text/xml;charset=UTF-8          | -          | -   | -                      | 405
      robots.txt     | -    | - | 200 | text/plain;charset=UTF-8        | -          | -   | -                      | 405
      siteMap/       | -    | - | 200 | text/plain;charset=UTF-8        | -          | -   | -                      | 405
      siteMap/smap_0.txt | - | - | 200 | text/plain;charset=UTF-8       | -          | -   | -                      | 405
      README.txt     | -    | - | 200 | text/plain                      | -          | 3.2 | stream /README.txt none | 405
      README.txt.file | -   | - | 200 | text/plain                      | README.txt | 3.2 | stream /README.txt none | same
      """;

  private BesEmulator bes;
  private URI opendap;

  @BeforeAll
  void start() {
    bes = FRONT_END.bes();
    opendap = FRONT_END.opendap();
  }

  /** One row of {@link #FORMS}. */
  private record Form(
      @Nullable String method,
      String path,
      String constraint,
      @Nullable String accept,
      int status,
      @Nullable String location,
      @Nullable String contentType,
      @Nullable String download,
      @Nullable String xdap,
      @Nullable Get get,
      boolean postAnswers) {}

  /** The BES get a row costs; the constraint is dap2, dap4 or none. */
  private record Get(String type, String returnAs, String container, String constraint) {}

  /** The gets whose answers the response cache keeps (metadata, and the forms' inputs). */
  private static final java.util.Set<String> KEPT =
      java.util.Set.of("das", "dds", "ddx", "dmr", "info_page");

  private static List<Form> forms() {
    List<Form> forms = new ArrayList<>();
    for (String line : FORMS.lines().toList()) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] cells = line.replace("DS", DS).split("\\|", -1);
      if (cells.length != 9) {
        throw new IllegalArgumentException("expected 9 columns: " + line);
      }
      for (int i = 0; i < cells.length; i++) {
        cells[i] = cells[i].strip();
      }
      String[] status = cells[3].split(" ");
      String accept = orNull(cells[2]);
      String method = cells[0].startsWith("HEAD ") ? "HEAD" : null;
      String path = method == null ? cells[0] : cells[0].substring("HEAD ".length());
      forms.add(
          new Form(
              method,
              path,
              cells[1],
              "browser".equals(accept) ? BROWSER : accept,
              Integer.parseInt(status[0]),
              status.length > 1 ? status[1] : null,
              orNull(cells[4]),
              orNull(cells[5]),
              orNull(cells[6]),
              get(cells[7]),
              method == null && parsePost(cells[8], line)));
    }
    return forms;
  }

  private static @Nullable Get get(String cell) {
    if (cell.equals("-")) {
      return null;
    }
    String[] parts = cell.split(" ");
    String[] type = parts[0].split("/");
    return new Get(type[0], type.length > 1 ? type[1] : "", parts[1], parts[2]);
  }

  private static boolean parsePost(String cell, String line) {
    return switch (cell) {
      case "same" -> true;
      case "405", "-" -> false;
      default -> throw new IllegalArgumentException("POST is same or 405: " + line);
    };
  }

  private static @Nullable String orNull(String cell) {
    return cell.equals("-") ? null : cell;
  }

  @Test
  void theTable_walksEverySuffix() {
    Set<String> asked =
        forms().stream()
            .filter(f -> f.method() == null)
            .map(Form::path)
            .collect(Collectors.toSet());
    Set<String> missing = new TreeSet<>();
    for (ResponseType type : ResponseType.values()) {
      if (!asked.contains(DS + type.suffix())) {
        missing.add(type.suffix());
      }
    }
    assertEquals(Set.of(), missing, "suffixes without a row");
    assertEquals(44, ResponseType.values().length, "upstream's 42 suffixes and our two Turtle");
  }

  @TestFactory
  List<DynamicTest> everyUrlForm() {
    List<DynamicTest> tests = new ArrayList<>();
    List<Form> forms = forms();
    Set<String> ownHead =
        forms.stream()
            .filter(f -> f.method() != null)
            .map(f -> f.path() + " " + f.accept())
            .collect(Collectors.toSet());
    for (Form form : forms) {
      for (String prefix : List.of("", "hyrax/")) {
        String accept =
            form.accept() == null
                ? ""
                : " (Accept: "
                    + (form.accept().equals(BROWSER) ? "a browser's" : form.accept())
                    + ")";
        String name = prefix + form.path() + accept;
        if (form.method() != null) {
          tests.add(
              dynamicTest(
                  form.method() + " " + name,
                  () -> ask(form, prefix, form.method(), form.accept())));
          continue;
        }
        tests.add(dynamicTest("GET " + name, () -> ask(form, prefix, "GET", form.accept())));
        if (form.accept() == null) {
          tests.add(
              dynamicTest("GET " + name + " (Accept: */*)", () -> ask(form, prefix, "GET", "*/*")));
        }
        if (!ownHead.contains(form.path() + " " + form.accept())) {
          tests.add(dynamicTest("HEAD " + name, () -> ask(form, prefix, "HEAD", form.accept())));
        }
        tests.add(dynamicTest("POST " + name, () -> ask(form, prefix, "POST", form.accept())));
      }
    }
    return tests;
  }

  private void ask(Form form, String prefix, String method, @Nullable String accept)
      throws Exception {
    String where =
        method + " /opendap/" + prefix + form.path() + (accept == null ? "" : " Accept: " + accept);
    // Metadata answers are kept by the response cache: their path is dropped from the caches
    // first, so the first request sends the get (checked below) and the second costs nothing.
    boolean kept =
        form.get() != null && form.get().returnAs().isEmpty() && KEPT.contains(form.get().type());
    if (kept) {
      drain();
      HttpResponse<byte[]> dropped =
          ItSupport.postForm(
              FRONT_END.opendap().resolve("status/invalidate?path=" + form.get().container()), "");
      assertEquals(200, dropped.statusCode(), ItSupport.text(dropped));
    }
    send(form, prefix, method, accept); // The first one warms the caches; the second counts.
    List<RecordedRequest> first = drain();
    long before = bes.requestCount();
    HttpResponse<byte[]> r = send(form, prefix, method, accept);
    List<RecordedRequest> sent = drain();
    long messages = bes.requestCount() - before;
    String body = ItSupport.text(r);
    boolean post = method.equals("POST");
    if (post && !form.postAnswers()) {
      assertEquals(405, r.statusCode(), where + ": " + body);
      assertEquals("GET, HEAD", header(r, "Allow"), where);
      assertEquals(0, messages, where + ": a refused POST costs nothing: " + commands(sent));
      return;
    }
    assertEquals(form.status(), r.statusCode(), where + ": " + body);
    assertEquals(form.location(), header(r, "Location"), where + " Location");
    assertEquals(form.contentType(), header(r, "Content-Type"), where + " Content-Type");
    assertEquals(
        form.download() == null ? null : "attachment; filename=\"" + form.download() + "\"",
        header(r, "Content-Disposition"),
        where + " Content-Disposition");
    assertEquals(form.xdap(), header(r, "X-DAP"), where + " X-DAP");
    assertEquals(form.xdap(), header(r, "XDAP"), where + " XDAP");
    if (method.equals("HEAD")) {
      assertEquals(0, r.body().length, where);
    }
    int gets = form.get() == null || method.equals("HEAD") || kept ? 0 : 1;
    assertEquals(gets, messages, where + ": BES messages " + commands(sent));
    assertEquals(gets, sent.size(), where + ": " + commands(sent));
    if (gets == 1) {
      checkGet(form, prefix, post, sent.get(0), where);
    } else if (kept && !method.equals("HEAD")) {
      List<RecordedRequest> firstGets =
          first.stream().filter(request -> "get".equals(request.responseCommand())).toList();
      if (isForm(form)) {
        // A form also asks once for its coordinates' values, in its own protocol.
        assertEquals(2, firstGets.size(), where + ", the first after the drop: " + commands(first));
        RecordedRequest coordinates = firstGets.get(1);
        boolean dap4 = form.get().type().equals("dmr");
        assertEquals(dap4 ? "dap" : "dods", coordinates.getType(), where);
        assertEquals(
            dap4 ? "/COADSX;/COADSY;/TIME" : "COADSX,COADSY,TIME", coordinates.constraint(), where);
        firstGets = firstGets.subList(0, 1);
      }
      assertEquals(1, firstGets.size(), where + ", the first after the drop: " + commands(first));
      checkGet(form, prefix, post, firstGets.get(0), where);
    }
    String lastModified = header(r, "Last-Modified");
    if (method.equals("GET") && r.statusCode() == 200 && lastModified != null) {
      HttpResponse<byte[]> again =
          ItSupport.get(
              uri(form, prefix, false), headers(accept, "If-Modified-Since", lastModified));
      List<RecordedRequest> conditional = drain();
      assertEquals(304, again.statusCode(), where + " If-Modified-Since: " + ItSupport.text(again));
      assertEquals(0, again.body().length, where);
      assertEquals(List.of(), commands(conditional), where + ": a 304 costs no BES message");
    }
  }

  /**
   * {@code dap4.function} reaches the BES inside the one get, and its answer is the functions'
   * result, not the dataset (upstream's answer to the same URL is the BES's payload as it is).
   */
  @Test
  void dap4Function_answersTheFunctionsResult_oneGet() throws Exception {
    drain();
    HttpResponse<byte[]> r = ItSupport.get(opendap.resolve(DS + ".dap?dap4.function=version()"));
    assertEquals(200, r.statusCode(), ItSupport.text(r));
    assertEquals("application/vnd.opendap.dap4.data", header(r, "Content-Type"));
    String body = ItSupport.text(r);
    assertTrue(body.contains("name=\"function_results\">\n    <String name=\"version\"/>"), body);
    assertTrue(body.contains("<ds:function  name=\"linear_scale\""), body);
    List<RecordedRequest> sent =
        drain().stream().filter(request -> "get".equals(request.responseCommand())).toList();
    assertEquals(1, sent.size(), commands(sent).toString());
    Element container = containerOf(sent.get(0));
    assertEquals("version()", container.getChildText("dap4function", container.getNamespace()));
  }

  /** Byte for byte the real BES's answers, which upstream sends on as they are. */
  @Test
  void dap4Function_answers_equalTheRealBes() throws Exception {
    if (!org.olfsfastpath.testing.Captures.present()) {
      org.olfsfastpath.testing.Captures.skip();
    }
    for (String[] c :
        new String[][] {
          {"version()", "", "get_dap_coads_dap4function_version"},
          {"linear_scale(COADSX,2,0)", "&dap4.ce=COADSX", "get_dap_coads_dap4function_linear_scale"}
        }) {
      HttpResponse<byte[]> r =
          ItSupport.get(opendap.resolve(DS + ".dap?dap4.function=" + c[0] + c[1]));
      assertEquals(200, r.statusCode(), ItSupport.text(r));
      assertEquals(
          new String(org.olfsfastpath.testing.Captures.response(c[2]), StandardCharsets.ISO_8859_1),
          ItSupport.text(r),
          c[2]);
    }
  }

  @Test
  void dap4Function_withAConstraint_scalesTheVariable() throws Exception {
    drain();
    HttpResponse<byte[]> r =
        ItSupport.get(
            opendap.resolve(DS + ".dap?dap4.function=linear_scale(COADSX,2,0)&dap4.ce=COADSX"));
    assertEquals(200, r.statusCode(), ItSupport.text(r));
    RecordedRequest sent =
        drain().stream()
            .filter(request -> "get".equals(request.responseCommand()))
            .findFirst()
            .orElseThrow();
    Element container = containerOf(sent);
    assertEquals(
        List.of("dap4constraint", "dap4function"),
        container.getChildren().stream().map(Element::getName).toList());
  }

  /** A function the BES does not know is its error, mapped as any other: 400, a DAP4 error. */
  @Test
  void dap4Function_unknown_isTheBesError() throws Exception {
    HttpResponse<byte[]> r =
        ItSupport.get(opendap.resolve(DS + ".dap?dap4.function=no_such_function(COADSX)"));
    assertEquals(400, r.statusCode(), ItSupport.text(r));
    assertEquals("application/vnd.opendap.dap4.error+xml", header(r, "Content-Type"));
    assertTrue(
        ItSupport.text(r)
            .contains("'no_such_function' is not a registered DAP4 server" + " function."),
        ItSupport.text(r));
  }

  @Test
  void storedResults_are501_noBesMessage() throws Exception {
    drain();
    long before = bes.requestCount();
    HttpResponse<byte[]> r = ItSupport.get(opendap.resolve(DS + ".dap?dap4.store_result=x"));
    assertEquals(501, r.statusCode(), ItSupport.text(r));
    assertTrue(ItSupport.text(r).contains("is not offered by this server"), ItSupport.text(r));
    assertEquals(before, bes.requestCount());
  }

  /**
   * dap4.async alone is answered at once, as upstream with BES 3.22 answers it (the BES ignores
   * async without store_result): the same bytes as the request without it.
   */
  @Test
  void async_isAnsweredAtOnce_withTheBytesOfTheRequestWithoutIt() throws Exception {
    for (String query : List.of("dap4.async=0", "dap4.async=60&dap4.ce=COADSX")) {
      String without = query.replaceAll("dap4.async=[0-9]+&?", "");
      HttpResponse<byte[]> plain = ItSupport.get(opendap.resolve(DS + ".dap?" + without));
      HttpResponse<byte[]> async = ItSupport.get(opendap.resolve(DS + ".dap?" + query));
      assertEquals(200, plain.statusCode(), without);
      assertEquals(200, async.statusCode(), query + ": " + ItSupport.text(async));
      assertArrayEquals(plain.body(), async.body(), query);
    }
  }

  private static Element containerOf(RecordedRequest sent) throws Exception {
    Element request = new SAXBuilder().build(new StringReader(sent.xml())).getRootElement();
    Element define = request.getChild("define", request.getNamespace());
    return define.getChild("container", request.getNamespace());
  }

  /** Whether the row is a request form: an HTML page made from the DDX or the DMR. */
  /** A form or a discovery record: made from the DDX or DMR and the coordinates' values. */
  private static boolean isForm(Form form) {
    return form.get() != null
        && (form.get().type().equals("ddx") || form.get().type().equals("dmr"))
        && (form.contentType() != null && form.contentType().startsWith("text/html")
            || form.path().matches(".*\\.(iso|rdf|ttl|rubric)"));
  }

  private void checkGet(Form form, String prefix, boolean post, RecordedRequest sent, String where)
      throws Exception {
    Get get = form.get();
    assertEquals("get", sent.responseCommand(), where + " " + sent.commands());
    assertFalse(sent.hasCommand("showNode"), where + ": warm, no showNode: " + sent.commands());
    assertEquals(get.type(), sent.getType(), where + " get type");
    assertEquals(get.returnAs(), sent.returnAs(), where + " returnAs");
    assertEquals(get.container(), sent.containerPath(), where + " container");
    String constraint =
        switch (get.constraint()) {
          case "dap2" -> CE2;
          case "dap4" -> CE4;
          case "none" -> "";
          default -> throw new IllegalArgumentException(get.constraint());
        };
    assertEquals(constraint, sent.constraint(), where + " constraint");
    if (!get.returnAs().startsWith("netcdf")) {
      assertFalse(sent.xml().contains("history"), where + ": history contexts: " + sent.xml());
      return;
    }
    // A netCDF file's history names the request that made it: its URL and constraint.
    Element request = new SAXBuilder().build(new StringReader(sent.xml())).getRootElement();
    String cf = context(request, "cf_history_entry");
    String json = context(request, "history_json_entry");
    String url = opendap.resolve(prefix + form.path()).toString();
    String query = form.constraint().equals("dap4") ? "dap4.ce=" + CE4 : CE2;
    assertTrue(
        cf.endsWith(" " + url + "?" + query + "\n")
            || URLDecoder.decode(cf, StandardCharsets.UTF_8)
                .endsWith(" " + url + "?" + query + "\n"),
        where + (post ? " (POST)" : "") + ": cf_history_entry " + cf);
    assertTrue(cf.contains(" olfs-fastpath-"), where + ": " + cf);
    String decoded = form.constraint().equals("dap4") ? CE4 : CE2;
    assertTrue(json.startsWith("{\"$schema\":") && json.endsWith("]}"), where + ": " + json);
    assertTrue(json.contains("\"decoded_constraint\":\"" + decoded + "\""), where + ": " + json);
    assertTrue(json.contains("\"request_url\":\"" + url), where + ": " + json);
  }

  private static String context(Element request, String name) {
    return request.getChildren("setContext", request.getNamespace()).stream()
        .filter(c -> name.equals(c.getAttributeValue("name")))
        .map(Element::getText)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + name + " context"));
  }

  private HttpResponse<byte[]> send(
      Form form, String prefix, String method, @Nullable String accept) throws Exception {
    if (method.equals("POST")) {
      String body =
          switch (form.constraint()) {
            case "dap2" -> "ce=" + encode(CE2);
            case "dap4" -> "dap4.ce=" + encode(CE4);
            default -> "";
          };
      return ItSupport.postForm(uri(form, prefix, true), body, headers(accept));
    }
    return ItSupport.send(method, uri(form, prefix, false), headers(accept));
  }

  private URI uri(Form form, String prefix, boolean post) {
    String query =
        post
            ? ""
            : switch (form.constraint()) {
              case "dap2" -> "?" + query(CE2);
              case "dap4" -> "?dap4.ce=" + query(CE4);
              default -> "";
            };
    return opendap.resolve(prefix + form.path() + query);
  }

  /** As a client writes a constraint in a URL: brackets escaped, the rest as it is. */
  private static String query(String constraint) {
    return constraint.replace("[", "%5B").replace("]", "%5D");
  }

  private static String encode(String value) {
    return java.net.URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  private static String[] headers(@Nullable String accept, String... more) {
    List<String> headers = new ArrayList<>(List.of(more));
    if (accept != null) {
      headers.add("Accept");
      headers.add(accept);
    }
    return headers.toArray(String[]::new);
  }

  private static @Nullable String header(HttpResponse<byte[]> r, String name) {
    return r.headers().firstValue(name).orElse(null);
  }

  /** The requests the emulator recorded since the last call. */
  private List<RecordedRequest> drain() throws InterruptedException {
    List<RecordedRequest> recorded = new ArrayList<>();
    for (RecordedRequest r; (r = bes.takeRequest(0, TimeUnit.MILLISECONDS)) != null; ) {
      recorded.add(r);
    }
    return recorded;
  }

  private static List<String> commands(List<RecordedRequest> requests) {
    return requests.stream().map(RecordedRequest::responseCommand).toList();
  }
}
