package org.olfsfastpath.ppt;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * Socket settings for PPT connections. Immutable; build with {@link #newBuilder()}.
 *
 * <p>Defaults: connect timeout 5 s, read timeout 120 s (the longest silence tolerated between
 * bytes of a response), write timeout 30 s, chunk length cap 64 MiB, handshake answer cap 64 bytes,
 * TCP_NODELAY on, TCP_QUICKACK re-armed before every read where the platform supports it.
 */
public final class PptOptions {
  private static final PptOptions DEFAULTS = newBuilder().build();

  private final Duration connectTimeout;
  private final Duration readTimeout;
  private final Duration writeTimeout;
  private final int maxChunkLength;
  private final int maxHandshakeLength;
  private final boolean quickAck;
  private final boolean tcpNoDelay;

  private PptOptions(Builder b) {
    this.connectTimeout = b.connectTimeout;
    this.readTimeout = b.readTimeout;
    this.writeTimeout = b.writeTimeout;
    this.maxChunkLength = b.maxChunkLength;
    this.maxHandshakeLength = b.maxHandshakeLength;
    this.quickAck = b.quickAck;
    this.tcpNoDelay = b.tcpNoDelay;
  }

  /** Returns the default options. */
  public static PptOptions defaults() {
    return DEFAULTS;
  }

  /** Returns a builder holding the defaults. */
  public static Builder newBuilder() {
    return new Builder();
  }

  /** Returns a builder holding these options. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.connectTimeout = connectTimeout;
    b.readTimeout = readTimeout;
    b.writeTimeout = writeTimeout;
    b.maxChunkLength = maxChunkLength;
    b.maxHandshakeLength = maxHandshakeLength;
    b.quickAck = quickAck;
    b.tcpNoDelay = tcpNoDelay;
    return b;
  }

  public Duration connectTimeout() {
    return connectTimeout;
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
        "PptOptions{connectTimeout=%s, readTimeout=%s, writeTimeout=%s, maxChunkLength=%d, "
            + "maxHandshakeLength=%d, quickAck=%s, tcpNoDelay=%s}",
        connectTimeout, readTimeout, writeTimeout, maxChunkLength, maxHandshakeLength, quickAck,
        tcpNoDelay);
  }

  /** Builds {@link PptOptions}; every setter validates its value at once. */
  public static final class Builder {
    private Duration connectTimeout = Duration.ofSeconds(5);
    private Duration readTimeout = Duration.ofSeconds(120);
    private Duration writeTimeout = Duration.ofSeconds(30);
    private int maxChunkLength = 64 << 20;
    private int maxHandshakeLength = 64;
    private boolean quickAck = true;
    private boolean tcpNoDelay = true;

    private Builder() {}

    /** @throws IllegalArgumentException if negative, zero, under 1 ms or over a day */
    public Builder connectTimeout(Duration timeout) {
      this.connectTimeout = checkTimeout("connectTimeout", timeout);
      return this;
    }

    /** @throws IllegalArgumentException if negative, zero, under 1 ms or over a day */
    public Builder readTimeout(Duration timeout) {
      this.readTimeout = checkTimeout("readTimeout", timeout);
      return this;
    }

    /** @throws IllegalArgumentException if negative, zero, under 1 ms or over a day */
    public Builder writeTimeout(Duration timeout) {
      this.writeTimeout = checkTimeout("writeTimeout", timeout);
      return this;
    }

    /** @throws IllegalArgumentException if not in 1..0x0FFFFFFF */
    public Builder maxChunkLength(int bytes) {
      if (bytes < 1 || bytes > PptFraming.MAX_ENCODABLE_LENGTH) {
        throw new IllegalArgumentException(String.format(Locale.US,
            "maxChunkLength was %d, must be 1-%d", bytes, PptFraming.MAX_ENCODABLE_LENGTH));
      }
      this.maxChunkLength = bytes;
      return this;
    }

    /** @throws IllegalArgumentException if under the length of the server's answer or over 64 KiB */
    public Builder maxHandshakeLength(int bytes) {
      if (bytes < PptFraming.SERVER_UNDEFINED.length() || bytes > 65536) {
        throw new IllegalArgumentException(String.format(Locale.US,
            "maxHandshakeLength was %d, must be %d-65536", bytes, PptFraming.SERVER_UNDEFINED.length()));
      }
      this.maxHandshakeLength = bytes;
      return this;
    }

    public Builder quickAck(boolean enabled) {
      this.quickAck = enabled;
      return this;
    }

    public Builder tcpNoDelay(boolean enabled) {
      this.tcpNoDelay = enabled;
      return this;
    }

    public PptOptions build() {
      return new PptOptions(this);
    }

    private static Duration checkTimeout(String name, Duration timeout) {
      Objects.requireNonNull(timeout, name + " == null");
      if (timeout.isNegative() || timeout.toMillis() < 1 || timeout.compareTo(Duration.ofDays(1)) > 0) {
        throw new IllegalArgumentException(String.format(Locale.US,
            "%s was %s, must be between 1 ms and 1 day", name, timeout));
      }
      return timeout;
    }
  }
}
