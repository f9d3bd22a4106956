package org.olfsfastpath.ppt;

import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Decodes a stream of PPT chunks pushed to it in pieces of any size, for code that sees bytes as
 * they pass rather than pulling them (the trace proxy, the BES emulator). The handshake is not
 * chunked and must be consumed before the first {@link #feed}.
 *
 * <p>Payload bytes are handed on as they arrive, never collected; only an extension chunk (at most
 * {@link PptFraming#MAX_EXTENSION_LENGTH} bytes) is gathered before it is parsed. After a {@link
 * PptProtocolException} the decoder has lost its place in the stream and refuses further input. Not
 * thread-safe.
 */
public final class PptChunkDecoder {
  /** Receives what the decoder finds, in stream order. */
  public interface Handler {
    /** The first byte of a new message arrived. */
    default void messageStarted() {}

    /**
     * A chunk header was read: {@link PptFraming#DATA} or {@link PptFraming#EXTENSION}, and its
     * length.
     */
    default void chunkStarted(byte type, int length) {}

    /** An extension chunk was read whole. */
    default void extensions(Map<String, String> extensions) {}

    /** Payload bytes of a data chunk; the array is reused after the call returns. */
    default void data(byte[] bytes, int offset, int length) {}

    /**
     * The end chunk was read.
     *
     * @param wireBytes bytes of the whole message on the wire, chunk headers included
     */
    default void messageEnded(long wireBytes) {}
  }

  private final int maxChunkLength;
  private final Handler handler;
  private final byte[] header = new byte[PptFraming.HEADER_LENGTH];
  private int headerFill;
  private byte @Nullable [] extension;
  private int extensionFill;
  private int dataRemaining;
  private boolean inMessage;
  private long messageBytes;
  private long messages;
  private @Nullable PptProtocolException failure;

  /**
   * @param maxChunkLength the largest data chunk accepted, as in {@link
   *     PptOptions#maxChunkLength()}
   * @throws IllegalArgumentException if {@code maxChunkLength} is below 1
   */
  public PptChunkDecoder(int maxChunkLength, Handler handler) {
    if (maxChunkLength < 1) {
      throw new IllegalArgumentException("maxChunkLength was " + maxChunkLength + ", must be >= 1");
    }
    this.maxChunkLength = maxChunkLength;
    this.handler = Objects.requireNonNull(handler, "handler == null");
  }

  /**
   * Decodes {@code length} bytes at {@code offset}, calling the handler for everything they
   * complete.
   *
   * @throws PptProtocolException if the bytes are not PPT chunks; the decoder is then failed
   * @throws IllegalStateException if the decoder failed before
   */
  public void feed(byte[] bytes, int offset, int length) throws PptProtocolException {
    Objects.checkFromIndexSize(offset, length, bytes.length);
    if (failure != null) {
      throw new IllegalStateException(
          "decoder failed earlier and lost its place: " + failure.getMessage());
    }
    try {
      decode(bytes, offset, offset + length);
    } catch (PptProtocolException e) {
      failure = e;
      throw e;
    }
  }

  private void decode(byte[] bytes, int at, int end) throws PptProtocolException {
    while (at < end) {
      if (!inMessage) {
        inMessage = true;
        messageBytes = 0;
        handler.messageStarted();
      }
      if (dataRemaining > 0) {
        int n = Math.min(dataRemaining, end - at);
        dataRemaining -= n;
        messageBytes += n;
        handler.data(bytes, at, n);
        at += n;
      } else if (extension != null) {
        int n = Math.min(extension.length - extensionFill, end - at);
        System.arraycopy(bytes, at, extension, extensionFill, n);
        extensionFill += n;
        messageBytes += n;
        at += n;
        if (extensionFill == extension.length) {
          completeExtension();
        }
      } else {
        int n = Math.min(PptFraming.HEADER_LENGTH - headerFill, end - at);
        System.arraycopy(bytes, at, header, headerFill, n);
        headerFill += n;
        messageBytes += n;
        at += n;
        if (headerFill == PptFraming.HEADER_LENGTH) {
          headerFill = 0;
          startChunk();
        }
      }
    }
  }

  private void startChunk() throws PptProtocolException {
    int length = PptFraming.parseLength(header, 0, maxChunkLength);
    byte type = PptFraming.type(header, 0);
    handler.chunkStarted(type, length);
    if (type == PptFraming.EXTENSION) {
      extension = new byte[length];
      extensionFill = 0;
      if (length == 0) {
        completeExtension(); // refused by the parser, as by the BES
      }
    } else if (length == 0) {
      inMessage = false;
      messages++;
      handler.messageEnded(messageBytes);
    } else {
      dataRemaining = length;
    }
  }

  private void completeExtension() throws PptProtocolException {
    byte[] payload = Objects.requireNonNull(extension, "no extension is being read");
    extension = null;
    handler.extensions(PptFraming.parseExtensions(payload));
  }

  /**
   * Tells the decoder that the stream ended.
   *
   * @throws PptProtocolException naming where the stream stopped if it stopped inside a message
   */
  public void endOfStream() throws PptProtocolException {
    if (failure != null || !inMessage) {
      return;
    }
    String where;
    if (dataRemaining > 0) {
      where = "inside a data chunk with " + dataRemaining + " bytes still expected";
    } else if (extension != null) {
      where =
          "inside an extension chunk after " + extensionFill + " of " + extension.length + " bytes";
    } else if (headerFill > 0) {
      where =
          "inside a chunk header after "
              + headerFill
              + " of "
              + PptFraming.HEADER_LENGTH
              + " bytes";
    } else {
      where = "before the end chunk of a message";
    }
    failure = new PptProtocolException("stream ended " + where);
    throw failure;
  }

  /** Whether the decoder stands between two messages, having read nothing of the next one. */
  boolean isBetweenMessages() {
    return !inMessage && failure == null;
  }

  /** Number of messages decoded to their end chunk. */
  public long messages() {
    return messages;
  }

  /** Whether a {@link PptProtocolException} stopped the decoder. */
  boolean isFailed() {
    return failure != null;
  }
}
