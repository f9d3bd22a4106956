package org.olfsfastpath.ops;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesGroupStats;
import org.olfsfastpath.bes.BesMemberStats;
import org.olfsfastpath.bes.BesShareStats;
import org.olfsfastpath.cache.DataSourceCacheStats;
import org.olfsfastpath.cache.LoadStats;
import org.olfsfastpath.cache.ResponseCacheStats;
import org.olfsfastpath.json.Json;
import org.olfsfastpath.log.LogStats;
import org.olfsfastpath.spool.SpoolStats;
import org.olfsfastpath.web.BotFilterStats;
import org.olfsfastpath.web.BotRules;

/**
 * The status document's sections, each rendered from the statistics value of its component (the
 * same snapshot JMX and the metrics read). The names are the status document's own, as
 * docs/configuration.md lists them: where they differ from the value's (times in milliseconds,
 * {@code size} for the estimated size, each BES's pool flattened into it), this is the one place
 * that says so. A section under the value's own names alone (the front end's, the pools') is the
 * value's {@link Json#fields}, with no helper here.
 */
public final class StatusSections {
  private StatusSections() {}

  public static Map<String, Object> dataSourceCache(DataSourceCacheStats s) {
    Map<String, Object> m = loads(s.enabled(), s);
    pick(m, s, "notFoundCount", "negativeHitCount");
    m.put("averageLoadMillis", s.averageLoadPenaltyNanos() / 1e6);
    m.put("totalLoadTimeMillis", s.totalLoadTimeNanos() / 1_000_000L);
    pick(m, s, "refreshCount", "evictionCount", "expirationCount");
    m.put("size", s.estimatedSize());
    pick(m, s, "mtimeCheckCount", "mtimeReloadCount");
    return m;
  }

  public static Map<String, Object> responseCache(ResponseCacheStats s) {
    Map<String, Object> m = loads(s.enabled(), s);
    pick(m, s, "tooLargeCount", "staleMissCount");
    m.put("averageLoadMillis", s.averageLoadPenaltyNanos() / 1e6);
    pick(m, s, "evictionCount", "evictedBytes", "entryCount", "weightedBytes", "maximumWeight");
    return m;
  }

  /** The spool section: its statistics value under its own names, then all fallbacks. */
  /**
   * The logs section: on or off, where they go, and each log's figures (written, dropped because
   * the disk could not keep up, write errors), then the drops of all.
   */
  public static Map<String, Object> logs(LogStats s) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("enabled", s.enabled());
    out.put("directory", s.directory());
    out.put("configuration", s.configuration());
    Map<String, Object> logs = new LinkedHashMap<>();
    for (LogStats.Counts c : s.logs()) {
      Map<String, Object> one = new LinkedHashMap<>(Json.fields(c));
      one.remove("name");
      logs.put(c.name(), one);
    }
    out.put("logs", logs);
    out.put("dropped", s.dropped());
    return out;
  }

  public static Map<String, Object> spool(SpoolStats s) {
    Map<String, Object> m = Json.fields(s);
    m.put("fallbacks", s.fallbacks());
    return m;
  }

  /** What both caches count alike, first in both sections. */
  private static Map<String, Object> loads(boolean enabled, LoadStats s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("enabled", enabled);
    m.put("hitRate", s.hitRate());
    return pick(m, (Record) s, "hitCount", "missCount", "loadSuccessCount", "loadFailureCount");
  }

  /**
   * The groups section: one object per group, each holding one per BES and its clients' shares.
   *
   * @param showClients whether the clients holding the most are named by address (for an operator);
   *     otherwise only their counts are shown
   */
  public static List<Object> groups(List<BesGroupStats> groups, boolean showClients) {
    List<Object> list = new ArrayList<>();
    for (BesGroupStats group : groups) {
      list.add(group(group, showClients));
    }
    return list;
  }

  /** One group's object of the groups section; over JMX, the group's bean's {@code StatsJson}. */
  static Map<String, Object> group(BesGroupStats group, boolean showClients) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("prefix", group.prefix());
    m.put("down", group.down());
    m.put("downSince", group.downSince() == null ? null : group.downSince().toString());
    m.put("available", group.available());
    m.put("inFlight", group.inFlight());
    pick(m, group, "requests", "failovers", "retries", "unavailable");
    m.put("shares", shares(group.shares(), showClients));
    List<Object> members = new ArrayList<>();
    for (BesMemberStats member : group.members()) {
      members.add(member(member));
    }
    m.put("bes", members);
    return m;
  }

  /** A group's fair shares: the limits, the clients now (the top ones), the refusals by limit. */
  private static Map<String, Object> shares(BesShareStats s, boolean showClients) {
    Map<String, Object> m = new LinkedHashMap<>();
    pick(m, s, "fair", "connections", "longLimit", "queueLength");
    m.put("queueWaitMillis", s.queueWait().toMillis());
    m.put("downloadWaitMillis", s.downloadWait().toMillis());
    pick(m, s, "clients", "inUse", "longInUse", "waiting", "queued");
    Map<String, Object> refused = new LinkedHashMap<>();
    refused.put("clientShare", s.refusedShare());
    refused.put("clientQueue", s.refusedQueue());
    refused.put("reserve", s.refusedReserve());
    m.put("refused", refused);
    List<Object> top = new ArrayList<>();
    for (BesShareStats.ClientUse client : s.top()) {
      Map<String, Object> c = new LinkedHashMap<>();
      // Addresses are personal data: named only to an operator.
      c.put("client", showClients ? client.client() : null);
      c.put("inUse", client.inUse());
      c.put("waiting", client.waiting());
      top.add(c);
    }
    m.put("top", top);
    return m;
  }

  private static Map<String, Object> member(BesMemberStats member) {
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("bes", member.endpoint().toString());
    b.put("weight", member.weight());
    b.put("ejected", member.ejected());
    b.put("ejectedSince", member.ejectedSince() == null ? null : member.ejectedSince().toString());
    b.put("ejectionCause", member.ejectionCause());
    Duration nextProbe = member.nextProbeIn();
    b.put("nextProbeMillis", nextProbe == null ? null : nextProbe.toMillis());
    pick(
        b,
        member,
        "inFlight",
        "requests",
        "connectFailures",
        "ioFailures",
        "timeouts",
        "besErrors",
        "exhausted",
        "streamFailures",
        "failovers",
        "ejections",
        "probes",
        "probeFailures");
    b.put("poolOpen", member.pool().total());
    b.put("poolIdle", member.pool().idle());
    b.put("poolInUse", member.pool().inUse());
    b.put("poolReserved", member.pool().reserved());
    b.put("poolLongInUse", member.pool().longInUse());
    b.put("poolReserveRefusals", member.pool().reserveRefusals());
    return b;
  }

  /**
   * The bot filter's section: whether it is on, its rules counted by kind ({@code rules}) and its
   * refusals by cause under upstream's element names ({@code refused}: {@code IpAddress}, {@code
   * IpMatch}, {@code UserAgentMatch}).
   */
  /**
   * The {@code access} section: whether login is on, its providers and the counters of {@link
   * org.olfsfastpath.access.AccessStats} (labels only: providers and fixed words, never a user).
   */
  public static Map<String, Object> access(org.olfsfastpath.access.@Nullable Access access) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("enabled", access != null);
    if (access != null) {
      m.put(
          "providers",
          access.providers().stream()
              .map(org.olfsfastpath.access.Access.LoginLink::authContext)
              .toList());
      m.put("anonymous", access.options().anonymous().name().toLowerCase(java.util.Locale.ROOT));
      m.putAll(org.olfsfastpath.json.Json.fields(access.stats()));
    }
    return m;
  }

  public static Map<String, Object> botFilter(BotFilterStats s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("enabled", s.enabled());
    m.put(
        "rules",
        pick(
            new LinkedHashMap<>(),
            s,
            "ipAddresses",
            "ipMatches",
            "userAgentMatches",
            "allowedResponses",
            "blockedResponses"));
    Map<String, Object> refused = new LinkedHashMap<>();
    for (BotRules.Cause cause : BotRules.Cause.values()) {
      refused.put(cause.element(), s.refusals(cause));
    }
    m.put("refused", refused);
    return m;
  }

  /** Puts the named components of {@code value} into {@code section}, in the order named. */
  private static Map<String, Object> pick(
      Map<String, Object> section, Record value, String... names) {
    Map<String, Object> all = Json.fields(value);
    for (String name : names) {
      if (!all.containsKey(name)) {
        throw new IllegalArgumentException(value.getClass().getSimpleName() + " has no " + name);
      }
      section.put(name, all.get(name));
    }
    return section;
  }
}
