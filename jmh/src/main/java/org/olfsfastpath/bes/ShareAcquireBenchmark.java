package org.olfsfastpath.bes;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.olfsfastpath.jmh.StandardRun;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * What fair shares add to each BES command: taking a turn at a group's connections and giving it
 * back ({@code ClientShares.acquire} and {@code release}), for a client already present in the
 * group (one request of it holds a place throughout, as a client with a download under way would),
 * from four threads at once, each its own client or all one client. No BES is involved: this is the
 * cost a command pays before its pool lease while a connection is free and nobody waits. Lock-free
 * (compare-and-sets on the client's count and the group's free connections, one word); run with the
 * gc profiler (scripts/jmh does) for the allocations per command, which should be none.
 *
 * <pre>{@code scripts/jmh --include ShareAcquireBenchmark}</pre>
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Threads(4)
public class ShareAcquireBenchmark extends StandardRun {
  /** {@code distinct}: each thread its own client; {@code shared}: all four the same one. */
  @Param({"distinct", "shared"})
  public String clients;

  ClientShares shares;
  ClientShares.Share[] held;

  @Setup
  public void setUp() throws IOException {
    shares =
        new ClientShares(
            "/",
            new ConnectionTurns(32, 29, true),
            8,
            TimeUnit.SECONDS.toNanos(5),
            TimeUnit.SECONDS.toNanos(120),
            () -> false,
            PoolClock.SYSTEM);
    held = new ClientShares.Share[4];
    for (int i = 0; i < held.length; i++) {
      held[i] = shares.acquire(Caller.longRequest("192.0.2." + i));
    }
  }

  @TearDown
  public void tearDown() {
    for (ClientShares.Share share : held) {
      shares.release(share, true);
    }
  }

  @Benchmark
  public ClientShares.Share acquireAndRelease(Client client) throws IOException {
    ClientShares.Share share = shares.acquire(client.caller(clients.equals("shared")));
    shares.release(share, true);
    return share;
  }

  /** Each thread's caller, built once: a request names its client in a Caller it has anyway. */
  @State(Scope.Thread)
  public static class Client {
    Caller own;
    final Caller common = Caller.longRequest("192.0.2.0");

    @Setup
    public void setUp(ThreadParams thread) {
      own = Caller.longRequest("192.0.2." + (thread.getThreadIndex() & 3));
    }

    Caller caller(boolean shared) {
      return shared ? common : own;
    }
  }
}
