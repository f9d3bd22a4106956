package org.olfsfastpath.web;

import static org.olfsfastpath.spec.Checks.requireArgument;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.olfsfastpath.spec.Setting;
import org.olfsfastpath.spec.Settings;
import org.olfsfastpath.spec.SpecException;

/**
 * Builds {@link BotRules}. Each setting of olfs.xml's {@code BotFilter} is declared once, as a
 * {@link Setting} (its key, its default and the check of its values), and is set at most once: the
 * repeatable ones ({@code IpAddress}, the four kinds of pattern) take all the values the file
 * gives, each read and checked alone, so a refusal names the one value refused; {@code
 * BlockImagesAndCss} is a flag. A refused value is a {@link SpecException} carrying the setting's
 * key and that value, which the start-up ({@code org.olfsfastpath.boot}) turns into the error
 * naming its place in the file. Patterns are compiled here, once. Not thread-safe, as builders are
 * not.
 */
public final class BotRulesBuilder {
  /** The repeatable settings, by key, as they are declared. */
  private final Map<String, Repeatable<?>> repeatable = new LinkedHashMap<>();

  /** The single-valued settings a file may set, by key. */
  private final Settings single = new Settings("bot filter");

  private final Repeatable<String> ipAddresses =
      repeatable("ipAddresses", BotRulesBuilder::address);
  private final Repeatable<Pattern> ipMatches = repeatable("ipMatches", BotRulesBuilder::pattern);
  private final Repeatable<Pattern> userAgentMatches =
      repeatable("userAgentMatches", BotRulesBuilder::pattern);
  private final Repeatable<Pattern> allowedResponses =
      repeatable("allowedResponses", BotRulesBuilder::pattern);
  private final Repeatable<Pattern> blockedResponses =
      repeatable("blockedResponses", BotRulesBuilder::pattern);
  private final Setting<Boolean> blockImagesAndCss =
      single.add(Setting.bool("blockImagesAndCss", false));
  private final Setting<String> contextPath =
      Setting.of("contextPath", "")
          .check(
              path -> {
                requireArgument(
                    path.isEmpty() || path.startsWith("/"),
                    "contextPath was '%s', must be empty or start with /",
                    path);
                return path;
              });

  /**
   * One setting whose element the file may repeat: a {@link Setting} of the list of its values,
   * each read (and checked) by {@code read}, which throws IllegalArgumentException for a value it
   * refuses.
   */
  private record Repeatable<T>(Setting<List<T>> setting, Function<String, T> read) {
    void set(List<String> values) {
      List<T> checked = new ArrayList<>();
      for (String value : Objects.requireNonNull(values, () -> setting.name() + " == null")) {
        try {
          checked.add(read.apply(value));
        } catch (SpecException e) {
          throw e;
        } catch (IllegalArgumentException e) {
          throw new SpecException(setting.name(), value, String.valueOf(e.getMessage()), e);
        }
      }
      setting.set(List.copyOf(checked));
    }
  }

  private <T> Repeatable<T> repeatable(String key, Function<String, T> read) {
    Repeatable<T> declared = new Repeatable<>(Setting.of(key, List.of()), read);
    repeatable.put(key, declared);
    return declared;
  }

  BotRulesBuilder() {}

  /**
   * Sets every setting of a section read from a file, by the settings table's keys.
   *
   * @param section each setting's values in file order, by the table's key
   * @throws SpecException naming the key and the value refused, or a key that is not one of ours
   */
  public BotRulesBuilder apply(Map<String, List<String>> section) {
    for (Map.Entry<String, List<String>> entry : section.entrySet()) {
      Repeatable<?> list = repeatable.get(entry.getKey());
      if (list != null) {
        list.set(entry.getValue());
      } else {
        List<String> values = entry.getValue();
        single.apply(Map.of(entry.getKey(), values.isEmpty() ? "" : values.get(0)));
      }
    }
    return this;
  }

  /** Client addresses to refuse: IPv4 or IPv6 literals, never host names. */
  public BotRulesBuilder ipAddresses(List<String> addresses) {
    ipAddresses.set(addresses);
    return this;
  }

  /** Patterns of client addresses to refuse, each matching the whole address. */
  public BotRulesBuilder ipMatches(List<String> patterns) {
    ipMatches.set(patterns);
    return this;
  }

  /** Patterns of User-Agent headers to refuse, each matching the whole header. */
  public BotRulesBuilder userAgentMatches(List<String> patterns) {
    userAgentMatches.set(patterns);
    return this;
  }

  /** Request paths a refused client may still fetch, beside the default one. */
  BotRulesBuilder allowedResponses(List<String> patterns) {
    allowedResponses.set(patterns);
    return this;
  }

  /** Request paths a refused client is refused even where allowed. */
  BotRulesBuilder blockedResponses(List<String> patterns) {
    blockedResponses.set(patterns);
    return this;
  }

  /** Whether the default allowed paths (upstream's error page images and styles) go. */
  public BotRulesBuilder blockImagesAndCss(boolean block) {
    blockImagesAndCss.set(block);
    return this;
  }

  /**
   * The web application's context path ({@code /opendap}, or empty for the root): the default
   * allowed paths lie below it.
   */
  public BotRulesBuilder contextPath(String path) {
    contextPath.set(path);
    return this;
  }

  public List<String> getIpAddresses() {
    return ipAddresses.setting().get();
  }

  public List<Pattern> getIpMatches() {
    return ipMatches.setting().get();
  }

  public List<Pattern> getUserAgentMatches() {
    return userAgentMatches.setting().get();
  }

  /** The file's allowed paths only: {@link #build} puts the default one before them. */
  public List<Pattern> getAllowedResponses() {
    return allowedResponses.setting().get();
  }

  public List<Pattern> getBlockedResponses() {
    return blockedResponses.setting().get();
  }

  public boolean getBlockImagesAndCss() {
    return blockImagesAndCss.get();
  }

  String getContextPath() {
    return contextPath.get();
  }

  public BotRules build() {
    return new BotRules(this);
  }

  static String address(String text) {
    requireArgument(
        BotRules.literal(text) != null,
        "not an IPv4 or IPv6 address (a pattern of addresses is an IpMatch)");
    return text;
  }

  static Pattern pattern(String regex) {
    try {
      return Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(
          "not a regular expression: " + e.getDescription() + " near index " + e.getIndex(), e);
    }
  }
}
