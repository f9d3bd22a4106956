package org.olfsfastpath.dap;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Stream;

/** A suffix of {@link ResponseType} (or one of its aliases) found at the end of a request path. */
record SuffixMatch(ResponseType type, String suffix) {
  /** Every suffix with its response, longest first. */
  private static final List<SuffixMatch> BY_LENGTH =
      Stream.of(ResponseType.values())
          .flatMap(
              t ->
                  Stream.concat(Stream.of(t.suffix()), t.aliases().stream())
                      .map(s -> new SuffixMatch(t, s)))
          .sorted(Comparator.comparingInt((SuffixMatch m) -> -m.suffix().length()))
          .toList();

  /**
   * The responses whose suffix ends {@code name} (case-insensitively, as upstream), longest suffix
   * first; each leaves a non-empty name before it.
   */
  static List<SuffixMatch> in(String name) {
    Objects.requireNonNull(name, "name == null");
    String lower = name.toLowerCase(Locale.ROOT);
    return BY_LENGTH.stream()
        .filter(m -> lower.endsWith(m.suffix()) && name.length() > m.suffix().length())
        .toList();
  }
}
