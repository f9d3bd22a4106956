package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.emulator.Fault;
import org.olfsfastpath.ppt.PptOptions;
import org.olfsfastpath.ppt.PptTimeoutException;

/** A BES stuck mid-message: part of the answer arrives, then nothing, and the socket stays open. */
final class StallMidResponseFaultTest {
  @Test
  void stallMidResponse_sendsHalfTheAnswerThenNothing() throws Exception {
    try (BesEmulator bes = BesEmulator.newBuilder().faithfulWrites(false).build()) {
      bes.start();
      // Long enough for the emulator's cold first answer, short enough for a quick test.
      PptOptions options = PptOptions.newBuilder().readTimeout(Duration.ofSeconds(1)).build();
      try (BesClient client =
          BesClient.newBuilder().endpoint(bes.endpoint()).pptOptions(options).build()) {
        GetRequest dods = GetRequest.of("/coads_climatology.nc", BesGetType.DODS, "");
        byte[] whole;
        try (BesResponse response = client.get(dods)) {
          whole = response.body().readAllBytes();
        }
        bes.enqueueFault(Fault.stallMidResponse());
        AtomicLong read = new AtomicLong();
        try (BesResponse response = client.get(dods)) {
          InputStream body = response.body();
          byte[] buffer = new byte[8192];
          PptTimeoutException timeout =
              assertThrows(
                  PptTimeoutException.class,
                  () -> {
                    int n;
                    while ((n = body.read(buffer)) >= 0) {
                      read.addAndGet(n);
                    }
                  });
          assertTrue(
              timeout.getMessage().startsWith("read timeout of 1000 ms"), timeout.getMessage());
        }
        assertEquals(whole.length / 2, read.get(), "half the answer, then the stall");
        assertEquals(2, bes.commandCount("get"));
        assertEquals(0, client.poolStats().total(), "the stalled connection was discarded");
      }
    }
  }
}
