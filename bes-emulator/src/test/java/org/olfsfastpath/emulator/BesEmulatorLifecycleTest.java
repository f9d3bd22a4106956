package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.ppt.PptConnection;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.ppt.PptFraming;
import org.olfsfastpath.ppt.PptProtocolException;

final class BesEmulatorLifecycleTest {

  @Test
  void start_bindsEphemeralLoopbackPort() throws IOException {
    try (BesEmulator bes = BesEmulator.newBuilder().build()) {
      bes.start();
      assertTrue(bes.port() > 0);
      assertEquals(PptEndpoint.tcp("127.0.0.1", bes.port()), bes.endpoint());
      assertEquals("BesEmulator{port " + bes.port() + "}", bes.toString());
    }
  }

  @Test
  void start_twice_isRefused() throws IOException {
    try (BesEmulator bes = BesEmulator.newBuilder().build()) {
      bes.start();
      IllegalStateException e = assertThrows(IllegalStateException.class, bes::start);
      assertEquals("this BesEmulator was already started on port " + bes.port(), e.getMessage());
    }
  }

  @Test
  void start_afterClose_isRefused() {
    BesEmulator bes = BesEmulator.newBuilder().build();
    bes.close();
    IllegalStateException e = assertThrows(IllegalStateException.class, bes::start);
    assertEquals("this BesEmulator was closed; build a new one", e.getMessage());
  }

  @Test
  void port_beforeStart_tellsToStart() {
    BesEmulator bes = BesEmulator.newBuilder().build();
    IllegalStateException e = assertThrows(IllegalStateException.class, bes::port);
    assertEquals("this BesEmulator was not started; call start() first", e.getMessage());
  }

  @Test
  void handshake_isAcceptedByTheProjectClient() throws IOException {
    try (BesEmulator bes = BesEmulator.newBuilder().build()) {
      bes.start();
      try (PptConnection connection = Exchanges.open(bes.endpoint())) {
        assertTrue(connection.isReusable());
        assertEquals(
            "<status>OK</status>",
            statusLine(Exchanges.send(connection, Requests.show("showStatus")).body()));
      }
    }
  }

  @Test
  void handshake_withRequestInSameWrite_isRefusedLikeTheBes() throws IOException {
    try (BesEmulator bes = BesEmulator.newBuilder().build();
        Socket socket = new Socket()) {
      bes.start();
      socket.connect(new InetSocketAddress("127.0.0.1", bes.port()), 5000);
      socket.setSoTimeout(10_000);
      byte[] message = PptFraming.encodeMessage(Requests.show("showStatus"));
      byte[] both = new byte[PptFraming.CLIENT_HANDSHAKE.length() + message.length];
      System.arraycopy(
          PptFraming.CLIENT_HANDSHAKE.getBytes(StandardCharsets.US_ASCII),
          0,
          both,
          0,
          PptFraming.CLIENT_HANDSHAKE.length());
      System.arraycopy(message, 0, both, PptFraming.CLIENT_HANDSHAKE.length(), message.length);
      socket.getOutputStream().write(both);
      // The BES reads 64 bytes (the handshake and the start of the request), answers that it
      // cannot negotiate and closes with the rest unread, which resets the connection: the
      // client sees the refusal or the reset, never an answer.
      String expected =
          "PPT cannot negotiate, client started the connection with "
              + new String(both, 0, 64, StandardCharsets.ISO_8859_1);
      StringBuilder received = new StringBuilder();
      try {
        InputStream in = socket.getInputStream();
        int c;
        while ((c = in.read()) >= 0) {
          received.append((char) c);
        }
      } catch (SocketException reset) {
        // Expected when the reset overtakes the refusal.
      }
      assertTrue(expected.startsWith(received.toString()), "received " + received);
      assertEquals(0, bes.requestCount());
    }
  }

  @Test
  void exitNow_endsTheConnection() throws IOException {
    try (BesEmulator bes = BesEmulator.newBuilder().build();
        Socket socket = Exchanges.rawConnect(Exchanges.start(bes))) {
      socket
          .getOutputStream()
          .write("0000014xstatus=PPT_EXIT_NOW;0000000d".getBytes(StandardCharsets.US_ASCII));
      assertEquals(-1, socket.getInputStream().read());
      assertEquals(0, bes.requestCount());
    }
  }

  @Test
  void close_dropsOpenClientConnections() throws IOException {
    BesEmulator bes = BesEmulator.newBuilder().build();
    try (Socket socket = Exchanges.rawConnect(Exchanges.start(bes))) {
      bes.close();
      InputStream in = socket.getInputStream();
      assertEquals(-1, in.read());
    }
  }

  @Test
  void pauseAndResume_simulateABesThatIsDownThenUp() throws IOException {
    try (BesEmulator bes = BesEmulator.newBuilder().build()) {
      bes.start();
      int port = bes.port();
      PptConnection before = Exchanges.open(bes.endpoint());
      bes.pause();
      // Nothing listens: the connection is refused (an IOException of some kind if another
      // program on this machine happened to take the free port meanwhile).
      assertThrows(IOException.class, () -> Exchanges.open(bes.endpoint()).close());
      assertThrows(
          PptProtocolException.class, () -> Exchanges.send(before, Requests.show("showStatus")));
      bes.resume();
      assertEquals(port, bes.port());
      assertFalse(Exchanges.once(bes, Requests.show("showStatus")).isError());
    }
  }

  @Test
  void unixSocket_servesTheSameCommands(@TempDir Path dir) throws IOException {
    Path socket = dir.resolve("bes.sock");
    try (BesEmulator bes = BesEmulator.newBuilder().unixSocket(socket).build()) {
      bes.start();
      assertEquals(PptEndpoint.unix(socket), bes.unixEndpoint());
      try (PptConnection connection = Exchanges.open(bes.unixEndpoint())) {
        assertEquals(
            "<status>OK</status>",
            statusLine(Exchanges.send(connection, Requests.show("showStatus")).body()));
      }
    }
    assertFalse(Files.exists(socket), "the socket file is removed on close");
  }

  @Test
  void unixEndpoint_withoutSocket_isRefused() throws IOException {
    try (BesEmulator bes = BesEmulator.newBuilder().build()) {
      bes.start();
      IllegalStateException e = assertThrows(IllegalStateException.class, bes::unixEndpoint);
      assertEquals(
          "this BesEmulator has no unix socket; set BesEmulatorBuilder.unixSocket(path)",
          e.getMessage());
    }
  }

  @Test
  void builder_rejectsBadValues(@TempDir Path dir) throws IOException {
    BesEmulatorBuilder builder = BesEmulator.newBuilder();
    assertEquals(
        "port was 70000, must be 0-65535",
        assertThrows(IllegalArgumentException.class, () -> builder.port(70000)).getMessage());
    builder.port(0);
    assertEquals(
        "port was already set to 0",
        assertThrows(IllegalStateException.class, () -> builder.port(1)).getMessage());
    Path file = Files.createFile(dir.resolve("plain"));
    assertEquals(
        "dataDirectory was " + file + ", must be an existing directory",
        assertThrows(IllegalArgumentException.class, () -> builder.dataDirectory(file))
            .getMessage());
    assertEquals(
        "delay of showNode was PT-1S, must be between 0 and 1 hour",
        assertThrows(
                IllegalArgumentException.class,
                () -> builder.delay("showNode", Duration.ofSeconds(-1)))
            .getMessage());
    builder.delay("showNode", Duration.ofMillis(40));
    assertEquals(
        "delay of showNode was already set to PT0.04S",
        assertThrows(IllegalStateException.class, () -> builder.delay("showNode", Duration.ZERO))
            .getMessage());
    assertEquals(
        "syntheticDatasets was -1, must be 0-2147483647",
        assertThrows(IllegalArgumentException.class, () -> builder.syntheticDatasets(-1))
            .getMessage());
    assertEquals(
        "syntheticFanout was 1, must be 2-10000",
        assertThrows(IllegalArgumentException.class, () -> builder.syntheticFanout(1))
            .getMessage());
    assertEquals(
        "catalogRoot was data, must be an absolute path",
        assertThrows(IllegalArgumentException.class, () -> builder.catalogRoot("data"))
            .getMessage());
    assertEquals(
        "acceptBacklog was 0, must be 1-4096",
        assertThrows(IllegalArgumentException.class, () -> builder.acceptBacklog(0)).getMessage());
  }

  private static String statusLine(String body) {
    return body.lines().filter(l -> l.contains("<status>")).findFirst().orElse(body).trim();
  }
}
