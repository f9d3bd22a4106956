package org.olfsfastpath.boot;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jdom2.Element;
import org.olfsfastpath.spec.SpecException;

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
}
