package org.olfsfastpath.dap;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/** A suffix of {@link ResponseType} (or one of its aliases) found at the end of a request path. */
record SuffixMatch(ResponseType type, String suffix) {
  /** Every suffix with its response, longest first. */
  private static final SuffixMatch[] BY_LENGTH =
      Stream.of(ResponseType.values())
          .flatMap(
              t ->
                  Stream.concat(Stream.of(t.suffix()), t.aliases().stream())
                      .map(s -> new SuffixMatch(t, s)))
          .sorted(Comparator.comparingInt((SuffixMatch m) -> -m.suffix().length()))
          .toArray(SuffixMatch[]::new);

  /**
   * The same suffixes by their last character (every suffix is lower-case ASCII), longest first
   * within each: a name is compared with the few that end as it does, not with all of them.
   */
  private static final SuffixMatch[][] BY_LAST_CHAR = byLastChar();

  private static final SuffixMatch[] NONE = new SuffixMatch[0];

  private static SuffixMatch[][] byLastChar() {
    SuffixMatch[][] table = new SuffixMatch[128][];
    for (int c = 0; c < table.length; c++) {
      int last = c;
      table[c] =
          Stream.of(BY_LENGTH)
              .filter(m -> m.suffix.charAt(m.suffix.length() - 1) == last)
              .toArray(SuffixMatch[]::new);
    }
    return table;
  }

  /**
   * The responses whose suffix ends {@code name} (case-insensitively, as upstream), longest suffix
   * first; each leaves a non-empty name before it.
   */
  static List<SuffixMatch> in(String name) {
    Objects.requireNonNull(name, "name == null");
    return in(name, 0);
  }

  /**
   * The same for the name that starts at {@code from} in {@code text} (a path's last segment),
   * without cutting it out: a loop over the suffixes that end with its last character, which every
   * dataset request runs.
   */
  static List<SuffixMatch> in(String text, int from) {
    int length = text.length() - from;
    if (length < 2) {
      return List.of();
    }
    SuffixMatch first = null;
    List<SuffixMatch> more = null;
    char last = text.charAt(text.length() - 1);
    if (last >= 'A' && last <= 'Z') {
      last = (char) (last + ('a' - 'A'));
    }
    for (SuffixMatch match : last < BY_LAST_CHAR.length ? BY_LAST_CHAR[last] : NONE) {
      if (length > match.suffix.length() && endsWithLowerCase(text, match.suffix)) {
        if (first == null) {
          first = match;
        } else {
          if (more == null) {
            more = new ArrayList<>(4);
            more.add(first);
          }
          more.add(match);
        }
      }
    }
    if (more != null) {
      return Collections.unmodifiableList(more);
    }
    return first == null ? List.of() : List.of(first);
  }

  /**
   * Whether {@code text} ends with {@code suffix} (lower-case ASCII) when its ASCII letters are
   * lower-cased: what {@code text.toLowerCase(Locale.ROOT).endsWith(suffix)} answers for the
   * suffixes of {@link ResponseType} (no other character lower-cases to one of their letters),
   * without a lower-cased copy.
   */
  private static boolean endsWithLowerCase(String text, String suffix) {
    int start = text.length() - suffix.length();
    for (int i = 0; i < suffix.length(); i++) {
      char c = text.charAt(start + i);
      if (c >= 'A' && c <= 'Z') {
        c = (char) (c + ('a' - 'A'));
      }
      if (c != suffix.charAt(i)) {
        return false;
      }
    }
    return true;
  }
}
