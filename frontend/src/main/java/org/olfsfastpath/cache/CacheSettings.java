package org.olfsfastpath.cache;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Applies text settings to a {@link DataSourceCache.Builder}; each key is the name of the builder
 * method it calls. See {@link DataSourceCache#from(Map)}.
 */
final class CacheSettings {
  static final List<String> KEYS = List.of("enabled", "maximumSize", "maximumWeight", "ttl",
      "refreshAfter", "negativeTtl", "dataRoot", "mtimeCheckInterval", "loadTimeout");

  private static final Pattern SIMPLE_DURATION =
      Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)?", Pattern.CASE_INSENSITIVE);

  private CacheSettings() {}

  static DataSourceCache.Builder apply(Map<String, String> settings,
      DataSourceCache.Builder builder) {
    Objects.requireNonNull(settings, "settings == null");
    for (Map.Entry<String, String> setting : settings.entrySet()) {
      String key = Objects.requireNonNull(setting.getKey(), "settings contains a null key");
      String value = setting.getValue() == null ? "" : setting.getValue().trim();
      if (!KEYS.contains(key)) {
        throw new IllegalArgumentException(String.format(Locale.US,
            "unknown cache setting %s (value %s); known settings: %s", key, value, KEYS));
      }
      if (value.isEmpty()) {
        continue;
      }
      try {
        applyOne(builder, key, value);
      } catch (IllegalArgumentException | IllegalStateException e) {
        throw new IllegalArgumentException(String.format(Locale.US,
            "cache setting %s was set to %s: %s", key, value, e.getMessage()), e);
      }
    }
    return builder;
  }

  private static void applyOne(DataSourceCache.Builder builder, String key, String value) {
    switch (key) {
      case "enabled" -> builder.enabled(parseBoolean(value));
      case "maximumSize" -> builder.maximumSize(parseLong(value));
      case "maximumWeight" -> builder.maximumWeight(parseLong(value));
      case "ttl" -> builder.ttl(parseDuration(value));
      case "refreshAfter" -> builder.refreshAfter(parseDuration(value));
      case "negativeTtl" -> builder.negativeTtl(parseDuration(value));
      case "dataRoot" -> builder.dataRoot(parsePath(value));
      case "mtimeCheckInterval" -> builder.mtimeCheckInterval(parseDuration(value));
      case "loadTimeout" -> builder.loadTimeout(parseDuration(value));
      default -> throw new AssertionError(key);
    }
  }

  private static boolean parseBoolean(String value) {
    if (value.equalsIgnoreCase("true")) {
      return true;
    }
    if (value.equalsIgnoreCase("false")) {
      return false;
    }
    throw new IllegalArgumentException("must be true or false");
  }

  private static long parseLong(String value) {
    try {
      return Long.parseLong(value.replace("_", ""));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("must be an integer", e);
    }
  }

  /** Parses {@code 600s}, {@code 10m}, {@code 1h}, {@code 1d}, {@code 250ms}, {@code 0}, or ISO-8601. */
  static Duration parseDuration(String value) {
    Matcher simple = SIMPLE_DURATION.matcher(value);
    if (simple.matches()) {
      long amount;
      try {
        amount = Long.parseLong(simple.group(1));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("is too large", e);
      }
      String unit = simple.group(2) == null ? "" : simple.group(2).toLowerCase(Locale.US);
      if (unit.isEmpty() && amount != 0) {
        throw new IllegalArgumentException("needs a unit: ms, s, m, h or d (e.g. 600s)");
      }
      try {
        return switch (unit) {
          case "ms" -> Duration.ofMillis(amount);
          case "m" -> Duration.ofMinutes(amount);
          case "h" -> Duration.ofHours(amount);
          case "d" -> Duration.ofDays(amount);
          default -> Duration.ofSeconds(amount);
        };
      } catch (ArithmeticException e) {
        throw new IllegalArgumentException("is too large", e);
      }
    }
    try {
      return Duration.parse(value);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "must be a duration such as 600s, 10m, 1h, 250ms or PT10M", e);
    }
  }

  private static Path parsePath(String value) {
    try {
      return Path.of(value);
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException("is not a valid path", e);
    }
  }
}
