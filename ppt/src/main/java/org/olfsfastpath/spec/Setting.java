package org.olfsfastpath.spec;

import static org.olfsfastpath.spec.Checks.requireArgument;
import static org.olfsfastpath.spec.Checks.requireState;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * One setting of a builder, set at most once: its name (the setter's, and the key of the text
 * spec), its default, how its text is read, and the check of its value, declared in one place. A
 * builder holds one per setting, adds it to its {@link Settings} when it can be set from text, and
 * its setter and getter are one line each: {@code maxIdle.set(duration)}, {@code maxIdle.get()}.
 *
 * <p>Setting twice is an {@link IllegalStateException} naming the earlier value ("maxIdle was
 * already set to PT1M"); null a {@link NullPointerException} ("maxIdle == null"); a value the check
 * refuses an {@link IllegalArgumentException}, or an {@link IllegalStateException} for a value at
 * odds with another setting; the checks run in that order. Not thread-safe, as builders are not.
 *
 * @param <T> the value's type
 */
public final class Setting<T> {
  private final String name;
  private final @Nullable T defaultValue;
  private final @Nullable Function<String, T> text;
  private final UnaryOperator<T> check;
  private final Function<? super T, ?> shown;
  private @Nullable T value;

  private Setting(
      String name,
      @Nullable T defaultValue,
      @Nullable Function<String, T> text,
      UnaryOperator<T> check,
      Function<? super T, ?> shown) {
    this.name = Objects.requireNonNull(name, "name == null");
    this.defaultValue = defaultValue;
    this.text = text;
    this.check = check;
    this.shown = shown;
  }

  /** A setting with a default (null: none) and no check, not set from text. */
  public static <T> Setting<T> of(String name, @Nullable T defaultValue) {
    return new Setting<>(name, defaultValue, null, value -> value, String::valueOf);
  }

  /** A duration between {@code min} and {@code max} ({@link Specs#checkDuration}), from text. */
  public static Setting<Duration> duration(
      String name, @Nullable Duration defaultValue, Duration min, Duration max) {
    return of(name, defaultValue)
        .text(Specs::duration)
        .check(value -> Specs.checkDuration(name, value, min, max));
  }

  /** An int between {@code min} and {@code max}: "name was 0, must be 1-1000"; from text. */
  public static Setting<Integer> between(String name, int defaultValue, int min, int max) {
    return of(name, defaultValue)
        .text(Specs::intValue)
        .check(
            value -> {
              requireArgument(
                  value >= min && value <= max, "%s was %s, must be %s-%s", name, value, min, max);
              return value;
            });
  }

  /** An int of at least {@code min}: "name was 0, must be >= 1"; from text. */
  public static Setting<Integer> atLeast(String name, int defaultValue, int min) {
    return of(name, defaultValue)
        .text(Specs::intValue)
        .check(
            value -> {
              requireArgument(value >= min, "%s was %s, must be >= %s", name, value, min);
              return value;
            });
  }

  /** A long of at least {@code min}, read as {@code text} reads it; "must be >= min". */
  public static Setting<Long> atLeast(
      String name, @Nullable Long defaultValue, long min, Function<String, Long> text) {
    return of(name, defaultValue)
        .text(text)
        .check(
            value -> {
              requireArgument(value >= min, "%s was %s, must be >= %s", name, value, min);
              return value;
            });
  }

  /** A boolean, from text ({@link Specs#bool}). */
  public static Setting<Boolean> bool(String name, boolean defaultValue) {
    return of(name, defaultValue).text(Specs::bool);
  }

  /** The same setting, read from text by {@code parse}. */
  public Setting<T> text(Function<String, T> parse) {
    return new Setting<>(
        name, defaultValue, Objects.requireNonNull(parse, "parse == null"), check, shown);
  }

  /**
   * The same setting, with {@code check} after its present check: it throws for a value it refuses
   * and returns the value to keep (which may be normalized).
   */
  public Setting<T> check(UnaryOperator<T> check) {
    Objects.requireNonNull(check, "check == null");
    UnaryOperator<T> first = this.check;
    return new Setting<>(name, defaultValue, text, value -> check.apply(first.apply(value)), shown);
  }

  /** The same setting, its value shown so in the message of a second set. */
  public Setting<T> shownAs(Function<? super T, ?> shown) {
    return new Setting<>(
        name, defaultValue, text, check, Objects.requireNonNull(shown, "shown == null"));
  }

  /**
   * Sets the value: once, not null, and as the check allows.
   *
   * @throws IllegalStateException if already set, or at odds with another setting
   * @throws NullPointerException if {@code value} is null
   * @throws IllegalArgumentException if the check refuses it
   */
  public void set(T value) {
    T earlier = this.value;
    requireState(
        earlier == null,
        "%s was already set to %s",
        name,
        earlier == null ? null : shown.apply(earlier));
    this.value = check.apply(Objects.requireNonNull(value, () -> name + " == null"));
  }

  /** Sets the value from its text, as a text spec writes it. */
  void setText(String raw) {
    Function<String, T> parse = text;
    if (parse == null) {
      throw new IllegalStateException(name + " cannot be set from text");
    }
    set(parse.apply(raw));
  }

  /** Whether it can be set from text. */
  boolean hasText() {
    return text != null;
  }

  /** Whether it was set. */
  public boolean isSet() {
    return value != null;
  }

  /**
   * The value set, else the default.
   *
   * @throws IllegalStateException if neither was given
   */
  public T get() {
    T current = value != null ? value : defaultValue;
    if (current == null) {
      throw new IllegalStateException(name + " has no value and no default");
    }
    return current;
  }

  /** The value set, or null while unset: the default is not applied. */
  public @Nullable T ifSet() {
    return value;
  }

  /** The value set, else the default, else null. */
  public @Nullable T orNull() {
    return value != null ? value : defaultValue;
  }

  /** The setting's name: the setter's, and the key of the text spec. */
  public String name() {
    return name;
  }

  @Override
  public String toString() {
    return name + "=" + (value != null ? shown.apply(value) : "default " + defaultValue);
  }
}
