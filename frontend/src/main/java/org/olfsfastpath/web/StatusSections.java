package org.olfsfastpath.web;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.olfsfastpath.bes.BesGroupStats;
import org.olfsfastpath.bes.BesMemberStats;
import org.olfsfastpath.bes.BesPoolStats;
import org.olfsfastpath.cache.DataSourceCacheStats;
import org.olfsfastpath.cache.LoadStats;
import org.olfsfastpath.cache.ResponseCacheStats;

/**
 * The status document's sections, each rendered from the statistics value of its component (the
 * same snapshot JMX and the metrics read). The names are the status document's own, as
 * docs/configuration.md lists them: where they differ from the value's (times in milliseconds,
 * {@code size} for the estimated size, each BES's pool flattened into it), this is the one place
 * that says so.
 */
final class StatusSections {
  private StatusSections() {}

  /** A record's components by name, in declaration order: a section with the value's names. */
  static Map<String, Object> fields(Record value) {
    Map<String, Object> fields = new LinkedHashMap<>();
    for (RecordComponent component : value.getClass().getRecordComponents()) {
      try {
        fields.put(component.getName(), component.getAccessor().invoke(value));
      } catch (IllegalAccessException | InvocationTargetException e) {
        throw new IllegalStateException("cannot read " + component, e);
      }
    }
    return fields;
  }

  /** The pool section: every BES's pool added up, under the value's own names. */
  static Map<String, Long> pool(BesPoolStats pool) {
    Map<String, Long> m = new LinkedHashMap<>();
    fields(pool).forEach((name, value) -> m.put(name, ((Number) value).longValue()));
    return m;
  }

  static Map<String, Object> dataSourceCache(DataSourceCacheStats s) {
    Map<String, Object> m = loads(s.enabled(), s);
    m.put("notFoundCount", s.notFoundCount());
    m.put("negativeHitCount", s.negativeHitCount());
    m.put("averageLoadMillis", s.averageLoadPenaltyNanos() / 1e6);
    m.put("totalLoadTimeMillis", s.totalLoadTimeNanos() / 1_000_000L);
    m.put("refreshCount", s.refreshCount());
    m.put("evictionCount", s.evictionCount());
    m.put("expirationCount", s.expirationCount());
    m.put("size", s.estimatedSize());
    m.put("mtimeCheckCount", s.mtimeCheckCount());
    m.put("mtimeReloadCount", s.mtimeReloadCount());
    return m;
  }

  static Map<String, Object> responseCache(ResponseCacheStats s) {
    Map<String, Object> m = loads(s.enabled(), s);
    m.put("tooLargeCount", s.tooLargeCount());
    m.put("staleMissCount", s.staleMissCount());
    m.put("averageLoadMillis", s.averageLoadPenaltyNanos() / 1e6);
    m.put("evictionCount", s.evictionCount());
    m.put("evictedBytes", s.evictedBytes());
    m.put("entryCount", s.entryCount());
    m.put("weightedBytes", s.weightedBytes());
    m.put("maximumWeight", s.maximumWeight());
    return m;
  }

  /** What both caches count alike, first in both sections. */
  private static Map<String, Object> loads(boolean enabled, LoadStats s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("enabled", enabled);
    m.put("hitRate", s.hitRate());
    m.put("hitCount", s.hitCount());
    m.put("missCount", s.missCount());
    m.put("loadSuccessCount", s.loadSuccessCount());
    m.put("loadFailureCount", s.loadFailureCount());
    return m;
  }

  /** The groups section: one object per group, each holding one per BES. */
  static List<Object> groups(List<BesGroupStats> groups) {
    List<Object> list = new ArrayList<>();
    for (BesGroupStats group : groups) {
      list.add(group(group));
    }
    return list;
  }

  private static Map<String, Object> group(BesGroupStats group) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("prefix", group.prefix());
    m.put("down", group.down());
    m.put("downSince", group.downSince() == null ? null : group.downSince().toString());
    m.put("available", group.available());
    m.put("inFlight", group.inFlight());
    m.put("requests", group.requests());
    m.put("failovers", group.failovers());
    m.put("unavailable", group.unavailable());
    List<Object> members = new ArrayList<>();
    for (BesMemberStats member : group.members()) {
      members.add(member(member));
    }
    m.put("bes", members);
    return m;
  }

  private static Map<String, Object> member(BesMemberStats member) {
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("bes", member.endpoint().toString());
    b.put("weight", member.weight());
    b.put("ejected", member.ejected());
    b.put("ejectedSince", member.ejectedSince() == null ? null
        : member.ejectedSince().toString());
    b.put("ejectionCause", member.ejectionCause());
    Duration nextProbe = member.nextProbeIn();
    b.put("nextProbeMillis", nextProbe == null ? null : nextProbe.toMillis());
    b.put("inFlight", member.inFlight());
    b.put("requests", member.requests());
    b.put("connectFailures", member.connectFailures());
    b.put("ioFailures", member.ioFailures());
    b.put("timeouts", member.timeouts());
    b.put("besErrors", member.besErrors());
    b.put("exhausted", member.exhausted());
    b.put("streamFailures", member.streamFailures());
    b.put("failovers", member.failovers());
    b.put("ejections", member.ejections());
    b.put("probes", member.probes());
    b.put("probeFailures", member.probeFailures());
    b.put("poolOpen", member.pool().total());
    b.put("poolIdle", member.pool().idle());
    b.put("poolInUse", member.pool().inUse());
    return b;
  }
}
