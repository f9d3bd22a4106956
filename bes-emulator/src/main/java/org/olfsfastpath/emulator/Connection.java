package org.olfsfastpath.emulator;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.StandardSocketOptions;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.ppt.PptFraming;
import org.olfsfastpath.ppt.PptProtocolException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One accepted client connection, served by its own thread as the BES serves each connection with
 * its own forked process: handshake, then request after request until the client says PPT_EXIT_NOW,
 * closes, or a fault ends it. Holds the connection's {@link Session}.
 */
final class Connection implements Runnable {
  private static final Logger log = LoggerFactory.getLogger(Connection.class);

  /** The BES reads the handshake with one recv of at most this many bytes. */
  private static final int HANDSHAKE_READ = 64;

  /** Refuse request documents larger than this rather than exhaust memory. */
  private static final int MAX_REQUEST_BYTES = 16 << 20;

  private static final byte[] GARBAGE =
      "<html>502 Bad Gateway</html>\n".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] OVERSIZED_HEADER = "fffffffd".getBytes(StandardCharsets.US_ASCII);

  private final EmulatorEngine engine;
  private final SocketChannel channel;
  private final int index;
  private final int maxChunkLength;
  private final CountDownLatch closed = new CountDownLatch(1);

  private record Message(byte[] payload, Map<String, String> extensions) {
    boolean isExit() {
      return PptFraming.EXIT_NOW.equals(extensions.get("status"));
    }
  }

  Connection(EmulatorEngine engine, SocketChannel channel, int index, int maxChunkLength) {
    this.engine = engine;
    this.channel = channel;
    this.index = index;
    this.maxChunkLength = maxChunkLength;
  }

  int index() {
    return index;
  }

  @Override
  public void run() {
    try {
      serve();
    } catch (IOException e) {
      // A client that goes away mid-message, or close() from another thread: the BES child
      // process would simply exit.
      log.debug("connection {} ended: {}", index, e.toString());
    } catch (RuntimeException e) {
      log.warn("connection {} failed", index, e);
    } finally {
      close();
      engine.connectionEnded(this);
    }
  }

  /** Closes the socket; a thread blocked in a read, write or stall wakes up and ends. */
  void close() {
    closed.countDown();
    try {
      channel.close();
    } catch (IOException ignored) {
      // Nothing to do about a failing close of a socket we are discarding.
    }
  }

  private void serve() throws IOException {
    InputStream rawIn = Channels.newInputStream(channel);
    OutputStream rawOut = Channels.newOutputStream(channel);
    Fault connectionFault = engine.faults().nextConnectionFault();
    if (!handshake(rawIn, rawOut, connectionFault)) {
      return;
    }
    if (connectionFault != null && connectionFault.kind() == Fault.Kind.STOP_READING) {
      log.debug("connection {}: stops reading (fault)", index);
      awaitClose();
      return;
    }
    InputStream in = new BufferedInputStream(rawIn, 64 * 1024);
    ResponseWriter writer =
        new ResponseWriter(rawOut, engine.faithfulWrites(), maxChunkLength, engine.writeRate());
    Session session = new Session();
    for (int exchange = 0; ; exchange++) {
      Message message = readMessage(in);
      if (message == null || message.isExit()) {
        if (message != null) {
          engine.exitMessageReceived();
        }
        log.debug(
            "connection {}: client {} after {} requests",
            index,
            message == null ? "closed the connection" : "sent PPT_EXIT_NOW",
            exchange);
        return;
      }
      ParsedRequest parsed = ParsedRequest.parse(message.payload());
      RecordedRequest recorded = parsed.record(index, exchange);
      engine.counts().record(recorded);
      engine.logRequest(parsed, index);
      BesReply reply;
      try {
        reply = engine.dispatcher().dispatch(recorded, parsed, session);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while dispatching on connection " + index);
      }
      Fault fault = reply.fault() != null ? reply.fault() : engine.faults().faultFor(recorded);
      sleep(engine.serviceTime(recorded.commands()));
      if (!answer(reply.reply(parsed.ids()), parsed.ids(), recorded, fault, writer, rawOut, in)) {
        return;
      }
    }
  }

  /** PPTServer::welcomeClient: one read; anything but the exact handshake is refused. */
  private boolean handshake(InputStream rawIn, OutputStream rawOut, @Nullable Fault fault)
      throws IOException {
    byte[] hello = new byte[HANDSHAKE_READ];
    int n = rawIn.read(hello, 0, hello.length);
    if (n <= 0) {
      return false;
    }
    if (fault != null && fault.kind() == Fault.Kind.REFUSE_HANDSHAKE) {
      rawOut.write(PptFraming.SERVER_UNDEFINED.getBytes(StandardCharsets.US_ASCII));
      log.debug("connection {}: handshake refused (fault)", index);
      return false;
    }
    if (fault != null && fault.kind() == Fault.Kind.SILENT_HANDSHAKE) {
      log.debug("connection {}: handshake never answered (fault)", index);
      drainUntilClosed(rawIn);
      return false;
    }
    String text = new String(hello, 0, n, StandardCharsets.ISO_8859_1);
    if (!text.equals(PptFraming.CLIENT_HANDSHAKE)) {
      rawOut.write(
          (PptFraming.SERVER_REFUSAL + ", client started the connection with " + text)
              .getBytes(StandardCharsets.ISO_8859_1));
      log.info(
          "connection {}: refused a handshake of {} bytes that was not {}",
          index,
          n,
          PptFraming.CLIENT_HANDSHAKE);
      return false;
    }
    Runnable answered = engine.handshakeStarted();
    try {
      if (fault != null && fault.kind() == Fault.Kind.DELAY_HANDSHAKE) {
        sleep(fault.delay());
      }
    } finally {
      // Counted as answered before the answer goes out: once the client can read it, it may
      // start its next connect, which must not find this one still counted.
      answered.run();
    }
    rawOut.write(PptFraming.SERVER_OK.getBytes(StandardCharsets.US_ASCII));
    return true;
  }

  /**
   * Reads one message: extension chunks and data chunks up to the end chunk.
   *
   * @return null if the client closed the connection between messages
   */
  private @Nullable Message readMessage(InputStream in) throws IOException {
    byte[] header = new byte[PptFraming.HEADER_LENGTH];
    ByteArrayOutputStream payload = new ByteArrayOutputStream();
    Map<String, String> extensions = new LinkedHashMap<>();
    boolean first = true;
    while (true) {
      if (!readFully(in, header, first)) {
        return null;
      }
      first = false;
      int length = PptFraming.parseLength(header, 0, MAX_REQUEST_BYTES);
      if (header[7] == PptFraming.EXTENSION) {
        byte[] text = new byte[length];
        readFully(in, text, false);
        extensions.putAll(PptFraming.parseExtensions(text));
        continue;
      }
      if (length == 0) {
        return new Message(payload.toByteArray(), extensions);
      }
      if (payload.size() + length > MAX_REQUEST_BYTES) {
        throw new PptProtocolException("request exceeds " + MAX_REQUEST_BYTES + " bytes");
      }
      byte[] chunk = new byte[length];
      readFully(in, chunk, false);
      payload.write(chunk, 0, length);
    }
  }

  /** Fills {@code buffer}; false at a clean end of stream before its first byte when allowed. */
  private static boolean readFully(InputStream in, byte[] buffer, boolean endAllowed)
      throws IOException {
    int done = 0;
    while (done < buffer.length) {
      int n = in.read(buffer, done, buffer.length - done);
      if (n < 0) {
        if (done == 0 && endAllowed) {
          return false;
        }
        throw new EOFException(
            "client closed the connection inside a message after "
                + done
                + " of "
                + buffer.length
                + " bytes");
      }
      done += n;
    }
    return true;
  }

  /**
   * Sends the answer, or what the fault makes of it.
   *
   * @return whether the connection stays open for the next request
   */
  private boolean answer(
      Reply reply,
      RequestIds ids,
      RecordedRequest recorded,
      @Nullable Fault fault,
      ResponseWriter writer,
      OutputStream rawOut,
      InputStream in)
      throws IOException {
    if (fault == null) {
      return !reply.writeTo(writer);
    }
    log.debug("connection {}: applying {}", index, fault);
    switch (fault.kind()) {
      case DELAY -> {
        sleep(fault.delay());
        return !reply.writeTo(writer);
      }
      case CLOSE_CONNECTION -> {
        return false;
      }
      case STALL -> {
        drainUntilClosed(in);
        return false;
      }
      case GARBAGE -> {
        rawOut.write(GARBAGE);
        return false;
      }
      case OVERSIZED_CHUNK_HEADER -> {
        rawOut.write(OVERSIZED_HEADER);
        rawOut.write(GARBAGE);
        return false;
      }
      case TRUNCATED_CHUNK -> {
        byte[] payload = PartialAnswers.render(reply);
        int length = Math.max(payload.length, 16);
        rawOut.write(PptFraming.header(length, PptFraming.DATA));
        rawOut.write(payload, 0, payload.length / 2);
        return false;
      }
      case CLOSE_AFTER_HEADER -> {
        byte[] payload = PartialAnswers.render(reply);
        rawOut.write(PptFraming.header(Math.max(payload.length, 16), PptFraming.DATA));
        rawOut.flush();
        return false;
      }
      case RESET -> {
        try {
          channel.setOption(StandardSocketOptions.SO_LINGER, 0);
        } catch (UnsupportedOperationException unix) {
          // A Unix socket has no reset: a close is what its client sees.
        }
        return false;
      }
      case HALF_CLOSE -> {
        channel.shutdownOutput();
        drainUntilClosed(in);
        return false;
      }
      case STALL_MID_RESPONSE -> {
        byte[] payload = PartialAnswers.render(reply);
        rawOut.write(PptFraming.header(Math.max(payload.length, 16), PptFraming.DATA));
        rawOut.write(payload, 0, payload.length / 2);
        rawOut.flush();
        drainUntilClosed(in);
        return false;
      }
      case MID_STREAM_ERROR -> {
        byte[] payload = PartialAnswers.render(reply);
        writer.reset();
        writer.dataChunk(Arrays.copyOf(payload, Math.max(1, payload.length / 2)));
        BesFailure failure =
            new BesFailure(
                BesFailure.INTERNAL_ERROR,
                "libdap error transmitting "
                    + BesFacts.transmitName(typeOf(recorded))
                    + ": the BES emulator failed this response after sending part of it (fault).",
                "BESDapTransmit.cc",
                87,
                "BES");
        return !Reply.writeError(writer, failure, ids);
      }
      case FATAL_ERROR -> {
        BesFailure failure =
            new BesFailure(
                BesFailure.INTERNAL_FATAL_ERROR,
                "BES Internal Fatal Error: the BES emulator's process exits (fault).",
                "BESServerHandler.cc",
                265,
                "BES");
        writer.reset();
        Reply.writeError(writer, failure, ids);
        return false;
      }
      case CLOSE_BEFORE_END -> {
        byte[] payload = PartialAnswers.render(reply);
        writer.reset();
        writer.dataChunk(payload);
        return false;
      }
      case EMPTY_ANSWER -> {
        writer.reset();
        writer.finish();
        return true;
      }
      case CUT -> {
        cut(reply, recorded, fault, rawOut, in);
        return false;
      }
      default ->
          throw new IllegalStateException("connection fault " + fault + " applied to a request");
    }
  }

  /**
   * Sends the answer up to the fault's offset on the wire (whole when it is no longer), reports
   * what went out, stalls for the fault's delay, then cuts the connection the fault's way.
   */
  private void cut(
      Reply reply, RecordedRequest recorded, Fault fault, OutputStream rawOut, InputStream in)
      throws IOException {
    CutStream wire = new CutStream(rawOut, fault.offset());
    boolean whole;
    try {
      reply.writeTo(
          new ResponseWriter(wire, engine.faithfulWrites(), maxChunkLength, engine.writeRate()));
      whole = true;
    } catch (CutStream.Reached reached) {
      whole = false;
    }
    engine
        .faults()
        .recordCut(
            new WireCut(
                recorded.responseCommand(),
                recorded.getType(),
                fault,
                wire.written(),
                whole ? wire.written() : -1,
                wire.chunkStarts()));
    sleep(fault.delay());
    switch (Objects.requireNonNull(fault.cut(), "a CUT fault has a cut")) {
      case CLOSE -> {
        // run() closes the socket: a FIN after what was sent.
      }
      case RESET -> {
        try {
          channel.setOption(StandardSocketOptions.SO_LINGER, 0);
        } catch (UnsupportedOperationException unix) {
          // A Unix socket has no reset: a close is what its client sees.
        }
      }
      case HALF_CLOSE -> {
        channel.shutdownOutput();
        drainUntilClosed(in);
      }
    }
  }

  private static String typeOf(RecordedRequest recorded) {
    String type = recorded.getType();
    return type.isEmpty() ? "response" : type;
  }

  /**
   * Never answers. Reads and discards whatever else arrives, so that the thread ends when the
   * client gives up and closes rather than living until the emulator closes.
   */
  private static void drainUntilClosed(InputStream in) throws IOException {
    byte[] sink = new byte[8192];
    int n;
    do {
      n = in.read(sink);
    } while (n >= 0);
  }

  private void awaitClose() {
    try {
      closed.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void sleep(Duration duration) throws InterruptedIOException {
    if (duration.isZero()) {
      return;
    }
    try {
      if (closed.await(duration.toNanos(), TimeUnit.NANOSECONDS)) {
        throw new InterruptedIOException("connection " + index + " closed during its service time");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException(
          "interrupted during the service time of connection " + index);
    }
  }
}
