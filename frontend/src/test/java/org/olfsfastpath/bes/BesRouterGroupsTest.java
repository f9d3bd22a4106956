package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.emulator.EmulatorExtension;
import org.olfsfastpath.emulator.RecordedRequest;
import org.olfsfastpath.emulator.dap.Datasets;

/**
 * Two groups whose BES have different catalogs, through one router: each answers its own datasets
 * under its own prefix, its BES sees the path without the prefix, and the site map holds each
 * group's catalog under its prefix.
 */
final class BesRouterGroupsTest {
  @RegisterExtension
  final EmulatorExtension rootBes =
      EmulatorExtension.create(
          b ->
              b.faithfulWrites(false)
                  .builtInDatasets(Map.of("alpha.nc", Datasets.generic("alpha.nc"))));

  @RegisterExtension
  final EmulatorExtension archiveBes =
      EmulatorExtension.create(
          b ->
              b.faithfulWrites(false)
                  .builtInDatasets(Map.of("beta.nc", Datasets.generic("beta.nc"))));

  private BesRouter router;

  @BeforeEach
  void start() {
    router =
        BesRouter.of(
            BesGroup.newBuilder()
                .prefix("/")
                .addMember(BesClient.newBuilder().endpoint(rootBes.endpoint()).build())
                .build(),
            BesGroup.newBuilder()
                .prefix("/archive/")
                .addMember(BesClient.newBuilder().endpoint(archiveBes.endpoint()).build())
                .build());
  }

  @AfterEach
  void stop() {
    router.close();
  }

  private BesNode showNode(String catalogPath) throws IOException {
    return router.showNode(catalogPath, Caller.INTERNAL);
  }

  private String das(String catalogPath) throws IOException {
    try (BesResponse response =
        router.get(GetRequest.of(catalogPath, BesGetType.DAS, ""), Caller.INTERNAL)) {
      return new String(response.body().readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void showBesKey_asksTheBesThatServesThePath() throws Exception {
    assertEquals(
        List.of("support@opendap.org"), router.showBesKey("/archive/beta.nc", "SupportEmail"));
    RecordedRequest sent = archiveBes.emulator().takeRequest(5, TimeUnit.SECONDS);
    assertTrue(sent.xml().contains("<showBesKey key=\"SupportEmail\"/>"), sent.xml());
    assertEquals(9, router.showBesKey("/alpha.nc", "BES.ServerAdministrator").size());
  }

  @Test
  void eachGroupAnswersItsOwnDatasets() throws Exception {
    assertEquals("/alpha.nc", showNode("/alpha.nc").name());
    assertEquals("/beta.nc", showNode("/archive/beta.nc").name());
    assertTrue(das("/alpha.nc").contains("temperature"));
    assertTrue(das("/archive/beta.nc").contains("temperature"));

    RecordedRequest sent = archiveBes.emulator().takeRequest(5, TimeUnit.SECONDS);
    assertTrue(sent.xml().contains("node=\"/beta.nc\""), "prefix stripped: " + sent.xml());
    sent = archiveBes.emulator().takeRequest(5, TimeUnit.SECONDS);
    assertTrue(sent.xml().contains(">/beta.nc</setContainer>"), sent.xml());
    assertEquals(2, rootBes.emulator().requestCount());
    assertEquals(2, archiveBes.emulator().requestCount());
  }

  @Test
  void aDatasetOfTheOtherGroup_notFound() {
    assertTrue(
        assertThrows(BesErrorException.class, () -> showNode("/archive/alpha.nc"))
            .error()
            .isNotFound());
    assertTrue(
        assertThrows(BesErrorException.class, () -> showNode("/beta.nc")).error().isNotFound());
    // Not a whole segment: the root group's BES is asked, and does not have it.
    assertTrue(
        assertThrows(BesErrorException.class, () -> showNode("/archived/beta.nc"))
            .error()
            .isNotFound());
    assertEquals(2, rootBes.emulator().commandCount("showNode"));
    assertEquals(1, archiveBes.emulator().commandCount("showNode"));
  }

  @Test
  void thePrefixItself_isTheGroupsRoot() throws IOException {
    BesNode root = showNode("/archive");
    assertEquals(List.of("beta.nc"), root.children().stream().map(BesNode::name).toList());
    assertSame(router.groups().get(1), router.route("/archive/").group());
    assertEquals(
        List.of("/", "/archive"), router.stats().stream().map(BesGroupStats::prefix).toList());
  }

  @Test
  void groupOf_namesThePrefixOfTheGroupThatServesThePath() {
    assertEquals("/", router.groupOf("/alpha.nc"));
    assertEquals("/archive", router.groupOf("/archive/beta.nc"));
    assertEquals("/archive", router.groupOf("/archive"));
    assertEquals("/", router.groupOf("/archived/beta.nc"));
  }

  @Test
  void theSiteMap_holdsEveryGroupsCatalogUnderItsPrefix_once() throws IOException {
    String siteMap =
        new String(
            router.buildSiteMap("http://x/", "contents.html", ".html"), StandardCharsets.UTF_8);

    assertTrue(siteMap.contains("http://x/alpha.nc.html\n"), siteMap);
    assertTrue(siteMap.contains("http://x/archive/beta.nc.html\n"), siteMap);
    assertTrue(!siteMap.contains("http://x/beta.nc"), siteMap);
    assertEquals(1, rootBes.emulator().commandCount("buildSiteMap"));
    assertEquals(1, archiveBes.emulator().commandCount("buildSiteMap"));
  }
}
