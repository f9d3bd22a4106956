package org.olfsfastpath.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.olfsfastpath.boot.Assembly;
import org.olfsfastpath.boot.BesBackend;
import org.olfsfastpath.boot.FrontEndConfig;
import org.olfsfastpath.boot.OlfsConfigFile;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.jmh.StandardRun;
import org.olfsfastpath.ops.BesEvents;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A whole request through the DAP servlet, without the HTTP container: URL parsing, the data-source
 * cache, the response cache or the BES get over a pooled PPT connection, and the body with the DAP
 * headers.
 *
 * <ul>
 *   <li>{@code response=das, cache=ON}: a response-cache hit, no BES message at all;
 *   <li>{@code response=ascii, cache=ON}: a warm data request, one BES message (the get): the
 *       response cache keeps no data answer here ({@code dataTypes=""}), so that this row goes on
 *       measuring the path of every data request it does not keep (by default it keeps answers up
 *       to 1 MiB, and a repeated small slice then costs what {@code das} costs);
 *   <li>{@code cache=OFF}: both caches off, so each request also sends its showNode, the cold path
 *       of every request.
 * </ul>
 *
 * <p>Against the in-process BES emulator over TCP with QUICKACK (BES-faithful writes, no service
 * time); the request and response objects are the web layer's internal ones, built once in
 * {@code @Setup}; the body is counted and discarded.
 *
 * <pre>{@code scripts/jmh --include WarmRequestBenchmark}</pre>
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class WarmRequestBenchmark extends StandardRun {
  /** Whether the data-source cache is on. */
  public enum Cache {
    ON,
    OFF
  }

  @Param({"ON", "OFF"})
  Cache cache;

  /** {@code das}: metadata, kept by the response cache; {@code ascii}: data, one get each. */
  @Param({"das", "ascii"})
  String response;

  BesEmulator emulator;
  BesBackend backend;
  DapServlet servlet;
  HttpServletRequest request;
  InternalRequests.Response answer;
  HttpServletResponse servletResponse;

  @Setup
  public void setUp() throws IOException {
    emulator = BesEmulator.newBuilder().port(0).build();
    emulator.start();
    FrontEndConfig config =
        OlfsConfigFile.parse(
            new java.io.ByteArrayInputStream(
                ("<OLFSConfig><BESManager><BES><host>127.0.0.1</host><port>"
                        + emulator.port()
                        + "</port></BES></BESManager><FastPath><WarmUp enabled=\"false\"/><Cache enabled=\""
                        + (cache == Cache.ON)
                        + "\"/><ResponseCache dataTypes=\"\" enabled=\""
                        + (cache == Cache.ON)
                        + "\"/></FastPath></OLFSConfig>")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8)),
            "benchmark olfs.xml");
    FrontEndSettings settings = Assembly.web(config);
    backend = Assembly.backend(config, new BesEvents(BesEvents.CommandTimer.NONE), () -> false);
    servlet =
        DapServlet.assemble(
            settings,
            backend,
            new FrontEndStats(),
            "jmh",
            null,
            new VersionService("jmh", backend::versions, backend.unaskedVersions()),
            null,
            java.time.Clock.systemUTC(),
            DapServlet.RequestTimer.NONE,
            Assembly.spool(config, null));
    request =
        InternalRequests.request(
            "GET",
            "/opendap",
            "/coads_climatology.nc." + response,
            response.equals("ascii") ? "COADSX" : null,
            Map.of());
    answer = new InternalRequests.Response();
    servletResponse = answer.build();
    // The first request opens the pooled connection and, with the cache on, loads the entry.
    wholeRequest();
  }

  @TearDown
  public void tearDown() {
    backend.close();
    emulator.close();
  }

  @Benchmark
  public long wholeRequest(FrontEndAllocations allocations) throws IOException {
    allocations.requests++;
    return wholeRequest();
  }

  long wholeRequest() throws IOException {
    long before = answer.bytes;
    servlet.service(request, servletResponse);
    long written = answer.bytes - before;
    if (written == 0) {
      throw new IllegalStateException("the servlet wrote no body: is the BES emulator answering?");
    }
    return written;
  }

  /**
   * Bytes allocated per request by the measuring thread alone, which runs the servlet and the BES
   * client: the gc profiler's figure also counts the in-process emulator's threads.
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class FrontEndAllocations {
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    long requests;
    private long thread;
    private long allocatedBefore;

    @Setup(Level.Iteration)
    public void start() {
      thread = Thread.currentThread().getId();
      requests = 0;
      allocatedBefore = THREADS.getThreadAllocatedBytes(thread);
    }

    /** Bytes the front end allocated per request this iteration. */
    public long frontEndBytesPerRequest() {
      return requests == 0
          ? 0
          : (THREADS.getThreadAllocatedBytes(thread) - allocatedBefore) / requests;
    }
  }
}
