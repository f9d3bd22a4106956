package org.olfsfastpath.emulator;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What the emulated BES answers to one request, for a {@link Dispatcher} to return: a document, a
 * BES error, bytes exactly as given, or a {@link Fault}; faults are data on the reply, as in
 * MockWebServer. Immutable and value-based; a reply may be returned for many requests.
 */
public final class BesReply {
  private final Function<RequestIds, Reply> reply;
  private final @Nullable Fault fault;
  private final String description;

  private BesReply(Function<RequestIds, Reply> reply, @Nullable Fault fault, String description) {
    this.reply = reply;
    this.fault = fault;
    this.description = description;
  }

  /** The catalog's own answer. */
  static BesReply of(Reply reply) {
    return new BesReply(ids -> reply, null, reply.toString());
  }

  /** A successful answer: {@code text} (encoded ISO-8859-1, as the BES declares) in data chunks. */
  public static BesReply document(String text) {
    return payload(
        Objects.requireNonNull(text, "text == null").getBytes(StandardCharsets.ISO_8859_1));
  }

  /** A successful answer of exactly these payload bytes, in data chunks. */
  public static BesReply payload(byte[] payload) {
    Objects.requireNonNull(payload, "payload == null");
    Reply reply = Reply.payload(payload, null);
    return new BesReply(ids -> reply, null, reply.toString());
  }

  /**
   * A BES error answer: {@code status=error;} (with {@code exit=true;} first for type 2, after
   * which the emulated process exits), then a BESError document naming the request's ids.
   *
   * @param type the BES error type, 1-7
   * @throws IllegalArgumentException if the type is not 1-7
   */
  public static BesReply error(int type, String message) {
    BesFailure failure =
        new BesFailure(
            type, Objects.requireNonNull(message, "message == null"), "BesEmulator", 0, "BES");
    return new BesReply(ids -> Reply.error(failure, ids), null, "error type " + type);
  }

  /** Bytes sent exactly as given, chunk headers and extension chunks included. */
  public static BesReply wire(byte[] wire) {
    Reply reply = Reply.raw(Objects.requireNonNull(wire, "wire == null"));
    return new BesReply(ids -> reply, null, reply.toString());
  }

  /**
   * A fault instead of an answer: {@link Fault#closeConnection()}, {@link Fault#stall()} and the
   * others act on an empty answer.
   *
   * @throws IllegalArgumentException if it is a connection fault (it acts on a handshake)
   */
  public static BesReply fault(Fault fault) {
    return new BesReply(ids -> Reply.empty(), checkRequestFault(fault), "fault " + fault);
  }

  /**
   * This answer, spoiled by {@code fault} (a delay, a truncated chunk, an error after half the
   * data, ...).
   *
   * @throws IllegalArgumentException if it is a connection fault
   */
  public BesReply withFault(Fault fault) {
    return new BesReply(reply, checkRequestFault(fault), description + " with " + fault);
  }

  /**
   * This successful answer's data, then nothing until {@code release} opens, then the end chunk: a
   * request that holds its connection as long as a test wants.
   */
  public static BesReply pausedBeforeEnd(String text, CountDownLatch release) {
    Objects.requireNonNull(release, "release == null");
    Reply reply = Reply.payload(text.getBytes(StandardCharsets.ISO_8859_1), release);
    return new BesReply(ids -> reply, null, reply.toString());
  }

  /** The fault this reply carries, or null. */
  @Nullable Fault fault() {
    return fault;
  }

  /** The answer as written for a request with these ids. */
  Reply reply(RequestIds ids) {
    return reply.apply(ids);
  }

  private static Fault checkRequestFault(Fault fault) {
    Objects.requireNonNull(fault, "fault == null");
    if (fault.isConnectionFault()) {
      throw new IllegalArgumentException(
          "fault was "
              + fault
              + ", a connection fault; enqueue it"
              + " with BesEmulator.enqueueFault");
    }
    return fault;
  }

  @Override
  public String toString() {
    return "BesReply{" + description + "}";
  }
}
