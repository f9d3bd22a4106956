package org.olfsfastpath.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.bes.BesClient;
import org.olfsfastpath.bes.BesCommand;
import org.olfsfastpath.bes.BesError;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.emulator.BesReply;
import org.olfsfastpath.emulator.Dispatcher;
import org.olfsfastpath.emulator.EmulatorExtension;
import org.olfsfastpath.emulator.RecordedRequest;
import org.olfsfastpath.testing.Captures;

/**
 * The cache in front of the real BES client, the emulator answering each showNode with the real
 * BES's captured wire bytes, and counting the commands that reach the "BES": cold costs one
 * showNode, warm none, a missing dataset one and then none while its negative entry lives.
 */
final class DataSourceCacheCapturedBesTest {
  /** Captured answer per showNode path; anything else gets the captured "not found" answer. */
  private static final Map<String, String> CAPTURES =
      Map.of(
          "/coads_climatology.nc", "showNode_coads",
          "/nc", "showNode_dir_nc",
          "/", "showNode_root");

  private static final String MISSING = "extra_showNode_missing";

  private final CapturedShowNodes replay = new CapturedShowNodes();

  @RegisterExtension
  final EmulatorExtension bes = EmulatorExtension.create(b -> b.dispatcher(replay));

  private BesClient client;
  private DataSourceCache cache;

  @BeforeEach
  void setUp() {
    Captures.dir();
    client = BesClient.newBuilder().endpoint(bes.endpoint()).build();
    cache =
        DataSourceCache.newBuilder()
            .loader((path, caller) -> client.send(BesCommand.SHOW_NODE, path, caller))
            .build();
  }

  @AfterEach
  void tearDown() {
    if (cache != null) {
      cache.close();
    }
    if (client != null) {
      client.close();
    }
  }

  @Test
  void coldCostsOneShowNodeAndWarmCostsNone() throws IOException {
    DataSource coads = cache.lookup("/coads_climatology.nc");
    for (int i = 0; i < 10; i++) {
      cache.lookup("/coads_climatology.nc");
    }

    assertEquals(List.of("/coads_climatology.nc"), replay.showNodes);
    assertEquals(
        new DataSource(
            "/coads_climatology.nc",
            true,
            Instant.parse("2026-11-22T01:52:59Z"),
            3_114_044,
            false,
            List.of()),
        coads);
  }

  @Test
  void missingDatasetCostsOneShowNodeThenNone() {
    for (int i = 0; i < 5; i++) {
      BesErrorException e =
          assertThrows(BesErrorException.class, () -> cache.lookup("/no_such.nc"));
      assertEquals(BesError.NOT_FOUND, e.error().type());
    }

    assertEquals(List.of("/no_such.nc"), replay.showNodes);
    assertEquals(1, cache.stats().notFoundCount());
    assertEquals(4, cache.stats().negativeHitCount());
  }

  @Test
  void directoryListingIsCachedWithItsChildren() throws IOException {
    DataSource root = cache.lookup("/");
    cache.lookup("/");

    assertTrue(root.isDirectory());
    assertEquals(
        List.of("nc", "bears.nc", "coads_climatology.nc", "fnoc1.nc", "test.nc"),
        root.children().stream().map(DataSource.Child::name).toList());
    assertTrue(root.children().get(0).isDirectory());
    assertEquals(List.of("/"), replay.showNodes);
  }

  /** Answers each showNode with the captured wire bytes of the real BES, and lists the paths. */
  private static final class CapturedShowNodes extends Dispatcher {
    private static final Pattern NODE = Pattern.compile("<showNode node=\"([^\"]*)\"");

    final List<String> showNodes = new CopyOnWriteArrayList<>();

    @Override
    public BesReply dispatch(RecordedRequest request) {
      Matcher node = NODE.matcher(request.xml());
      if (!node.find()) {
        return BesReply.error(BesError.SYNTAX_USER, "expected a showNode command");
      }
      showNodes.add(node.group(1));
      try {
        return BesReply.wire(Captures.wire(CAPTURES.getOrDefault(node.group(1), MISSING)));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
