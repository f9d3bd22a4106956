package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.tomcat.FrontEndExtension;
import org.olfsfastpath.tomcat.TomcatServer;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;

/**
 * CORS in a real headless Chromium: a page on another origin that the front end allows reads a
 * {@code .das} as text and a {@code .dap} as bytes, and the DAP headers the policy exposes, after a
 * preflight (the page sends the request id header, which browsers preflight); a page on an origin
 * not allowed gets the browser's TypeError, though the front end served the request.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(BrowserIT.NeedsChromium.class)
final class CorsBrowserIT {
  private static final int ALLOWED_PORT = port();
  private static final String ALLOWED = "http://127.0.0.1:" + ALLOWED_PORT;

  @RegisterExtension
  static final FrontEndExtension FRONT_END =
      FrontEndExtension.named("CorsBrowserIT")
          .olfsXml(
              bes ->
                  FrontEndExtension.olfsXml(
                      FrontEndExtension.tcp(bes), "<Cors allowedOrigins=\"" + ALLOWED + "\"/>"));

  private HttpServer allowed;
  private HttpServer other;
  private WebDriver browser;

  private static int port() {
    try {
      return TomcatServer.freePort();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A server of one empty page, the origin a script runs in. */
  private static HttpServer page(int port) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
    server.createContext(
        "/",
        exchange -> {
          byte[] page =
              "<!doctype html><html><head><title>page</title></head><body>page</body></html>"
                  .getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
          exchange.sendResponseHeaders(200, page.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(page);
          }
        });
    server.start();
    return server;
  }

  @BeforeAll
  void start() throws IOException {
    allowed = page(ALLOWED_PORT);
    other = page(0);
    browser = Chromium.start(true, FrontEndExtension.workDir("CorsBrowserIT-downloads"));
  }

  @AfterAll
  void stop() {
    if (browser != null) {
      browser.quit();
    }
    if (allowed != null) {
      allowed.stop(0);
    }
    if (other != null) {
      other.stop(0);
    }
  }

  /** Runs the fetches in a page of {@code origin}; returns what the script saw. */
  private String fetchFrom(String origin) {
    browser.get(origin + "/");
    URI opendap = FRONT_END.opendap();
    Object result =
        ((JavascriptExecutor) browser)
            .executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                    + "(async () => {"
                    + "  try {"
                    + "    const das = await fetch(arguments[0],"
                    + "        {headers: {'a-api-request-uuid': 'cors-page'}});"
                    + "    const text = await das.text();"
                    + "    const dap = await fetch(arguments[1]);"
                    + "    const bytes = await dap.arrayBuffer();"
                    + "    done([das.status, text.startsWith('Attributes {'), bytes.byteLength,"
                    + "        das.headers.get('XDODS-Server') !== null,"
                    + "        (das.headers.get('X-Request-Id') || '').startsWith('cors-page-')]"
                    + "        .join(' '));"
                    + "  } catch (e) { done('refused ' + e.name); }"
                    + "})();",
                opendap.resolve("coads_climatology.nc.das").toString(),
                opendap.resolve("coads_climatology.nc.dap?dap4.ce=COADSX").toString());
    return String.valueOf(result);
  }

  @Test
  void anAllowedOrigin_readsTheDasAndTheDap_andTheDapHeaders() {
    String seen = fetchFrom(ALLOWED);
    String[] parts = seen.split(" ");
    assertEquals(5, parts.length, seen);
    assertEquals("200", parts[0], seen);
    assertEquals("true", parts[1], seen);
    assertTrue(Integer.parseInt(parts[2]) > 1440, seen);
    assertEquals("true", parts[3], "XDODS-Server exposed: " + seen);
    assertEquals("true", parts[4], "X-Request-Id exposed, the page's id in it: " + seen);
  }

  @Test
  void anotherOrigin_isRefusedByTheBrowser() {
    assertEquals(
        "refused TypeError", fetchFrom("http://127.0.0.1:" + other.getAddress().getPort()));
  }
}
