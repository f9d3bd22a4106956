package org.olfsfastpath.dap;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Makes BES error messages fit to show web users. The BES names files by their absolute server path
 * ({@code Failed to locate '/usr/share/hyrax/no_such.nc'}); a web user should see the catalog path
 * they asked for, and nothing about the server's file system.
 */
public final class BesMessages {
  /** An absolute path of at least two segments, up to a quote, blank or closing bracket. */
  private static final Pattern ABSOLUTE_PATH =
      Pattern.compile("(?<![\\w.])(/[^/\\s'\"<>()\\[\\]]+){2,}/?");

  private static final int MAX_LENGTH = 1024;

  private BesMessages() {}

  /**
   * Returns {@code message} with every absolute server path replaced: the catalog root prefix is
   * removed (leaving the catalog path), a path that ends with the requested catalog path becomes
   * that catalog path, and any other absolute path becomes its last segment.
   *
   * @param message the BES message
   * @param catalogPath the catalog path of the request, e.g. {@code /nc/fnoc1.nc}, or null
   * @param catalogRoot the BES catalog root (BES.Catalog.catalog.RootDirectory) if known, or null
   */
  public static String scrub(
      String message, @Nullable String catalogPath, @Nullable String catalogRoot) {
    Objects.requireNonNull(message, "message == null");
    String text = message.strip();
    String root = null;
    if (catalogRoot != null && catalogRoot.length() > 1) {
      root = catalogRoot.endsWith("/") ? catalogRoot : catalogRoot + "/";
    }
    Matcher m = ABSOLUTE_PATH.matcher(text);
    StringBuilder out = new StringBuilder(text.length());
    while (m.find()) {
      String path = m.group();
      String replacement;
      if (root != null && path.startsWith(root)) {
        replacement = path.substring(root.length() - 1);
      } else if (catalogPath != null
          && catalogPath.length() > 1
          && (path.equals(catalogPath) || path.endsWith(catalogPath))) {
        replacement = catalogPath;
      } else {
        String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        replacement = trimmed.substring(trimmed.lastIndexOf('/') + 1);
      }
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(out);
    return out.length() > MAX_LENGTH ? out.substring(0, MAX_LENGTH) + "..." : out.toString();
  }
}
