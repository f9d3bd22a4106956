package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.bes.BesGetType;
import org.olfsfastpath.bes.GetRequest;

/** Keys are values: equal exactly when every component is, whatever list the caller passed. */
final class ResponseKeyTest {
  private static final ResponseKey KEY =
      new ResponseKey("g", "/a.nc", "dmr", "sst", List.of("xml:base=http://h/a", "c=1"));

  @Test
  void equalComponents_equalKeys() {
    ResponseKey same =
        new ResponseKey(
            "g", "/a.nc", "dmr", "sst", new ArrayList<>(List.of("xml:base=http://h/a", "c=1")));
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
    assertNotEquals(
        KEY,
        new ResponseKey("g", "/a.nc", "dmr", "sst", List.of("c=1", "xml:base=http://h/a")),
        "contexts in another order");
    assertNotEquals(
        KEY, new ResponseKey("g", "/a.nc", "dmr", "sst", List.of("xml:base=http://h/a")));
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
  void forGet_namesEverythingTheGetSends() {
    GetRequest dmr =
        new GetRequest(
            "/a.nc",
            BesGetType.DMR,
            "sst",
            "http://h/opendap/a.nc.dmr",
            true,
            List.of(new GetRequest.Context("cf_history_entry", "x")));
    assertEquals(
        new ResponseKey(
            "g",
            "/a.nc",
            "DMR",
            "sst",
            List.of(
                "xml:base=http://h/opendap/a.nc.dmr", "dap4.checksum=true", "cf_history_entry=x")),
        ResponseKey.forGet("g", dmr));
  }

  @Test
  void forGet_differentGets_differentKeys() {
    GetRequest das = GetRequest.of("/a.nc", BesGetType.DAS, "");
    assertEquals(
        ResponseKey.forGet("", das),
        ResponseKey.forGet("", GetRequest.of("/a.nc", BesGetType.DAS, "")));
    assertNotEquals(
        ResponseKey.forGet("", das),
        ResponseKey.forGet("", GetRequest.of("/a.nc", BesGetType.DDS, "")));
    assertNotEquals(
        ResponseKey.forGet("", GetRequest.of("/a.nc", BesGetType.DODS, "")),
        ResponseKey.forGet("", GetRequest.of("/a.nc", BesGetType.ASCII, "")),
        "returnAs differs");
    assertNotEquals(
        ResponseKey.forGet("", new GetRequest("/a.nc", BesGetType.DMR, "", "http://a")),
        ResponseKey.forGet("", new GetRequest("/a.nc", BesGetType.DMR, "", "http://b")));
    assertNotEquals(
        ResponseKey.forGet("", new GetRequest("/a.nc", BesGetType.DMR, "", "", true)),
        ResponseKey.forGet("", new GetRequest("/a.nc", BesGetType.DMR, "", "", false)));
  }

  /** Regression guard: a function's answer must never be served for the plain request. */
  @Test
  void forGet_serverFunction_isPartOfTheKey() {
    GetRequest plain = GetRequest.of("/a.nc", BesGetType.DAP, "x");
    GetRequest function =
        new GetRequest("/a.nc", BesGetType.DAP, "x", "", false, List.of(), "version()", false);
    assertNotEquals(ResponseKey.forGet("", plain), ResponseKey.forGet("", function));
    assertEquals(
        ResponseKey.forGet("", function),
        ResponseKey.forGet(
            "",
            new GetRequest(
                "/a.nc", BesGetType.DAP, "x", "", false, List.of(), "version()", false)));
    assertEquals(
        List.of("xml:base=", "dap4.checksum=false"),
        ResponseKey.forGet("", plain).contexts(),
        "a get without one keeps its key");
  }

  @Test
  void nullComponents_areNamed() {
    assertEquals(
        "group == null",
        assertThrows(NullPointerException.class, () -> ResponseKey.of(null, "/a.nc", "das", ""))
            .getMessage());
    assertEquals(
        "path == null",
        assertThrows(NullPointerException.class, () -> ResponseKey.of("", null, "das", ""))
            .getMessage());
    assertEquals(
        "type == null",
        assertThrows(NullPointerException.class, () -> ResponseKey.of("", "/a.nc", null, ""))
            .getMessage());
    assertEquals(
        "constraint == null",
        assertThrows(NullPointerException.class, () -> ResponseKey.of("", "/a.nc", "das", null))
            .getMessage());
  }
}
