package org.olfsfastpath.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class JsonWriterTest {
  @Test
  void quote_escapesWhatJsonAndAPageNeed() {
    assertEquals(
        "\"a\\\"b\\\\c\\nd\\re\\tf\\u0001\\u2028\\u003c/script>\"",
        Json.quote("a\"b\\c\nd\re\tf\u0001\u2028</script>"));
  }

  @Test
  void quote_notHtmlSafe_keepsTheLessThanSign() {
    assertEquals("\"<a>\\u0000\"", Json.quote(new StringBuilder(), "<a>\u0000", false).toString());
  }

  @Test
  void compact_writesMembersAndElementsWithoutBlanks() {
    StringBuilder out = new StringBuilder();
    new JsonWriter(out)
        .beginObject()
        .value("a", "1")
        .beginArray("b")
        .beginObject()
        .value("c", "<")
        .endObject()
        .beginObject()
        .endObject()
        .endArray()
        .beginObject("d")
        .endObject()
        .endObject();

    assertEquals("{\"a\":\"1\",\"b\":[{\"c\":\"\\u003c\"},{}],\"d\":{}}", out.toString());
  }

  @Test
  void compact_numbersBooleansNullsAndRawLiterals() {
    StringBuilder out = new StringBuilder();
    JsonWriter.compact(out, false)
        .beginObject()
        .name("n")
        .value(3L)
        .name("t")
        .value(true)
        .name("z")
        .nullValue()
        .name("ms")
        .rawValue("0.300")
        .endObject();

    assertEquals("{\"n\":3,\"t\":true,\"z\":null,\"ms\":0.300}", out.toString());
  }

  @Test
  void indented_isTheStatusDocumentsLayout() {
    Map<String, Object> inner = new LinkedHashMap<>();
    inner.put("hitRate", 0.75);
    inner.put("nan", Double.NaN);
    inner.put("none", List.of());
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("frontEnd", Map.of("requests", 5L));
    tree.put("cache", inner);
    tree.put("groups", List.of(Map.of("prefix", "/"), "x"));
    tree.put("empty", Map.of());

    assertEquals(
        "{\n  \"frontEnd\": {\n    \"requests\": 5\n  },\n  \"cache\": {\n"
            + "    \"hitRate\": 0.75,\n    \"nan\": null,\n    \"none\": []\n  },\n  \"groups\": [\n"
            + "    {\n      \"prefix\": \"/\"\n    },\n    \"x\"\n  ],\n  \"empty\": {}\n}\n",
        Json.indented(tree));
  }

  @Test
  void closingWhatIsNotOpen_isRefused() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class, () -> new JsonWriter(new StringBuilder()).endObject());
    assertEquals("no object or array is open to close with }", e.getMessage());
  }

  /** Private, as the web layer's statistics records are to their package. */
  private record Counts(long hits, @org.jspecify.annotations.Nullable String since, boolean on) {}

  @Test
  void fields_areTheComponentsInOrder_evenOfARecordPrivateToItsPlace() {
    Map<String, Object> fields = Json.fields(new Counts(3, null, true));

    assertEquals(List.of("hits", "since", "on"), List.copyOf(fields.keySet()));
    fields.put("derived", 4);
    assertEquals("{\"hits\":3,\"since\":null,\"on\":true,\"derived\":4}", Json.compact(fields));
  }

  @Test
  void compact_isNotHtmlSafe() {
    assertEquals("{\"a\":\"</b>\"}", Json.compact(Map.of("a", "</b>")));
  }
}
