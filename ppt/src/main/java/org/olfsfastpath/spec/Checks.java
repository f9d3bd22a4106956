package org.olfsfastpath.spec;

import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The checks every builder's setters and {@code build()} make, as Caffeine's {@code
 * requireArgument} and {@code requireState}: a bad value is an {@link IllegalArgumentException}, a
 * repeat or a conflict an {@link IllegalStateException}, each with a message that names the setting
 * and shows the value ("maxConnections was 0, must be 1-10000", "maxIdle was already set to PT1M"),
 * formatted with {@link Locale#US}.
 *
 * <p>The set-once rule of every builder's settings is {@link Setting}'s, which uses these; {@code
 * build()} checks a combination with {@link #requireConsistent}.
 */
public final class Checks {
  private Checks() {}

  /**
   * Refuses an argument.
   *
   * @throws IllegalArgumentException with the formatted message, unless {@code expression} holds
   */
  public static void requireArgument(
      boolean expression, String template, @Nullable Object... args) {
    if (!expression) {
      throw new IllegalArgumentException(String.format(Locale.US, template, args));
    }
  }

  /**
   * Refuses a call in the builder's state: a setting made twice, or a build that lacks something.
   *
   * @throws IllegalStateException with the formatted message, unless {@code expression} holds
   */
  public static void requireState(boolean expression, String template, @Nullable Object... args) {
    if (!expression) {
      throw new IllegalStateException(String.format(Locale.US, template, args));
    }
  }

  /**
   * Refuses a combination of settings in {@code build()}, naming their keys.
   *
   * @param keys the spec keys of the settings concerned (the builder's method names)
   * @throws SpecConflictException with the formatted message and the keys, unless {@code
   *     expression} holds
   */
  public static void requireConsistent(
      boolean expression, List<String> keys, String template, @Nullable Object... args) {
    if (!expression) {
      throw new SpecConflictException(keys, String.format(Locale.US, template, args));
    }
  }
}
