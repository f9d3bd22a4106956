package org.olfsfastpath.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.olfsfastpath.jmh.StandardRun;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;

/**
 * A whole request through the DAP servlet, without the HTTP container: URL parsing, the data-source
 * cache, the response cache or the BES get over a pooled PPT connection, and the body with the DAP
 * headers.
 *
 * <ul>
 *   <li>{@code response=das, cache=ON}: a response-cache hit, no BES message at all;
 *   <li>{@code response=iso, cache=ON}: the ISO 19115-2 record, a response-cache hit too: what a
 *       warm {@code .das} costs, though its first request asked the BES for the DDX, the
 *       coordinates and the administrator and wrote the record;
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

  /**
   * {@code das}: metadata, kept by the response cache; {@code iso}: a discovery record, built once
   * from the DDX and the coordinates, then kept the same way; {@code ascii}: data, one get each.
   */
  @Param({"das", "iso", "ascii"})
  String response;

  InProcessFrontEnd frontEnd;
  DapServlet servlet;
  HttpServletRequest request;
  InternalRequests.Response answer;
  HttpServletResponse servletResponse;

  @Setup
  public void setUp() throws IOException {
    frontEnd =
        InProcessFrontEnd.start(
            "<Cache enabled=\""
                + (cache == Cache.ON)
                + "\"/><ResponseCache dataTypes=\"\" enabled=\""
                + (cache == Cache.ON)
                + "\"/>");
    servlet = frontEnd.servlet;
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
    frontEnd.close();
  }

  @Benchmark
  public long wholeRequest(FrontEndAllocations allocations) throws IOException {
    allocations.requests++;
    return wholeRequest();
  }

  long wholeRequest() throws IOException {
    long before = answer.bytes();
    servlet.service(request, servletResponse);
    long written = answer.bytes() - before;
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
    private final ThreadAllocation allocation = new ThreadAllocation();
    long requests;

    @Setup(Level.Iteration)
    public void start(BenchmarkParams benchmark, IterationParams iteration) {
      requests = 0;
      allocation.start(benchmark, iteration);
    }

    /**
     * Bytes the front end allocated per request, the mean over the measured iterations and threads
     * ({@link ThreadAllocation#perEach}).
     */
    public double frontEndBytesPerRequest() {
      return allocation.perEach(requests);
    }
  }
}
