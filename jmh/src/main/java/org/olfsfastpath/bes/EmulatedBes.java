package org.olfsfastpath.bes;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.emulator.BesEmulatorBuilder;
import org.olfsfastpath.ppt.PptOptions;

/**
 * The in-process BES emulator (BES-faithful writes, no service time) and a one-connection {@link
 * BesClient} to it, over loopback TCP or the emulator's Unix socket: what the round-trip and
 * cache-miss benchmarks measure against. Opened in a {@code @Setup}, closed in the
 * {@code @TearDown}.
 */
public record EmulatedBes(Path socketDir, BesEmulator emulator, BesClient client)
    implements Closeable {
  /**
   * Starts the emulator and a client to it.
   *
   * @param unixSocket true for the Unix socket, false for TCP
   * @param options the client's PPT options (e.g. QUICKACK on or off; ignored over the Unix socket)
   */
  public static EmulatedBes start(boolean unixSocket, PptOptions options) throws IOException {
    Path socketDir = Files.createTempDirectory("olfs-jmh-bes");
    BesEmulatorBuilder builder = BesEmulator.newBuilder().port(0);
    if (unixSocket) {
      builder.unixSocket(socketDir.resolve("bes.sock"));
    }
    BesEmulator emulator = builder.build();
    emulator.start();
    BesClient client =
        BesClient.newBuilder()
            .endpoint(unixSocket ? emulator.unixEndpoint() : emulator.endpoint())
            .pptOptions(options)
            .maxConnections(1)
            .build();
    return new EmulatedBes(socketDir, emulator, client);
  }

  @Override
  public void close() throws IOException {
    client.close();
    emulator.close();
    Files.deleteIfExists(socketDir.resolve("bes.sock"));
    Files.deleteIfExists(socketDir);
  }
}
