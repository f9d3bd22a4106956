package org.olfsfastpath.boot;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.olfsfastpath.web.BotRulesBuilder;

/**
 * Every setting an olfs.xml file can hold, each once: the one table from which the file is read and
 * docs/configuration.md's settings table is written (a test keeps the two the same), its rows kept
 * by section: upstream's elements ({@link UpstreamSettings}), then ours ({@link FastPathSettings},
 * then the logs, request id, cache headers and CORS, {@link HttpAndLogSettings}). Adding a setting
 * is one row there plus the key in the owning layer's builder.
 *
 * <p>Upstream's own elements ({@code BESManager}, {@code BotFilter} ...) mean what they mean
 * upstream, and anything else an upstream file holds is ignored and named at start ({@link
 * IgnoredSettings}); our section, {@code FastPath}, is checked strictly, so a misspelt setting
 * fails the start instead of doing nothing. The bot filter's rows are lists of values, which {@link
 * BotFilterSection#read} reads and {@link BotRulesBuilder} takes by these keys. {@code
 * FastPath/ClientPool} values apply to every BES.
 */
final class OlfsSettings {
  /** The element that each BES of the file is. */
  static final String BES_ELEMENT = "BESManager/BES";

  /** Our strictly checked section. */
  static final String FAST_PATH = "FastPath";

  static final List<OlfsSetting> ALL = all();

  /** Upstream's elements first, then ours: the order of the file's documentation. */
  private static List<OlfsSetting> all() {
    List<OlfsSetting> all = new ArrayList<>(UpstreamSettings.ROWS);
    all.addAll(FastPathSettings.ROWS);
    all.addAll(HttpAndLogSettings.ROWS);
    return List.copyOf(all);
  }

  private OlfsSettings() {}

  /** The elements of the FastPath section, each with the attributes it may carry. */
  static Set<String> fastPathElements() {
    Set<String> names = new LinkedHashSet<>();
    for (OlfsSetting setting : ALL) {
      if (setting.path().startsWith(FAST_PATH + "/")) {
        names.add(setting.elementPath().substring(FAST_PATH.length() + 1));
      }
    }
    return names;
  }

  /** The attributes element {@code FastPath/<name>} may carry, in table order. */
  static List<String> fastPathAttributes(String name) {
    return ALL.stream()
        .filter(s -> s.elementPath().equals(FAST_PATH + "/" + name) && s.attribute() != null)
        .map(OlfsSetting::attribute)
        .toList();
  }

  /** The settings docs/configuration.md lists, as a Markdown table. */
  static String markdownTable() {
    StringBuilder out =
        new StringBuilder("| setting | value | meaning | default |\n")
            .append("|---|---|---|---|\n");
    for (OlfsSetting s : ALL) {
      out.append("| `")
          .append(s.path())
          .append("` | ")
          .append(s.kind().description())
          .append(" | ")
          .append(s.meaning())
          .append(" | ")
          .append(s.defaultText())
          .append(" |\n");
    }
    return out.toString();
  }
}
