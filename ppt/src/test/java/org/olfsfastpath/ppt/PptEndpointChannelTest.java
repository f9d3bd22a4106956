package org.olfsfastpath.ppt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link PptEndpoint#openChannel}: a plain blocking channel, connected as PptConnection does. */
final class PptEndpointChannelTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  @TempDir Path dir;

  @Test
  void openChannel_tcp_isBlockingAndConnected_withNoDelay() throws IOException {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      PptEndpoint endpoint = PptEndpoint.tcp("127.0.0.1", server.getLocalPort());
      try (SocketChannel channel = endpoint.openChannel(TIMEOUT);
          Socket accepted = server.accept()) {
        assertTrue(channel.isBlocking());
        assertTrue(channel.isConnected());
        assertTrue(channel.getOption(StandardSocketOptions.TCP_NODELAY));
        channel.write(ByteBuffer.wrap(new byte[] {42}));
        InputStream in = accepted.getInputStream();
        assertEquals(42, in.read());
      }
    }
  }

  @Test
  void openChannel_unix_isBlockingAndConnected() throws IOException {
    Path socket = dir.resolve("bes.sock");
    try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      server.bind(UnixDomainSocketAddress.of(socket));
      try (SocketChannel channel = PptEndpoint.unix(socket).openChannel(TIMEOUT);
          SocketChannel accepted = server.accept()) {
        assertTrue(channel.isBlocking());
        channel.write(ByteBuffer.wrap(new byte[] {7}));
        ByteBuffer read = ByteBuffer.allocate(1);
        assertEquals(1, accepted.read(read));
        assertEquals(7, read.get(0));
      }
    }
  }

  @Test
  void openChannel_refused_namesTheEndpoint() throws IOException {
    int port;
    try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = closed.getLocalPort();
    }
    PptEndpoint endpoint = PptEndpoint.tcp("127.0.0.1", port);
    ConnectException e = assertThrows(ConnectException.class, () -> endpoint.openChannel(TIMEOUT));
    assertEquals(
        "cannot connect to the BES at 127.0.0.1:" + port + ": Connection refused", e.getMessage());
  }
}
