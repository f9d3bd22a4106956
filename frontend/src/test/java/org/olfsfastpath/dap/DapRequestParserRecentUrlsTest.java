package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The parser's memo of recent URLs ({@link RecentUrls}) never changes an answer: a URL asked again
 * gets what a parser that never saw it answers, refusals included, however URLs share slots.
 */
class DapRequestParserRecentUrlsTest {
  /** What parsing gives: the request, or the refusal's status and message. */
  private record Outcome(@Nullable DapRequest request, int status, String message) {}

  @Property(tries = 200)
  void aUrlAskedAgainGetsWhatAFreshParserAnswers(
      @ForAll("sequences") List<Tuple2<String, @Nullable String>> urls) {
    DapRequestParser remembering = new DapRequestParser(120, 60);
    for (Tuple2<String, @Nullable String> url : urls) {
      Outcome fresh = outcome(new DapRequestParser(120, 60), url.get1(), url.get2());
      assertEquals(fresh, outcome(remembering, url.get1(), url.get2()), url.toString());
    }
  }

  @Test
  void aWarmUrlIsAnsweredFromTheMemo() throws DapRequestRejectedException {
    DapRequestParser parser = DapRequestParser.withDefaults();
    DapRequest first = parser.parse("/data/nc/coads_climatology.nc.das", null);
    assertSame(first, parser.parse(new String("/data/nc/coads_climatology.nc.das"), null));
    assertNotSame(first, parser.parse("/data/nc/coads_climatology.nc.das", ""));
  }

  @Test
  void aUrlWithAnEmptyQueryIsNotTheUrlWithout() throws DapRequestRejectedException {
    String path = "/data/nc/coads_climatology.nc.das"; // 33 characters: the limit
    DapRequestParser parser = new DapRequestParser(path.length(), 60);
    parser.parse(path, null);
    DapRequestRejectedException e =
        assertThrows(DapRequestRejectedException.class, () -> parser.parse(path, ""));
    assertEquals(414, e.httpStatus());
  }

  @Test
  void aFormBodyIsNeverAnsweredFromTheMemo() throws DapRequestRejectedException {
    DapRequestParser parser = DapRequestParser.withDefaults();
    DapRequest plain = parser.parse("/data/a.nc.dods", "x", null);
    DapRequest posted = parser.parse("/data/a.nc.dods", "x", "ce=y");
    assertEquals("x,y", ((DapRequest.Node) posted).readings().get(0).constraint());
    assertEquals("x", ((DapRequest.Node) plain).readings().get(0).constraint());
  }

  @Test
  void aLongUrlIsParsedEachTime() throws DapRequestRejectedException {
    DapRequestParser parser = DapRequestParser.withDefaults();
    String query = "x".repeat(RecentUrls.MAX_URL_LENGTH);
    DapRequest first = parser.parse("/data/a.nc.dods", query);
    DapRequest second = parser.parse("/data/a.nc.dods", query);
    assertEquals(first, second);
    assertNotSame(first, second);
  }

  @Provide
  Arbitrary<List<Tuple2<String, @Nullable String>>> sequences() {
    // A few URLs, asked in any order and again: repeats, shared slots and refusals among them.
    Arbitrary<String> paths =
        Arbitraries.of(
            "/data/a.nc.das",
            "/data/a.nc.DAS",
            "/data/a.nc.dods",
            "/data/a.nc.dap",
            "/data/a.nc",
            "/data/",
            "/hyrax/data/a.nc.dds",
            "/data/../a.nc.das",
            "/data/%2e%2e/a.nc.das",
            "/data/a%zz.das",
            "/data/x;y.das",
            "/version",
            "/siteMap/",
            "/data/" + "b".repeat(100) + ".das");
    Arbitrary<@Nullable String> queries =
        Arbitraries.of("", "x", "x[0:1:2]", "dap4.ce=/x;/y", "%00", "y".repeat(70)).injectNull(0.4);
    Arbitrary<Tuple2<String, @Nullable String>> urls =
        Combinators.combine(paths, queries).as(Tuple::of);
    return urls.list().ofMinSize(1).ofMaxSize(40);
  }

  private static Outcome outcome(DapRequestParser parser, String path, @Nullable String query) {
    try {
      return new Outcome(parser.parse(path, query), 0, "");
    } catch (DapRequestRejectedException e) {
      return new Outcome(null, e.httpStatus(), String.valueOf(e.getMessage()));
    }
  }
}
