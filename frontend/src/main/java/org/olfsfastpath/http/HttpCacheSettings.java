package org.olfsfastpath.http;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.spec.Setting;
import org.olfsfastpath.spec.Settings;

/**
 * What {@link CacheHeaders} is configured with: whether open answers say how long they may be kept,
 * and for how long. Each age left unset follows the front end's own freshness bound ({@link
 * CacheHeaders#of}), so that a shared cache keeps an answer no longer than the front end would
 * trust it. Immutable; build with {@link #newBuilder()} or from a text spec with {@link
 * #from(Map)}, whose keys are the builder's method names.
 */
public final class HttpCacheSettings {
  private final boolean enabled;
  private final @Nullable Duration maxAge;
  private final @Nullable Duration staleWhileRevalidate;
  private final @Nullable Duration dataMaxAge;

  private HttpCacheSettings(Builder b) {
    this.enabled = b.enabled.get();
    this.maxAge = b.maxAge.orNull();
    this.staleWhileRevalidate = b.staleWhileRevalidate.orNull();
    this.dataMaxAge = b.dataMaxAge.orNull();
  }

  public static Builder newBuilder() {
    return new Builder();
  }

  /**
   * A builder configured from a text spec: {@code enabled} (a boolean), {@code maxAge}, {@code
   * staleWhileRevalidate}, {@code dataMaxAge} (durations).
   *
   * @throws org.olfsfastpath.spec.SpecException naming the key and the raw value
   */
  public static Builder from(Map<String, String> spec) {
    return newBuilder().apply(spec);
  }

  public static HttpCacheSettings defaults() {
    return newBuilder().build();
  }

  /** Whether open answers carry a {@code Cache-Control} that lets caches keep them. */
  public boolean enabled() {
    return enabled;
  }

  /** How long a shared cache may keep an open answer; unset follows the front end's freshness. */
  public Optional<Duration> maxAge() {
    return Optional.ofNullable(maxAge);
  }

  /** How long a cache may serve a stale answer while it revalidates; unset is {@code maxAge}. */
  public Optional<Duration> staleWhileRevalidate() {
    return Optional.ofNullable(staleWhileRevalidate);
  }

  /** How long a cache may keep an open data answer; unset is {@code maxAge}. */
  public Optional<Duration> dataMaxAge() {
    return Optional.ofNullable(dataMaxAge);
  }

  /**
   * Builds {@link HttpCacheSettings}. Every setter validates at once and may be called once. Not
   * thread-safe.
   */
  public static final class Builder {
    private static final Duration MAX = Duration.ofDays(365);

    private final Settings settings = new Settings("HTTP cache headers");
    private final Setting<Boolean> enabled = settings.add(Setting.bool("enabled", true));
    private final Setting<Duration> maxAge =
        settings.add(Setting.duration("maxAge", null, Duration.ofSeconds(1), MAX));
    private final Setting<Duration> staleWhileRevalidate =
        settings.add(Setting.duration("staleWhileRevalidate", null, Duration.ZERO, MAX));
    private final Setting<Duration> dataMaxAge =
        settings.add(Setting.duration("dataMaxAge", null, Duration.ofSeconds(1), MAX));

    private Builder() {}

    /** Applies a text spec to {@link #settings}; for {@link #from}. */
    private Builder apply(Map<String, String> spec) {
      settings.apply(spec);
      return this;
    }

    /** Whether open answers may be kept by caches (the default); false sends none, as upstream. */
    public Builder enabled(boolean enabled) {
      this.enabled.set(enabled);
      return this;
    }

    /**
     * How long a cache may keep an open answer ({@code max-age}, {@code s-maxage}).
     *
     * @throws IllegalArgumentException if under 1 s or over a year
     */
    public Builder maxAge(Duration age) {
      maxAge.set(age);
      return this;
    }

    /**
     * How long a cache may serve a stale answer while it revalidates; 0 never.
     *
     * @throws IllegalArgumentException if negative or over a year
     */
    public Builder staleWhileRevalidate(Duration age) {
      staleWhileRevalidate.set(age);
      return this;
    }

    /**
     * How long a cache may keep an open data answer.
     *
     * @throws IllegalArgumentException if under 1 s or over a year
     */
    public Builder dataMaxAge(Duration age) {
      dataMaxAge.set(age);
      return this;
    }

    public HttpCacheSettings build() {
      return new HttpCacheSettings(this);
    }
  }
}
