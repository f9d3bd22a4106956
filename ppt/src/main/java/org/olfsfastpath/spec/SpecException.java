package org.olfsfastpath.spec;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A layer refused one setting of a spec: an unknown key, a value that does not parse, or one its
 * builder refuses. Carries the key and the raw value, so that whoever wrote the spec (the front
 * end, from olfs.xml) can name where the value came from.
 */
public final class SpecException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String key;
  private final String value;

  /**
   * @param key the spec key, e.g. {@code maxConnections}
   * @param value the raw value as written
   * @param reason what is wrong with it, e.g. "must be 1-10000"
   */
  public SpecException(String key, String value, String reason) {
    this(key, value, reason, null);
  }

  public SpecException(String key, String value, String reason, @Nullable Throwable cause) {
    super("key " + key + " value was set to '" + value + "': " + reason, cause);
    this.key = Objects.requireNonNull(key, "key == null");
    this.value = Objects.requireNonNull(value, "value == null");
  }

  /** The key whose value was refused. */
  public String key() {
    return key;
  }

  /** The raw value as written. */
  public String value() {
    return value;
  }

  /** Why it was refused, without the key and value. */
  public String reason() {
    String message = String.valueOf(getMessage());
    return message.substring(message.indexOf("': ") + 3);
  }
}
