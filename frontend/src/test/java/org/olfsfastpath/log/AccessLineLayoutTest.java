package org.olfsfastpath.log;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.LoggingEvent;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.Map;
import java.util.TimeZone;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The access line written by hand ({@link AccessLineLayout}) is, char for char, what Logback's
 * pattern layout makes of {@link Formats#ACCESS} for the same event: absent fields, a user, a query
 * to scrub, durations and ids shorter and longer than their padding, every millisecond form, and
 * dates either side of a time zone's change of offset; and its encoder writes the same line as
 * UTF-8, a user's name in any script included.
 */
final class AccessLineLayoutTest {
  private static final ZoneId ZONE = ZoneId.of("America/New_York");

  @Test
  void aKnownLineIsUpstreamsForm() {
    RequestFields request =
        new RequestFields(
            "127.0.0.1",
            "curl/8.5.0",
            null,
            null,
            0,
            "7-abc",
            "GET",
            "/opendap/data/nc/fnoc1.nc.das",
            null);
    String line =
        layout(ZoneId.of("UTC")).doLayout(event(new AccessRecord(request, 200, 3, 1452), 1_000));
    assertEquals(
        // The user agent scrubbed as upstream scrubs it.
        "[127.0.0.1] [curl#8#5#0] [-] [-] [1970-01-01T00:00:01.000 +0000] [       3] [200]"
            + " [   7-abc] [HTTP-GET] [/opendap/data/nc/fnoc1.nc.das] [-] [1452]"
            + System.lineSeparator(),
        line);
  }

  @Property(tries = 400)
  void writesWhatThePatternWrites(
      @ForAll("records") AccessRecord record, @ForAll("times") long at) {
    assertEquals(
        pattern(ZONE).doLayout(event(record, at)), layout(ZONE).doLayout(event(record, at)));
  }

  @Property(tries = 200)
  void theEncoderWritesThePatternsLineAsUtf8(
      @ForAll("records") AccessRecord record, @ForAll("users") String user) {
    RequestFields r = record.request();
    AccessRecord named =
        new AccessRecord(
            new RequestFields(
                r.host(),
                r.userAgent(),
                r.session(),
                user,
                0,
                r.logId(),
                r.method(),
                r.uri(),
                r.query()),
            record.status(),
            record.durationMillis(),
            record.size());
    AccessLineEncoder encoder = new AccessLineEncoder(layout(ZONE));
    LoggingEvent event = event(named, 1_700_000_000_123L);
    byte[] expected = pattern(ZONE).doLayout(event).getBytes(StandardCharsets.UTF_8);
    assertArrayEquals(expected, encoder.encode(event));
    // The builder kept from line to line leaves nothing of one line in the next.
    assertArrayEquals(expected, encoder.encode(event));
  }

  @Provide
  Arbitrary<String> users() {
    return Arbitraries.strings().withChars("abcé漢 |\u0007ö-").ofMinLength(1).ofMaxLength(12);
  }

  @Property(tries = 100)
  void aLineOfARequestStillRunningLeavesItsEndEmpty(@ForAll("records") AccessRecord record) {
    LoggingEvent started = event(record.request().mdc(), 1_700_000_000_123L);
    assertEquals(pattern(ZONE).doLayout(started), layout(ZONE).doLayout(started));
  }

  @Provide
  Arbitrary<AccessRecord> records() {
    Arbitrary<@Nullable String> text =
        Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(40).injectNull(0.3);
    Arbitrary<RequestFields> requests =
        Combinators.combine(
                Arbitraries.of("127.0.0.1", "::1", "203.0.113.9"),
                text,
                text,
                text,
                Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(60),
                Arbitraries.of("GET", "HEAD", "POST"),
                Arbitraries.strings().withCharRange('!', '~').ofMaxLength(80).map(s -> "/" + s),
                text)
            .as(
                (host, agent, session, user, id, method, uri, query) ->
                    new RequestFields(host, agent, session, user, 0, id, method, uri, query));
    return Combinators.combine(
            requests,
            Arbitraries.of(200, 206, 304, 400, 404, 500, 503),
            Arbitraries.longs().between(0, 1_000_000_000L),
            Arbitraries.longs().between(-1, 10_000_000_000L))
        .as(AccessRecord::new);
  }

  @Provide
  Arbitrary<Long> times() {
    // 2026-03-08 07:00 UTC is 2 a.m. in New York, where the offset changes.
    long change = 1_772_953_200_000L;
    return Arbitraries.oneOf(
        Arbitraries.longs().between(change - 5_000, change + 5_000),
        Arbitraries.longs().between(0, 4_102_444_800_000L));
  }

  private static LoggingEvent event(AccessRecord record, long at) {
    return event(record.mdc(), at);
  }

  private static LoggingEvent event(Map<String, String> mdc, long at) {
    LoggerContext context = new LoggerContext();
    LoggingEvent event =
        new LoggingEvent(
            AccessLineLayoutTest.class.getName(),
            context.getLogger("access"),
            Level.INFO,
            "",
            null,
            null);
    event.setMDCPropertyMap(mdc);
    event.setTimeStamp(at);
    return event;
  }

  private static AccessLineLayout layout(ZoneId zone) {
    AccessLineLayout layout = new AccessLineLayout(zone);
    layout.setContext(new LoggerContext());
    layout.start();
    return layout;
  }

  /** Logback's own layout of the pattern, its %d in {@code zone} as the JVM's would be. */
  private static PatternLayout pattern(ZoneId zone) {
    PatternLayout layout = new PatternLayout();
    layout.setContext(new LoggerContext());
    layout.setPattern(
        Formats.ACCESS.replace(
            "%d{yyyy-MM-dd'T'HH:mm:ss.SSS Z}",
            "%d{yyyy-MM-dd'T'HH:mm:ss.SSS Z, " + TimeZone.getTimeZone(zone).getID() + "}"));
    layout.start();
    return layout;
  }
}
