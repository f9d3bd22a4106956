package org.olfsfastpath.soak;

import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * A slow reader's answer handed from the request's thread to the spool in a real container: the
 * request's thread writes the answer straight from the BES in non-blocking mode until the slow
 * client would not take a write at once, then the spool's producer reads the rest and the
 * container's write callbacks feed the client. The BES connection must be back in the pool while
 * the client still reads, and the client, read on at full speed, must get the answer byte-equal to
 * a fast download. Written once for the integration tests of each Tomcat.
 */
public final class HandOffCheck {
  private HandOffCheck() {}

  /**
   * Runs the check against the front end at {@code port} for {@code target} (an answer of many
   * megabytes).
   *
   * @return null when it holds, else what went wrong
   */
  public static @Nullable String run(int port, String target) throws Exception {
    SlowDownload.Result fast = new SlowDownload(port, target, 0, 1 << 20).call();
    if (fast.status() != 200 || !fast.complete()) {
      return "a fast download got " + fast.outcome() + ": " + fast.failure();
    }
    StatusDocument before = StatusDocument.fetch(port);
    ExecutorService thread = Executors.newSingleThreadExecutor();
    try {
      SlowDownload slow = new SlowDownload(port, target, 20_000, 16 * 1024);
      Future<SlowDownload.Result> result = thread.submit(slow);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      boolean handed = false;
      StatusDocument now = before;
      while (System.nanoTime() < deadline) {
        now = StatusDocument.fetch(port);
        if (now.get("spool", "handOffs") > before.get("spool", "handOffs")
            && now.get("spool", "earlyReleases") > before.get("spool", "earlyReleases")
            && now.get("pool", "inUse") == 0) {
          handed = true;
          break;
        }
        Thread.sleep(50);
      }
      long read = slow.received();
      slow.readAtFullSpeed();
      SlowDownload.Result got = result.get(120, TimeUnit.SECONDS);
      if (!handed) {
        return "the slow answer was not handed to the spool with its connection back: spool "
            + now.sections().get("spool")
            + ", pool "
            + now.sections().get("pool");
      }
      if (read >= fast.bytes() / 2) {
        return "the slow client had read " + read + " bytes before its connection was back";
      }
      if (got.status() != 200 || !got.complete() || got.bytes() != fast.bytes()) {
        return "the slow download got "
            + got.outcome()
            + ", "
            + got.bytes()
            + " bytes of "
            + fast.bytes()
            + ": "
            + got.failure();
      }
      if (!Objects.equals(fast.sha256(), got.sha256())) {
        return "the slow download differs from the fast one";
      }
      return null;
    } finally {
      thread.shutdownNow();
    }
  }
}
