package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.olfsfastpath.emulator.EmulatorExtension;

/**
 * A pool's reserve for short requests: requests whose answer may be long (a get streamed at its
 * client's pace) never take its last connections, so a short one (a showNode, a metadata get) is
 * answered while long ones hold every other connection; and how the reserve is written.
 */
final class BesPoolReserveTest {
  private static final GetRequest DAS = GetRequest.of("/coads_climatology.nc", BesGetType.DAS, "");

  @RegisterExtension
  final EmulatorExtension bes = EmulatorExtension.create(b -> b.faithfulWrites(false));

  private final List<BesResponse> held = new ArrayList<>();
  private BesClient client;

  @AfterEach
  void stop() {
    held.forEach(BesResponse::close);
    if (client != null) {
      client.close();
    }
  }

  private BesClient client(int max, String reserve) {
    return BesClient.newBuilder()
        .endpoint(bes.endpoint())
        .maxConnections(max)
        .reserve(reserve)
        .acquireTimeout(Duration.ofMillis(200))
        .build();
  }

  @Test
  void longRequests_leaveTheReserve_toShortOnes() throws Exception {
    client = client(4, "1");
    for (int i = 0; i < 3; i++) {
      held.add(client.send(BesCommand.GET, DAS, Caller.INTERNAL_LONG));
    }
    BesLimitException e =
        assertThrows(
            BesLimitException.class, () -> client.send(BesCommand.GET, DAS, Caller.INTERNAL_LONG));
    assertEquals(BesLimitException.Limit.RESERVE, e.limit());
    assertEquals(
        "every BES connection that long downloads may use is busy (3 of the 4 to this"
            + " BES; the other 1 are kept for short requests such as metadata) and none came free in"
            + " 200 ms; retry shortly",
        e.getMessage());

    // The reserve answers short requests meanwhile: a showNode, and a get known to be short.
    assertEquals("/coads_climatology.nc", client.showNode("/coads_climatology.nc").name());
    try (BesResponse metadata = client.send(BesCommand.GET, DAS, Caller.INTERNAL)) {
      assertTrue(metadata.body().readAllBytes().length > 0);
    }

    BesPoolStats stats = client.poolStats();
    assertEquals(1, stats.reserved());
    assertEquals(3, stats.longInUse());
    assertEquals(1, stats.reserveRefusals());

    // A long request's connection given back is one the next long request may take.
    held.remove(0).close();
    held.add(client.send(BesCommand.GET, DAS, Caller.INTERNAL_LONG));
    assertEquals(3, client.poolStats().longInUse());
  }

  @Test
  void shortRequests_mayTakeEveryConnection() throws Exception {
    client = client(3, "1");
    for (int i = 0; i < 3; i++) {
      held.add(client.send(BesCommand.GET, DAS, Caller.INTERNAL));
    }
    assertThrows(
        BesPoolExhaustedException.class, () -> client.send(BesCommand.GET, DAS, Caller.INTERNAL));
    assertEquals(0, client.poolStats().longInUse());
  }

  @Test
  void noReserve_longRequestsTakeEveryConnection() throws Exception {
    client = client(3, "0");
    for (int i = 0; i < 3; i++) {
      held.add(client.send(BesCommand.GET, DAS, Caller.INTERNAL_LONG));
    }
    assertThrows(
        BesPoolExhaustedException.class,
        () -> client.send(BesCommand.GET, DAS, Caller.INTERNAL_LONG));
    assertEquals(0, client.poolStats().reserved());
  }

  @ParameterizedTest(name = "{0} of {1} connections is {2}")
  @CsvSource({
    "10%, 32, 3",
    "10%, 200, 20",
    "10%, 2, 1",
    "10%, 1, 0",
    "0, 32, 0",
    "4, 32, 4",
    "25%, 8, 2",
    "100%, 8, 7",
    "50, 8, 7",
    "0%, 8, 0"
  })
  void reserve_ofMaxConnections(String reserve, int max, int reserved) {
    BesClientBuilder builder = BesClient.newBuilder().maxConnections(max).reserve(reserve);
    assertEquals(reserved, builder.getReservedConnections());
    assertEquals(reserve, builder.getReserve());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "ten | reserve was 'ten', must be a count of connections (8) or a percentage of them (25%)",
        "101% | reserve was 101%, must be 0%-100%",
        "-1 | reserve was -1, must be a count 0-10000 or a percentage",
        "4.5% | reserve was '4.5%', must be a count of connections (8) or a percentage of them (25%)"
      })
  void reserve_refusedValues(String value, String message) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> BesClient.newBuilder().reserve(value));
    assertEquals(message, e.getMessage());
  }
}
