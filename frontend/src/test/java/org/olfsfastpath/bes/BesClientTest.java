package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jdom2.Element;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.emulator.BesReply;
import org.olfsfastpath.emulator.EmulatorExtension;
import org.olfsfastpath.emulator.RecordedRequest;

/** The client's commands end to end over a real socket, against the emulator's queued replies. */
final class BesClientTest {
  private static final String HEAD =
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
          + "<response xmlns=\"http://xml.opendap.org/ns/bes/1.0#\" reqID=\"r\">";

  @RegisterExtension final EmulatorExtension bes = EmulatorExtension.queued();
  private BesClient client;

  @BeforeEach
  void start() {
    client =
        BesClient.newBuilder()
            .endpoint(bes.endpoint())
            .besTimeout(Duration.ofSeconds(300))
            .uid("alice")
            .build();
  }

  @AfterEach
  void stop() {
    client.close();
  }

  private RecordedRequest takeRequest() throws InterruptedException {
    RecordedRequest request = bes.emulator().takeRequest(5, TimeUnit.SECONDS);
    if (request == null) {
      throw new AssertionError("no request arrived within 5 s");
    }
    return request;
  }

  @Test
  void showNode_sendsTheCommand_andParsesTheDirectory() throws Exception {
    bes.queue()
        .enqueue(
            BesReply.document(
                HEAD
                    + "<showNode><node count=\"1\" "
                    + "lastModified=\"2026-11-22T01:52:59GMT\" name=\"/nc\"><item isData=\"true\" "
                    + "lastModified=\"2026-11-22T01:52:59GMT\" name=\"a.nc\" size=\"120\" type=\"leaf\"/>"
                    + "</node></showNode></response>"));
    BesNode node = client.showNode("/nc");
    Instant modified = Instant.parse("2026-11-22T01:52:59Z");
    assertEquals(
        new BesNode(
            "/nc",
            false,
            modified,
            0,
            false,
            List.of(new BesNode("a.nc", true, modified, 120, true, List.of()))),
        node);
    Element sent =
        BesRequestsTest.parse(
            takeRequest().xml().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertEquals(
        List.of("setContext bes_timeout=300", "setContext errors=xml", "showNode node=/nc"),
        BesRequestsTest.outline(sent));
  }

  @Test
  void get_sendsTheDataRequest_andStreamsTheBody() throws Exception {
    byte[] big = new byte[200_000];
    for (int i = 0; i < big.length; i++) {
      big[i] = (byte) i;
    }
    // A DAP2 data answer: its DDS and data line, then the values.
    byte[] dds =
        "Dataset {\n    Byte x[x = 199978];\n} a;\nData:\n"
            .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    System.arraycopy(dds, 0, big, 0, dds.length);
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    // Several data chunks, as the BES sends a large answer.
    for (int offset = 0; offset < big.length; offset += 65_520) {
      int length = Math.min(65_520, big.length - offset);
      out.write(org.olfsfastpath.ppt.PptFraming.header(length, (byte) 'd'));
      out.write(big, offset, length);
    }
    out.write(org.olfsfastpath.ppt.PptFraming.endChunk());
    bes.queue().enqueue(BesReply.wire(out.toByteArray()));
    try (BesResponse response = client.get(GetRequest.of("/a b.nc", BesGetType.DODS, "x<1"))) {
      assertArrayEquals(big, response.body().readAllBytes());
    }
    Element sent =
        BesRequestsTest.parse(
            takeRequest().xml().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertEquals(
        List.of(
            "setContext bes_timeout=300",
            "setContext xdap_accept=3.2",
            "setContext dap_explicit_containers=no",
            "setContext errors=xml",
            "setContext uid=alice",
            "setContainer name=catalogContainer space=catalog text=/a b.nc",
            "define name=d1 space=default [container name=catalogContainer [constraint text=x<1]]",
            "get type=dods definition=d1"),
        BesRequestsTest.outline(sent));
    assertEquals(1, client.poolStats().idle());
  }

  @Test
  void get_errorBeforeData_isBesErrorException_withItsHttpStatus() throws Exception {
    bes.queue().enqueue(BesReply.error(BesError.SYNTAX_USER, "Constraint expression parse error"));
    BesErrorException e =
        assertThrows(
            BesErrorException.class,
            () -> client.get(GetRequest.of("/a.nc", BesGetType.DDS, "NOSUCHVAR")));
    assertEquals(BesError.SYNTAX_USER, e.error().type());
    assertEquals("BES error type 3: Constraint expression parse error", e.getMessage());
  }

  @Test
  void showVersion_showBesKey_showStatus() throws Exception {
    String version =
        HEAD
            + "<showVersion><library name=\"bes\" version=\"3.22.0\"/></showVersion>"
            + "</response>";
    bes.queue()
        .enqueue(
            BesReply.document(version),
            BesReply.document(
                HEAD
                    + "<showBesKey key=\"SupportEmail\"><value>s@x.org</value></showBesKey>"
                    + "</response>"),
            BesReply.document(HEAD + "<showStatus><status>OK</status></showStatus></response>"));
    assertEquals(version, client.showVersion());
    assertEquals(List.of("s@x.org"), client.showBesKey("SupportEmail"));
    assertEquals("OK", client.showStatus());
    assertTrue(takeRequest().xml().contains("<showVersion/>"));
    assertTrue(takeRequest().xml().contains("<showBesKey key=\"SupportEmail\"/>"));
    assertTrue(takeRequest().xml().contains("<showStatus/>"));
  }

  @Test
  void unexpectedAnswer_isBesProtocolException_andTheConnectionThatCarriedItIsClosed()
      throws Exception {
    bes.queue()
        .enqueue(
            BesReply.document("Dataset {} x;"),
            BesReply.document(HEAD + "<showStatus><status>OK</status></showStatus></response>"));
    BesProtocolException e = assertThrows(BesProtocolException.class, () -> client.showNode("/x"));
    assertTrue(
        e.getMessage().startsWith("expected an XML answer from the BES but it did not parse"),
        e.getMessage());
    // A process that answered another command's answer gets no more commands.
    assertEquals(1, client.poolStats().discarded());
    assertEquals("OK", client.showStatus());
    assertEquals(2, bes.emulator().connectionCount());
  }

  @Test
  void invalidCharacter_rejectedBeforeAnyConnectionIsUsed() {
    assertThrows(IllegalArgumentException.class, () -> client.showNode("/a\u0002"));
    assertEquals(
        new BesPoolStats(0, 0, 0, 0, 0, 0, 0, 0, 0, client.reservedConnections(), 0, 0),
        client.poolStats());
    assertEquals(0, bes.emulator().connectionCount());
  }

  @Test
  void oversizedAnswer_refused() throws Exception {
    byte[] huge = new byte[BesClient.MAX_ANSWER_BYTES + 1];
    java.util.Arrays.fill(huge, (byte) ' ');
    bes.queue()
        .enqueue(
            BesReply.wire(
                concat(
                    org.olfsfastpath.ppt.PptFraming.header(huge.length, (byte) 'd'),
                    huge,
                    org.olfsfastpath.ppt.PptFraming.endChunk())));
    IOException e = assertThrows(IOException.class, () -> client.showNode("/big"));
    assertEquals(
        "BES response exceeds the limit of " + BesClient.MAX_ANSWER_BYTES + " bytes",
        e.getMessage());
    assertEquals(0, client.poolStats().total());
  }

  private static byte[] concat(byte[]... parts) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.write(part, 0, part.length);
    }
    return out.toByteArray();
  }
}
