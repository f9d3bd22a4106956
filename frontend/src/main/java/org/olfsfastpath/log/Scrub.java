package org.olfsfastpath.log;

/**
 * Upstream's three "safe character" rules for what a log line takes from a request (its {@code
 * Scrub.simpleString}, {@code simpleQueryString} and {@code urlContent}): each character, counted
 * as a code point, outside the rule's set becomes one {@code #}. No escape or hex code is written:
 * the {@code #5B} seen in upstream's logs is the {@code %5B} of a still percent-encoded query
 * string whose {@code %} became {@code #}. Parsers of upstream's logs have seen exactly these
 * outputs, so the sets are upstream's to the character, including the quirk of {@link
 * #simpleQueryString}. Stateless.
 */
public final class Scrub {
  private Scrub() {}

  /**
   * The user agent and a client's request id: ASCII letters, digits, {@code _}, {@code -} and space
   * are kept. {@code curl/7.88.1} becomes {@code curl#7#88#1}.
   */
  public static String simpleString(String s) {
    return allMatch(s, Rule.SIMPLE) ? s : replaceOutside(s, Rule.SIMPLE);
  }

  /**
   * A query string, still percent-encoded: a query made only of the {@link #simpleString}
   * characters is kept whole, hyphens included ({@code a-b}); any other has each character outside
   * ASCII letters, digits, {@code _ = [ : ] .} and space, hyphens included, replaced. Upstream
   * checks whether a query is already clean with the simple-string set but rewrites it with the
   * query set (its Scrub.java, the pattern compiled for {@code simpleQueryString}); logs parsed
   * downstream hold both outcomes, so both are kept. {@code COADSX%5B0:1:3%5D} becomes {@code
   * COADSX#5B0:1:3#5D}.
   */
  public static String simpleQueryString(String s) {
    return allMatch(s, Rule.SIMPLE) ? s : replaceOutside(s, Rule.QUERY);
  }

  /**
   * A request URI, still percent-encoded: ASCII letters, digits and {@code - + / . % _ :} and space
   * are kept, so encoded paths stay readable.
   */
  public static String urlContent(String s) {
    return allMatch(s, Rule.URL) ? s : replaceOutside(s, Rule.URL);
  }

  /** The three sets. */
  private enum Rule {
    SIMPLE,
    QUERY,
    URL;

    boolean keeps(int c) {
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
        return true;
      }
      return switch (this) {
        case SIMPLE -> c == '_' || c == '-' || c == ' ';
        case QUERY ->
            c == '_' || c == ' ' || c == '=' || c == '[' || c == ':' || c == ']' || c == '.';
        case URL ->
            c == '-' || c == '+' || c == '/' || c == '.' || c == '%' || c == '_' || c == ' '
                || c == ':';
      };
    }
  }

  private static boolean allMatch(String s, Rule rule) {
    for (int i = 0; i < s.length(); i++) {
      if (!rule.keeps(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static String replaceOutside(String s, Rule rule) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); ) {
      int c = s.codePointAt(i);
      if (rule.keeps(c)) {
        out.append((char) c);
      } else {
        out.append('#');
      }
      i += Character.charCount(c);
    }
    return out.toString();
  }
}
