package org.olfsfastpath.bes;

import java.nio.charset.StandardCharsets;
import org.olfsfastpath.bes.AnswerForm.Verdict;

/**
 * The judges of an answer's first bytes for {@link AnswerForm}: each says whether the bytes so far
 * begin the form ({@link Verdict#HOLDS}), cannot ({@link Verdict#FAILS}), or whether more are
 * needed ({@link Verdict#MORE}). None reads past the bytes given.
 */
final class AnswerHeads {
  /** The DAP4 chunk header's flag of an error chunk (libdap's chunked_ostream). */
  private static final int DAP4_ERROR_CHUNK = 0x02;

  private static final int DAP4_CHUNK_HEADER = 4;

  private AnswerHeads() {}

  /** Optional white space, {@code word}, optional white space, then {@code {}. */
  static Verdict wordAndBrace(byte[] b, int length, byte[] word) {
    int at = skipSpace(b, 0, length);
    for (byte expected : word) {
      if (at == length) {
        return Verdict.MORE;
      }
      if (b[at++] != expected) {
        return Verdict.FAILS;
      }
    }
    at = skipSpace(b, at, length);
    if (at == length) {
      return Verdict.MORE;
    }
    return b[at] == '{' ? Verdict.HOLDS : Verdict.FAILS;
  }

  /** Optional white space, then {@code c}. */
  static Verdict firstNonSpace(byte[] b, int length, char c) {
    int at = skipSpace(b, 0, length);
    if (at == length) {
      return Verdict.MORE;
    }
    return b[at] == c ? Verdict.HOLDS : Verdict.FAILS;
  }

  /** Exactly one of {@code signatures} first. */
  static Verdict signature(byte[] b, int length, byte[]... signatures) {
    boolean more = false;
    for (byte[] signature : signatures) {
      int n = Math.min(length, signature.length);
      boolean matches = true;
      for (int i = 0; i < n && matches; i++) {
        matches = b[i] == signature[i];
      }
      if (matches && n == signature.length) {
        return Verdict.HOLDS;
      }
      more |= matches;
    }
    return more ? Verdict.MORE : Verdict.FAILS;
  }

  /**
   * Markup whose first element is {@code root} (with or without a namespace prefix, its case
   * ignored when asked), after an optional byte order mark, XML declaration, comments and document
   * type.
   */
  static Verdict markup(byte[] b, int from, int length, String root, boolean ignoreCase) {
    int at = from;
    if (length - at >= 3
        && (b[at] & 0xFF) == 0xEF
        && (b[at + 1] & 0xFF) == 0xBB
        && (b[at + 2] & 0xFF) == 0xBF) {
      at += 3;
    }
    while (true) {
      at = skipSpace(b, at, length);
      if (at == length) {
        return Verdict.MORE;
      }
      if (b[at] != '<') {
        return Verdict.FAILS;
      }
      if (at + 1 == length) {
        return Verdict.MORE;
      }
      byte next = b[at + 1];
      if (next == '?' || next == '!') {
        if (next == '!' && length - at < 4) {
          return Verdict.MORE; // Not yet known whether it is a comment.
        }
        byte[] close =
            next == '?'
                ? ascii("?>")
                : startsWith(b, at, length, ascii("<!--")) ? ascii("-->") : ascii(">");
        int end = indexOf(b, at + 2, length, close);
        if (end < 0) {
          return Verdict.MORE;
        }
        at = end + close.length;
        continue;
      }
      int nameStart = at + 1;
      int nameEnd = nameStart;
      while (nameEnd < length && !isSpace(b[nameEnd]) && b[nameEnd] != '>' && b[nameEnd] != '/') {
        nameEnd++;
      }
      if (nameEnd == length) {
        return Verdict.MORE;
      }
      int local = nameStart;
      for (int i = nameStart; i < nameEnd; i++) {
        if (b[i] == ':') {
          local = i + 1;
        }
      }
      String name = new String(b, local, nameEnd - local, StandardCharsets.ISO_8859_1);
      return (ignoreCase ? name.equalsIgnoreCase(root) : name.equals(root))
          ? Verdict.HOLDS
          : Verdict.FAILS;
    }
  }

  /** A DAP4 chunk header that is not an error chunk, then the DMR. */
  static Verdict dap4Data(byte[] b, int length) {
    if (length < DAP4_CHUNK_HEADER) {
      return Verdict.MORE;
    }
    if ((b[0] & DAP4_ERROR_CHUNK) != 0) {
      return Verdict.FAILS;
    }
    return markup(b, DAP4_CHUNK_HEADER, length, "Dataset", false);
  }

  private static int skipSpace(byte[] b, int from, int length) {
    int at = from;
    while (at < length && isSpace(b[at])) {
      at++;
    }
    return at;
  }

  private static boolean isSpace(byte c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
  }

  private static boolean startsWith(byte[] b, int from, int length, byte[] prefix) {
    if (length - from < prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (b[from + i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  private static int indexOf(byte[] b, int from, int length, byte[] wanted) {
    for (int i = from; i + wanted.length <= length; i++) {
      if (startsWith(b, i, length, wanted)) {
        return i;
      }
    }
    return -1;
  }

  static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  static byte[] bytes(int... values) {
    byte[] bytes = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      bytes[i] = (byte) values[i];
    }
    return bytes;
  }
}
