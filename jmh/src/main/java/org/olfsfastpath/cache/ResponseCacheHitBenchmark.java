package org.olfsfastpath.cache;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.olfsfastpath.jmh.StandardRun;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * The warm path of a metadata request with the response cache: a {@code ResponseCache.lookup} that
 * finds the answer, a map read and an identity comparison with the current data source.
 *
 * <p>Workload: 1,024 datasets, each with a DMR answer of about 1 KB loaded in {@code @Setup}. Keys
 * carry two contexts (an {@code xml:base} and a checksum flag), as a DAP4 request's would. Each
 * operation looks up the next key of a per-thread cursor with a key equal to the cached one but
 * another instance, as a request builds its own, so the map compares keys in full. Every lookup is
 * a hit; no BES message is sent. Run with the gc profiler (scripts/jmh does) for the allocations
 * per hit.
 *
 * <pre>{@code scripts/jmh --include ResponseCacheHitBenchmark}</pre>
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Threads(1)
public class ResponseCacheHitBenchmark extends StandardRun {
  static final int DATASETS = 1024;
  static final Instant LOADED = Instant.parse("2026-11-22T01:52:59Z");

  ResponseCache cache;
  ResponseKey[] keys;
  DataSource[] sources;

  @Setup
  public void setUp() throws IOException {
    cache = ResponseCache.newBuilder().build();
    keys = new ResponseKey[DATASETS];
    sources = new DataSource[DATASETS];
    for (int i = 0; i < DATASETS; i++) {
      String path = "/data/file" + i + ".nc";
      sources[i] = new DataSource(path, true, LOADED, 3, false, List.of());
      byte[] dmr = dmr(path).getBytes(StandardCharsets.UTF_8);
      cache.load(key(path), sources[i], () -> new ByteArrayInputStream(dmr));
      keys[i] = key(path);
    }
  }

  @TearDown
  public void tearDown() {
    cache.close();
  }

  @Benchmark
  public CachedResponse hit(Cursor cursor) {
    int i = cursor.next();
    return cache.lookup(keys[i], sources[i]);
  }

  /** A per-thread position in the key table, so threads do not share a counter. */
  @State(Scope.Thread)
  public static class Cursor {
    int index;

    int next() {
      index = (index + 1) & (DATASETS - 1);
      return index;
    }
  }

  static ResponseKey key(String path) {
    return new ResponseKey(
        "",
        path,
        "dmr",
        "",
        List.of("xml:base=http://localhost:8080/opendap" + path + ".dmr", "dap4.checksum=false"));
  }

  static String dmr(String path) {
    StringBuilder dmr =
        new StringBuilder(
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
                + "<Dataset xmlns=\"http://xml.opendap.org/ns/DAP/4.0#\" dapVersion=\"4.0\""
                + " dmrVersion=\"1.0\" name=\""
                + path
                + "\">\n");
    for (String name : new String[] {"COADSX", "COADSY", "TIME", "SST", "AIRT", "UWND"}) {
      dmr.append("    <Float32 name=\"")
          .append(name)
          .append("\">\n")
          .append("        <Attribute name=\"units\" type=\"String\"><Value>unit</Value>")
          .append("</Attribute>\n    </Float32>\n");
    }
    return dmr.append("</Dataset>\n").toString();
  }
}
