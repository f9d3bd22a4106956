package org.olfsfastpath.bes;

import java.util.Locale;

/**
 * Reads {@link BesGroupBuilder#clientShare(String)}: {@code fair} (true) or {@code none} (false);
 * written as before shares conserved work, {@code 100%} (no share) is {@code none} and any other
 * count or percentage {@code fair}, so an olfs.xml of then still starts and means what it meant for
 * everyone but a client alone on the server.
 */
final class ClientSharing {
  private ClientSharing() {}

  /**
   * @throws IllegalArgumentException if neither word nor a count or percentage
   */
  static boolean parse(String text) {
    String value = text.strip().toLowerCase(Locale.ROOT);
    if (value.equals("fair")) {
      return true;
    }
    if (value.equals("none")) {
      return false;
    }
    try {
      return !Portion.parse("clientShare", value).toString().equals("100%");
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "clientShare was '"
              + text
              + "', must be fair or none (or, as before, a count or percentage)",
          e);
    }
  }
}
