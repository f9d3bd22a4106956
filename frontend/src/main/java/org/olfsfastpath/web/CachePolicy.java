package org.olfsfastpath.web;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.olfsfastpath.cache.ResponseCache;
import org.olfsfastpath.cache.ResponseCacheBuilder;
import org.olfsfastpath.dap.ResponseType;

/**
 * Which answers the response cache keeps: every metadata response (small, asked for on every open
 * of a dataset) up to {@code maxEntryBytes}, and the data responses olfs.xml names in {@code
 * dataTypes} ({@code all} by default) up to {@code maxDataEntryBytes}. netCDF downloads are never
 * kept: each names its own request and time in the file's history, so no two are the same bytes.
 */
public final class CachePolicy {
  /** The data responses {@code dataTypes} may name: their suffixes without the dot. */
  public static final List<String> DATA_TYPE_NAMES =
      Arrays.stream(ResponseType.values())
          .filter(CachePolicy::isDataType)
          .map(CachePolicy::name)
          .toList();

  private final ResponseCache cache;

  /** The data responses kept, decided once from {@code dataTypes}. */
  private final Set<ResponseType> keptData = EnumSet.noneOf(ResponseType.class);

  CachePolicy(ResponseCache cache) {
    this.cache = cache;
    boolean all = cache.dataTypes().contains(ResponseCacheBuilder.ALL_DATA_TYPES);
    for (ResponseType type : ResponseType.values()) {
      if (isDataType(type) && (all || cache.dataTypes().contains(name(type)))) {
        keptData.add(type);
      }
    }
  }

  /** Whether {@code name} is a name {@code dataTypes} may hold: a data response, or {@code all}. */
  public static boolean isDataTypeName(String name) {
    return name.equals(ResponseCacheBuilder.ALL_DATA_TYPES) || dataType(name).isPresent();
  }

  /** The data response {@code name} (a suffix without its dot) names, if it is one. */
  static Optional<ResponseType> dataType(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    return Arrays.stream(ResponseType.values())
        .filter(CachePolicy::isDataType)
        .filter(type -> name(type).equals(lower))
        .findFirst();
  }

  /** The largest answer of {@code type} the cache keeps; -1 when it keeps none. */
  long maxBytes(ResponseType type) {
    if (!cache.isEnabled() || type.source() != ResponseType.Source.BES) {
      return -1;
    }
    if (type.isMetadata()) {
      return cache.maxEntryBytes();
    }
    return keptData.contains(type) ? cache.maxDataEntryBytes() : -1;
  }

  /**
   * The largest data answer that counts as short the first time it is asked for, when its
   * constraint bounds it ({@link GetResponder}): the largest the cache would keep, whether or not
   * it keeps this type.
   */
  long shortDataBytes() {
    return cache.maxDataEntryBytes();
  }

  private static boolean isDataType(ResponseType type) {
    return type.source() == ResponseType.Source.BES && !type.isMetadata() && !type.writesHistory();
  }

  private static String name(ResponseType type) {
    return type.suffix().substring(1);
  }
}
