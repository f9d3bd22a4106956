package org.olfsfastpath.web;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.olfsfastpath.dap.DapRequestParser;
import org.olfsfastpath.emulator.BesEmulator;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A whole request through the DAP servlet, without the HTTP container: URL parsing, the
 * data-source cache, the BES get over a pooled PPT connection, and the streamed body with the DAP
 * headers. With {@code cache=ON} every measured request is warm (one BES message); with
 * {@code OFF} each also sends its showNode, the cold path of every request.
 *
 * <p>Workload: {@code GET /opendap/coads_climatology.nc.ascii?COADSX} against the in-process BES
 * emulator over TCP with QUICKACK (BES-faithful writes, no service time); the request and response
 * objects are minimal stand-ins built once in {@code @Setup}, the body is counted and discarded.
 *
 * <pre>{@code scripts/jmh --include WarmRequestBenchmark}</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3)
@Measurement(iterations = 3)
public class WarmRequestBenchmark {
  /** Whether the data-source cache is on. */
  public enum Cache { ON, OFF }

  @Param({"ON", "OFF"})
  Cache cache;

  BesEmulator emulator;
  BesBackend backend;
  DapServlet servlet;
  HttpServletRequest request;
  HttpServletResponse response;
  final CountingOutputStream body = new CountingOutputStream();

  @Setup
  public void setUp() throws IOException {
    emulator = BesEmulator.newBuilder().port(0).build();
    emulator.start();
    FrontEndConfig config = OlfsConfigFile.parse(new java.io.ByteArrayInputStream((
        "<OLFSConfig><BESManager><BES><host>127.0.0.1</host><port>" + emulator.port()
            + "</port></BES></BESManager><FastPath><Cache enabled=\"" + (cache == Cache.ON)
            + "\"/></FastPath></OLFSConfig>").getBytes(java.nio.charset.StandardCharsets.UTF_8)),
        "benchmark olfs.xml");
    FrontEndSettings settings = Assembly.web(config);
    backend = BesBackend.create(config);
    FrontEndStats stats = new FrontEndStats();
    // Built as FrontEndListener builds it; the version document is not asked for here, so the
    // BES's versions are never fetched.
    servlet = new DapServlet(new DapServlet.Parts(
        new DapRequestParser(settings.maxUrlLength(), settings.maxConstraintLength()),
        backend, stats, "jmh", settings, null,
        new VersionService("jmh", backend::versions, backend.unaskedVersions()),
        new SiteMapResponder(backend, new Pages(settings), settings),
        new FileResponder(backend, new BodyCopy(stats, false), null), java.time.Clock.systemUTC()));
    request = request(Map.of(
        "getMethod", "GET",
        "getContextPath", "/opendap",
        "getRequestURI", "/opendap/coads_climatology.nc.ascii",
        "getQueryString", "COADSX"));
    response = response(body);
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
    long before = body.count;
    servlet.service(request, response);
    long written = body.count - before;
    if (written == 0) {
      throw new IllegalStateException("the servlet wrote no body: is the BES emulator answering?");
    }
    return written;
  }

  static HttpServletRequest request(Map<String, String> values) {
    return (HttpServletRequest) Proxy.newProxyInstance(WarmRequestBenchmark.class.getClassLoader(),
        new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> {
          String name = method.getName();
          if (values.containsKey(name)) {
            return values.get(name);
          }
          return switch (name) {
            case "getRequestURL" -> new StringBuffer("http://127.0.0.1:8080")
                .append(values.get("getRequestURI"));
            case "getDateHeader" -> -1L;
            case "getIntHeader" -> -1;
            case "getProtocol" -> "HTTP/1.1";
            case "getScheme" -> "http";
            case "toString" -> "request " + values;
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == args[0];
            default -> defaultValue(method.getReturnType());
          };
        });
  }

  static HttpServletResponse response(ServletOutputStream out) {
    return (HttpServletResponse) Proxy.newProxyInstance(WarmRequestBenchmark.class.getClassLoader(),
        new Class<?>[] {HttpServletResponse.class}, (proxy, method, args) -> switch (method.getName()) {
          case "getOutputStream" -> out;
          case "isCommitted" -> false;
          case "getStatus" -> 200;
          case "toString" -> "response";
          case "hashCode" -> System.identityHashCode(proxy);
          case "equals" -> proxy == args[0];
          default -> defaultValue(method.getReturnType());
        });
  }

  static Object defaultValue(Class<?> type) {
    if (type == boolean.class) {
      return false;
    }
    if (type == int.class) {
      return 0;
    }
    if (type == long.class) {
      return 0L;
    }
    return null;
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
      return requests == 0 ? 0 : (THREADS.getThreadAllocatedBytes(thread) - allocatedBefore) / requests;
    }
  }

  /** Counts and discards the body, like a client reading it at once. */
  static final class CountingOutputStream extends ServletOutputStream {
    long count;

    @Override
    public void write(int b) {
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      count += len;
    }

    @Override
    public boolean isReady() {
      return true;
    }

    @Override
    public void setWriteListener(WriteListener listener) {}
  }
}
