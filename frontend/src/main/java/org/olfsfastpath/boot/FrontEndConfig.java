package org.olfsfastpath.boot;

import java.util.List;
import java.util.Objects;

/**
 * An olfs.xml file as read, before any layer has seen it: per BES its prefix, endpoint and the
 * specs of its socket options and client, and the specs of the data-source cache and of the web
 * layer. {@link Assembly} hands each spec to its layer, which alone validates.
 *
 * @param source names the file in messages
 * @param bes each BES of the file, in file order; one at localhost:10022 when the file names none
 * @param groups the spec every BES group is built with (ejection, failover)
 * @param cache the data-source cache's spec
 * @param responseCache the response cache's spec
 * @param spool the spool's spec
 * @param web the web layer's spec
 * @param logs the Hyrax logs' spec
 * @param httpCache the spec of the answers' Cache-Control
 * @param cors the CORS policy's spec
 * @param botFilter the bot filter's rules as read, built and compiled at start ({@link
 *     BotFilterSection#rules})
 * @param ignored what the file holds that this front end does not implement
 */
public record FrontEndConfig(
    String source,
    List<Bes> bes,
    LayerSpec groups,
    LayerSpec cache,
    LayerSpec responseCache,
    LayerSpec spool,
    LayerSpec web,
    LayerSpec logs,
    LayerSpec httpCache,
    LayerSpec cors,
    BotFilterSection botFilter,
    List<IgnoredSettings.Ignored> ignored) {
  public FrontEndConfig {
    Objects.requireNonNull(source, "source == null");
    bes = List.copyOf(bes);
    Objects.requireNonNull(groups, "groups == null");
    Objects.requireNonNull(cache, "cache == null");
    Objects.requireNonNull(responseCache, "responseCache == null");
    Objects.requireNonNull(spool, "spool == null");
    Objects.requireNonNull(web, "web == null");
    Objects.requireNonNull(logs, "logs == null");
    Objects.requireNonNull(httpCache, "httpCache == null");
    Objects.requireNonNull(cors, "cors == null");
    Objects.requireNonNull(botFilter, "botFilter == null");
    ignored = List.copyOf(ignored);
  }

  /**
   * One {@code BESManager/BES}.
   *
   * @param endpoint its {@code host}, {@code port} and {@code unixSocket}
   * @param routing its {@code prefix} and {@code weight}
   * @param ppt the spec of its PPT socket options
   * @param client the spec of its BES client
   */
  record Bes(LayerSpec endpoint, LayerSpec routing, LayerSpec ppt, LayerSpec client) {}
}
