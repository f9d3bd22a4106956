package org.olfsfastpath.ppt;

import static org.olfsfastpath.spec.Checks.requireArgument;
import static org.olfsfastpath.spec.Checks.requireState;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.olfsfastpath.spec.SpecParser;
import org.olfsfastpath.spec.Specs;
import org.jspecify.annotations.Nullable;

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

  private static final int UNSET = -1;
  private static final Duration MIN_TIMEOUT = Duration.ofMillis(1);
  private static final Duration MAX_TIMEOUT = Duration.ofDays(1);
  private static final PptOptions DEFAULTS = newBuilder().build();

  /** The text settings: keys are the builder's method names. */
  private static final SpecParser<Builder> SPEC = SpecParser.<Builder>named("PPT options")
      .duration("connectTimeout", Builder::connectTimeout)
      .duration("handshakeTimeout", Builder::handshakeTimeout)
      .duration("readTimeout", Builder::readTimeout)
      .duration("writeTimeout", Builder::writeTimeout)
      .intValue("maxChunkLength", Builder::maxChunkLength)
      .intValue("maxHandshakeLength", Builder::maxHandshakeLength)
      .bool("quickAck", Builder::quickAck)
      .bool("tcpNoDelay", Builder::tcpNoDelay);

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
   * Returns a builder configured from a text spec whose keys are the builder's method names:
   * {@code connectTimeout}, {@code handshakeTimeout}, {@code readTimeout}, {@code writeTimeout}
   * (durations, see {@link Specs#duration}), {@code maxChunkLength}, {@code maxHandshakeLength}
   * (integers), {@code quickAck}, {@code tcpNoDelay} (booleans).
   *
   * @throws org.olfsfastpath.spec.SpecException naming the key and the raw value, if a key is
   *     unknown or the builder refuses its value
   */
  public static Builder from(Map<String, String> spec) {
    return SPEC.apply(spec, newBuilder());
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
    return String.format(Locale.US,
        "PptOptions{connectTimeout=%s, handshakeTimeout=%s, readTimeout=%s, writeTimeout=%s, "
            + "maxChunkLength=%d, maxHandshakeLength=%d, quickAck=%s, tcpNoDelay=%s}",
        connectTimeout, handshakeTimeout, readTimeout, writeTimeout, maxChunkLength,
        maxHandshakeLength, quickAck, tcpNoDelay);
  }

  /**
   * Builds {@link PptOptions}. Every setter validates its value at once and may be called once;
   * unset settings keep their defaults, which the getters return.
   */
  public static final class Builder {
    /** Unset settings default to these options' (from {@link #toBuilder()}), else the defaults. */
    private final @Nullable PptOptions base;
    private @Nullable Duration connectTimeout;
    private @Nullable Duration handshakeTimeout;
    private @Nullable Duration readTimeout;
    private @Nullable Duration writeTimeout;
    private int maxChunkLength = UNSET;
    private int maxHandshakeLength = UNSET;
    private @Nullable Boolean quickAck;
    private @Nullable Boolean tcpNoDelay;

    private Builder(@Nullable PptOptions base) {
      this.base = base;
    }

    /**
     * The TCP or Unix socket connect timeout (default 5 s).
     *
     * @throws IllegalArgumentException if not between 1 ms and 1 day
     * @throws IllegalStateException if already set
     */
    public Builder connectTimeout(Duration timeout) {
      checkTimeout("connectTimeout", timeout);
      requireState(connectTimeout == null, "connectTimeout was already set to %s",
          connectTimeout);
      this.connectTimeout = timeout;
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
      checkTimeout("handshakeTimeout", timeout);
      requireState(handshakeTimeout == null, "handshakeTimeout was already set to %s",
          handshakeTimeout);
      this.handshakeTimeout = timeout;
      return this;
    }

    /**
     * The longest silence tolerated while reading a BES answer (default 120 s).
     *
     * @throws IllegalArgumentException if not between 1 ms and 1 day
     * @throws IllegalStateException if already set
     */
    public Builder readTimeout(Duration timeout) {
      checkTimeout("readTimeout", timeout);
      requireState(readTimeout == null, "readTimeout was already set to %s", readTimeout);
      this.readTimeout = timeout;
      return this;
    }

    /**
     * The longest wait for the socket to take a request's bytes (default 30 s).
     *
     * @throws IllegalArgumentException if not between 1 ms and 1 day
     * @throws IllegalStateException if already set
     */
    public Builder writeTimeout(Duration timeout) {
      checkTimeout("writeTimeout", timeout);
      requireState(writeTimeout == null, "writeTimeout was already set to %s", writeTimeout);
      this.writeTimeout = timeout;
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
      requireArgument(bytes >= 1 && bytes <= PptFraming.MAX_ENCODABLE_LENGTH,
          "maxChunkLength was %d, must be 1-%d", bytes, PptFraming.MAX_ENCODABLE_LENGTH);
      requireState(maxChunkLength == UNSET, "maxChunkLength was already set to %s",
          maxChunkLength);
      this.maxChunkLength = bytes;
      return this;
    }

    /**
     * The largest handshake answer read before giving up (default 64 bytes).
     *
     * @throws IllegalArgumentException if under the length of the server's answer or over 64 KiB
     * @throws IllegalStateException if already set
     */
    public Builder maxHandshakeLength(int bytes) {
      requireArgument(bytes >= PptFraming.SERVER_UNDEFINED.length() && bytes <= 65536,
          "maxHandshakeLength was %d, must be %d-65536", bytes,
          PptFraming.SERVER_UNDEFINED.length());
      requireState(maxHandshakeLength == UNSET, "maxHandshakeLength was already set to %s",
          maxHandshakeLength);
      this.maxHandshakeLength = bytes;
      return this;
    }

    /**
     * Whether to re-arm TCP_QUICKACK before every read (default true; TCP on Linux only). Off
     * makes a plain client that stalls about 40 ms on every answer of a BES.
     *
     * @throws IllegalStateException if already set
     */
    public Builder quickAck(boolean enabled) {
      requireState(quickAck == null, "quickAck was already set to %s", quickAck);
      this.quickAck = enabled;
      return this;
    }

    /**
     * Whether to set TCP_NODELAY (default true), so that a request never waits for an ACK.
     *
     * @throws IllegalStateException if already set
     */
    public Builder tcpNoDelay(boolean enabled) {
      requireState(tcpNoDelay == null, "tcpNoDelay was already set to %s", tcpNoDelay);
      this.tcpNoDelay = enabled;
      return this;
    }

    public Duration getConnectTimeout() {
      return connectTimeout != null ? connectTimeout
          : base != null ? base.connectTimeout : DEFAULT_CONNECT_TIMEOUT;
    }

    /** The handshake timeout, or the connect timeout when none was set. */
    public Duration getHandshakeTimeout() {
      return handshakeTimeout != null ? handshakeTimeout
          : base != null ? base.handshakeTimeout : getConnectTimeout();
    }

    public Duration getReadTimeout() {
      return readTimeout != null ? readTimeout
          : base != null ? base.readTimeout : DEFAULT_READ_TIMEOUT;
    }

    public Duration getWriteTimeout() {
      return writeTimeout != null ? writeTimeout
          : base != null ? base.writeTimeout : DEFAULT_WRITE_TIMEOUT;
    }

    public int getMaxChunkLength() {
      return maxChunkLength != UNSET ? maxChunkLength
          : base != null ? base.maxChunkLength : DEFAULT_MAX_CHUNK_LENGTH;
    }

    public int getMaxHandshakeLength() {
      return maxHandshakeLength != UNSET ? maxHandshakeLength
          : base != null ? base.maxHandshakeLength : DEFAULT_MAX_HANDSHAKE_LENGTH;
    }

    public boolean getQuickAck() {
      return quickAck != null ? quickAck : base == null || base.quickAck;
    }

    public boolean getTcpNoDelay() {
      return tcpNoDelay != null ? tcpNoDelay : base == null || base.tcpNoDelay;
    }

    public PptOptions build() {
      return new PptOptions(this);
    }

    private static void checkTimeout(String name, Duration timeout) {
      Specs.checkDuration(name, timeout, MIN_TIMEOUT, MAX_TIMEOUT);
    }
  }
}
