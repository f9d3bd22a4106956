package org.olfsfastpath.boot;

import org.jspecify.annotations.Nullable;
import org.olfsfastpath.web.BotRulesBuilder;
import org.olfsfastpath.web.FrontEndSettings;

/**
 * One setting an olfs.xml file can hold: where it is in the file, which layer takes it under which
 * spec key, and what the documentation says of it. The table of them, {@link OlfsSettings}, drives
 * both the reading of the file and docs/configuration.md.
 *
 * @param path the place in the file below {@code OLFSConfig}: elements separated by {@code /}, an
 *     attribute after {@code @} (e.g. {@code BESManager/BES/ClientPool@maximum}); an element path
 *     names the element's text, or its mere presence for a {@link Kind#FLAG}
 * @param layer the layer that takes the value
 * @param key the layer's spec key, the name of its builder method (e.g. {@code maxConnections})
 * @param kind what the value looks like
 * @param meaning one sentence for the docs
 * @param defaultText the default, as the docs show it
 * @param example a valid value, as the docs show it
 */
record OlfsSetting(
    String path,
    Layer layer,
    String key,
    Kind kind,
    String meaning,
    String defaultText,
    String example) {

  /** The layer a setting belongs to. */
  enum Layer {
    /** Where each BES listens (host, port or Unix socket); built into the endpoint. */
    ENDPOINT,
    /** Which catalog paths a BES serves ({@code prefix}) and its share ({@code weight}). */
    ROUTING,
    /** The BES groups' health rules ({@code org.olfsfastpath.bes.BesGroup}). */
    GROUP,
    /** The PPT socket options ({@code org.olfsfastpath.ppt.PptOptions}). */
    PPT,
    /** The BES client and its pool ({@code org.olfsfastpath.bes.BesClient}). */
    BES,
    /** The data-source cache ({@code org.olfsfastpath.cache.DataSourceCache}). */
    CACHE,
    /** The response cache ({@code org.olfsfastpath.cache.ResponseCache}). */
    RESPONSE_CACHE,
    /**
     * The spool of the answers whose clients fall behind ({@code org.olfsfastpath.spool.Spool}).
     */
    SPOOL,
    /** The web layer's own ({@link FrontEndSettings}). */
    WEB,
    /** The bot filter's rules ({@link BotRulesBuilder}), each setting a list of values. */
    BOT_FILTER,
    /** The Hyrax logs ({@code org.olfsfastpath.log.LogSettings}). */
    LOGS,
    /** The answers' Cache-Control ({@code org.olfsfastpath.http.HttpCacheSettings}). */
    HTTP_CACHE,
    /** Which origins' pages may read the answers ({@code org.olfsfastpath.http.CorsPolicy}). */
    CORS,
    /** Login and access rules ({@code org.olfsfastpath.access.AccessOptions}). */
    ACCESS
  }

  /** What a value looks like, for reading, docs and tests. */
  enum Kind {
    DURATION("duration"),
    SIZE("size"),
    /**
     * Upstream's size: a whole number and a {@code units} attribute, {@code B K M G T} (powers of
     * 1024), {@code K} when absent.
     */
    HYRAX_SIZE("whole number; attribute `units`: B, K, M, G or T (default K)"),
    INTEGER("integer"),
    BOOLEAN("true or false"),
    /**
     * An element whose presence means true, as upstream's {@code <AllowDirectDataSourceAccess/>}.
     */
    FLAG("present or absent"),
    PATH("absolute path"),
    TEXT("text"),
    /** An IP address; the element may appear any number of times. */
    ADDRESS("IP address; repeatable"),
    /** A Java regular expression that must match the whole value; repeatable. */
    PATTERN("regular expression, matching the whole value; repeatable");

    private final String description;

    Kind(String description) {
      this.description = description;
    }

    String description() {
      return description;
    }
  }

  /** Whether each {@code BESManager/BES} element holds its own value of this setting. */
  boolean perBes() {
    return path.startsWith(OlfsSettings.BES_ELEMENT + "/")
        || path.startsWith(OlfsSettings.BES_ELEMENT + "@");
  }

  /** The path below one {@code BESManager/BES} element, e.g. {@code host} or {@code @weight}. */
  String pathInBes() {
    String rest = path.substring(OlfsSettings.BES_ELEMENT.length());
    return rest.startsWith("/") ? rest.substring(1) : rest;
  }

  /** The element path, without the attribute. */
  String elementPath() {
    int at = path.indexOf('@');
    return at < 0 ? path : path.substring(0, at);
  }

  /** The attribute name, or null when the setting is an element's text or presence. */
  @Nullable String attribute() {
    int at = path.indexOf('@');
    return at < 0 ? null : path.substring(at + 1);
  }
}
