package org.olfsfastpath.bes;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.TimeUnit;
import org.olfsfastpath.jmh.StandardRun;
import org.olfsfastpath.ppt.PptOptions;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One BES round trip on a kept-open pooled connection, over the three transports: TCP with a plain
 * client (the BES's split writes meet Nagle and the delayed ACK: about 40 ms), TCP with
 * TCP_QUICKACK re-armed before every read, and the Unix socket.
 *
 * <p>Workload: the in-process BES emulator with BES-faithful writes (chunk header and payload
 * written apart, no TCP_NODELAY) and no service time; a {@link BesClient} with one connection,
 * opened in {@code @Setup}. {@code showNode} asks about coads_climatology.nc; {@code getAscii}
 * reads the whole .ascii?COADSX answer.
 *
 * <pre>{@code scripts/jmh --include BesRoundTripBenchmark}</pre>
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class BesRoundTripBenchmark extends StandardRun {
  static final String DATASET = "/coads_climatology.nc";

  /** How the client reaches the BES. */
  public enum Transport {
    TCP_PLAIN,
    TCP_QUICKACK,
    UNIX
  }

  @Param({"TCP_PLAIN", "TCP_QUICKACK", "UNIX"})
  Transport transport;

  EmulatedBes bes;
  BesClient client;
  GetRequest ascii;
  final byte[] sink = new byte[64 * 1024];

  @Setup
  public void setUp() throws IOException {
    bes =
        EmulatedBes.start(
            transport == Transport.UNIX,
            PptOptions.newBuilder().quickAck(transport == Transport.TCP_QUICKACK).build());
    client = bes.client();
    ascii = GetRequest.of(DATASET, BesGetType.ASCII, "COADSX");
    client.showNode(DATASET);
  }

  @TearDown
  public void tearDown() throws IOException {
    bes.close();
  }

  @Benchmark
  public BesNode showNode() throws IOException {
    return client.showNode(DATASET);
  }

  @Benchmark
  public long getAscii() throws IOException {
    long total = 0;
    try (BesResponse response = client.get(ascii)) {
      InputStream body = response.body();
      for (int n; (n = body.read(sink)) >= 0; ) {
        total += n;
      }
    }
    return total;
  }
}
