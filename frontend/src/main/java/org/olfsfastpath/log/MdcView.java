package org.olfsfastpath.log;

import java.util.AbstractMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A request's fields as the MDC map of one logging event, read by Logback's {@code %X{key}} on the
 * appender's thread: nothing is copied or formatted until a layout asks for a key. Immutable.
 */
final class MdcView extends AbstractMap<String, String> {
  private static final List<String> END_KEYS =
      List.of(AccessRecord.SIZE, AccessRecord.DURATION, AccessRecord.HTTP_STATUS);

  private final RequestFields request;
  private final @Nullable AccessRecord end;

  MdcView(RequestFields request, @Nullable AccessRecord end) {
    this.request = request;
    this.end = end;
  }

  /** The request's fields. */
  RequestFields request() {
    return request;
  }

  /** How the request ended, or null for an event written before its end. */
  @Nullable AccessRecord end() {
    return end;
  }

  @Override
  public @Nullable String get(@Nullable Object key) {
    if (!(key instanceof String name)) {
      return null;
    }
    AccessRecord ended = end;
    if (ended != null) {
      switch (name) {
        case AccessRecord.SIZE -> {
          return Long.toString(ended.size());
        }
        case AccessRecord.DURATION -> {
          return Long.toString(ended.durationMillis());
        }
        case AccessRecord.HTTP_STATUS -> {
          return Integer.toString(ended.status());
        }
        default -> {}
      }
    }
    return request.field(name);
  }

  @Override
  public boolean containsKey(@Nullable Object key) {
    return get(key) != null;
  }

  @Override
  public Set<Entry<String, String>> entrySet() {
    // Only a pattern's bare %X walks the map; it is written in upstream's key order.
    Map<String, String> all = new LinkedHashMap<>();
    for (String key : RequestFields.START_KEYS) {
      String value = get(key);
      if (value != null) {
        all.put(key, value);
      }
    }
    if (end != null) {
      for (String key : END_KEYS) {
        String value = get(key);
        if (value != null) {
          all.put(key, value);
        }
      }
    }
    return all.entrySet();
  }
}
