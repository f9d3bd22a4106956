package org.olfsfastpath.ppt;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The PPT encoding rules, in one place for the client, the BES emulator and the trace proxy.
 *
 * <p>A chunk is an 8-byte header (7 hex digits of payload length, then a type byte: {@code d} for
 * data, {@code x} for extensions) followed by the payload. A zero-length data chunk ({@code
 * 0000000d}) ends a message. Extension payloads are {@code name[=value];} repeated.
 *
 * <p>Headers are always written in lowercase, as the BES writes them. Upper-case hex digits are
 * accepted when reading, because the BES's own reader ({@code istream >> hex}) accepts them too:
 * refusing them would make this side stricter than the protocol's reference implementation for no
 * gain, while a header with anything else than hex digits is still refused.
 */
public final class PptFraming {
  /** What a client writes first, raw and unframed. */
  public static final String CLIENT_HANDSHAKE = "PPTCLIENT_TESTING_CONNECTION";

  /** The server's answer when it accepts the connection. */
  public static final String SERVER_OK = "PPTSERVER_CONNECTION_OK";

  /** The server's answer when it does not understand the handshake. */
  public static final String SERVER_UNDEFINED = "PPT_PROTOCOL_UNDEFINED";

  /**
   * How a real BES starts its answer to a handshake it refuses, before it closes (it never sends
   * {@link #SERVER_UNDEFINED}).
   */
  public static final String SERVER_REFUSAL = "PPT cannot negotiate";

  /** The status extension value that asks the server process to exit. */
  public static final String EXIT_NOW = "PPT_EXIT_NOW";

  /** Length of a chunk header in bytes. */
  public static final int HEADER_LENGTH = 8;

  /** Largest length seven hex digits can express. */
  public static final int MAX_ENCODABLE_LENGTH = 0x0FFF_FFFF;

  /**
   * Largest extension chunk payload accepted. The BES sends a few dozen bytes ({@code
   * exit=true;status=error;}); a larger one is garbage, and refusing it early avoids buffering it.
   */
  static final int MAX_EXTENSION_LENGTH = 64 * 1024;

  /** The type byte of a data chunk. */
  public static final byte DATA = 'd';

  /** The type byte of an extension chunk. */
  public static final byte EXTENSION = 'x';

  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] END = {'0', '0', '0', '0', '0', '0', '0', 'd'};

  private PptFraming() {}

  /** Returns a new copy of the end-of-message chunk {@code 0000000d}. */
  public static byte[] endChunk() {
    return END.clone();
  }

  /**
   * Writes a chunk header for {@code length} payload bytes of {@code type} into {@code dst}.
   *
   * @throws IllegalArgumentException if the length does not fit seven hex digits or the type is
   *     neither {@link #DATA} nor {@link #EXTENSION}
   */
  public static void writeHeader(byte[] dst, int offset, int length, byte type) {
    if (length < 0 || length > MAX_ENCODABLE_LENGTH) {
      throw new IllegalArgumentException(
          "chunk length was " + length + ", must be 0-" + MAX_ENCODABLE_LENGTH);
    }
    if (type != DATA && type != EXTENSION) {
      throw new IllegalArgumentException("chunk type was " + describe(type) + ", must be d or x");
    }
    for (int i = 6; i >= 0; i--) {
      dst[offset + i] = HEX[length & 0xF];
      length >>>= 4;
    }
    dst[offset + 7] = type;
  }

  /** Returns a new 8-byte chunk header. */
  public static byte[] header(int length, byte type) {
    byte[] header = new byte[HEADER_LENGTH];
    writeHeader(header, 0, length, type);
    return header;
  }

  /**
   * Encodes a whole request message: one data chunk holding {@code payload}, then the end chunk, in
   * one array so that it can go out in a single write.
   */
  public static byte[] encodeMessage(byte[] payload) {
    Objects.requireNonNull(payload, "payload == null");
    if (payload.length == 0) {
      return endChunk();
    }
    byte[] message = new byte[HEADER_LENGTH + payload.length + HEADER_LENGTH];
    writeHeader(message, 0, payload.length, DATA);
    System.arraycopy(payload, 0, message, HEADER_LENGTH, payload.length);
    System.arraycopy(END, 0, message, HEADER_LENGTH + payload.length, HEADER_LENGTH);
    return message;
  }

  /**
   * Encodes an extension chunk such as {@code status=error;}, header included. A null or empty
   * value writes the name alone, as the BES does.
   *
   * @throws IllegalArgumentException if there are no extensions, a name is empty or holds {@code =}
   *     or {@code ;}, or a value holds {@code ;}
   */
  public static byte[] encodeExtensions(Map<String, String> extensions) {
    Objects.requireNonNull(extensions, "extensions == null");
    if (extensions.isEmpty()) {
      throw new IllegalArgumentException("extensions was empty, must hold at least one name");
    }
    StringBuilder text = new StringBuilder();
    extensions.forEach(
        (name, value) -> {
          if (name == null || name.isEmpty() || name.indexOf('=') >= 0 || name.indexOf(';') >= 0) {
            throw new IllegalArgumentException(
                "extension name was \"" + name + "\", must be non-empty without '=' or ';'");
          }
          text.append(name);
          if (value != null && !value.isEmpty()) {
            if (value.indexOf(';') >= 0) {
              throw new IllegalArgumentException(
                  "extension " + name + " value was \"" + value + "\", must not hold ';'");
            }
            text.append('=').append(value);
          }
          text.append(';');
        });
    byte[] payload = text.toString().getBytes(StandardCharsets.US_ASCII);
    byte[] chunk = new byte[HEADER_LENGTH + payload.length];
    writeHeader(chunk, 0, payload.length, EXTENSION);
    System.arraycopy(payload, 0, chunk, HEADER_LENGTH, payload.length);
    return chunk;
  }

  /**
   * Encodes the message that asks a BES process to exit: {@code status=PPT_EXIT_NOW;} then the end
   * chunk, in one array for a single write.
   */
  public static byte[] encodeExitMessage() {
    byte[] ext = encodeExtensions(Map.of("status", EXIT_NOW));
    byte[] message = new byte[ext.length + HEADER_LENGTH];
    System.arraycopy(ext, 0, message, 0, ext.length);
    System.arraycopy(END, 0, message, ext.length, HEADER_LENGTH);
    return message;
  }

  /**
   * Parses the payload length of a chunk header and checks its type byte.
   *
   * @param header 8 bytes at {@code offset}
   * @param maxLength largest acceptable payload length
   * @return the payload length
   * @throws PptProtocolException naming the offending byte or length
   */
  public static int parseLength(byte[] header, int offset, int maxLength)
      throws PptProtocolException {
    int length = 0;
    for (int i = 0; i < 7; i++) {
      int digit = hexValue(header[offset + i]);
      if (digit < 0) {
        throw new PptProtocolException(
            "expected a hex digit at chunk header byte "
                + i
                + " but was "
                + describe(header[offset + i])
                + " (header "
                + printable(header, offset)
                + ")");
      }
      length = (length << 4) | digit;
    }
    byte type = header[offset + 7];
    if (type != DATA && type != EXTENSION) {
      throw new PptProtocolException(
          "expected chunk type 'd' or 'x' but was "
              + describe(type)
              + " (header "
              + printable(header, offset)
              + ")");
    }
    int cap = type == EXTENSION ? Math.min(maxLength, MAX_EXTENSION_LENGTH) : maxLength;
    if (length > cap) {
      throw new PptProtocolException(
          (type == EXTENSION ? "extension " : "")
              + "chunk length "
              + length
              + " exceeds the limit of "
              + cap
              + " bytes (header "
              + printable(header, offset)
              + ")");
    }
    return length;
  }

  /** Returns the chunk type byte of a header that {@link #parseLength} accepted. */
  public static byte type(byte[] header, int offset) {
    return header[offset + 7];
  }

  /** Whether the 8 bytes at {@code offset} are the end chunk {@code 0000000d}. */
  public static boolean isEndChunk(byte[] header, int offset) {
    return Arrays.equals(header, offset, offset + HEADER_LENGTH, END, 0, HEADER_LENGTH);
  }

  private static int hexValue(byte b) {
    if (b >= '0' && b <= '9') {
      return b - '0';
    }
    if (b >= 'a' && b <= 'f') {
      return b - 'a' + 10;
    }
    if (b >= 'A' && b <= 'F') {
      return b - 'A' + 10;
    }
    return -1;
  }

  /**
   * Parses an extension payload, {@code name[=value];} repeated, in order. A name without a value
   * maps to the empty string; a later repeat of a name wins, as in the BES.
   *
   * @throws PptProtocolException if the text is not of that form: no final {@code ;}, an empty
   *     name, or an {@code =} with nothing after it (which the BES refuses too)
   */
  public static Map<String, String> parseExtensions(byte[] payload) throws PptProtocolException {
    return parseExtensions(payload, 0, payload.length);
  }

  /**
   * Parses {@code length} bytes of an extension payload at {@code offset}; see {@link
   * #parseExtensions(byte[])}.
   */
  public static Map<String, String> parseExtensions(byte[] payload, int offset, int length)
      throws PptProtocolException {
    String text = new String(payload, offset, length, StandardCharsets.ISO_8859_1);
    if (!text.endsWith(";")) {
      throw new PptProtocolException(
          "expected extensions ending in ';' but was \"" + sanitize(text) + "\"");
    }
    Map<String, String> extensions = new LinkedHashMap<>();
    for (String part : text.substring(0, text.length() - 1).split(";", -1)) {
      int eq = part.indexOf('=');
      String name = eq < 0 ? part : part.substring(0, eq);
      if (name.isEmpty()) {
        throw new PptProtocolException(
            "expected name[=value] in extensions but was \"" + sanitize(text) + "\"");
      }
      if (eq == part.length() - 1) {
        throw new PptProtocolException(
            "expected a value after '=' in extension "
                + sanitize(name)
                + " but was \""
                + sanitize(text)
                + "\"");
      }
      extensions.put(name, eq < 0 ? "" : part.substring(eq + 1));
    }
    return Collections.unmodifiableMap(extensions);
  }

  static String describe(byte b) {
    int c = b & 0xFF;
    return c >= 0x20 && c < 0x7F
        ? String.format(Locale.US, "0x%02x ('%c')", c, (char) c)
        : String.format(Locale.US, "0x%02x", c);
  }

  static String printable(byte[] bytes, int offset) {
    StringBuilder s = new StringBuilder("\"");
    for (int i = offset; i < offset + HEADER_LENGTH && i < bytes.length; i++) {
      int c = bytes[i] & 0xFF;
      s.append(
          c >= 0x20 && c < 0x7F
              ? String.valueOf((char) c)
              : String.format(Locale.US, "\\x%02x", c));
    }
    return s.append('"').toString();
  }

  private static String sanitize(String text) {
    String shown = text.length() > 64 ? text.substring(0, 64) + "..." : text;
    return shown.replaceAll("[^\\x20-\\x7e]", "?");
  }
}
