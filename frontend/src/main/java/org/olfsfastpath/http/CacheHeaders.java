package org.olfsfastpath.http;

import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * How long, and by whom, each kind of answer may be kept: its {@code Cache-Control} and {@code
 * Vary}. Upstream sends no {@code Cache-Control} on DAP answers, so a cache tier in front of it
 * must guess; these answers say it.
 *
 * <p>An open answer may be kept by any cache for {@code S} seconds and served stale for {@code W}
 * more while it is revalidated. {@code S} defaults to the front end's own freshness bound, the
 * longest it trusts what it knows of a file without looking (with a data root, the file check
 * interval, at least 1 s; without, the data-source cache's refresh age), so a shared cache in front
 * serves nothing older than the front end itself could, plus one revalidation. A restricted answer,
 * or one to a request with credentials, is {@code private, no-cache}: RFC 9111 §3.5 lets a shared
 * cache store an authenticated answer that says {@code public} or {@code s-maxage}, so it never
 * does. Errors, POST answers, status and metrics are {@code no-store}. {@code must-revalidate} is
 * never sent beside {@code stale-while-revalidate}, which it contradicts; {@code Expires} is never
 * sent ({@code max-age} wins in HTTP/1.1).
 *
 * <p>Immutable; every value is made once, at start.
 */
public final class CacheHeaders {
  /** The kinds of answer, each with its own rule. */
  public enum Kind {
    /** Metadata, forms, catalogs, the site map, the version document of an open dataset. */
    METADATA,
    /** A data answer of an open dataset (kept, streamed or a file), whole or in part. */
    DATA,
    /** An answer of a restricted dataset, or to a request with credentials. */
    PRIVATE,
    /** An error, a POST answer, status, metrics: never stored. */
    NO_STORE,
    /** An answer that sets a cookie: never stored, never shared. */
    PRIVATE_NO_STORE
  }

  static final String NO_STORE = "no-store";
  static final String PRIVATE = "private, no-cache";
  static final String PRIVATE_NO_STORE = "private, no-store";

  private final long maxAgeSeconds;
  private final long dataMaxAgeSeconds;
  private final long staleSeconds;
  private final @Nullable String metadata;
  private final @Nullable String data;

  private CacheHeaders(
      boolean enabled, long maxAge, long dataMaxAge, long stale, boolean authConfigured) {
    this.maxAgeSeconds = maxAge;
    this.dataMaxAgeSeconds = dataMaxAge;
    this.staleSeconds = stale;
    this.metadata = enabled ? open(maxAge, stale, authConfigured) : null;
    this.data = enabled ? open(dataMaxAge, stale, authConfigured) : null;
  }

  /**
   * The rule for a front end whose own freshness bound is {@code freshness}.
   *
   * @param freshness how old what the front end knows of a file may be when it answers: the file
   *     check interval with a data root, else the data-source cache's refresh age
   * @param authConfigured whether logins are configured: then open answers leave out {@code
   *     public}, which would let a cache store them even for a request with credentials
   */
  public static CacheHeaders of(
      HttpCacheSettings settings, Duration freshness, boolean authConfigured) {
    Objects.requireNonNull(settings, "settings == null");
    Objects.requireNonNull(freshness, "freshness == null");
    long s = settings.maxAge().map(Duration::toSeconds).orElse(Math.max(1L, freshness.toSeconds()));
    long data = settings.dataMaxAge().map(Duration::toSeconds).orElse(s);
    long w = settings.staleWhileRevalidate().map(Duration::toSeconds).orElse(s);
    return new CacheHeaders(settings.enabled(), s, data, w, authConfigured);
  }

  private static String open(long maxAge, long stale, boolean authConfigured) {
    return (authConfigured ? "" : "public, ")
        + "max-age="
        + maxAge
        + ", s-maxage="
        + maxAge
        + (stale > 0 ? ", stale-while-revalidate=" + stale : "");
  }

  /**
   * The {@code Cache-Control} of an answer of {@code kind}, or null when none is sent (an open
   * answer with the headers turned off, as upstream).
   */
  public @Nullable String cacheControl(Kind kind) {
    return switch (kind) {
      case METADATA -> metadata;
      case DATA -> data;
      case PRIVATE -> PRIVATE;
      case NO_STORE -> NO_STORE;
      case PRIVATE_NO_STORE -> PRIVATE_NO_STORE;
    };
  }

  /** Whether open answers may be kept. */
  public boolean enabled() {
    return metadata != null;
  }

  /** {@code S}: how long a cache may keep an open metadata answer, in seconds. */
  public long maxAgeSeconds() {
    return maxAgeSeconds;
  }

  /** How long a cache may keep an open data answer, in seconds. */
  public long dataMaxAgeSeconds() {
    return dataMaxAgeSeconds;
  }

  /** {@code W}: how long a stale answer may be served while revalidated, in seconds. */
  public long staleSeconds() {
    return staleSeconds;
  }

  private static final String[] VARY = {
    "",
    "Accept-Encoding",
    "Accept",
    "Accept-Encoding, Accept",
    "Origin",
    "Accept-Encoding, Origin",
    "Accept, Origin",
    "Accept-Encoding, Accept, Origin"
  };

  /**
   * The {@code Vary} of an answer, or null for none: {@code Accept-Encoding} when it has a gzip
   * form, {@code Accept} when its URL negotiates (a {@code .dmr} is the form to a browser), {@code
   * Origin} when the CORS policy echoes origins. The same on a 200, a 206 and a 304.
   */
  public static @Nullable String vary(boolean encoding, boolean accept, boolean origin) {
    String vary = VARY[(encoding ? 1 : 0) | (accept ? 2 : 0) | (origin ? 4 : 0)];
    return vary.isEmpty() ? null : vary;
  }

  @Override
  public String toString() {
    return enabled()
        ? "Cache-Control max-age "
            + maxAgeSeconds
            + " s, data "
            + dataMaxAgeSeconds
            + " s, stale-while-revalidate "
            + staleSeconds
            + " s"
        : "Cache-Control off (open answers say nothing)";
  }
}
