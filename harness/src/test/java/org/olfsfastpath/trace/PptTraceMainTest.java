package org.olfsfastpath.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.ppt.PptEndpoint;

final class PptTraceMainTest {
  @TempDir Path dir;

  private static String error(String... args) {
    return assertThrows(IllegalArgumentException.class, () -> PptTraceMain.parse(args, line -> {}))
        .getMessage();
  }

  @Test
  void parse_tcpToTcp() throws Exception {
    List<String> lines = new ArrayList<>();
    PptTrace trace =
        PptTraceMain.parse(new String[] {"--listen", "0", "--bes", "localhost:10022"}, lines::add);
    try {
      assertEquals(PptEndpoint.tcp("localhost", 10022), trace.target());
      trace.start();
      assertTrue(trace.port() > 0);
      assertEquals("127.0.0.1", ((PptEndpoint.Tcp) trace.endpoint()).host());
    } finally {
      trace.stop();
    }
  }

  @Test
  void parse_unixBoth() throws Exception {
    PptTrace trace =
        PptTraceMain.parse(
            new String[] {
              "--bes",
              "unix:/tmp/bes.sock",
              "--listen-socket",
              dir.resolve("t.sock").toString(),
              "--log",
              dir.resolve("t.jsonl").toString(),
              "--no-quickack",
              "--connect-timeout",
              "250"
            },
            line -> {});
    assertEquals(PptEndpoint.unix(Path.of("/tmp/bes.sock")), trace.target());
    assertEquals(PptEndpoint.unix(dir.resolve("t.sock")), trace.endpoint());
  }

  @Test
  void parse_help() {
    assertNull(PptTraceMain.parse(new String[] {"--help"}, line -> {}));
  }

  @Test
  void parse_errorsNameTheArgument() {
    assertEquals("--bes is required", error("--listen", "1"));
    assertEquals("give exactly one of --listen and --listen-socket", error("--bes", "h:1"));
    assertEquals(
        "give exactly one of --listen and --listen-socket",
        error("--bes", "h:1", "--listen", "1", "--listen-socket", "/tmp/x"));
    assertEquals("--listen was x, must be an integer", error("--bes", "h:1", "--listen", "x"));
    assertEquals("--log needs a value", error("--bes", "h:1", "--log"));
    assertEquals("unknown argument --bogus", error("--bogus"));
    assertEquals(
        "endpoint was nowhere, must be HOST:PORT or unix:/path", error("--bes", "nowhere"));
  }
}
