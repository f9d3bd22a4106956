package org.olfsfastpath.http;

import static org.olfsfastpath.spec.Checks.requireArgument;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.spec.Setting;
import org.olfsfastpath.spec.Settings;

/**
 * Which other origins a browser may let read the answers (the Fetch standard's CORS), and what a
 * preflight is told. Upstream sends no CORS header, so by default no origin is allowed; {@code *}
 * allows every one (open data), and never with credentials. Origins compare exactly as browsers
 * serialize them ({@code scheme://host[:port]}); the {@code null} origin only when listed so.
 *
 * <p>A simple request from an origin not allowed is served as to anyone, without CORS headers: the
 * browser refuses the page the read, other tools that send {@code Origin} still work, and the bytes
 * stay the same for caches. A preflight from it, or one asking a method or header not allowed, is
 * refused. Immutable; every header value is made once, at build.
 */
public final class CorsPolicy {
  /** Default exposed headers: what DAP clients read beyond the safelisted ones. */
  public static final String DEFAULT_EXPOSED_HEADERS =
      "XDODS-Server, XOPeNDAP-Server, XDAP, X-DAP, Content-Description, Content-Encoding,"
          + " Content-Disposition, Content-Range, Accept-Ranges, ETag, X-Request-Id";

  /** Default time a browser may keep a preflight's answer (Chromium caps it at 2 hours). */
  public static final Duration DEFAULT_MAX_AGE = Duration.ofSeconds(600);

  /** The methods a preflight may ask for. */
  static final String ALLOWED_METHODS = "GET, HEAD, POST, OPTIONS";

  private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "OPTIONS");

  /**
   * The request headers a preflight may ask for: the request id, ranges, conditionals and content
   * negotiation; {@code Authorization} too when credentials are allowed.
   */
  private static final List<String> ALLOWED_HEADERS =
      List.of(
          "a-api-request-uuid",
          "range",
          "if-range",
          "if-none-match",
          "if-modified-since",
          "accept",
          "content-type",
          "x-requested-with");

  private final boolean any;
  private final List<String> allowedOrigins;
  private final Set<String> origins;
  private final boolean credentials;
  private final Duration maxAgeDuration;
  private final String maxAge;
  private final String exposedHeaders;
  private final Set<String> allowedHeaders;

  private CorsPolicy(Builder b) {
    List<String> list = b.allowedOrigins.get();
    this.allowedOrigins = List.copyOf(list);
    this.any = list.contains("*");
    this.origins = Set.copyOf(list);
    this.credentials = b.allowCredentials.get();
    this.maxAgeDuration = b.maxAge.get();
    this.maxAge = Long.toString(maxAgeDuration.toSeconds());
    this.exposedHeaders = b.exposedHeaders.get();
    Set<String> headers = new LinkedHashSet<>(ALLOWED_HEADERS);
    if (credentials) {
      headers.add("authorization");
    }
    this.allowedHeaders = Set.copyOf(headers);
  }

  public static Builder newBuilder() {
    return new Builder();
  }

  /**
   * A builder configured from a text spec: {@code allowedOrigins} (origins separated by blanks or
   * commas, or {@code *}), {@code allowCredentials} (a boolean), {@code maxAge} (a duration),
   * {@code exposedHeaders} (a header list).
   *
   * @throws org.olfsfastpath.spec.SpecException naming the key and the raw value
   */
  public static Builder from(Map<String, String> spec) {
    return newBuilder().apply(spec);
  }

  /** No origin allowed, as upstream. */
  public static CorsPolicy none() {
    return newBuilder().build();
  }

  /** The origins allowed as configured, {@code *} among them for every one. */
  public String allowedOrigins() {
    return String.join(" ", allowedOrigins);
  }

  /** How long a browser may keep a preflight's answer. */
  public Duration maxAge() {
    return maxAgeDuration;
  }

  /** Whether any origin is allowed: otherwise the policy adds nothing to any answer. */
  public boolean enabled() {
    return any || !origins.isEmpty();
  }

  /**
   * The {@code Access-Control-Allow-Origin} value for a request from {@code origin}, or null when
   * that origin is not allowed (or the request names none).
   */
  public @Nullable String allowOrigin(@Nullable String origin) {
    if (origin == null) {
      return null;
    }
    if (any && !credentials) {
      return "*";
    }
    return any || origins.contains(origin) ? origin : null;
  }

  /**
   * Whether answers name {@code Origin} in {@code Vary}: whenever the allowed origin is echoed
   * rather than {@code *}, on every answer, allowed or not, so a cache keeps them apart.
   */
  public boolean varyOrigin() {
    return enabled() && (credentials || !any);
  }

  /** Whether {@code Access-Control-Allow-Credentials: true} is sent. */
  public boolean credentials() {
    return credentials;
  }

  /** The {@code Access-Control-Expose-Headers} value. */
  public String exposedHeaders() {
    return exposedHeaders;
  }

  /**
   * The answer to a preflight ({@code OPTIONS} with {@code Access-Control-Request-Method}).
   *
   * @param origin the {@code Origin} header, or null
   * @param method the {@code Access-Control-Request-Method} header
   * @param requestHeaders the {@code Access-Control-Request-Headers} header, or null
   */
  public Preflight preflight(
      @Nullable String origin, String method, @Nullable String requestHeaders) {
    String allowOrigin = allowOrigin(origin);
    if (allowOrigin == null) {
      return Preflight.REFUSED;
    }
    if (!METHODS.contains(method.strip())) {
      return Preflight.REFUSED;
    }
    List<String> asked = new ArrayList<>();
    if (requestHeaders != null) {
      for (String header : requestHeaders.split(",")) {
        String name = header.strip().toLowerCase(Locale.ROOT);
        if (name.isEmpty()) {
          continue;
        }
        if (!allowedHeaders.contains(name)) {
          return Preflight.REFUSED;
        }
        asked.add(name);
      }
    }
    return new Preflight(true, allowOrigin, ALLOWED_METHODS, String.join(", ", asked), maxAge);
  }

  /**
   * A preflight's answer.
   *
   * @param allowed whether the preflight is allowed (204 with the headers below), or refused (403
   *     without any)
   * @param allowOrigin {@code Access-Control-Allow-Origin}
   * @param allowMethods {@code Access-Control-Allow-Methods}
   * @param allowHeaders {@code Access-Control-Allow-Headers}, or empty when none was asked for
   * @param maxAge {@code Access-Control-Max-Age}, in seconds
   */
  public record Preflight(
      boolean allowed,
      String allowOrigin,
      String allowMethods,
      String allowHeaders,
      String maxAge) {
    static final Preflight REFUSED = new Preflight(false, "", "", "", "");
  }

  @Override
  public String toString() {
    if (!enabled()) {
      return "CORS off";
    }
    return "CORS for "
        + (any ? "every origin" : String.join(" ", new java.util.TreeSet<>(origins)))
        + (credentials ? " with credentials" : "");
  }

  /**
   * Builds a {@link CorsPolicy}. Every setter validates at once and may be called once; {@link
   * #build} refuses {@code *} with credentials. Not thread-safe.
   */
  public static final class Builder {
    private final Settings settings = new Settings("CORS");
    private final Setting<List<String>> allowedOrigins =
        settings.add(
            Setting.of("allowedOrigins", List.<String>of())
                .text(Builder::origins)
                .check(Builder::checkOrigins));
    private final Setting<Boolean> allowCredentials =
        settings.add(Setting.bool("allowCredentials", false));
    private final Setting<Duration> maxAge =
        settings.add(
            Setting.duration("maxAge", DEFAULT_MAX_AGE, Duration.ZERO, Duration.ofHours(2)));
    private final Setting<String> exposedHeaders =
        settings.add(
            Setting.of("exposedHeaders", DEFAULT_EXPOSED_HEADERS)
                .text(String::strip)
                .check(
                    list -> {
                      requireArgument(
                          list.matches(
                              "[A-Za-z0-9!#$%&'*+.^_`|~-]+(\\s*,\\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*"),
                          "exposedHeaders was '%s', must be header names separated by commas",
                          list);
                      return list;
                    }));

    private Builder() {}

    /** Applies a text spec to {@link #settings}; for {@link #from}. */
    private Builder apply(Map<String, String> spec) {
      settings.apply(spec);
      return this;
    }

    private static List<String> origins(String text) {
      List<String> list = new ArrayList<>();
      for (String origin : text.split("[\\s,]+")) {
        if (!origin.isEmpty()) {
          list.add(origin);
        }
      }
      return list;
    }

    private static List<String> checkOrigins(List<String> list) {
      for (String origin : list) {
        requireArgument(
            origin.equals("*")
                || origin.equals("null")
                || origin.matches("https?://[^/\\s?#]+")
                || origin.matches("[a-z][a-z0-9+.-]*://[^/\\s?#]+"),
            "allowedOrigins has '%s', must be *, or origins such as https://example.org"
                + " (scheme, host and port, no path)",
            origin);
      }
      return List.copyOf(list);
    }

    /**
     * The origins allowed, or {@code *} for every one. Default none.
     *
     * @throws IllegalArgumentException for something that is not an origin
     */
    public Builder allowedOrigins(List<String> origins) {
      allowedOrigins.set(origins);
      return this;
    }

    /** Whether requests with credentials may be read. Default false. */
    public Builder allowCredentials(boolean allow) {
      allowCredentials.set(allow);
      return this;
    }

    /**
     * How long a browser may keep a preflight's answer. Default 600 s.
     *
     * @throws IllegalArgumentException if over 2 hours
     */
    public Builder maxAge(Duration age) {
      maxAge.set(age);
      return this;
    }

    /** The headers a page may read beyond the safelisted ones. Default the DAP headers. */
    public Builder exposedHeaders(String headers) {
      exposedHeaders.set(headers);
      return this;
    }

    /**
     * @throws IllegalStateException for {@code *} with credentials
     */
    public CorsPolicy build() {
      if (allowCredentials.get() && allowedOrigins.get().contains("*")) {
        throw new IllegalStateException(
            "allowedOrigins * cannot be combined with allowCredentials: a page of any origin could"
                + " read answers with its visitor's credentials; list the origins instead");
      }
      return new CorsPolicy(this);
    }
  }
}
