package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.olfsfastpath.ppt.PptEndpoint;

/**
 * The routing table: longest prefix matched on whole path segments, the prefix stripped, the {@code
 * /} group for the rest. No BES is contacted: routing never sends a command.
 */
final class BesRouterTest {
  private final List<BesGroup> built = new ArrayList<>();
  private int port = 20_000;

  @AfterEach
  void close() {
    built.forEach(BesGroup::close);
  }

  private BesGroup group(String prefix) {
    BesGroup group =
        BesGroup.newBuilder()
            .prefix(prefix)
            .addMember(
                BesClient.newBuilder().endpoint(PptEndpoint.tcp("127.0.0.1", port++)).build())
            .build();
    built.add(group);
    return group;
  }

  /** Prefixes as olfs.xml writes them: trailing slashes or not, overlapping. */
  private BesRouter router() {
    return BesRouter.of(
        group("/"), group("/data/"), group("/data/nc"), group("/database/"), group("archive"));
  }

  @ParameterizedTest(name = "{0} -> group {1}, path {2}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      /x.nc                  | /          | /x.nc
      /                      | /          | /
      ''                     | /          | /
      /nc/x.nc               | /          | /nc/x.nc
      /data                  | /data      | /
      /data/                 | /data      | /
      /data/x.nc             | /data      | /x.nc
      /data/sub/x.nc         | /data      | /sub/x.nc
      /data/sub/             | /data      | /sub/
      /data/nc               | /data/nc   | /
      /data/nc/              | /data/nc   | /
      /data/nc/x.nc          | /data/nc   | /x.nc
      /data/nc/deep/x.nc     | /data/nc   | /deep/x.nc
      /data/ncx/x.nc         | /data      | /ncx/x.nc
      /data/n                | /data      | /n
      /database              | /database  | /
      /database/x.nc         | /database  | /x.nc
      /datab/x.nc            | /          | /datab/x.nc
      /dataset/x.nc          | /          | /dataset/x.nc
      /data.nc               | /          | /data.nc
      /dat                   | /          | /dat
      /archive/2020/x.nc     | /archive   | /2020/x.nc
      /archive.old/x.nc      | /          | /archive.old/x.nc
      /x/data/x.nc           | /          | /x/data/x.nc
      """)
  void route_longestWholeSegmentPrefix_stripped(String path, String prefix, String stripped) {
    BesRouter.Route route = router().route(path);
    assertEquals(prefix, route.prefix());
    assertEquals(prefix, route.group().prefix());
    assertEquals(stripped, route.path());
  }

  @Test
  void route_onlyTheRootGroup_pathsUnchanged() {
    BesGroup root = group("/");
    BesRouter router = BesRouter.of(root);
    assertSame(root, router.route("/data/x.nc").group());
    assertEquals("/data/x.nc", router.route("/data/x.nc").path());
    assertEquals("/", router.route("").path());
    assertSame(root, router.rootGroup());
  }

  @Test
  void route_pathWithoutLeadingSlash_refused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> router().route("data/x.nc"));
    assertEquals("catalogPath was data/x.nc, must start with /", e.getMessage());
  }

  @Test
  void of_withoutRootGroup_refusedNamingThePrefixes() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> BesRouter.of(group("/data/"), group("/nc")));
    assertEquals(
        "no BES group has the prefix /, which serves every path the other prefixes do"
            + " not; add a BES with <prefix>/</prefix> (prefixes given: /data, /nc)",
        e.getMessage());
  }

  @Test
  void of_twoGroupsOfOnePrefix_refused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> BesRouter.of(group("/"), group("/data"), group("/data/")));
    assertEquals(
        "two BES groups have the prefix /data; list every BES of one prefix in one group"
            + " (prefixes given: /, /data, /data)",
        e.getMessage());
  }

  @Test
  void of_noGroup_refused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> BesRouter.of(List.of()));
    assertEquals(
        "no BES group was given; a router needs at least the group of prefix /", e.getMessage());
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      /             | /
      //            | /
      /data/        | /data
      /data         | /data
      data          | /data
      data/         | /data
      ' /data/nc/ ' | /data/nc
      /data///      | /data
      """)
  void normalizePrefix_slashesOptional(String given, String normalized) {
    assertEquals(normalized, BesRouter.normalizePrefix(given));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      /a//b       | prefix was /a//b, must not hold an empty, . or .. segment
      /data/../x  | prefix was /data/../x, must not hold an empty, . or .. segment
      /./x        | prefix was /./x, must not hold an empty, . or .. segment
      '  '        | prefix was empty, must be a catalog path such as / or /data/
      """)
  void normalizePrefix_refused(String given, String message) {
    assertEquals(
        message,
        assertThrows(IllegalArgumentException.class, () -> BesRouter.normalizePrefix(given))
            .getMessage());
  }
}
