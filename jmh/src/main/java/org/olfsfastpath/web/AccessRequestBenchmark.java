package org.olfsfastpath.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.olfsfastpath.access.Access;
import org.olfsfastpath.access.AccessOptions;
import org.olfsfastpath.access.SessionKeys;
import org.olfsfastpath.access.UserAccessFile;
import org.olfsfastpath.edl.EdlStandIn;
import org.olfsfastpath.jmh.StandardRun;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What login costs a request, side by side in one run: a warm {@code .das} of an open dataset (a
 * response-cache hit, no BES message) through the DAP servlet without login ({@code OFF}), with
 * login on and no credentials ({@code ANONYMOUS}: the rules decide, nothing else), and with a valid
 * Earthdata Login bearer token ({@code BEARER}: the token is proven once, then kept by value). The
 * token's keys come from the EDL stand-in once, at set-up; the tear-down fails the run if any
 * further call reached the provider.
 *
 * <pre>{@code scripts/jmh --include AccessRequestBenchmark}</pre>
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class AccessRequestBenchmark extends StandardRun {
  /** Who asks. */
  public enum Who {
    OFF,
    ANONYMOUS,
    BEARER
  }

  @Param({"OFF", "ANONYMOUS", "BEARER"})
  Who who;

  InProcessFrontEnd frontEnd;
  EdlStandIn edl;
  Access access;
  DapServlet servlet;
  HttpServletRequest request;
  InternalRequests.Response answer;
  HttpServletResponse servletResponse;
  long providerCallsAfterSetUp;

  @Setup
  public void setUp() throws IOException {
    EdlStandIn.App app = new EdlStandIn.App("olfs-app", "pw", "http://127.0.0.1");
    edl = EdlStandIn.start(0, Map.of("alice", "a"), app);
    AccessGate gate = AccessGate.open();
    if (who != Who.OFF) {
      Path file = Files.createTempFile("user-access", ".xml");
      Files.writeString(
          file,
          "<UserAuthenticationAndAccess><IdProvider class=\"opendap.auth.UrsIdP\"><isDefault/>"
              + "<UrsUrl>"
              + edl.url()
              + "</UrsUrl><UrsClientId>olfs-app</UrsClientId><UrsClientAuthCode>"
              + app.authCode()
              + "</UrsClientAuthCode><UrsJwksUrl>"
              + edl.jwksUrl()
              + "</UrsJwksUrl></IdProvider><PolicyDecisionPoint class=\"opendap.auth.SimplePDP\">"
              + "<Policy class=\"opendap.auth.RegexPolicy\"><role>.*</role>"
              + "<resource>^/opendap/(?!restricted/).*$</resource>"
              + "<allowedAction>GET</allowedAction></Policy><Memberships/>"
              + "</PolicyDecisionPoint></UserAuthenticationAndAccess>");
      byte[] key = new byte[32];
      new SecureRandom().nextBytes(key);
      access =
          Access.build(
              AccessOptions.defaults(),
              UserAccessFile.read(file),
              SessionKeys.of(List.of(key)),
              "/opendap",
              Clock.systemUTC());
      Files.delete(file);
      gate = AccessGate.of(access, "/opendap");
    }
    frontEnd = InProcessFrontEnd.start("", gate);
    servlet = frontEnd.servlet;
    Map<String, String> headers =
        who == Who.BEARER ? Map.of("Authorization", "Bearer " + edl.userToken("alice")) : Map.of();
    request =
        InternalRequests.request("GET", "/opendap", "/coads_climatology.nc.das", null, headers);
    answer = new InternalRequests.Response();
    servletResponse = answer.build();
    // The first request loads the entry and the answer (and for a token, the provider's keys).
    wholeRequest();
    providerCallsAfterSetUp = edl.calls();
  }

  @TearDown
  public void tearDown() {
    long calls = edl.calls() - providerCallsAfterSetUp;
    frontEnd.close();
    edl.close();
    if (calls != 0) {
      throw new IllegalStateException(calls + " calls reached the provider while measuring");
    }
  }

  @Benchmark
  public long wholeRequest() throws IOException {
    long before = answer.bytes();
    servlet.service(request, servletResponse);
    long written = answer.bytes() - before;
    if (written == 0) {
      throw new IllegalStateException("the servlet wrote no body (status " + answer.status + ")");
    }
    return written;
  }
}
