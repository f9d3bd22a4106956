package org.olfsfastpath.web;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.olfsfastpath.dap.DapRequestParser;
import org.olfsfastpath.ppt.PptEndpoint;

/**
 * Everything the front end is configured with, validated. Immutable; build with
 * {@link #newBuilder()} or read from an olfs.xml file with {@link OlfsConfigFile}.
 *
 * <p>The BES defaults to localhost:10022, like Hyrax. Settings that belong to the BES client, the
 * socket layer or the cache (timeOut, ClientPool maximum and maxCmds, NodeCache maxEntries and
 * refreshInterval, acquire and connect timeouts, negative TTL, refresh-ahead, mtime checks) are
 * optional here: when absent, the defaults of those layers apply, so each default lives in one
 * place (see docs/configuration.md for the values).
 */
public final class FrontEndSettings {
  private final String besHost;
  private final int besPort;
  private final Path besUnixSocket;
  private final Duration besTimeout;
  private final Integer poolMaximum;
  private final Integer maxCommandsPerConnection;
  private final Duration acquireTimeout;
  private final Duration connectTimeout;
  private final Boolean quickAck;
  private final boolean cacheEnabled;
  private final Integer cacheMaxEntries;
  private final Duration cacheTtl;
  private final Duration negativeTtl;
  private final Duration refreshAfter;
  private final Duration mtimeCheckInterval;
  private final Path dataRoot;
  private final String catalogRoot;
  private final int maxUrlLength;
  private final int maxConstraintLength;
  private final boolean gzip;
  private final int retryAfterSeconds;
  private final String adminToken;

  private FrontEndSettings(Builder b) {
    this.besHost = b.besHost;
    this.besPort = b.besPort;
    this.besUnixSocket = b.besUnixSocket;
    this.besTimeout = b.besTimeout;
    this.poolMaximum = b.poolMaximum;
    this.maxCommandsPerConnection = b.maxCommandsPerConnection;
    this.acquireTimeout = b.acquireTimeout;
    this.connectTimeout = b.connectTimeout;
    this.quickAck = b.quickAck;
    this.cacheEnabled = b.cacheEnabled;
    this.cacheMaxEntries = b.cacheMaxEntries;
    this.cacheTtl = b.cacheTtl;
    this.negativeTtl = b.negativeTtl;
    this.refreshAfter = b.refreshAfter;
    this.mtimeCheckInterval = b.mtimeCheckInterval;
    this.dataRoot = b.dataRoot;
    this.catalogRoot = b.catalogRoot != null ? b.catalogRoot
        : b.dataRoot != null ? b.dataRoot.toString() : null;
    this.maxUrlLength = b.maxUrlLength;
    this.maxConstraintLength = b.maxConstraintLength;
    this.gzip = b.gzip;
    this.retryAfterSeconds = b.retryAfterSeconds;
    this.adminToken = b.adminToken;
  }

  public static Builder newBuilder() {
    return new Builder();
  }

  /** The settings used when no configuration file is given: a BES (or the emulator) at localhost:10022. */
  public static FrontEndSettings defaults() {
    return newBuilder().build();
  }

  /** Where the BES listens: the Unix socket when one is set, else host and port. */
  public PptEndpoint besEndpoint() {
    return besUnixSocket != null ? PptEndpoint.unix(besUnixSocket) : PptEndpoint.tcp(besHost, besPort);
  }

  /** The BES timeOut: the longest silence tolerated while reading a BES answer, if configured. */
  public Optional<Duration> besTimeout() {
    return Optional.ofNullable(besTimeout);
  }

  /** ClientPool maximum: the most BES connections (and so BES processes) open at once, if configured. */
  public Optional<Integer> poolMaximum() {
    return Optional.ofNullable(poolMaximum);
  }

  /** ClientPool maxCmds: commands a connection carries before it is replaced, if configured. */
  public Optional<Integer> maxCommandsPerConnection() {
    return Optional.ofNullable(maxCommandsPerConnection);
  }

  /** How long a request waits for a free BES connection before a 503, if configured. */
  public Optional<Duration> acquireTimeout() {
    return Optional.ofNullable(acquireTimeout);
  }

  /** The TCP or Unix socket connect timeout, if configured. */
  public Optional<Duration> connectTimeout() {
    return Optional.ofNullable(connectTimeout);
  }

  /**
   * Whether the PPT client re-arms TCP_QUICKACK before each read (on by default where Linux has
   * it), if configured. Off reproduces a plain TCP client and its ~40 ms stalls against a BES.
   */
  public Optional<Boolean> quickAck() {
    return Optional.ofNullable(quickAck);
  }

  /** Whether showNode answers are cached; off means every request asks the BES (cold path). */
  public boolean cacheEnabled() {
    return cacheEnabled;
  }

  /** NodeCache maxEntries, if configured. */
  public Optional<Integer> cacheMaxEntries() {
    return Optional.ofNullable(cacheMaxEntries);
  }

  /** NodeCache refreshInterval: how long a cached showNode answer is trusted, if configured. */
  public Optional<Duration> cacheTtl() {
    return Optional.ofNullable(cacheTtl);
  }

  /** How long a "no such dataset" answer is cached, if configured. */
  public Optional<Duration> negativeTtl() {
    return Optional.ofNullable(negativeTtl);
  }

  /** After how long a hit reloads the entry in the background, if configured. */
  public Optional<Duration> refreshAfter() {
    return Optional.ofNullable(refreshAfter);
  }

  /** How often a hit re-checks the file's mtime under {@link #dataRoot()}, if configured. */
  public Optional<Duration> mtimeCheckInterval() {
    return Optional.ofNullable(mtimeCheckInterval);
  }

  /** The BES catalog root on this machine, for file-mtime checks, if it is local. */
  public Optional<Path> dataRoot() {
    return Optional.ofNullable(dataRoot);
  }

  /** The BES catalog root as the BES names it in messages, for scrubbing; defaults to dataRoot. */
  public Optional<String> catalogRoot() {
    return Optional.ofNullable(catalogRoot);
  }

  public int maxUrlLength() {
    return maxUrlLength;
  }

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

  /** The token that authorizes cache invalidation from other hosts, if any. */
  public Optional<String> adminToken() {
    return Optional.ofNullable(adminToken);
  }

  /** The settings, with "default" for those left to the layers below; never the admin token. */
  @Override
  public String toString() {
    return "bes=" + besEndpoint() + ", timeOut=" + shown(besTimeout)
        + ", ClientPool maximum=" + shown(poolMaximum) + " maxCmds=" + shown(maxCommandsPerConnection)
        + " acquireTimeout=" + shown(acquireTimeout) + " connectTimeout=" + shown(connectTimeout)
        + " quickAck=" + shown(quickAck)
        + ", cache=" + (cacheEnabled ? "on" : "off") + " maxEntries=" + shown(cacheMaxEntries)
        + " ttl=" + shown(cacheTtl) + " negativeTtl=" + shown(negativeTtl)
        + " refreshAfter=" + shown(refreshAfter) + " mtimeCheckInterval=" + shown(mtimeCheckInterval)
        + " dataRoot=" + shown(dataRoot) + ", catalogRoot=" + shown(catalogRoot)
        + ", maxUrlLength=" + maxUrlLength + ", maxConstraintLength=" + maxConstraintLength
        + ", gzip=" + gzip + ", retryAfter=" + retryAfterSeconds + "s, adminToken="
        + (adminToken == null ? "none" : "set");
  }

  private static String shown(Object value) {
    return value == null ? "default" : value.toString();
  }

  /**
   * Builds {@link FrontEndSettings}. Each setter checks its value at once and throws
   * {@link IllegalArgumentException} naming the setting and the value.
   */
  public static final class Builder {
    private String besHost = "localhost";
    private int besPort = 10022;
    private Path besUnixSocket;
    private Duration besTimeout;
    private Integer poolMaximum;
    private Integer maxCommandsPerConnection;
    private Duration acquireTimeout;
    private Duration connectTimeout;
    private Boolean quickAck;
    private boolean cacheEnabled = true;
    private Integer cacheMaxEntries;
    private Duration cacheTtl;
    private Duration negativeTtl;
    private Duration refreshAfter;
    private Duration mtimeCheckInterval;
    private Path dataRoot;
    private String catalogRoot;
    private int maxUrlLength = DapRequestParser.DEFAULT_MAX_URL_LENGTH;
    private int maxConstraintLength = DapRequestParser.DEFAULT_MAX_CONSTRAINT_LENGTH;
    private boolean gzip = true;
    private int retryAfterSeconds = 1;
    private String adminToken;

    private Builder() {}

    public Builder besHost(String host) {
      Objects.requireNonNull(host, "host == null");
      require(!host.isBlank(), "host was empty, must name the BES machine");
      this.besHost = host.strip();
      return this;
    }

    public Builder besPort(int port) {
      require(port >= 1 && port <= 65535, "port was %d, must be 1-65535", port);
      this.besPort = port;
      return this;
    }

    /** Talk to the BES over this Unix domain socket (BES.ServerUnixSocket) instead of TCP. */
    public Builder besUnixSocket(Path socket) {
      this.besUnixSocket = Objects.requireNonNull(socket, "socket == null");
      return this;
    }

    public Builder besTimeout(Duration timeout) {
      this.besTimeout = positive("timeOut", timeout);
      return this;
    }

    public Builder poolMaximum(int maximum) {
      require(maximum >= 1, "ClientPool maximum was %d, must be >= 1", maximum);
      this.poolMaximum = maximum;
      return this;
    }

    public Builder maxCommandsPerConnection(int maxCommands) {
      require(maxCommands >= 1, "ClientPool maxCmds was %d, must be >= 1", maxCommands);
      this.maxCommandsPerConnection = maxCommands;
      return this;
    }

    public Builder acquireTimeout(Duration timeout) {
      this.acquireTimeout = positive("acquireTimeout", timeout);
      return this;
    }

    public Builder connectTimeout(Duration timeout) {
      this.connectTimeout = positive("connectTimeout", timeout);
      return this;
    }

    public Builder quickAck(boolean quickAck) {
      this.quickAck = quickAck;
      return this;
    }

    public Builder cacheEnabled(boolean enabled) {
      this.cacheEnabled = enabled;
      return this;
    }

    public Builder cacheMaxEntries(int maxEntries) {
      require(maxEntries >= 1, "NodeCache maxEntries was %d, must be >= 1", maxEntries);
      this.cacheMaxEntries = maxEntries;
      return this;
    }

    public Builder cacheTtl(Duration ttl) {
      this.cacheTtl = positive("NodeCache refreshInterval", ttl);
      return this;
    }

    /** How long "no such path" is cached; zero caches none. */
    public Builder negativeTtl(Duration ttl) {
      Objects.requireNonNull(ttl, "negativeTtl == null");
      require(!ttl.isNegative(), "negativeTtl was %s, must be >= 0", ttl);
      this.negativeTtl = ttl;
      return this;
    }

    public Builder refreshAfter(Duration refreshAfter) {
      this.refreshAfter = positive("refreshAfter", refreshAfter);
      return this;
    }

    public Builder mtimeCheckInterval(Duration interval) {
      Objects.requireNonNull(interval, "mtimeCheckInterval == null");
      require(!interval.isNegative(), "mtimeCheckInterval was %s, must be >= 0", interval);
      this.mtimeCheckInterval = interval;
      return this;
    }

    public Builder dataRoot(Path root) {
      Objects.requireNonNull(root, "dataRoot == null");
      require(root.isAbsolute(), "dataRoot was %s, must be an absolute path", root);
      this.dataRoot = root;
      return this;
    }

    public Builder catalogRoot(String root) {
      Objects.requireNonNull(root, "catalogRoot == null");
      require(root.startsWith("/"), "catalogRoot was '%s', must be an absolute path", root);
      this.catalogRoot = root;
      return this;
    }

    public Builder maxUrlLength(int length) {
      require(length >= 64, "maxUrlLength was %d, must be >= 64", length);
      this.maxUrlLength = length;
      return this;
    }

    public Builder maxConstraintLength(int length) {
      require(length >= 1, "maxConstraintLength was %d, must be >= 1", length);
      this.maxConstraintLength = length;
      return this;
    }

    public Builder gzip(boolean gzip) {
      this.gzip = gzip;
      return this;
    }

    public Builder retryAfterSeconds(int seconds) {
      require(seconds >= 1 && seconds <= 3600, "retryAfter was %d, must be 1-3600 seconds", seconds);
      this.retryAfterSeconds = seconds;
      return this;
    }

    public Builder adminToken(String token) {
      Objects.requireNonNull(token, "adminToken == null");
      require(token.length() >= 16, "adminToken was %d characters, must be at least 16",
          token.length());
      this.adminToken = token;
      return this;
    }

    public FrontEndSettings build() {
      return new FrontEndSettings(this);
    }

    private static Duration positive(String name, Duration value) {
      Objects.requireNonNull(value, name + " == null");
      require(!value.isNegative() && !value.isZero() && value.toMillis() > 0,
          "%s was %s, must be at least 1 ms", name, value);
      return value;
    }

    private static void require(boolean ok, String template, Object... args) {
      if (!ok) {
        throw new IllegalArgumentException(String.format(Locale.US, template, args));
      }
    }
  }
}
