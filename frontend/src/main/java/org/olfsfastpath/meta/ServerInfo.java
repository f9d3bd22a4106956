package org.olfsfastpath.meta;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What the BES's configuration says about who runs it: the publisher of a dataset whose attributes
 * name none, as upstream OLFS takes it (but without upstream's made-up defaults when a key is
 * missing: what is not configured stays out).
 *
 * @param administrator {@code BES.ServerAdministrator}'s {@code key:value} values by lower-case key
 *     (email, organization, street, city, region, postalcode, country, telephone, website), in the
 *     BES's order
 * @param supportEmail {@code SupportEmail}, or the empty string
 */
public record ServerInfo(Map<String, String> administrator, String supportEmail) {
  /** A BES that said nothing, or was not asked. */
  public static final ServerInfo NONE = new ServerInfo(Map.of(), "");

  /** The two BES keys this reads. */
  public static final List<String> KEYS = List.of("BES.ServerAdministrator", "SupportEmail");

  public ServerInfo {
    administrator = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(administrator));
    Objects.requireNonNull(supportEmail, "supportEmail == null");
  }

  /**
   * Reads the BES's answers to {@code showBesKey BES.ServerAdministrator} and {@code showBesKey
   * SupportEmail}: values that are not {@code key:value} are skipped, the first value of a key
   * wins, and every value is cleaned as attribute values are.
   */
  public static ServerInfo of(List<String> administrator, List<String> supportEmail) {
    Map<String, String> entries = new LinkedHashMap<>();
    for (String value : administrator) {
      int colon = value.indexOf(':');
      if (colon <= 0) {
        continue;
      }
      String key = value.substring(0, colon).strip().toLowerCase(Locale.ROOT);
      key = key.equals("state") ? "region" : key; // the BES takes either name
      String text = Clean.text(value.substring(colon + 1), Clean.OTHER).text();
      if (!text.isEmpty()) {
        entries.putIfAbsent(key, text);
      }
    }
    String email = "";
    for (String value : supportEmail) {
      String text = Clean.text(value, Clean.OTHER).text();
      if (!text.isEmpty()) {
        email = text;
        break;
      }
    }
    return new ServerInfo(entries, email);
  }

  /** An administrator's value, or the empty string. */
  public String get(String key) {
    return administrator.getOrDefault(key, "");
  }

  /** Whether the BES named anyone to publish under. */
  public boolean isPresent() {
    return !administrator.isEmpty() || !supportEmail.isEmpty();
  }
}
