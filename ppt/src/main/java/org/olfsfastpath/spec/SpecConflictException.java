package org.olfsfastpath.spec;

import java.util.List;

/**
 * A builder refused a combination of settings, each fine alone ("refreshAfter (PT20S) must be
 * shorter than ttl (PT10S)"): carries the keys of every setting concerned, so that whoever wrote
 * the spec (the front end, from olfs.xml) names where each came from without reading the message.
 * Thrown by {@code build()}; an {@link IllegalStateException}, as Caffeine's {@code build()} throws
 * for settings that contradict each other.
 */
public final class SpecConflictException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  private final List<String> keys;

  /**
   * @param keys the spec keys of the settings concerned, e.g. {@code refreshAfter} and {@code ttl}
   * @param message what is wrong, naming each setting and its value
   */
  public SpecConflictException(List<String> keys, String message) {
    super(message);
    this.keys = List.copyOf(keys);
  }

  /** The keys of the settings concerned. */
  public List<String> keys() {
    return keys;
  }
}
