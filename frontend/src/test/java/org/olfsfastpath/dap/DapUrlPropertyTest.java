package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Property-based fuzzing of the URL parser, the gate in front of every BES message: whatever the
 * raw path and query, it answers a request that is safe to put into a BES command, or a 4xx, and
 * nothing else; a dataset path spelled in any percent-encoding reaches the BES as the same path; a
 * dot segment in any spelling is refused.
 */
final class DapUrlPropertyTest {
  private static final int MAX_URL = 2048;
  private static final int MAX_CONSTRAINT = 512;
  private final DapRequestParser parser = new DapRequestParser(MAX_URL, MAX_CONSTRAINT);

  /**
   * Any raw path and query: the parser returns a request whose path and constraint hold nothing
   * that could climb out of the catalog or smuggle bytes, or it refuses with a 4xx whose message is
   * printable. No other exception escapes.
   */
  @Property(tries = 1000)
  void anyUrl_givesASafeRequestOrA4xx(
      @ForAll("rawPaths") String path,
      @ForAll("rawQueries") String query,
      @ForAll("rawQueries") String postBody) {
    DapRequest request;
    try {
      request = parser.parse(path, query, postBody);
    } catch (DapRequestRejectedException e) {
      assertTrue(e.httpStatus() >= 400 && e.httpStatus() < 500, "status " + e.httpStatus());
      assertTrue(
          e.getMessage().chars().noneMatch(c -> c < 0x20 || c == 0x7f),
          () -> "rejection message holds a control character: " + e.getMessage());
      assertTrue(
          e.getMessage().length() < 400, () -> "rejection message too long: " + e.getMessage());
      return;
    }
    int urlLength = path.length() + (query == null ? 0 : query.length() + 1);
    assertTrue(urlLength <= MAX_URL, "an over-long URL was accepted");
    if (request instanceof DapRequest.Node node) {
      assertSafeCatalogPath(node.path());
      assertFalse(node.path().endsWith("/"), node.path());
      for (DapRequest.Dataset dataset : node.readings()) {
        assertSafeCatalogPath(dataset.path());
        assertFalse(dataset.path().endsWith("/"), dataset.path());
        assertTrue(node.path().startsWith(dataset.path()), dataset.path());
        // The URL's part is bounded; a POST body's is bounded by the body's own limit.
        assertTrue(postBody != null || dataset.constraint().length() <= MAX_CONSTRAINT);
        assertNoControlCharacters(dataset.constraint());
      }
    } else if (request instanceof DapRequest.Directory directory) {
      assertSafeCatalogPath(directory.path());
    } else if (request instanceof DapRequest.SiteMap siteMap) {
      assertTrue(siteMap.file().orElse(0) >= 0);
    } else {
      assertInstanceOf(DapRequest.Version.class, request);
    }
  }

  /** A dataset path, each byte percent-encoded or not at random, parses back to the same path. */
  @Property(tries = 1000)
  void datasetPath_inAnyEncoding_reachesTheBesUnchanged(
      @ForAll("catalogPaths") List<String> segments,
      @ForAll("suffixes") String suffix,
      @ForAll("encodeMasks") long mask)
      throws DapRequestRejectedException {
    String path = "/" + String.join("/", segments);
    String raw = encodePath(path, mask) + suffix;
    Assume.that(raw.length() <= MAX_URL);
    DapRequest request = parser.parse(raw, null);
    DapRequest.Node node = assertInstanceOf(DapRequest.Node.class, request, raw);
    DapRequest.Dataset dataset = node.readings().get(0);
    assertEquals(path, dataset.path(), raw);
    assertEquals(suffix, dataset.suffix(), raw);
  }

  /** A dot segment, in any spelling and any position, is refused with 400 before the BES. */
  @Property(tries = 1000)
  void dotSegment_inAnySpelling_isRefused(
      @ForAll("catalogPaths") List<String> segments,
      @ForAll("dotSegments") String dots,
      @ForAll("positions") int position,
      @ForAll("suffixes") String suffix) {
    int at = Math.floorMod(position, segments.size());
    StringBuilder raw = new StringBuilder();
    for (int i = 0; i < segments.size(); i++) {
      if (i == at) {
        raw.append('/').append(dots);
      }
      raw.append('/').append(encodePath(segments.get(i), 0));
    }
    raw.append(suffix);
    Assume.that(raw.length() <= MAX_URL);
    try {
      DapRequest request = parser.parse(raw.toString(), null);
      throw new AssertionError("accepted " + raw + " as " + request);
    } catch (DapRequestRejectedException e) {
      assertEquals(400, e.httpStatus(), e.getMessage());
    }
  }

  /** A DAP2 constraint, percent-encoded byte by byte at random, reaches the BES unchanged. */
  @Property(tries = 1000)
  void dap2Constraint_reachesTheBesUnchanged(
      @ForAll("constraints") String constraint, @ForAll("encodeMasks") long mask)
      throws DapRequestRejectedException {
    String query = encodeQuery(constraint, mask);
    Assume.that(query.length() + 40 <= MAX_URL);
    DapRequest.Dataset dataset =
        ((DapRequest.Node) parser.parse("/data/x.nc.dds", query)).readings().get(0);
    assertEquals(constraint, dataset.constraint(), query);
  }

  /** A DAP4 constraint, form-encoded as browsers and clients send it, reaches the BES unchanged. */
  @Property(tries = 500)
  void dap4Constraint_reachesTheBesUnchanged(@ForAll("constraints") String constraint)
      throws DapRequestRejectedException {
    String query = "dap4.ce=" + URLEncoder.encode(constraint, StandardCharsets.UTF_8) + "&x=1";
    Assume.that(query.length() + 40 <= MAX_URL);
    DapRequest.Dataset dataset =
        ((DapRequest.Node) parser.parse("/data/x.nc.dap", query)).readings().get(0);
    assertEquals(constraint, dataset.constraint(), query);
  }

  // ------------------------------------------------------------------ invariants

  private static void assertSafeCatalogPath(String path) {
    assertTrue(path.startsWith("/"), path);
    assertFalse(path.contains("//"), path);
    assertFalse(path.indexOf('\\') >= 0, path);
    for (String segment : path.split("/")) {
      assertFalse(segment.equals(".") || segment.equals(".."), path);
    }
    String lower = path.toLowerCase(Locale.ROOT);
    for (String escape : List.of("%2e", "%2f", "%5c", "%00", "%25")) {
      assertFalse(lower.contains(escape), () -> path + " still holds " + escape);
    }
    assertNoControlCharacters(path);
  }

  private static void assertNoControlCharacters(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      int at = i;
      assertFalse(
          c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0),
          () ->
              String.format(
                  Locale.ROOT, "control character 0x%02x at %d in %s", (int) c, at, text));
    }
  }

  // ------------------------------------------------------------------ generators

  /** Paths assembled from the pieces attacks and odd clients use, with and without a leading /. */
  @Provide
  Arbitrary<String> rawPaths() {
    Arbitrary<String> token =
        Arbitraries.of(
            "/",
            "/",
            "/",
            "..",
            ".",
            "%2e",
            "%2E",
            "%2f",
            "%2F",
            "%5c",
            "\\",
            "%00",
            "%25",
            "%252e",
            "%",
            "%z",
            "%zz",
            "%c3%a9",
            "%ff",
            "%c3",
            "%e2%82",
            "\u00e9",
            "\u4e2d",
            ";",
            "a",
            "nc",
            "data",
            ".nc",
            ".dds",
            ".das",
            ".dods",
            ".ascii",
            ".asc",
            ".info",
            ".dmr",
            ".dmr.xml",
            ".dap",
            ".xyz",
            "contents.html",
            "contents.json",
            "version",
            ".ver",
            "%3c",
            "<",
            ">",
            "&",
            ".nc",
            ".nc4",
            ".dap.nc4",
            ".csv",
            ".dap.csv",
            ".json",
            ".html",
            ".dmr.html",
            ".file",
            ".dsr",
            ".xdap",
            ".DDS",
            "catalog.xml",
            "catalog.html",
            "hyrax",
            "siteMap",
            "smap_1.txt",
            "robots.txt",
            "\"",
            "'",
            "]]>",
            "%5d%5d%3e",
            "\u0000",
            "\u0001",
            "\r\n",
            "%0d%0a",
            "\u0085",
            "%c2%85",
            "\u007f",
            "+",
            " ",
            "%20",
            "?",
            "#",
            "=",
            "~",
            "%7e",
            "\ud800",
            "\ufffe");
    return Combinators.combine(Arbitraries.of("/", "/", "/", ""), token.list().ofMaxSize(14))
        .as((lead, tokens) -> lead + String.join("", tokens));
  }

  @Provide
  Arbitrary<String> rawQueries() {
    Arbitrary<String> token =
        Arbitraries.of(
            "COADSX",
            "SST",
            "[0:1:3]",
            ",",
            "&",
            "=",
            "dap4.ce",
            "dap4%2Ece",
            "+",
            "%2b",
            "%20",
            "%",
            "%g1",
            "%00",
            "%0a",
            "\n",
            "%c2%85",
            "%ff",
            "<",
            "%3c",
            "]]>",
            "\"",
            "'",
            "%22",
            "\u00e9",
            "%c3%a9",
            "x",
            ";");
    return Arbitraries.oneOf(
        Arbitraries.just(null),
        token.list().ofMaxSize(12).map(tokens -> String.join("", tokens)),
        Arbitraries.strings().ofMaxLength(40));
  }

  /** Catalog path segments a BES could hold: any printable text but '/', '\', '%' and dot names. */
  @Provide
  Arbitrary<List<String>> catalogPaths() {
    Arbitrary<Character> any =
        Arbitraries.chars()
            .filter(c -> c >= 0xa0 && !Character.isSurrogate(c) && c != 0xfffe && c != 0xffff);
    Arbitrary<Character> ascii =
        Arbitraries.chars().range(' ', '~').filter(c -> c != '/' && c != '\\' && c != '%');
    Arbitrary<String> segment =
        Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, ascii),
                net.jqwik.api.Tuple.of(1, any),
                net.jqwik.api.Tuple.of(
                    1, Arbitraries.of('<', '>', '&', '"', '\'', ']', ';', '+', '?', '#')))
            .list()
            .ofMinSize(1)
            .ofMaxSize(12)
            .map(
                chars -> {
                  StringBuilder s = new StringBuilder();
                  chars.forEach(s::append);
                  return s.toString();
                })
            .filter(s -> !s.equals(".") && !s.equals(".."));
    return segment.list().ofMinSize(1).ofMaxSize(5);
  }

  @Provide
  Arbitrary<String> suffixes() {
    return Arbitraries.of(
        ".dds",
        ".das",
        ".dods",
        ".ascii",
        ".asc",
        ".info",
        ".dmr",
        ".dmr.xml",
        ".dap",
        ".dap.csv",
        ".dap.nc4",
        ".nc4",
        ".csv",
        ".json",
        ".dmr.html",
        ".DDS");
  }

  @Provide
  Arbitrary<Long> encodeMasks() {
    return Arbitraries.oneOf(Arbitraries.just(0L), Arbitraries.just(-1L), Arbitraries.longs());
  }

  @Provide
  Arbitrary<String> dotSegments() {
    return Arbitraries.of("..", ".", "%2e%2e", "%2E%2E", ".%2e", "%2e.", "%2e", "%2E");
  }

  @Provide
  Arbitrary<Integer> positions() {
    return Arbitraries.integers().between(0, 10);
  }

  /** Constraints: printable text, XML metacharacters and CDATA ends included, no controls. */
  @Provide
  Arbitrary<String> constraints() {
    Arbitrary<Character> chars =
        Arbitraries.frequencyOf(
            net.jqwik.api.Tuple.of(8, Arbitraries.chars().range(' ', '~')),
            net.jqwik.api.Tuple.of(
                1,
                Arbitraries.chars()
                    .filter(
                        c ->
                            c >= 0xa0 && !Character.isSurrogate(c) && c != 0xfffe && c != 0xffff)));
    return Arbitraries.oneOf(
        chars
            .list()
            .ofMaxSize(60)
            .map(
                list -> {
                  StringBuilder s = new StringBuilder();
                  list.forEach(s::append);
                  return s.toString();
                }),
        Arbitraries.of("COADSX[0:1:3]", "SST&SST>2", "x]]>y", "<![CDATA[a]]>", "\"'<>&", "a b+c"));
  }

  // ------------------------------------------------------------------ encoding

  /**
   * Percent-encodes {@code text} as UTF-8: bytes a URL cannot carry always, the others when the
   * mask bit at their position is set. '/' stays as it is (a separator).
   */
  private static String encodePath(String text, long mask) {
    StringBuilder out = new StringBuilder();
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < bytes.length; i++) {
      int b = bytes[i] & 0xff;
      boolean unreserved =
          (b >= 'a' && b <= 'z')
              || (b >= 'A' && b <= 'Z')
              || (b >= '0' && b <= '9')
              || "-._~!$&'()*+,=:@".indexOf(b) >= 0;
      if (b == '/' || (unreserved && (mask >>> (i % 64) & 1) == 0)) {
        out.append((char) b);
      } else {
        out.append(String.format(Locale.ROOT, "%%%02X", b));
      }
    }
    return out.toString();
  }

  /** Like {@link #encodePath}, for a query; '+' is kept literal or encoded, '&' and '=' too. */
  private static String encodeQuery(String text, long mask) {
    StringBuilder out = new StringBuilder();
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < bytes.length; i++) {
      int b = bytes[i] & 0xff;
      boolean plain = b > 0x20 && b < 0x7f && b != '%' && b != '#';
      if (plain && (mask >>> (i % 64) & 1) == 0) {
        out.append((char) b);
      } else {
        out.append(String.format(Locale.ROOT, "%%%02X", b));
      }
    }
    return out.toString();
  }
}
