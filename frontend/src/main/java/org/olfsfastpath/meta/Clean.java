package org.olfsfastpath.meta;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The one place a string from a dataset becomes text every writer can carry: characters XML 1.0
 * cannot hold (C0 controls but TAB, LF and CR; U+FFFE, U+FFFF; lone surrogates) and the C1 controls
 * are dropped, and the text is cut to a length at a code point. Done once, when the record is
 * built, because the writers cannot: JDOM2 throws on such a character (a 500), RDF4J's RDF/XML
 * writer copies it into a document no parser reads, and a 1 MB summary would become 1 MB in every
 * record. What was done is said in the result's notes, which the rubric shows.
 *
 * @param text the cleaned text, stripped of leading and trailing white space
 * @param notes what was removed or cut; empty when the text was clean
 */
record Clean(String text, List<String> notes) {
  /** Titles and names. */
  static final int TITLE = 500;

  /** Google Dataset Search's maximum description length, and so the summary's. */
  static final int SUMMARY = 5000;

  /** Each keyword. */
  static final int KEYWORD = 200;

  /** History, the lineage statement: often long, and worth keeping. */
  static final int HISTORY = 10_000;

  /** Any other attribute value. */
  static final int OTHER = 2000;

  Clean {
    Objects.requireNonNull(text, "text == null");
    notes = List.copyOf(notes);
  }

  /** Cleans {@code raw} and cuts it to {@code max} characters (code points). */
  static Clean text(String raw, int max) {
    StringBuilder out = null;
    int removed = 0;
    for (int i = 0; i < raw.length(); ) {
      int c = raw.codePointAt(i);
      int width = Character.charCount(c);
      boolean keep = allowed(c);
      if (!keep && out == null) {
        out = new StringBuilder(raw.length()).append(raw, 0, i);
      }
      if (keep && out != null) {
        out.appendCodePoint(c);
      }
      removed += keep ? 0 : 1;
      i += width;
    }
    String text = (out == null ? raw : out.toString()).strip();
    List<String> notes = new ArrayList<>(2);
    if (removed > 0) {
      notes.add(
          removed
              + (removed == 1 ? " character" : " characters")
              + " removed that XML cannot carry (control characters, U+FFFE/U+FFFF or lone"
              + " surrogates)");
    }
    int length = text.codePointCount(0, text.length());
    if (length > max) {
      text = text.substring(0, text.offsetByCodePoints(0, max)).strip();
      notes.add(
          "cut from "
              + String.format(Locale.ROOT, "%,d", raw.codePointCount(0, raw.length()))
              + " to "
              + max
              + " characters");
    }
    return new Clean(text, notes);
  }

  /** The first {@code max} chars of {@code text} at most, never half of a surrogate pair. */
  static String cut(String text, int max) {
    if (text.length() <= max) {
      return text;
    }
    int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
    return text.substring(0, end);
  }

  /** Whether XML 1.0 can carry {@code c} and it is not a control character other than white. */
  static boolean allowed(int c) {
    if (c == '\t' || c == '\n' || c == '\r') {
      return true;
    }
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
      return false;
    }
    if (c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE) {
      return false;
    }
    return c != 0xfffe && c != 0xffff;
  }
}
