package org.olfsfastpath.bes;

import static org.olfsfastpath.bes.AnswerHeads.ascii;
import static org.olfsfastpath.bes.AnswerHeads.bytes;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.AnswerHeads.Verdict;
import org.olfsfastpath.ppt.BlockInputStream;

/**
 * The form a get's answer has when the BES really answered it, checked on the bytes as they pass,
 * before the first of them goes on: a DDS starts {@code Dataset {}, a DAS {@code Attributes {}, a
 * DDX and a DMR are XML whose root is {@code Dataset}; a DAP2 data answer is a DDS followed by its
 * {@code Data:} line, a DAP4 one starts with a data chunk holding the DMR. A PPT message that ends
 * without its form (above all the end chunk alone: an empty answer, which a BES process whose
 * output stream failed in an earlier answer sends for every later command) is not an answer: the
 * body fails with a {@link BesProtocolException} instead of ending, so nothing keeps or serves it,
 * and the connection is closed, so the process that sent it gets no more commands. The other data
 * forms are checked by their first bytes too: ASCII and CSV start with their "Dataset: " line,
 * JSON is an object, netCDF, GeoTIFF and JPEG 2000 files start with their formats' signatures, the
 * info page is HTML. A file ({@code stream}) is the file as it is, whatever it holds: only its
 * length can be checked, against its catalog entry's, which the web layer does.
 */
enum AnswerForm {
  /** Nothing checked: any answer, even an empty one (a file may be empty). */
  ANY("an answer", ""),
  DDS("a DDS", "starts \"Dataset {\""),
  DAS("a DAS", "starts \"Attributes {\""),
  /** A DDX, a DMR or the DAP4 data as XML (xml_data). */
  XML_DATASET("an XML Dataset", "is XML whose root element is Dataset"),
  DODS("a DAP2 data answer", "is a DDS (\"Dataset {\") followed by its \"Data:\" line"),
  DAP4_DATA("a DAP4 data answer", "starts with a DAP4 data chunk holding the DMR"),
  /** DAP2 data as ASCII or CSV (asciival), DAP4 data as CSV: the dataset's name first. */
  ASCII("an ASCII or CSV data answer", "starts \"Dataset: \""),
  /** DAP2 data as JSON or instance JSON, DAP2 or DAP4 data as CoverageJSON. */
  JSON("a JSON answer", "is a JSON object, starting \"{\""),
  /** A netCDF-3 file (classic, 64-bit offset or CDF-5) or a netCDF-4 (HDF5) file. */
  NETCDF(
      "a netCDF file",
      "starts with the signature of netCDF's classic formats (\"CDF\" and 1, 2 or 5) or of HDF5"),
  TIFF("a GeoTIFF file", "starts with a TIFF or BigTIFF header (\"II\" or \"MM\", then 42 or 43)"),
  JPEG2000(
      "a JPEG 2000 file",
      "starts with the JP2 signature box or a JPEG 2000 codestream's SOC and SIZ markers"),
  /** The info page (usage module). */
  HTML("an HTML page", "is markup whose root element is html");

  /** The most bytes read ahead to decide; a form undecided after them does not hold. */
  static final int MAX_HEAD = 4096;

  private static final byte[] DATASET = ascii("Dataset");
  private static final byte[] ATTRIBUTES = ascii("Attributes");
  private static final byte[] ASCII_FIRST_LINE = ascii("Dataset: ");

  private static final byte[][] NETCDF_SIGNATURES = {
    bytes('C', 'D', 'F', 1),
    bytes('C', 'D', 'F', 2),
    bytes('C', 'D', 'F', 5),
    bytes(0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n')
  };
  private static final byte[][] TIFF_SIGNATURES = {
    bytes('I', 'I', 42, 0), bytes('M', 'M', 0, 42), bytes('I', 'I', 43, 0), bytes('M', 'M', 0, 43)
  };
  private static final byte[][] JPEG2000_SIGNATURES = {
    bytes(0, 0, 0, 0x0c, 'j', 'P', ' ', ' ', '\r', '\n', 0x87, '\n'), bytes(0xff, 0x4f, 0xff, 0x51)
  };

  /** Ends the DDS of a DAP2 data answer: its last line's break, then the data line. */
  private static final byte[] DATA_LINE = ascii("\nData:\n");

  private final String what;
  private final String rule;

  AnswerForm(String what, String rule) {
    this.what = what;
    this.rule = rule;
  }

  /**
   * The form of {@code get}'s answer; a probe's is {@link #ANY} (it expects an error), and so is a
   * file's ({@code stream}: the file as it is, which its length checks instead).
   */
  static AnswerForm of(GetRequest get) {
    if (get.probe()) {
      return ANY;
    }
    return switch (get.type()) {
      case DDS -> DDS;
      case DAS -> DAS;
      case DDX, DMR, XML_DATA -> XML_DATASET;
      case DODS -> DODS;
      case DAP -> DAP4_DATA;
      case ASCII, DAP_CSV -> ASCII;
      case DODS_JSON, DODS_IJSON, DODS_COVJSON, DAP_COVJSON -> JSON;
      case DODS_NETCDF, DODS_NETCDF4, DAP_NETCDF, DAP_NETCDF4 -> NETCDF;
      case DODS_GEOTIFF -> TIFF;
      case DODS_JPEG2000 -> JPEG2000;
      case INFO_PAGE -> HTML;
      case STREAM -> ANY;
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

  /**
   * Judges the first {@code length} bytes of an answer.
   *
   * @param whole whether they are the whole answer (no more follow)
   */
  Verdict judge(byte[] head, int length, boolean whole) {
    Verdict verdict =
        switch (this) {
          case ANY -> Verdict.HOLDS;
          case DDS, DODS -> AnswerHeads.wordAndBrace(head, length, DATASET);
          case DAS -> AnswerHeads.wordAndBrace(head, length, ATTRIBUTES);
          case XML_DATASET -> AnswerHeads.markup(head, 0, length, "Dataset", false);
          case DAP4_DATA -> AnswerHeads.dap4Data(head, length);
          case ASCII -> AnswerHeads.signature(head, length, ASCII_FIRST_LINE);
          case JSON -> AnswerHeads.firstNonSpace(head, length, '{');
          case NETCDF -> AnswerHeads.signature(head, length, NETCDF_SIGNATURES);
          case TIFF -> AnswerHeads.signature(head, length, TIFF_SIGNATURES);
          case JPEG2000 -> AnswerHeads.signature(head, length, JPEG2000_SIGNATURES);
          case HTML -> AnswerHeads.markup(head, 0, length, "html", true);
        };
    return verdict == Verdict.MORE && whole ? Verdict.FAILS : verdict;
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
  private static final class Checked extends BlockInputStream {
    private final AnswerForm form;
    private final InputStream in;
    private final String name;
    private final BooleanSupplier ended;
    private final Runnable refused;
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
