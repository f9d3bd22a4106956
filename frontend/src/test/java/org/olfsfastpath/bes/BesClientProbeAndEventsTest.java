package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.emulator.EmulatorExtension;
import org.olfsfastpath.emulator.Fault;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.ppt.PptOptions;
import org.olfsfastpath.ppt.PptTimeoutException;

/** {@link BesClient#probe()} and the command events, against the emulator. */
final class BesClientProbeAndEventsTest {
  @RegisterExtension
  final EmulatorExtension bes = EmulatorExtension.create(b -> b.faithfulWrites(false));

  private final List<String> events = Collections.synchronizedList(new ArrayList<>());
  private final List<Long> nanos = Collections.synchronizedList(new ArrayList<>());
  private BesClient client;

  @BeforeEach
  void start() {
    client =
        BesClient.newBuilder()
            .endpoint(bes.endpoint())
            .pptOptions(PptOptions.newBuilder().handshakeTimeout(Duration.ofMillis(500)).build())
            .eventListener(
                new BesEventListener() {
                  @Override
                  public void commandStart(PptEndpoint endpoint, String command) {
                    events.add("start " + command);
                  }

                  @Override
                  public void commandEnd(
                      PptEndpoint endpoint,
                      String command,
                      long time,
                      @Nullable Throwable failure) {
                    events.add(
                        "end "
                            + command
                            + (failure == null ? "" : " " + failure.getClass().getSimpleName()));
                    nanos.add(time);
                  }
                })
            .build();
  }

  @AfterEach
  void stop() {
    client.close();
  }

  @Test
  void probe_connectsAndHandshakes_sendsNoCommand_keepsTheConnection() throws IOException {
    client.probe();
    assertEquals(1, bes.emulator().connectionCount());
    assertEquals(0, bes.emulator().requestCount());
    assertEquals(1, client.poolStats().idle());
    client.showNode("/coads_climatology.nc");
    assertEquals(1, client.poolStats().created(), "the command used the probe's connection");
    assertEquals(List.of("start showNode", "end showNode"), events, "a probe is no command");
  }

  @Test
  void probe_refused() {
    bes.emulator().pause();
    assertThrows(ConnectException.class, client::probe);
    assertEquals(1, client.poolStats().connectFailures());
  }

  @Test
  void probe_silentHandshake_failsAfterTheHandshakeTimeout() {
    bes.emulator().setConnectionFault(Fault.silentHandshake());
    PptTimeoutException e = assertThrows(PptTimeoutException.class, client::probe);
    assertTrue(e.getMessage().contains("handshake"), e.getMessage());
    assertEquals(0, client.poolStats().total());
  }

  @Test
  void commandEvents_pairedWithTheTimeAndTheFailure() throws IOException {
    client.showNode("/coads_climatology.nc");
    assertInstanceOf(
        BesErrorException.class,
        assertThrows(IOException.class, () -> client.showNode("/nope.nc")));
    try (BesResponse response =
        client.get(GetRequest.of("/coads_climatology.nc", BesGetType.DAS, ""))) {
      response.body().readAllBytes();
    }
    client.showVersion();
    assertEquals(
        List.of(
            "start showNode",
            "end showNode",
            "start showNode",
            "end showNode BesErrorException",
            "start get",
            "end get",
            "start showVersion",
            "end showVersion"),
        events);
    assertTrue(nanos.stream().allMatch(n -> n > 0), nanos.toString());
  }
}
