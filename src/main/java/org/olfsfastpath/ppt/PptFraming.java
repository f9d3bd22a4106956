package org.olfsfastpath.ppt;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The PPT encoding rules, in one place for the client, the BES emulator and the trace proxy.
 *
 * <p>A chunk is an 8-byte header (7 lowercase hex digits of payload length, then a type byte:
 * {@code d} for data, {@code x} for extensions) followed by the payload. A zero-length data chunk
 * ({@code 0000000d}) ends a message. Extension payloads are {@code name[=value];} repeated.
 */
public final class PptFraming {
  /** What a client writes first, raw and unframed. */
  public static final String CLIENT_HANDSHAKE = "PPTCLIENT_TESTING_CONNECTION";
  /** The server's answer when it accepts the connection. */
  public static final String SERVER_OK = "PPTSERVER_CONNECTION_OK";
  /** The server's answer when it does not understand the handshake. */
  public static final String SERVER_UNDEFINED = "PPT_PROTOCOL_UNDEFINED";
  /** The status extension value that asks the server process to exit. */
  public static final String EXIT_NOW = "PPT_EXIT_NOW";

  /** Length of a chunk header in bytes. */
  public static final int HEADER_LENGTH = 8;
  /** Largest length seven hex digits can express. */
  public static final int MAX_ENCODABLE_LENGTH = 0x0FFF_FFFF;
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
      throw new IllegalArgumentException("chunk length was " + length + ", must be 0-"
          + MAX_ENCODABLE_LENGTH);
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
   * Encodes a whole request message: one data chunk holding {@code payload}, then the end chunk,
   * in one array so that it can go out in a single write.
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

  /** Encodes an extension chunk such as {@code status=error;}, header included. */
  public static byte[] encodeExtensions(Map<String, String> extensions) {
    StringBuilder text = new StringBuilder();
    extensions.forEach((name, value) -> {
      text.append(name);
      if (value != null) {
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
   * Parses the payload length of a chunk header and checks its type byte.
   *
   * @param header 8 bytes at {@code offset}
   * @param maxLength largest acceptable payload length
   * @return the payload length
   * @throws PptProtocolException naming the offending byte or length
   */
  public static int parseLength(byte[] header, int offset, int maxLength) throws PptProtocolException {
    int length = 0;
    for (int i = 0; i < 7; i++) {
      int digit = Character.digit(header[offset + i], 16);
      if (digit < 0 || header[offset + i] > 'f') {
        throw new PptProtocolException("expected a hex digit at chunk header byte " + i
            + " but was " + describe(header[offset + i]) + " (header " + printable(header, offset) + ")");
      }
      length = (length << 4) | digit;
    }
    byte type = header[offset + 7];
    if (type != DATA && type != EXTENSION) {
      throw new PptProtocolException("expected chunk type 'd' or 'x' but was " + describe(type)
          + " (header " + printable(header, offset) + ")");
    }
    if (length > maxLength) {
      throw new PptProtocolException("chunk length " + length + " exceeds the limit of " + maxLength
          + " bytes (header " + printable(header, offset) + ")");
    }
    return length;
  }

  /**
   * Parses an extension payload, {@code name[=value];} repeated, in order. A name without a value
   * maps to the empty string.
   *
   * @throws PptProtocolException if the text is not of that form
   */
  public static Map<String, String> parseExtensions(byte[] payload) throws PptProtocolException {
    String text = new String(payload, StandardCharsets.US_ASCII);
    if (!text.endsWith(";")) {
      throw new PptProtocolException("expected extensions ending in ';' but was \"" + sanitize(text) + "\"");
    }
    Map<String, String> extensions = new LinkedHashMap<>();
    for (String part : text.substring(0, text.length() - 1).split(";", -1)) {
      if (part.isEmpty()) {
        throw new PptProtocolException("expected name[=value] in extensions but was \"" + sanitize(text) + "\"");
      }
      int eq = part.indexOf('=');
      extensions.put(eq < 0 ? part : part.substring(0, eq), eq < 0 ? "" : part.substring(eq + 1));
    }
    return Collections.unmodifiableMap(extensions);
  }

  static String describe(byte b) {
    int c = b & 0xFF;
    return c >= 0x20 && c < 0x7F ? String.format("0x%02x ('%c')", c, (char) c) : String.format("0x%02x", c);
  }

  static String printable(byte[] bytes, int offset) {
    StringBuilder s = new StringBuilder("\"");
    for (int i = offset; i < offset + HEADER_LENGTH && i < bytes.length; i++) {
      int c = bytes[i] & 0xFF;
      s.append(c >= 0x20 && c < 0x7F ? String.valueOf((char) c) : String.format("\\x%02x", c));
    }
    return s.append('"').toString();
  }

  private static String sanitize(String text) {
    String shown = text.length() > 64 ? text.substring(0, 64) + "..." : text;
    return shown.replaceAll("[^\\x20-\\x7e]", "?");
  }
}
