package org.olfsfastpath.boot;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jdom2.Attribute;
import org.jdom2.Element;
import org.olfsfastpath.json.Json;

/**
 * The parts of an olfs.xml file this front end does not implement, each named with what to do
 * instead where there is an answer: nothing an operator wrote is dropped without a word. The file
 * is walked outside our own {@code FastPath} section (checked strictly elsewhere); every element
 * and attribute that no row of {@link OlfsSettings} reads is listed once, by its place in the file
 * ({@code ThreddsService}, {@code BESManager/SiteMapCache@cacheFile}), and its children are not
 * listed separately. The start logs them in one warning and the status document lists them.
 */
final class IgnoredSettings {
  /** What to do instead, for the upstream settings this front end knows it does not implement. */
  private static final Map<String, String> INSTEAD =
      Map.ofEntries(
          Map.entry(
              "ThreddsService",
              "static THREDDS catalogs are not served (every directory has a"
                  + " catalog.xml made from the BES's catalog); keep them on the upstream OLFS beside"
                  + " this front end"),
          Map.entry("GatewayService", "the gateway is not served; keep it on the upstream OLFS"),
          Map.entry(
              "UseDualCloudWatchLogs",
              "a logback.xml in the configuration directory can add CloudWatch appenders; the"
                  + " HyraxAccess logger and its MDC keys are upstream's"),
          Map.entry("Timer", "request and BES command timings are at /opendap/metrics"),
          Map.entry(
              "ForceLinksToHttps",
              "links are relative; behind a TLS proxy set Tomcat's"
                  + " RemoteIpValve (X-Forwarded-Proto) and FastPath/serviceUrl for the site map"),
          Map.entry("ShowDmrppLink", "no DMR++ links are shown (NGAP deployments only upstream)"),
          Map.entry("RequireUserSelection", "the request forms have no such option"),
          Map.entry(
              "NoDynamicNavigation",
              "directory listings and catalogs are always served; deny"
                  + " them at the proxy to hide them"),
          Map.entry(
              "UseDAP2ResourceUrlResponse",
              "deprecated upstream: use DatasetUrlResponse" + " type=\"download\""),
          Map.entry("PreloadNcmlIntoBes", "not offered"),
          Map.entry(
              "AuthenticationControls",
              "there is no login here: put authentication in a proxy"
                  + " in front, or keep the upstream OLFS"),
          Map.entry(
              "BESManager/BES@name",
              "the log and the status document name each BES by" + " host:port"),
          Map.entry(
              "BESManager/SiteMapCache@cacheFile",
              "the site map is kept in memory, never in a" + " file"),
          Map.entry(
              BotFilterSection.OLD_ELEMENT,
              "the file has a BotFilter, which upstream reads instead"));

  private static final String UNKNOWN = "not a setting this front end knows";

  /**
   * One part of the file that is not implemented.
   *
   * @param setting its place in the file, e.g. {@code ThreddsService} or {@code
   *     BESManager/BES@name}
   * @param instead what to do instead, or that it is unknown
   */
  record Ignored(String setting, String instead) {
    Ignored {
      Objects.requireNonNull(setting, "setting == null");
      Objects.requireNonNull(instead, "instead == null");
    }

    @Override
    public String toString() {
      return setting + " (" + instead + ")";
    }
  }

  private IgnoredSettings() {}

  /** Every part of the file below {@code root} that no setting reads, in file order, once each. */
  static List<Ignored> find(Element root) {
    Set<String> elements = new HashSet<>();
    Set<String> attributes = new HashSet<>();
    for (OlfsSetting setting : OlfsSettings.ALL) {
      String path = setting.elementPath();
      for (int slash = path.indexOf('/'); slash > 0; slash = path.indexOf('/', slash + 1)) {
        elements.add(path.substring(0, slash));
      }
      elements.add(path);
      if (setting.attribute() != null) {
        attributes.add(setting.path());
      }
      if (setting.kind() == OlfsSetting.Kind.HYRAX_SIZE) {
        attributes.add(path + "@units");
      }
    }
    // Upstream reads BotBlocker only when there is no BotFilter.
    boolean oldName = root.getChild(BotFilterSection.ELEMENT) == null;
    Map<String, Ignored> found = new LinkedHashMap<>();
    for (Element child : root.getChildren()) {
      if (child.getName().equals(OlfsSettings.FAST_PATH)) {
        continue;
      }
      walk(child, name(child, oldName), elements, attributes, found);
    }
    return List.copyOf(found.values());
  }

  /** The name a top-level element has in the table: BotBlocker reads as BotFilter. */
  private static String name(Element element, boolean oldName) {
    return oldName && element.getName().equals(BotFilterSection.OLD_ELEMENT)
        ? BotFilterSection.ELEMENT
        : element.getName();
  }

  private static void walk(
      Element element,
      String path,
      Set<String> elements,
      Set<String> attributes,
      Map<String, Ignored> found) {
    if (!elements.contains(path)) {
      String shown = shown(element, path);
      found.putIfAbsent(shown, new Ignored(shown, INSTEAD.getOrDefault(shown, UNKNOWN)));
      return;
    }
    for (Attribute attribute : element.getAttributes()) {
      String attributePath = path + "@" + attribute.getName();
      if (!attributes.contains(attributePath)) {
        String shown = shown(element, attributePath);
        found.putIfAbsent(shown, new Ignored(shown, INSTEAD.getOrDefault(shown, UNKNOWN)));
      }
    }
    List<Element> children = new ArrayList<>(element.getChildren());
    for (Element child : children) {
      walk(child, path + "/" + child.getName(), elements, attributes, found);
    }
  }

  /** The place as the file writes it (BotBlocker stays BotBlocker in messages). */
  private static String shown(Element element, String path) {
    Element top = element;
    while (top.getParentElement() != null && top.getParentElement().getParentElement() != null) {
      top = top.getParentElement();
    }
    if (top.getName().equals(BotFilterSection.OLD_ELEMENT)
        && path.startsWith(BotFilterSection.ELEMENT)) {
      return BotFilterSection.OLD_ELEMENT + path.substring(BotFilterSection.ELEMENT.length());
    }
    return path;
  }

  /** The status document's section: one object per setting, its place and what to do instead. */
  static List<Object> statusSection(List<Ignored> ignored) {
    List<Object> list = new ArrayList<>();
    for (Ignored one : ignored) {
      list.add(Json.fields(one));
    }
    return list;
  }
}
