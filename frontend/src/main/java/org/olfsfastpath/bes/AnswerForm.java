package org.olfsfastpath.bes;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The form a get's answer has when the BES really answered it, checked on the bytes as they pass,
 * before the first of them goes on: a DDS starts {@code Dataset {}, a DAS {@code Attributes {}, a
 * DDX and a DMR are XML whose root is {@code Dataset}; a DAP2 data answer is a DDS followed by its
 * {@code Data:} line, a DAP4 one starts with a data chunk holding the DMR. A PPT message that ends
 * without its form (above all the end chunk alone: an empty answer, which a BES process whose
 * output stream failed in an earlier answer sends for every later command) is not an answer: the
 * body fails with a {@link BesProtocolException} instead of ending, so nothing keeps or serves it,
 * and the connection is closed, so the process that sent it gets no more commands. The other
 * responses (files, info pages, ASCII, CSV, JSON, netCDF, images) have no form checked here.
 */
enum AnswerForm {
  /** Nothing checked: any answer, even an empty one (a file may be empty). */
  ANY("an answer", ""),
  DDS("a DDS", "starts \"Dataset {\""),
  DAS("a DAS", "starts \"Attributes {\""),
  /** A DDX or a DMR. */
  XML_DATASET("an XML Dataset", "is XML whose root element is Dataset"),
  DODS("a DAP2 data answer", "is a DDS (\"Dataset {\") followed by its \"Data:\" line"),
  DAP4_DATA("a DAP4 data answer", "starts with a DAP4 data chunk holding the DMR");

  /** The most bytes read ahead to decide; a form undecided after them does not hold. */
  static final int MAX_HEAD = 4096;

  private static final byte[] DATASET = ascii("Dataset");
  private static final byte[] ATTRIBUTES = ascii("Attributes");

  /** Ends the DDS of a DAP2 data answer: its last line's break, then the data line. */
  private static final byte[] DATA_LINE = ascii("\nData:\n");

  /** The DAP4 chunk header's flag of an error chunk (libdap's chunked_ostream). */
  private static final int DAP4_ERROR_CHUNK = 0x02;

  private static final int DAP4_CHUNK_HEADER = 4;

  private final String what;
  private final String rule;

  AnswerForm(String what, String rule) {
    this.what = what;
    this.rule = rule;
  }

  /** The form of {@code get}'s answer; a probe's is {@link #ANY} (it expects an error). */
  static AnswerForm of(GetRequest get) {
    if (get.probe()) {
      return ANY;
    }
    return switch (get.type()) {
      case DDS -> DDS;
      case DAS -> DAS;
      case DDX, DMR -> XML_DATASET;
      case DODS -> DODS;
      case DAP -> DAP4_DATA;
      default -> ANY;
    };
  }

  /**
   * {@code body} as it reads when its answer has this form, else failing with a {@link
   * BesProtocolException} (on every read from then on) after running {@code refused} once.
   *
   * @param name the get's name for messages, e.g. {@code dds}
   * @param ended whether the PPT message ended as an answer ends (its end chunk read, no error
   *     status); asked when {@code body} reports its end
   * @param refused runs once when the answer is refused: closes its connection
   */
  InputStream check(InputStream body, String name, BooleanSupplier ended, Runnable refused) {
    return new Checked(this, body, name, ended, refused);
  }

  /** What the first bytes say about the form. */
  enum Verdict {
    HOLDS,
    FAILS,
    MORE
  }

  /**
   * Judges the first {@code length} bytes of an answer.
   *
   * @param whole whether they are the whole answer (no more follow)
   */
  Verdict judge(byte[] head, int length, boolean whole) {
    Verdict verdict =
        switch (this) {
          case ANY -> Verdict.HOLDS;
          case DDS, DODS -> startsWithWordAndBrace(head, 0, length, DATASET);
          case DAS -> startsWithWordAndBrace(head, 0, length, ATTRIBUTES);
          case XML_DATASET -> xmlDataset(head, 0, length);
          case DAP4_DATA -> dap4Data(head, length);
        };
    return verdict == Verdict.MORE && whole ? Verdict.FAILS : verdict;
  }

  /** Optional white space, {@code word}, optional white space, then {@code {}. */
  private static Verdict startsWithWordAndBrace(byte[] b, int from, int length, byte[] word) {
    int at = skipSpace(b, from, length);
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

  /**
   * XML whose first element is {@code Dataset} (with or without a namespace prefix), after an
   * optional byte order mark, XML declaration, comments and document type.
   */
  private static Verdict xmlDataset(byte[] b, int from, int length) {
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
        byte[] close =
            next == '?'
                ? ascii("?>")
                : startsWith(b, at, length, ascii("<!--")) ? ascii("-->") : ascii(">");
        if (next == '!' && length - at < 4) {
          return Verdict.MORE; // Not yet known whether it is a comment.
        }
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
      return nameEnd - local == DATASET.length && startsWith(b, local, nameEnd, DATASET)
          ? Verdict.HOLDS
          : Verdict.FAILS;
    }
  }

  /** A DAP4 chunk header that is not an error chunk, then the DMR. */
  private static Verdict dap4Data(byte[] b, int length) {
    if (length < DAP4_CHUNK_HEADER) {
      return Verdict.MORE;
    }
    if ((b[0] & DAP4_ERROR_CHUNK) != 0) {
      return Verdict.FAILS;
    }
    return xmlDataset(b, DAP4_CHUNK_HEADER, length);
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

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  /** Up to 40 bytes of an answer, printable, for a message. */
  static String preview(byte[] b, int length) {
    String text = new String(b, 0, Math.min(length, 40), StandardCharsets.ISO_8859_1);
    return "\"" + text.replaceAll("[^\\x20-\\x7e]", "?") + (length > 40 ? "...\"" : "\"");
  }

  /**
   * The body read through the check: the first bytes are read ahead until the form is decided (at
   * most {@link #MAX_HEAD}), so a refused answer hands out not one byte; a DAP2 data answer is
   * watched for its data line until it is found; the end is passed on only once the PPT message
   * ended as an answer ends. Not thread-safe, as any body.
   */
  private static final class Checked extends InputStream {
    private final AnswerForm form;
    private final InputStream in;
    private final String name;
    private final BooleanSupplier ended;
    private final Runnable refused;
    private final byte[] single = new byte[1];
    private byte @Nullable [] head;
    private int headLength;
    private int headServed;
    private boolean inEnded;
    private boolean decided;

    /** Bytes of {@link #DATA_LINE} matched so far; its length once found (DODS only). */
    private int dataLine;

    private long total;
    private @Nullable BesProtocolException failure;

    Checked(AnswerForm form, InputStream in, String name, BooleanSupplier ended, Runnable refused) {
      this.form = form;
      this.in = Objects.requireNonNull(in, "in == null");
      this.name = name;
      this.ended = ended;
      this.refused = refused;
      this.decided = form == ANY;
      this.dataLine = form == DODS ? 0 : DATA_LINE.length;
    }

    @Override
    public int read() throws IOException {
      int n = read(single, 0, 1);
      return n < 0 ? -1 : single[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      Objects.checkFromIndexSize(off, len, b.length);
      if (failure != null) {
        throw failure;
      }
      if (len == 0) {
        return 0;
      }
      if (!decided) {
        decide();
      }
      byte[] bytes = head;
      if (bytes != null && headServed < headLength) {
        int n = Math.min(len, headLength - headServed);
        System.arraycopy(bytes, headServed, b, off, n);
        headServed += n;
        if (headServed == headLength) {
          head = null;
        }
        watch(b, off, n);
        return n;
      }
      int n = inEnded ? -1 : in.read(b, off, len);
      if (n < 0) {
        inEnded = true;
        atEnd();
        return -1;
      }
      total += n;
      watch(b, off, n);
      return n;
    }

    /** Reads ahead until the form is decided; refuses the answer if it does not hold. */
    private void decide() throws IOException {
      byte[] bytes = new byte[MAX_HEAD];
      Verdict verdict = Verdict.MORE;
      while (verdict == Verdict.MORE) {
        int n =
            headLength == bytes.length ? -1 : in.read(bytes, headLength, bytes.length - headLength);
        if (n < 0) {
          inEnded = headLength < bytes.length;
          verdict = form.judge(bytes, headLength, true);
          break;
        }
        headLength += n;
        total += n;
        verdict = form.judge(bytes, headLength, false);
      }
      if (verdict != Verdict.HOLDS) {
        String seen;
        if (!inEnded) {
          seen = "the BES's " + name + " answer starts " + preview(bytes, headLength);
        } else if (headLength == 0) {
          seen = "the BES ended its " + name + " answer after 0 bytes";
        } else {
          seen =
              "the BES's "
                  + name
                  + " answer is "
                  + headLength
                  + " bytes, "
                  + preview(bytes, headLength);
        }
        throw refuse(
            seen + ", which is not " + form.what + " (" + form.what + " " + form.rule + ")");
      }
      decided = true;
      head = bytes;
    }

    /** Follows a DAP2 data answer's bytes until its data line went by. */
    private void watch(byte[] b, int off, int n) {
      for (int i = off; i < off + n && dataLine < DATA_LINE.length; i++) {
        byte c = b[i];
        dataLine = c == DATA_LINE[dataLine] ? dataLine + 1 : c == DATA_LINE[0] ? 1 : 0;
      }
    }

    /** The body ended: it must have ended as an answer ends, with its form whole. */
    private void atEnd() throws BesProtocolException {
      if (!ended.getAsBoolean()) {
        throw refuse(
            "the BES's "
                + name
                + " answer ended after "
                + total
                + " bytes without the"
                + " end of its PPT message, or with an error status");
      }
      if (dataLine < DATA_LINE.length) {
        throw refuse(
            "the BES ended its "
                + name
                + " answer after "
                + total
                + " bytes without"
                + " the \"Data:\" line that follows the DDS of "
                + form.what);
      }
    }

    private BesProtocolException refuse(String message) {
      BesProtocolException refusal =
          new BesProtocolException(
              message + "; the answer is not taken and its BES connection is closed");
      failure = refusal;
      head = null;
      refused.run();
      return refusal;
    }

    @Override
    public int available() throws IOException {
      byte[] bytes = head;
      return bytes != null ? headLength - headServed : 0;
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
