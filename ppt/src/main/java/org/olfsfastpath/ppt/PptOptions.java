package org.olfsfastpath.ppt;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.spec.Setting;
import org.olfsfastpath.spec.Settings;
import org.olfsfastpath.spec.Specs;

/**
 * Socket settings for PPT connections. Immutable; build with {@link #newBuilder()} or from a text
 * spec with {@link #from(Map)}.
 *
 * <p>Defaults: connect timeout 5 s; handshake timeout the connect timeout (a BES that accepts a
 * connection but never answers the handshake is a failed connect, found in seconds, not after the
 * read timeout); read timeout 120 s (the longest silence tolerated between bytes of a response);
 * write timeout 30 s; chunk length cap 64 MiB; handshake answer cap 64 bytes; TCP_NODELAY on;
 * TCP_QUICKACK re-armed before every read where the platform supports it.
 */
public final class PptOptions {
  /** Default connect timeout. */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);

  /** Default read timeout: a long BES get may be silent while the BES reads its data. */
  public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(120);

  /** Default write timeout. */
  public static final Duration DEFAULT_WRITE_TIMEOUT = Duration.ofSeconds(30);

  /** Default cap on one chunk's announced length. */
  public static final int DEFAULT_MAX_CHUNK_LENGTH = 64 << 20;

  /** Default cap on the server's handshake answer. */
  public static final int DEFAULT_MAX_HANDSHAKE_LENGTH = 64;

  private static final Duration MIN_TIMEOUT = Duration.ofMillis(1);
  private static final Duration MAX_TIMEOUT = Duration.ofDays(1);
  private static final PptOptions DEFAULTS = newBuilder().build();

  private final Duration connectTimeout;
  private final Duration handshakeTimeout;
  private final Duration readTimeout;
  private final Duration writeTimeout;
  private final int maxChunkLength;
  private final int maxHandshakeLength;
  private final boolean quickAck;
  private final boolean tcpNoDelay;

  private PptOptions(Builder b) {
    this.connectTimeout = b.getConnectTimeout();
    this.handshakeTimeout = b.getHandshakeTimeout();
    this.readTimeout = b.getReadTimeout();
    this.writeTimeout = b.getWriteTimeout();
    this.maxChunkLength = b.getMaxChunkLength();
    this.maxHandshakeLength = b.getMaxHandshakeLength();
    this.quickAck = b.getQuickAck();
    this.tcpNoDelay = b.getTcpNoDelay();
  }

  /** Returns the default options. */
  public static PptOptions defaults() {
    return DEFAULTS;
  }

  /** Returns a builder holding the defaults. */
  public static Builder newBuilder() {
    return new Builder(null);
  }

  /**
   * Returns a builder configured from a text spec whose keys are the builder's method names: {@code
   * connectTimeout}, {@code handshakeTimeout}, {@code readTimeout}, {@code writeTimeout}
   * (durations, see {@link Specs#duration}), {@code maxChunkLength}, {@code maxHandshakeLength}
   * (integers), {@code quickAck}, {@code tcpNoDelay} (booleans).
   *
   * @throws org.olfsfastpath.spec.SpecException naming the key and the raw value, if a key is
   *     unknown or the builder refuses its value
   */
  public static Builder from(Map<String, String> spec) {
    Builder builder = newBuilder();
    builder.settings.apply(spec);
    return builder;
  }

  /** Returns a builder whose defaults are these options; each setting may still be set once. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  public Duration connectTimeout() {
    return connectTimeout;
  }

  /** How long the BES may take to answer the PPT handshake after the connect. */
  public Duration handshakeTimeout() {
    return handshakeTimeout;
  }

  public Duration readTimeout() {
    return readTimeout;
  }

  public Duration writeTimeout() {
    return writeTimeout;
  }

  public int maxChunkLength() {
    return maxChunkLength;
  }

  public int maxHandshakeLength() {
    return maxHandshakeLength;
  }

  /** Whether TCP_QUICKACK is re-armed before every read (TCP only, where supported). */
  public boolean quickAck() {
    return quickAck;
  }

  public boolean tcpNoDelay() {
    return tcpNoDelay;
  }

  @Override
  public String toString() {
    return String.format(
        Locale.US,
        "PptOptions{connectTimeout=%s, handshakeTimeout=%s, readTimeout=%s, writeTimeout=%s, "
            + "maxChunkLength=%d, maxHandshakeLength=%d, quickAck=%s, tcpNoDelay=%s}",
        connectTimeout,
        handshakeTimeout,
        readTimeout,
        writeTimeout,
        maxChunkLength,
        maxHandshakeLength,
        quickAck,
        tcpNoDelay);
  }

  /**
   * Builds {@link PptOptions}. Every setter validates its value at once and may be called once;
   * unset settings keep their defaults, which the getters return.
   */
  public static final class Builder {
    /** The settings a text spec sets, for {@link #from(Map)}: keys are the setters' names. */
    private final Settings settings = new Settings("PPT options");

    // Unset settings default to the options given to toBuilder(), else to the defaults.
    private final Setting<Duration> connectTimeout;
    private final Setting<Duration> handshakeTimeout;
    private final Setting<Duration> readTimeout;
    private final Setting<Duration> writeTimeout;
    private final Setting<Integer> maxChunkLength;
    private final Setting<Integer> maxHandshakeLength;
    private final Setting<Boolean> quickAck;
    private final Setting<Boolean> tcpNoDelay;

    private Builder(@Nullable PptOptions base) {
      connectTimeout =
          settings.add(
              timeout(
                  "connectTimeout", base != null ? base.connectTimeout : DEFAULT_CONNECT_TIMEOUT));
      // Unset and with no base, the handshake takes the connect timeout (getHandshakeTimeout).
      handshakeTimeout =
          settings.add(timeout("handshakeTimeout", base != null ? base.handshakeTimeout : null));
      readTimeout =
          settings.add(
              timeout("readTimeout", base != null ? base.readTimeout : DEFAULT_READ_TIMEOUT));
      writeTimeout =
          settings.add(
              timeout("writeTimeout", base != null ? base.writeTimeout : DEFAULT_WRITE_TIMEOUT));
      maxChunkLength =
          settings.add(
              Setting.between(
                  "maxChunkLength",
                  base != null ? base.maxChunkLength : DEFAULT_MAX_CHUNK_LENGTH,
                  1,
                  PptFraming.MAX_ENCODABLE_LENGTH));
      maxHandshakeLength =
          settings.add(
              Setting.between(
                  "maxHandshakeLength",
                  base != null ? base.maxHandshakeLength : DEFAULT_MAX_HANDSHAKE_LENGTH,
                  PptFraming.SERVER_UNDEFINED.length(),
                  65536));
      quickAck = settings.add(Setting.bool("quickAck", base == null || base.quickAck));
      tcpNoDelay = settings.add(Setting.bool("tcpNoDelay", base == null || base.tcpNoDelay));
    }

    /**
     * The TCP or Unix socket connect timeout (default 5 s).
     *
     * @throws IllegalArgumentException if not between 1 ms and 1 day
     * @throws IllegalStateException if already set
     */
    public Builder connectTimeout(Duration timeout) {
      connectTimeout.set(timeout);
      return this;
    }

    /**
     * How long the BES may take to answer the handshake once connected (default: the connect
     * timeout). A BES whose listener accepts but never answers is then a failed connect.
     *
     * @throws IllegalArgumentException if not between 1 ms and 1 day
     * @throws IllegalStateException if already set
     */
    public Builder handshakeTimeout(Duration timeout) {
      handshakeTimeout.set(timeout);
      return this;
    }

    /**
     * The longest silence tolerated while reading a BES answer (default 120 s).
     *
     * @throws IllegalArgumentException if not between 1 ms and 1 day
     * @throws IllegalStateException if already set
     */
    public Builder readTimeout(Duration timeout) {
      readTimeout.set(timeout);
      return this;
    }

    /**
     * The longest wait for the socket to take a request's bytes (default 30 s).
     *
     * @throws IllegalArgumentException if not between 1 ms and 1 day
     * @throws IllegalStateException if already set
     */
    public Builder writeTimeout(Duration timeout) {
      writeTimeout.set(timeout);
      return this;
    }

    /**
     * The largest chunk length a response may announce (default 64 MiB); beyond it the answer is
     * garbage, not data.
     *
     * @throws IllegalArgumentException if not in 1..0x0FFFFFFF
     * @throws IllegalStateException if already set
     */
    public Builder maxChunkLength(int bytes) {
      maxChunkLength.set(bytes);
      return this;
    }

    /**
     * The largest handshake answer read before giving up (default 64 bytes).
     *
     * @throws IllegalArgumentException if under the length of the server's answer or over 64 KiB
     * @throws IllegalStateException if already set
     */
    public Builder maxHandshakeLength(int bytes) {
      maxHandshakeLength.set(bytes);
      return this;
    }

    /**
     * Whether to re-arm TCP_QUICKACK before every read (default true; TCP on Linux only). Off makes
     * a plain client that stalls about 40 ms on every answer of a BES.
     *
     * @throws IllegalStateException if already set
     */
    public Builder quickAck(boolean enabled) {
      quickAck.set(enabled);
      return this;
    }

    /**
     * Whether to set TCP_NODELAY (default true), so that a request never waits for an ACK.
     *
     * @throws IllegalStateException if already set
     */
    public Builder tcpNoDelay(boolean enabled) {
      tcpNoDelay.set(enabled);
      return this;
    }

    public Duration getConnectTimeout() {
      return connectTimeout.get();
    }

    /** The handshake timeout, or the connect timeout when none was set. */
    public Duration getHandshakeTimeout() {
      Duration timeout = handshakeTimeout.orNull();
      return timeout != null ? timeout : getConnectTimeout();
    }

    public Duration getReadTimeout() {
      return readTimeout.get();
    }

    public Duration getWriteTimeout() {
      return writeTimeout.get();
    }

    public int getMaxChunkLength() {
      return maxChunkLength.get();
    }

    public int getMaxHandshakeLength() {
      return maxHandshakeLength.get();
    }

    public boolean getQuickAck() {
      return quickAck.get();
    }

    public boolean getTcpNoDelay() {
      return tcpNoDelay.get();
    }

    public PptOptions build() {
      return new PptOptions(this);
    }

    private static Setting<Duration> timeout(String name, @Nullable Duration defaultValue) {
      return Setting.duration(name, defaultValue, MIN_TIMEOUT, MAX_TIMEOUT);
    }
  }
}
