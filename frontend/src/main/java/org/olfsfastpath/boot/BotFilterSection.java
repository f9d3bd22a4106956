package org.olfsfastpath.boot;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jdom2.Element;
import org.olfsfastpath.spec.SpecException;
import org.olfsfastpath.web.BotRules;

/**
 * The bot filter's section of an olfs.xml file as read, before anything is checked: upstream's
 * {@code BotFilter}, or the older {@code BotBlocker} when the file has no {@code BotFilter}. Each
 * setting is a list of values by the settings table's key, which {@code
 * org.olfsfastpath.web.BotRulesBuilder} takes.
 *
 * @param element {@code BotFilter} or {@code BotBlocker}, whichever the file holds, for messages
 * @param values each setting's values in file order, by the table's key; absent keys have none
 */
record BotFilterSection(String element, Map<String, List<String>> values) {
  /** Upstream's element, and the older name it reads when that one is absent. */
  static final String ELEMENT = "BotFilter";

  static final String OLD_ELEMENT = "BotBlocker";

  static final BotFilterSection NONE = new BotFilterSection(ELEMENT, Map.of());

  BotFilterSection {
    Objects.requireNonNull(element, "element == null");
    Map<String, List<String>> copy = new LinkedHashMap<>();
    values.forEach((key, list) -> copy.put(key, List.copyOf(list)));
    values = Map.copyOf(copy);
  }

  /** Reads the section of an olfs.xml file: {@code BotFilter}, else {@code BotBlocker}. */
  static BotFilterSection read(Element root) {
    Element section = root.getChild(ELEMENT);
    if (section == null) {
      section = root.getChild(OLD_ELEMENT);
    }
    if (section == null) {
      return NONE;
    }
    Map<String, List<String>> values = new LinkedHashMap<>();
    for (OlfsSetting setting : OlfsSettings.ALL) {
      if (setting.layer() != OlfsSetting.Layer.BOT_FILTER) {
        continue;
      }
      String name = setting.path().substring(ELEMENT.length() + 1);
      List<String> found = new ArrayList<>();
      for (Element child : section.getChildren(name)) {
        found.add(setting.kind() == OlfsSetting.Kind.FLAG ? "true" : child.getTextTrim());
      }
      if (!found.isEmpty()) {
        values.put(setting.key(), found);
      }
    }
    return new BotFilterSection(section.getName(), values);
  }

  /**
   * The configuration error for a value the rules refused: it names the file, the setting's place
   * under the element the file uses ({@code BotBlocker/IpMatch} in an older file), the value as
   * written and why.
   */
  ConfigurationException refused(String source, SpecException e) {
    return new ConfigurationException(
        source + ": " + element + "/" + child(e.key()) + " was '" + e.value() + "': " + e.reason(),
        e);
  }

  /** The element under the filter's that a setting's key stands for, e.g. {@code IpMatch}. */
  static String child(String key) {
    return OlfsSettings.ALL.stream()
        .filter(s -> s.key().equals(key) && s.layer() == OlfsSetting.Layer.BOT_FILTER)
        .findFirst()
        .map(s -> s.path().substring(ELEMENT.length() + 1))
        .orElse(key);
  }

  /**
   * The bot filter's rules, from the file's {@code BotFilter} (or {@code BotBlocker}); none when
   * the file has neither.
   *
   * @param contextPath the web application's, e.g. {@code /opendap}: the default allowed paths lie
   *     below it
   * @throws ConfigurationException naming the file, the setting and the value, for an address that
   *     is not one or a pattern that does not compile
   */
  static BotRules rules(FrontEndConfig config, String contextPath) {
    BotFilterSection spec = config.botFilter();
    if (spec.values().isEmpty()) {
      return BotRules.NONE;
    }
    try {
      return BotRules.newBuilder().apply(spec.values()).contextPath(contextPath).build();
    } catch (SpecException e) {
      throw spec.refused(config.source(), e);
    }
  }

  /**
   * The warning for a bot filter that refuses no one: a {@code BotFilter} with path patterns or
   * {@code BlockImagesAndCss} but no {@code IpAddress}, {@code IpMatch} or {@code UserAgentMatch}.
   * Upstream consults the path patterns only for a client an address or User-Agent rule refused, so
   * such a filter does nothing there and here; an operator who meant to block by path alone must be
   * told. Empty when the file has no filter or the filter has a client rule.
   */
  static Optional<String> inert(FrontEndConfig config, BotRules rules) {
    BotFilterSection spec = config.botFilter();
    if (spec.values().isEmpty() || !rules.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        config.source()
            + ": "
            + spec.element()
            + " has no IpAddress, IpMatch or"
            + " UserAgentMatch, so it refuses no client: its "
            + spec.values().keySet().stream()
                .map(BotFilterSection::child)
                .sorted()
                .collect(Collectors.joining(", "))
            + " apply only to a client one of those refused (as"
            + " upstream); the filter is not installed");
  }
}
