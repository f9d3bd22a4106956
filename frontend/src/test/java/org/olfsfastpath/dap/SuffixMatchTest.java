package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The suffixes found at the end of a name, looked up by the name's last character, are those a
 * plain walk over every suffix finds ({@code toLowerCase().endsWith}), in the same order: names
 * ending in each suffix and alias, in any letter case, after any prefix (the empty one and one
 * character included), and names ending in no suffix.
 */
final class SuffixMatchTest {
  private static final List<SuffixMatch> ALL =
      Stream.of(ResponseType.values())
          .flatMap(
              t ->
                  Stream.concat(Stream.of(t.suffix()), t.aliases().stream())
                      .map(s -> new SuffixMatch(t, s)))
          .sorted(Comparator.comparingInt((SuffixMatch m) -> -m.suffix().length()))
          .toList();

  @Property(tries = 2000)
  void findsWhatAWalkOverEverySuffixFinds(@ForAll("names") String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    List<SuffixMatch> expected =
        ALL.stream()
            .filter(m -> name.length() > m.suffix().length() && lower.endsWith(m.suffix()))
            .toList();
    assertEquals(expected, SuffixMatch.in(name), name);
    assertEquals(expected, SuffixMatch.in("/a/b/" + name, 5), name);
  }

  @Provide
  Arbitrary<String> names() {
    Arbitrary<String> prefix = Arbitraries.strings().withChars("abcXYZ._-ñ0").ofMaxLength(6);
    Arbitrary<String> suffix =
        Arbitraries.oneOf(
            Arbitraries.of(ALL).map(SuffixMatch::suffix),
            Arbitraries.strings().withChars("adsnc.ASCIÑ~").ofMaxLength(4));
    Arbitrary<String> caseMixed =
        suffix.flatMap(
            s ->
                Arbitraries.integers()
                    .between(0, 7)
                    .map(
                        bits -> {
                          StringBuilder out = new StringBuilder(s);
                          for (int i = 0; i < out.length(); i++) {
                            if ((bits >> (i % 3) & 1) == 1) {
                              out.setCharAt(i, Character.toUpperCase(out.charAt(i)));
                            }
                          }
                          return out.toString();
                        }));
    return prefix.flatMap(p -> caseMixed.map(s -> p + s));
  }
}
