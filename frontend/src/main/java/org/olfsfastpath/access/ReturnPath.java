package org.olfsfastpath.access;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * Where a login or logout may send the user back to: only a path of this service. Anything else
 * (another host, a scheme, a protocol-relative {@code //evil}, a backslash that browsers read as a
 * slash, a control character that could split a header, something very long) becomes the context
 * root, so the login can never be used to send users elsewhere.
 */
public final class ReturnPath {
  static final int MAX_LENGTH = 2048;

  private ReturnPath() {}

  /**
   * {@code raw} if it is a safe path below {@code contextPath}, else the context root ({@code
   * contextPath + "/"}).
   */
  public static String check(@Nullable String raw, String contextPath) {
    String root = contextPath + "/";
    if (raw == null || raw.isEmpty() || raw.length() > MAX_LENGTH) {
      return root;
    }
    String decoded;
    try {
      decoded = URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return root;
    }
    for (String s : new String[] {raw, decoded}) {
      if (!s.startsWith(root)
          || s.contains("//")
          || s.contains("\\")
          || s.contains("/../")
          || s.endsWith("/..")
          || s.contains("/./")
          || hasControl(s)) {
        return root;
      }
    }
    return raw;
  }

  private static boolean hasControl(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        return true;
      }
    }
    return false;
  }
}
