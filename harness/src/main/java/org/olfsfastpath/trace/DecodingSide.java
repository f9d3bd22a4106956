package org.olfsfastpath.trace;

import org.olfsfastpath.ppt.PptChunkDecoder;
import org.olfsfastpath.ppt.PptFraming;
import org.olfsfastpath.ppt.PptProtocolException;

/**
 * One direction's decoding of a proxied connection, and what both directions share: the byte count,
 * the raw handshake before PPT framing starts, and the rule that a decoding failure becomes one
 * record and stops decoding but never forwarding.
 */
abstract class DecodingSide implements PptChunkDecoder.Handler {
  final ExchangeLog log;
  final PptChunkDecoder decoder = new PptChunkDecoder(PptFraming.MAX_ENCODABLE_LENGTH, this);
  private final String direction;
  boolean framed;
  volatile boolean failed;
  long now;

  DecodingSide(ExchangeLog log, String direction) {
    this.log = log;
    this.direction = direction;
  }

  /** "client" or "bes", for the reason a connection ended. */
  abstract String name();

  /** The peer closed this direction: a message or handshake cut short becomes a record. */
  abstract void endOfStream(long now);

  /** Work that can wait until the bytes just decoded have been passed on. */
  void afterForward() {}

  /** Adds bytes read in this direction to the connection's totals. */
  abstract void count(int length);

  /** Consumes handshake bytes; returns how many; sets {@link #framed} once it is complete. */
  abstract int handshake(byte[] bytes, int length) throws PptProtocolException;

  /** Decodes bytes just read; never throws, a decoding failure becomes a record. */
  final void feed(byte[] bytes, int length, long now) {
    synchronized (log.lock) {
      count(length);
      if (failed) {
        return;
      }
      this.now = now;
      try {
        int at = framed ? 0 : handshake(bytes, length);
        if (framed && at < length) {
          decoder.feed(bytes, at, length - at);
        }
      } catch (PptProtocolException | RuntimeException e) {
        failed = true;
        log.decodeError(direction, now, e);
      }
    }
  }

  /**
   * Ends decoding at the end of the stream (the caller holds the lock and checked {@link #failed}):
   * a message cut short becomes one failure record, like a bad byte.
   */
  final void finishDecoding(long now) {
    try {
      decoder.endOfStream();
    } catch (PptProtocolException e) {
      failed = true;
      log.decodeError(direction, now, e);
    }
  }
}
