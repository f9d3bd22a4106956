package org.olfsfastpath.ppt;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Where a BES listens: a TCP host and port ({@code BES.ServerPort}) or a Unix domain socket ({@code
 * BES.ServerUnixSocket}).
 */
public sealed interface PptEndpoint permits PptEndpoint.Tcp, PptEndpoint.Unix {

  /** Returns a TCP endpoint. */
  static PptEndpoint tcp(String host, int port) {
    return new Tcp(host, port);
  }

  /** Returns a Unix domain socket endpoint. */
  static PptEndpoint unix(Path socket) {
    return new Unix(socket);
  }

  /**
   * Parses {@code host:port} or {@code unix:/path}, the forms used on command lines.
   *
   * @throws IllegalArgumentException naming the text when it is neither form
   */
  static PptEndpoint parse(String spec) {
    Objects.requireNonNull(spec, "spec == null");
    if (spec.startsWith("unix:")) {
      String path = spec.substring("unix:".length());
      if (path.isEmpty()) {
        throw new IllegalArgumentException(
            "endpoint was " + spec + ", must name a socket file after unix:");
      }
      return unix(Path.of(path));
    }
    int colon = spec.lastIndexOf(':');
    if (colon <= 0 || colon == spec.length() - 1) {
      throw new IllegalArgumentException(
          "endpoint was " + spec + ", must be HOST:PORT or unix:/path");
    }
    try {
      return tcp(spec.substring(0, colon), Integer.parseInt(spec.substring(colon + 1)));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("endpoint was " + spec + ", port must be an integer", e);
    }
  }

  /**
   * Opens a blocking socket channel to this endpoint, connected within {@code connectTimeout}, with
   * TCP_NODELAY on for TCP: for a program that copies bytes between a client and the BES (the PPT
   * trace proxy) rather than speaking PPT through {@link PptConnection}. It connects as {@link
   * PptConnection#open} does, and its errors name the endpoint as those of {@code open} do.
   *
   * @throws java.net.UnknownHostException if the TCP host does not resolve
   * @throws PptTimeoutException if the connect timeout elapsed
   * @throws java.net.ConnectException if the connection was refused or the socket is missing
   */
  default SocketChannel openChannel(Duration connectTimeout) throws IOException {
    Objects.requireNonNull(connectTimeout, "connectTimeout == null");
    return ChannelTransport.openBlocking(this, connectTimeout.toMillis());
  }

  /** A TCP endpoint. */
  record Tcp(String host, int port) implements PptEndpoint {
    public Tcp {
      Objects.requireNonNull(host, "host == null");
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException("port was " + port + ", must be 1-65535");
      }
    }

    @Override
    public String toString() {
      return host + ":" + port;
    }
  }

  /** A Unix domain socket endpoint. */
  record Unix(Path socket) implements PptEndpoint {
    public Unix {
      Objects.requireNonNull(socket, "socket == null");
      if (socket.toString().isEmpty()) {
        throw new IllegalArgumentException("socket was empty, must name a socket file");
      }
    }

    @Override
    public String toString() {
      return "unix:" + socket;
    }
  }
}
