package org.olfsfastpath.emulator;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.olfsfastpath.ppt.PptFraming;

/**
 * Frames one connection's response payloads into PPT chunks, writing to the socket the way the real
 * BES does or, on request, the way a well-behaved server would.
 *
 * <p>Faithful mode copies the BES's PPTStreamBuf: payload is buffered up to the chunk size, and
 * each chunk goes out as two write calls, the 8-byte header and then the payload, with the end
 * chunk as a third. Over TCP without TCP_NODELAY, Nagle's algorithm then holds the payload until
 * the client ACKs the header: the 40 ms stall. Fast mode writes each chunk's header and payload in
 * one call and appends the end chunk to the last one, so a small answer is a single write.
 *
 * <p>{@link #flush()} ends the current chunk, as a flush of the BES's ostream does: the DAP
 * generator flushes after the DDS and "Data:" line to reproduce the BES's two-chunk data answers.
 * Extension chunks go out in one write, as PPTConnection::sendExtensions sends them.
 *
 * <p>The payload is buffered between room for its chunk header and room for the end chunk, so that
 * either mode writes straight from the one buffer and an answer of any size allocates nothing per
 * chunk. Not thread-safe; one per connection, reused for every response.
 */
final class ResponseWriter extends OutputStream {
  private static final int INITIAL_BUFFER = 8 * 1024;
  private static final int HEADER = PptFraming.HEADER_LENGTH;

  private final OutputStream socket;
  private final boolean faithful;
  private final int maxChunkLength;

  /** Bytes per second an answer is sent at; 0 for no limit. */
  private final long writeRate;

  /** When the current answer's first chunk went out (System.nanoTime), or -1 before it. */
  private long answerStart = -1;

  /** Payload bytes of the current answer sent so far. */
  private long answerBytes;

  /** The chunk header at 0, the payload from {@link #HEADER}, then room for the end chunk. */
  private byte[] buffer = new byte[HEADER + INITIAL_BUFFER + HEADER];

  /** Payload bytes buffered. */
  private int count;

  /**
   * @param socket the connection's unbuffered output: every call here becomes one write call
   * @param maxChunkLength the largest data chunk, the BES's socket send buffer size minus 15
   * @param writeRate bytes per second an answer is sent at, 0 for no limit
   */
  ResponseWriter(OutputStream socket, boolean faithful, int maxChunkLength, long writeRate) {
    if (maxChunkLength < 1 || maxChunkLength > PptFraming.MAX_ENCODABLE_LENGTH) {
      throw new IllegalArgumentException(
          "maxChunkLength was "
              + maxChunkLength
              + ", must be 1-"
              + PptFraming.MAX_ENCODABLE_LENGTH);
    }
    this.socket = socket;
    this.faithful = faithful;
    this.maxChunkLength = maxChunkLength;
    this.writeRate = writeRate;
  }

  @Override
  public void write(int b) throws IOException {
    if (count == maxChunkLength) {
      emitData(false);
    }
    ensureCapacity(count + 1);
    buffer[HEADER + count++] = (byte) b;
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    while (length > 0) {
      if (count == maxChunkLength) {
        emitData(false);
      }
      int n = Math.min(length, maxChunkLength - count);
      ensureCapacity(count + n);
      System.arraycopy(bytes, offset, buffer, HEADER + count, n);
      count += n;
      offset += n;
      length -= n;
    }
  }

  /** Sends what is buffered as one data chunk (nothing if the buffer is empty). */
  @Override
  public void flush() throws IOException {
    if (count > 0) {
      emitData(false);
    }
  }

  /** Sends an extension chunk such as {@code status=error;} in a single write. */
  void extensions(Map<String, String> extensions) throws IOException {
    socket.write(PptFraming.encodeExtensions(extensions));
  }

  /** Sends bytes exactly as given, chunk headers included, after what is buffered. */
  void raw(byte[] bytes) throws IOException {
    flush();
    socket.write(bytes);
  }

  /**
   * Sends an extension chunk exactly as given (a replayed capture), header and payload in one
   * write.
   */
  void extensionChunk(byte[] payload) throws IOException {
    byte[] chunk = new byte[PptFraming.HEADER_LENGTH + payload.length];
    PptFraming.writeHeader(chunk, 0, payload.length, PptFraming.EXTENSION);
    System.arraycopy(payload, 0, chunk, PptFraming.HEADER_LENGTH, payload.length);
    socket.write(chunk);
  }

  /** Sends a data chunk exactly as given (a replayed capture), ending the current one first. */
  void dataChunk(byte[] payload) throws IOException {
    flush();
    write(payload, 0, payload.length);
    emitData(false);
  }

  /** Sends the rest of the payload and the end chunk {@code 0000000d}. */
  void finish() throws IOException {
    if (count > 0) {
      emitData(true);
    } else {
      PptFraming.writeHeader(buffer, 0, 0, PptFraming.DATA);
      socket.write(buffer, 0, HEADER);
    }
  }

  /** Drops buffered payload that was not sent yet. */
  void discardBuffered() {
    count = 0;
  }

  /** Starts a new response: forgets what the previous one sent. */
  void reset() {
    count = 0;
    answerStart = -1;
    answerBytes = 0;
  }

  /** With a write rate: waits until the answer is due to have sent {@code count} more bytes. */
  private void pace() throws IOException {
    if (writeRate <= 0) {
      return;
    }
    long now = System.nanoTime();
    if (answerStart < 0) {
      answerStart = now;
    }
    answerBytes += count;
    long due = answerStart + (long) (answerBytes * 1e9 / writeRate);
    while (now < due) {
      LockSupport.parkNanos(due - now);
      if (Thread.interrupted()) {
        throw new InterruptedIOException("interrupted while pacing an answer");
      }
      now = System.nanoTime();
    }
  }

  private void emitData(boolean last) throws IOException {
    pace();
    PptFraming.writeHeader(buffer, 0, count, PptFraming.DATA);
    int end = HEADER + count;
    if (last) {
      PptFraming.writeHeader(buffer, end, 0, PptFraming.DATA);
    }
    if (faithful) {
      socket.write(buffer, 0, HEADER);
      socket.write(buffer, HEADER, count);
      if (last) {
        socket.write(buffer, end, HEADER);
      }
    } else {
      socket.write(buffer, 0, last ? end + HEADER : end);
    }
    count = 0;
  }

  /** Makes room for {@code payload} bytes of payload (at most the chunk length). */
  private void ensureCapacity(int payload) {
    int capacity = buffer.length - 2 * HEADER;
    if (payload > capacity) {
      long grown = Math.min(maxChunkLength, Math.max(payload, 2L * capacity));
      buffer = Arrays.copyOf(buffer, (int) grown + 2 * HEADER);
    }
  }
}
