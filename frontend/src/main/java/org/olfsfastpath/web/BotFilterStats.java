package org.olfsfastpath.web;

import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.json.Json;

/**
 * A snapshot of the bot filter: its rules counted by kind and its refusals by cause, each counted
 * since the web application started. The one statistics value of the filter, which the status
 * document ({@code botFilter}), JMX (a {@code StatsBean}) and the metrics ({@code
 * olfs_bot_filter_refusals_total}) all read. Value-based; the counters are read one by one, so a
 * snapshot taken under load may be off by the few refusals made meanwhile.
 *
 * @param enabled whether the filter is installed: olfs.xml has at least one client rule
 * @param ipAddresses {@code IpAddress} rules
 * @param ipMatches {@code IpMatch} patterns
 * @param userAgentMatches {@code UserAgentMatch} patterns
 * @param allowedResponses path patterns a refused client may still fetch, the default one included
 * @param blockedResponses path patterns a refused client is refused even where allowed
 * @param ipAddressRefusals requests refused because of an {@code IpAddress} rule
 * @param ipMatchRefusals requests refused because of an {@code IpMatch} pattern
 * @param userAgentMatchRefusals requests refused because of an {@code UserAgentMatch} pattern
 */
public record BotFilterStats(
    boolean enabled,
    int ipAddresses,
    int ipMatches,
    int userAgentMatches,
    int allowedResponses,
    int blockedResponses,
    long ipAddressRefusals,
    long ipMatchRefusals,
    long userAgentMatchRefusals) {

  /** Every refusal, whatever its cause. */
  public long refusals() {
    return ipAddressRefusals + ipMatchRefusals + userAgentMatchRefusals;
  }

  /** The refusals {@code cause} made. */
  public long refusals(BotRules.Cause cause) {
    return switch (cause) {
      case IP_ADDRESS -> ipAddressRefusals;
      case IP_MATCH -> ipMatchRefusals;
      case USER_AGENT_MATCH -> userAgentMatchRefusals;
    };
  }

  /** Returns this snapshot as one JSON object: its components in order, then {@code refusals}. */
  public String toJson() {
    Map<String, @Nullable Object> fields = Json.fields(this);
    fields.put("refusals", refusals());
    return Json.compact(fields);
  }
}
