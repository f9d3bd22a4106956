package org.olfsfastpath.web;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.dap.DapRequestParser;
import org.olfsfastpath.spec.SpecParser;

/**
 * What the web layer itself is configured with: request limits, compression, the 503's
 * Retry-After, the operator token, and how BES messages are scrubbed. Immutable; build with
 * {@link #newBuilder()} or from a text spec with {@link #from(Map)}. The settings of the BES
 * client, the socket options and the caches belong to those layers and are never mirrored here.
 */
public final class FrontEndSettings {
  /** Default Retry-After of a 503, in seconds. */
  public static final int DEFAULT_RETRY_AFTER_SECONDS = 1;

  /** The text settings: keys are the builder's method names. */
  private static final SpecParser<Builder> SPEC = SpecParser.<Builder>named("front end")
      .intValue("maxUrlLength", Builder::maxUrlLength)
      .intValue("maxConstraintLength", Builder::maxConstraintLength)
      .bool("gzip", Builder::gzip)
      .intValue("retryAfterSeconds", Builder::retryAfterSeconds)
      .text("adminToken", Builder::adminToken)
      .text("catalogRoot", Builder::catalogRoot);

  private final int maxUrlLength;
  private final int maxConstraintLength;
  private final boolean gzip;
  private final int retryAfterSeconds;
  private final @Nullable String adminToken;
  private final @Nullable String catalogRoot;

  private FrontEndSettings(Builder b) {
    this.maxUrlLength = b.getMaxUrlLength();
    this.maxConstraintLength = b.getMaxConstraintLength();
    this.gzip = b.getGzip();
    this.retryAfterSeconds = b.getRetryAfterSeconds();
    this.adminToken = b.adminToken;
    this.catalogRoot = b.catalogRoot;
  }

  public static Builder newBuilder() {
    return new Builder();
  }

  /**
   * Returns a builder configured from a text spec whose keys are the builder's method names:
   * {@code maxUrlLength}, {@code maxConstraintLength}, {@code retryAfterSeconds} (integers),
   * {@code gzip} (boolean), {@code adminToken}, {@code catalogRoot}.
   *
   * @throws org.olfsfastpath.spec.SpecException naming the key and the raw value
   */
  public static Builder from(Map<String, String> spec) {
    return SPEC.apply(spec, newBuilder());
  }

  /** The settings with every default. */
  public static FrontEndSettings defaults() {
    return newBuilder().build();
  }

  /** The longest raw path plus query string accepted; longer is a 414 before any BES message. */
  public int maxUrlLength() {
    return maxUrlLength;
  }

  /** The longest decoded constraint accepted; longer is a 414. */
  public int maxConstraintLength() {
    return maxConstraintLength;
  }

  /** Whether textual responses are gzip-compressed for clients that accept it. */
  public boolean gzip() {
    return gzip;
  }

  /** The Retry-After value of a 503 when every BES connection is busy. */
  public int retryAfterSeconds() {
    return retryAfterSeconds;
  }

  /** The token that authorizes operator actions from other hosts, if any. */
  public Optional<String> adminToken() {
    return Optional.ofNullable(adminToken);
  }

  /**
   * The BES catalog root as the BES names it in messages, removed from them; when unset the
   * composition uses the data root.
   */
  public Optional<String> catalogRoot() {
    return Optional.ofNullable(catalogRoot);
  }

  /** The settings; never the admin token. */
  @Override
  public String toString() {
    return "maxUrlLength=" + maxUrlLength + ", maxConstraintLength=" + maxConstraintLength
        + ", gzip=" + gzip + ", retryAfter=" + retryAfterSeconds + "s, catalogRoot="
        + (catalogRoot == null ? "default" : catalogRoot) + ", adminToken="
        + (adminToken == null ? "none" : "set");
  }

  /**
   * Builds {@link FrontEndSettings}. Every setter validates at once and may be called once;
   * unset settings keep their defaults, which the getters return.
   */
  public static final class Builder {
    private int maxUrlLength = DapRequestParser.DEFAULT_MAX_URL_LENGTH;
    private int maxConstraintLength = DapRequestParser.DEFAULT_MAX_CONSTRAINT_LENGTH;
    private boolean gzip = true;
    private int retryAfterSeconds = DEFAULT_RETRY_AFTER_SECONDS;
    private @Nullable String adminToken;
    private @Nullable String catalogRoot;
    private final Map<String, Object> set = new HashMap<>();

    private Builder() {}

    /**
     * @throws IllegalArgumentException if under 64
     * @throws IllegalStateException if already set
     */
    public Builder maxUrlLength(int length) {
      require(length >= 64, "maxUrlLength was %d, must be >= 64", length);
      once("maxUrlLength", length);
      this.maxUrlLength = length;
      return this;
    }

    /**
     * @throws IllegalArgumentException if under 1
     * @throws IllegalStateException if already set
     */
    public Builder maxConstraintLength(int length) {
      require(length >= 1, "maxConstraintLength was %d, must be >= 1", length);
      once("maxConstraintLength", length);
      this.maxConstraintLength = length;
      return this;
    }

    /** @throws IllegalStateException if already set */
    public Builder gzip(boolean gzip) {
      once("gzip", gzip);
      this.gzip = gzip;
      return this;
    }

    /**
     * @throws IllegalArgumentException if not 1-3600
     * @throws IllegalStateException if already set
     */
    public Builder retryAfterSeconds(int seconds) {
      require(seconds >= 1 && seconds <= 3600, "retryAfterSeconds was %d, must be 1-3600",
          seconds);
      once("retryAfterSeconds", seconds);
      this.retryAfterSeconds = seconds;
      return this;
    }

    /**
     * @throws IllegalArgumentException if shorter than 16 characters
     * @throws IllegalStateException if already set
     */
    public Builder adminToken(String token) {
      Objects.requireNonNull(token, "adminToken == null");
      require(token.length() >= 16, "adminToken was %d characters, must be at least 16",
          token.length());
      once("adminToken", "(a token)");
      this.adminToken = token;
      return this;
    }

    /**
     * @throws IllegalArgumentException if not absolute
     * @throws IllegalStateException if already set
     */
    public Builder catalogRoot(String root) {
      Objects.requireNonNull(root, "catalogRoot == null");
      require(root.startsWith("/"), "catalogRoot was '%s', must be an absolute path", root);
      once("catalogRoot", root);
      this.catalogRoot = root;
      return this;
    }

    public int getMaxUrlLength() {
      return maxUrlLength;
    }

    public int getMaxConstraintLength() {
      return maxConstraintLength;
    }

    public boolean getGzip() {
      return gzip;
    }

    public int getRetryAfterSeconds() {
      return retryAfterSeconds;
    }

    public FrontEndSettings build() {
      return new FrontEndSettings(this);
    }

    private void once(String name, Object value) {
      Object earlier = set.putIfAbsent(name, value);
      if (earlier != null) {
        throw new IllegalStateException(name + " was already set to " + earlier);
      }
    }

    private static void require(boolean ok, String template, Object... args) {
      if (!ok) {
        throw new IllegalArgumentException(String.format(Locale.US, template, args));
      }
    }
  }
}
