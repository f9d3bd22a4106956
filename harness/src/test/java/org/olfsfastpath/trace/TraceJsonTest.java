package org.olfsfastpath.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class TraceJsonTest {
  private static final Instant TIME = Instant.parse("2026-11-22T01:52:59.123456789Z");

  @Test
  void message_allFields() {
    Map<String, String> args = new LinkedHashMap<>();
    args.put("type", "dods");
    args.put("returnAs", "ascii");
    RequestSummary request =
        new RequestSummary(
            "get",
            "get type=dods returnAs=ascii",
            args,
            "/c.nc",
            "a[0]&b=\"x\"",
            List.of("errors", "uid"),
            "r\t1");
    TraceRecord record =
        new TraceRecord(
            TIME,
            3,
            7,
            TraceRecord.Event.MESSAGE,
            request,
            700,
            1546,
            2,
            true,
            true,
            5,
            "Failed to locate '/x'",
            Duration.ofNanos(12_345),
            Duration.ofNanos(300_499),
            Duration.ofNanos(473_500),
            "note\nline");
    assertEquals(
        "{\"time\":\"2026-11-22T01:52:59.123456Z\",\"conn\":3,\"event\":\"message\",\"seq\":7,"
            + "\"command\":\"get\",\"summary\":\"get type=dods returnAs=ascii\","
            + "\"args\":{\"type\":\"dods\",\"returnAs\":\"ascii\"},\"container\":\"/c.nc\","
            + "\"constraint\":\"a[0]&b=\\\"x\\\"\",\"contexts\":[\"errors\",\"uid\"],\"req_id\":\"r\\t1\","
            + "\"req_bytes\":700,\"resp_bytes\":1546,\"resp_chunks\":2,\"error\":true,\"fatal\":true,"
            + "\"error_type\":5,\"error_message\":\"Failed to locate '/x'\",\"request_ms\":0.012,"
            + "\"ttfb_ms\":0.300,\"rtt_ms\":0.474,\"note\":\"note\\nline\"}",
        record.toJson());
  }

  @Test
  void close_leavesOutWhatIsAbsent() {
    TraceRecord record =
        new TraceRecord(
            TIME,
            1,
            4,
            TraceRecord.Event.CLOSE,
            null,
            100,
            200,
            0,
            false,
            false,
            0,
            null,
            null,
            null,
            null,
            "client closed");
    assertEquals(
        "{\"time\":\"2026-11-22T01:52:59.123456Z\",\"conn\":1,\"event\":\"close\",\"seq\":4,"
            + "\"req_bytes\":100,\"resp_bytes\":200,\"note\":\"client closed\"}",
        record.toJson());
  }

  @Test
  void decodeError_hasNoCounts() {
    TraceRecord record =
        new TraceRecord(
            TIME,
            2,
            0,
            TraceRecord.Event.DECODE_ERROR,
            null,
            0,
            0,
            0,
            false,
            false,
            0,
            null,
            null,
            null,
            null,
            "bad \u0001 byte");
    assertEquals(
        "{\"time\":\"2026-11-22T01:52:59.123456Z\",\"conn\":2,\"event\":\"decode_error\","
            + "\"note\":\"bad \\u0001 byte\"}",
        record.toJson());
  }

  @Test
  void millis_hasThreeDecimals() {
    assertEquals("0.000", TraceJson.millis(Duration.ZERO));
    assertEquals("43.930", TraceJson.millis(Duration.ofNanos(43_929_600)));
    assertEquals("1234.567", TraceJson.millis(Duration.ofNanos(1_234_567_000)));
  }
}
