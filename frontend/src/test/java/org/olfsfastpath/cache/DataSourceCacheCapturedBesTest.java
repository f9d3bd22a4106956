package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.bes.BesClient;
import org.olfsfastpath.bes.BesError;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.ppt.PptFraming;

/**
 * The cache in front of the real BES client, replaying the BES's own showNode answers (the
 * shared captures) over PPT and counting the commands that reach the "BES": cold costs one
 * showNode, warm none, a missing dataset one and then none while its negative entry lives.
 */
final class DataSourceCacheCapturedBesTest {
  /** Captured answer per showNode path; anything else gets the captured "not found" answer. */
  private static final Map<String, String> CAPTURES = Map.of(
      "/coads_climatology.nc", "showNode_coads",
      "/nc", "showNode_dir_nc",
      "/", "showNode_root");
  private static final String MISSING = "extra_showNode_missing";

  private Path captures;
  private CapturedBes bes;
  private BesClient client;
  private DataSourceCache cache;

  @BeforeEach
  void setUp() throws IOException {
    String shared = System.getProperty("shared.dir");
    captures = shared == null ? null : Path.of(shared, "bes-captures");
    assumeTrue(captures != null && Files.isRegularFile(captures.resolve(MISSING + ".wire")),
        "skipped: the shared BES captures are not here (system property shared.dir="
            + shared + "); they exist only on the project's own machines");
    bes = new CapturedBes(captures);
    client = BesClient.newBuilder()
        .endpoint(PptEndpoint.tcp("127.0.0.1", bes.port()))
        .build();
    cache = DataSourceCache.newBuilder().loader(client::showNode).build();
  }

  @AfterEach
  void tearDown() throws IOException {
    if (cache != null) {
      cache.close();
    }
    if (client != null) {
      client.close();
    }
    if (bes != null) {
      bes.close();
    }
  }

  @Test
  void coldCostsOneShowNodeAndWarmCostsNone() throws IOException {
    DataSource coads = cache.lookup("/coads_climatology.nc");
    for (int i = 0; i < 10; i++) {
      cache.lookup("/coads_climatology.nc");
    }

    assertEquals(List.of("/coads_climatology.nc"), bes.showNodes);
    assertEquals(new DataSource("/coads_climatology.nc", true,
        Instant.parse("2026-11-22T01:52:59Z"), 3_114_044, false, List.of()), coads);
  }

  @Test
  void missingDatasetCostsOneShowNodeThenNone() {
    for (int i = 0; i < 5; i++) {
      BesErrorException e =
          assertThrows(BesErrorException.class, () -> cache.lookup("/no_such.nc"));
      assertEquals(BesError.NOT_FOUND, e.error().type());
    }

    assertEquals(List.of("/no_such.nc"), bes.showNodes);
    assertEquals(1, cache.stats().notFoundCount());
    assertEquals(4, cache.stats().negativeHitCount());
  }

  @Test
  void directoryListingIsCachedWithItsChildren() throws IOException {
    DataSource root = cache.lookup("/");
    cache.lookup("/");

    assertTrue(root.isDirectory());
    assertEquals(List.of("nc", "bears.nc", "coads_climatology.nc", "fnoc1.nc", "test.nc"),
        root.children().stream().map(DataSource.Child::name).toList());
    assertTrue(root.children().get(0).isDirectory());
    assertEquals(List.of("/"), bes.showNodes);
  }

  /** A PPT server on loopback that answers each showNode with the captured wire bytes. */
  private static final class CapturedBes implements Closeable {
    private static final Pattern NODE = Pattern.compile("<showNode node=\"([^\"]*)\"");

    final List<String> showNodes = new CopyOnWriteArrayList<>();
    private final Path captures;
    private final ServerSocket server;
    private final Thread acceptor;

    CapturedBes(Path captures) throws IOException {
      this.captures = captures;
      this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      this.acceptor = new Thread(this::acceptLoop, "captured-bes");
      acceptor.setDaemon(true);
      acceptor.start();
    }

    int port() {
      return server.getLocalPort();
    }

    private void acceptLoop() {
      while (!server.isClosed()) {
        try {
          Socket socket = server.accept();
          Thread connection = new Thread(() -> serve(socket), "captured-bes-connection");
          connection.setDaemon(true);
          connection.start();
        } catch (IOException e) {
          return; // closed
        }
      }
    }

    private void serve(Socket socket) {
      try (socket) {
        DataInputStream in = new DataInputStream(socket.getInputStream());
        OutputStream out = socket.getOutputStream();
        byte[] handshake = new byte[PptFraming.CLIENT_HANDSHAKE.length()];
        in.readFully(handshake);
        out.write(PptFraming.SERVER_OK.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        while (true) {
          String request = readMessage(in);
          if (request == null) {
            return;
          }
          Matcher node = NODE.matcher(request);
          if (!node.find()) {
            throw new IOException("expected a showNode command but was " + request);
          }
          showNodes.add(node.group(1));
          String capture = CAPTURES.getOrDefault(node.group(1), MISSING);
          out.write(Files.readAllBytes(captures.resolve(capture + ".wire")));
          out.flush();
        }
      } catch (EOFException e) {
        // the client went away
      } catch (IOException e) {
        if (!server.isClosed()) {
          throw new UncheckedIOException(e);
        }
      }
    }

    /** Reads data chunks up to the end chunk; null when the client says it is leaving. */
    private static String readMessage(DataInputStream in) throws IOException {
      ByteArrayOutputStream payload = new ByteArrayOutputStream();
      byte[] header = new byte[PptFraming.HEADER_LENGTH];
      while (true) {
        in.readFully(header);
        int length = PptFraming.parseLength(header, 0, 1 << 20);
        byte[] chunk = new byte[length];
        in.readFully(chunk);
        if (header[7] == PptFraming.EXTENSION) {
          if (new String(chunk, StandardCharsets.US_ASCII).contains(PptFraming.EXIT_NOW)) {
            return null;
          }
        } else if (length == 0) {
          return payload.toString(StandardCharsets.UTF_8);
        } else {
          payload.write(chunk);
        }
      }
    }

    @Override
    public void close() throws IOException {
      server.close();
    }
  }
}
