package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Keys are values: equal exactly when every component is, whatever list the caller passed. */
final class ResponseKeyTest {
  private static final ResponseKey KEY =
      new ResponseKey("g", "/a.nc", "dmr", "sst", List.of("xml:base=http://h/a", "c=1"));

  @Test
  void equalComponents_equalKeys() {
    ResponseKey same = new ResponseKey("g", "/a.nc", "dmr", "sst",
        new ArrayList<>(List.of("xml:base=http://h/a", "c=1")));
    assertEquals(KEY, same);
    assertEquals(KEY.hashCode(), same.hashCode());
    assertEquals(List.of("xml:base=http://h/a", "c=1"), same.contexts());
  }

  @Test
  void anyComponentDiffers_keysDiffer() {
    List<String> contexts = List.of("xml:base=http://h/a", "c=1");
    assertNotEquals(KEY, new ResponseKey("h", "/a.nc", "dmr", "sst", contexts));
    assertNotEquals(KEY, new ResponseKey("g", "/b.nc", "dmr", "sst", contexts));
    assertNotEquals(KEY, new ResponseKey("g", "/a.nc", "dds", "sst", contexts));
    assertNotEquals(KEY, new ResponseKey("g", "/a.nc", "dmr", "", contexts));
    assertNotEquals(KEY, new ResponseKey("g", "/a.nc", "dmr", "sst", List.of("c=1",
        "xml:base=http://h/a")), "contexts in another order");
    assertNotEquals(KEY, new ResponseKey("g", "/a.nc", "dmr", "sst", List.of(
        "xml:base=http://h/a")));
    assertNotEquals(KEY, ResponseKey.of("g", "/a.nc", "dmr", "sst"));
    assertNotEquals(KEY, "g/a.nc");
  }

  @Test
  void contexts_areCopied() {
    List<String> contexts = new ArrayList<>(List.of("c=1"));
    ResponseKey key = new ResponseKey("", "/a.nc", "das", "", contexts);
    contexts.add("c=2");
    assertEquals(List.of("c=1"), key.contexts());
    assertThrows(UnsupportedOperationException.class, () -> key.contexts().add("c=3"));
  }

  @Test
  void nullComponents_areNamed() {
    assertEquals("group == null", assertThrows(NullPointerException.class,
        () -> ResponseKey.of(null, "/a.nc", "das", "")).getMessage());
    assertEquals("path == null", assertThrows(NullPointerException.class,
        () -> ResponseKey.of("", null, "das", "")).getMessage());
    assertEquals("type == null", assertThrows(NullPointerException.class,
        () -> ResponseKey.of("", "/a.nc", null, "")).getMessage());
    assertEquals("constraint == null", assertThrows(NullPointerException.class,
        () -> ResponseKey.of("", "/a.nc", "das", null)).getMessage());
  }
}
