package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.olfsfastpath.bes.BesGetType;
import org.olfsfastpath.dap.DapRequestParser;
import org.olfsfastpath.testing.Regression;

/**
 * A file is sent with the Content-Length of its catalog entry, before its BES answer ({@code
 * stream}) is read: an answer of another length is not the file announced, and never a 200 that
 * ends cleanly. Found by CutAnswerPropertyTest: the emulator's built-in datasets had a catalog size
 * that was not their file's, and a real file that changes between showNode and get does the same.
 */
final class AnnouncedLengthTest {
  private final FakeBackend backend = new FakeBackend();
  private final FrontEndSettings settings =
      FrontEndSettings.newBuilder().allowDirectDataSourceAccess(true).build();

  private DapServlet servlet() {
    return new DapServlet(
        DapRequestParser.withDefaults(),
        Responders.create(
            settings,
            backend,
            "test",
            new VersionService("test", backend::versions, java.util.List.of()),
            null,
            Clock.fixed(Instant.parse("2026-11-28T12:00:00Z"), ZoneOffset.UTC),
            org.olfsfastpath.spool.Spool.newBuilder().disk(0).build(),
            AnswerPolicy.defaults()),
        new FrontEndStats(),
        settings,
        null,
        DapServlet.RequestTimer.NONE,
        AccessGate.open());
  }

  private static byte[] bytes(int length) {
    byte[] bytes = new byte[length];
    Arrays.fill(bytes, (byte) 'x');
    return bytes;
  }

  @ParameterizedTest(name = "announced {0}, sent {1}")
  @CsvSource({"100, 60", "100, 0", "60, 100", "20000, 30000"})
  @Regression(
      "Content-Length from showNode, then the BES's stream answer whatever its length: a shorter"
          + " file left the client waiting for the rest, a longer one was cut by Tomcat to the"
          + " announced length and ended as if whole")
  void aFileAnswerOfAnotherLength_withinTheResponseBuffer_isA502(int announced, int sent)
      throws IOException {
    backend.withFile("/data.bin", announced);
    backend.bodies.put(BesGetType.STREAM, bytes(sent));
    FakeHttp.Response response = new FakeHttp.Response(64 * 1024);
    servlet().service(FakeHttp.Request.get("/data.bin").build(), response.build());
    assertEquals(502, response.status);
    assertTrue(response.text().contains("unreadable answer"), response.text());
    assertEquals(1, backend.closed.get(), "the BES answer was closed");
  }

  @ParameterizedTest(name = "announced {0}, sent {1}")
  @CsvSource({"100000, 60000", "60000, 100000"})
  @Regression(
      "Content-Length from showNode, then the BES's stream answer whatever its length: a shorter"
          + " file left the client waiting for the rest, a longer one was cut by Tomcat to the"
          + " announced length and ended as if whole")
  void aFileAnswerOfAnotherLength_afterTheFirstBytes_abortsTheResponse(int announced, int sent) {
    backend.withFile("/data.bin", announced);
    backend.bodies.put(BesGetType.STREAM, bytes(sent));
    FakeHttp.Response response = new FakeHttp.Response();
    IOException aborted =
        assertThrows(
            IOException.class,
            () -> servlet().service(FakeHttp.Request.get("/data.bin").build(), response.build()));
    assertTrue(response.committed, "the abort came after bytes went out: " + aborted);
    assertTrue(response.body().length <= Math.min(announced, sent), "nothing past the length");
  }

  @Test
  void aFileAnswerOfItsLength_isSentWhole() throws IOException {
    byte[] file = bytes(50_000);
    backend.withFile("/data.bin", file.length);
    backend.bodies.put(BesGetType.STREAM, file);
    FakeHttp.Response response = new FakeHttp.Response();
    servlet().service(FakeHttp.Request.get("/data.bin").build(), response.build());
    assertEquals(200, response.status);
    assertEquals("50000", response.header("Content-Length"));
    assertArrayEquals(file, response.body());
  }
}
