package org.olfsfastpath.trace;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.net.UnixDomainSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jdk.net.ExtendedSocketOptions;
import org.jdom2.JDOMException;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.ppt.PptChunkDecoder;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.ppt.PptFraming;
import org.olfsfastpath.ppt.PptProtocolException;

/**
 * One proxied client connection: a thread per direction copies bytes as they arrive and, before
 * passing each read on, feeds it to that direction's decoder. Requests and responses are paired in
 * order (PPT has one outstanding request per connection). All decoding state is guarded by this
 * connection's own lock, which only its two threads share.
 */
final class TraceConnection {
  private static final int BUFFER_SIZE = 64 * 1024;

  /** Requests larger than this are forwarded but not summarised. */
  private static final int MAX_REQUEST_DOCUMENT = 1 << 20;

  /** How much of an error response is kept to find its type and message. */
  private static final int MAX_ERROR_CAPTURE = 16 * 1024;

  private static final int MAX_NOTE = 300;
  private static final Pattern ERROR_TYPE = Pattern.compile("<Type>\\s*(\\d+)\\s*</Type>");
  private static final Pattern ERROR_MESSAGE =
      Pattern.compile("<Message>(.*?)</Message>", Pattern.DOTALL);

  private final PptTrace trace;
  private final long number;
  private final SocketChannel client;
  private final Object lock = new Object();
  private final List<Thread> threads = new CopyOnWriteArrayList<>();
  private final ArrayDeque<Exchange> pending = new ArrayDeque<>();
  private final RequestSide requests = new RequestSide();
  private final ResponseSide responses = new ResponseSide();
  private volatile @Nullable SocketChannel bes;

  /** Used under lock only, when a response completes before its request was summarised. */
  private @Nullable RequestParser fallbackParser;

  // Guarded by lock.
  private long sequence;
  private long fromClient;
  private long fromBes;
  private long handshakeStart = -1;
  private long handshakeEnd = -1;
  private int directionsEnded;
  private @Nullable String endReason;
  private boolean finished;

  TraceConnection(PptTrace trace, long number, SocketChannel client) {
    this.trace = trace;
    this.number = number;
    this.client = client;
  }

  void start() {
    Thread thread = new Thread(this::run, "ppt-trace-" + number + "-request");
    thread.setDaemon(true);
    threads.add(thread);
    thread.start();
  }

  private void run() {
    long started = System.nanoTime();
    SocketChannel connected;
    try {
      configure(client);
      connected = connect(trace.target(), trace.connectTimeout());
      bes = connected;
    } catch (IOException e) {
      synchronized (lock) {
        finished = true;
      }
      PptTrace.closeQuietly(client);
      emit(
          new TraceRecord(
              trace.timeOf(started),
              number,
              0,
              TraceRecord.Event.CONNECT_ERROR,
              null,
              0,
              0,
              0,
              false,
              false,
              0,
              null,
              null,
              null,
              null,
              shorten("cannot reach the BES at " + trace.target() + ": " + e.getMessage())));
      trace.ended(this);
      return;
    }
    Thread back =
        new Thread(() -> pump(connected, client, responses), "ppt-trace-" + number + "-response");
    back.setDaemon(true);
    threads.add(back);
    back.start();
    pump(client, bes, requests);
  }

  private static SocketChannel connect(PptEndpoint target, Duration timeout) throws IOException {
    SocketAddress address;
    SocketChannel channel;
    if (target instanceof PptEndpoint.Tcp tcp) {
      InetSocketAddress inet = new InetSocketAddress(tcp.host(), tcp.port());
      if (inet.isUnresolved()) {
        throw new UnknownHostException("cannot resolve " + tcp.host());
      }
      address = inet;
      channel = SocketChannel.open();
    } else {
      address = UnixDomainSocketAddress.of(((PptEndpoint.Unix) target).socket());
      channel = SocketChannel.open(StandardProtocolFamily.UNIX);
    }
    try {
      channel.configureBlocking(false);
      if (!channel.connect(address)) {
        try (Selector selector = Selector.open()) {
          channel.register(selector, SelectionKey.OP_CONNECT);
          long deadline = System.nanoTime() + timeout.toNanos();
          while (!channel.finishConnect()) {
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (left <= 0) {
              throw new SocketTimeoutException(
                  "connect timeout of " + timeout.toMillis() + " ms elapsed");
            }
            selector.select(left);
            selector.selectedKeys().clear();
          }
        } // closing the selector deregisters the channel, so that it can block again
      }
      channel.configureBlocking(true);
      configure(channel);
      return channel;
    } catch (IOException | RuntimeException e) {
      PptTrace.closeQuietly(channel);
      throw e;
    }
  }

  private static void configure(SocketChannel channel) throws IOException {
    if (channel.supportedOptions().contains(StandardSocketOptions.TCP_NODELAY)) {
      channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
    }
  }

  private void pump(SocketChannel from, SocketChannel to, Side side) {
    boolean quickAck =
        trace.quickAck() && from.supportedOptions().contains(ExtendedSocketOptions.TCP_QUICKACK);
    ByteBuffer buffer = ByteBuffer.allocate(BUFFER_SIZE);
    String reason;
    try {
      while (true) {
        if (quickAck) {
          // Linux leaves quick-ack mode by itself; re-arm it so the proxy never delays an ACK.
          from.setOption(ExtendedSocketOptions.TCP_QUICKACK, true);
        }
        buffer.clear();
        int n = from.read(buffer);
        long now = System.nanoTime();
        if (n < 0) {
          side.endOfStream(now);
          reason = side.name() + " closed";
          noteEnd(reason); // before the half-close lets the other side end too
          try {
            to.shutdownOutput();
          } catch (IOException alreadyGone) {
            // The other peer went too; its own direction will end.
          }
          break;
        }
        // Decode before forwarding, so that a record is complete by the time its last byte can
        // reach the other peer.
        side.feed(buffer.array(), n, now);
        buffer.flip();
        while (buffer.hasRemaining()) {
          to.write(buffer);
        }
        side.afterForward();
      }
    } catch (IOException e) {
      reason = side.name() + " side ended: " + e;
      PptTrace.closeQuietly(client);
      PptTrace.closeQuietly(to);
      PptTrace.closeQuietly(from);
    }
    directionEnded(reason);
  }

  private void noteEnd(String reason) {
    synchronized (lock) {
      if (endReason == null) {
        endReason = reason;
      }
    }
  }

  private void directionEnded(String reason) {
    synchronized (lock) {
      if (endReason == null) {
        endReason = reason;
      }
      if (++directionsEnded < 2 || finished) {
        return;
      }
      finished = true;
    }
    PptTrace.closeQuietly(client);
    PptTrace.closeQuietly(bes);
    long now = System.nanoTime();
    synchronized (lock) {
      responses.connectionEnded(now);
      String why =
          responses.failed
              ? "no complete response: the response stream could not be decoded"
              : "no response before the connection closed";
      for (Exchange exchange : pending) {
        emitExchange(exchange, now, false, why);
      }
      pending.clear();
      emit(
          new TraceRecord(
              trace.timeOf(now),
              number,
              sequence,
              TraceRecord.Event.CLOSE,
              null,
              fromClient,
              fromBes,
              0,
              false,
              false,
              0,
              null,
              null,
              null,
              null,
              shorten(endReason)));
    }
    trace.ended(this);
  }

  /** Closes both sockets; the threads then end and record the close with {@code reason}. */
  void close(String reason) {
    synchronized (lock) {
      if (endReason == null) {
        endReason = reason;
      }
    }
    PptTrace.closeQuietly(client);
    PptTrace.closeQuietly(bes);
  }

  void join() {
    for (Thread thread : threads) {
      try {
        thread.join(5_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private void emit(TraceRecord record) {
    trace.emit(record);
  }

  private void decodeError(String direction, long now, Exception e) {
    emit(
        new TraceRecord(
            trace.timeOf(now),
            number,
            0,
            TraceRecord.Event.DECODE_ERROR,
            null,
            0,
            0,
            0,
            false,
            false,
            0,
            null,
            null,
            null,
            null,
            shorten(
                direction
                    + " stream: "
                    + e.getMessage()
                    + "; bytes are still forwarded, no longer decoded")));
  }

  private void emitExchange(Exchange x, long end, boolean answered, @Nullable String note) {
    if (x.request == null) {
      // The response ended before the request thread got to the document: parse it here, with
      // this connection's second parser (the request thread may be using its own right now).
      if (fallbackParser == null) {
        fallbackParser = new RequestParser();
      }
      x.summarise(fallbackParser);
    }
    int errorType = 0;
    String errorMessage = null;
    if (x.error && x.errorCapture.size() > 0) {
      String text = x.errorCapture.toString(StandardCharsets.UTF_8);
      Matcher type = ERROR_TYPE.matcher(text);
      if (type.find() && type.group(1).length() < 9) {
        errorType = Integer.parseInt(type.group(1));
      }
      Matcher message = ERROR_MESSAGE.matcher(text);
      if (message.find()) {
        errorMessage = shorten(message.group(1).replaceAll("\\s+", " ").trim());
      }
    }
    emit(
        new TraceRecord(
            trace.timeOf(x.requestStart),
            number,
            x.sequence,
            TraceRecord.Event.MESSAGE,
            x.request,
            x.requestBytes,
            x.responseBytes,
            x.chunks,
            x.error,
            x.fatal,
            errorType,
            errorMessage,
            nanos(x.requestEnd - x.requestStart),
            x.firstByte < 0 ? null : nanos(x.firstByte - x.requestEnd),
            answered ? nanos(end - x.requestEnd) : null,
            note == null ? x.note : x.note == null ? note : x.note + "; " + note));
  }

  private static Duration nanos(long n) {
    return Duration.ofNanos(Math.max(0, n));
  }

  static @Nullable String shorten(@Nullable String text) {
    if (text == null) {
      return null;
    }
    String clean = text.replaceAll("[\\x00-\\x1f]", " ");
    return clean.length() > MAX_NOTE ? clean.substring(0, MAX_NOTE) + "..." : clean;
  }

  private static String printable(byte[] bytes, int length) {
    String text = new String(bytes, 0, Math.min(length, 64), StandardCharsets.ISO_8859_1);
    return text.replaceAll("[^\\x20-\\x7e]", "?");
  }

  /** A request waiting for, or receiving, its response. */
  private static final class Exchange {
    final long sequence;
    final long requestStart;
    final long requestEnd;
    final long requestBytes;
    @Nullable RequestSummary request;
    final byte @Nullable [] document;
    @Nullable String note;
    final ByteArrayOutputStream errorCapture = new ByteArrayOutputStream();
    long firstByte = -1;
    long responseBytes;
    int chunks;
    boolean error;
    boolean fatal;

    Exchange(
        long sequence,
        long requestStart,
        long requestEnd,
        RequestSummary request,
        long requestBytes,
        @Nullable String note) {
      this(sequence, requestStart, requestEnd, request, null, requestBytes, note);
    }

    private Exchange(
        long sequence,
        long requestStart,
        long requestEnd,
        @Nullable RequestSummary request,
        byte @Nullable [] document,
        long requestBytes,
        @Nullable String note) {
      this.sequence = sequence;
      this.requestStart = requestStart;
      this.requestEnd = requestEnd;
      this.request = request;
      this.document = document;
      this.requestBytes = requestBytes;
      this.note = note;
    }

    /** A request document's summary, or why it has none. */
    record Summary(RequestSummary request, @Nullable String problem) {}

    /** Summarises a request document; touches no shared state, so needs no lock. */
    static Summary summary(RequestParser parser, byte[] document) {
      try {
        return new Summary(parser.parse(document, document.length), null);
      } catch (JDOMException | IOException | RuntimeException e) {
        return new Summary(
            RequestSummary.of("?", "(request that is not XML)"),
            "request did not parse: " + e.getMessage());
      }
    }

    /** Takes a summary unless one was set meanwhile. Holds lock. */
    void accept(Summary summary) {
      if (request != null) {
        return;
      }
      request = summary.request();
      if (summary.problem() != null) {
        note = shorten(note == null ? summary.problem() : summary.problem() + "; " + note);
      }
    }

    /** Summarises now. Holds lock. */
    void summarise(RequestParser parser) {
      accept(summary(parser, Objects.requireNonNull(document, "kept until summarised")));
    }

    static Exchange unparsed(
        long sequence,
        long requestStart,
        long requestEnd,
        byte[] document,
        long requestBytes,
        @Nullable String note) {
      return new Exchange(sequence, requestStart, requestEnd, null, document, requestBytes, note);
    }
  }

  /** One direction's decoding. */
  private interface Side {
    String name();

    /** Decodes bytes just read; never throws, a decoding failure becomes a record. */
    void feed(byte[] bytes, int length, long now);

    void endOfStream(long now);

    /** Work that can wait until the bytes just decoded have been passed on. */
    default void afterForward() {}
  }

  /**
   * What both directions share: the byte count, the raw handshake before PPT framing starts, and
   * the rule that a decoding failure becomes one record and stops decoding but never forwarding.
   */
  private abstract class DecodingSide implements Side, PptChunkDecoder.Handler {
    final PptChunkDecoder decoder = new PptChunkDecoder(PptFraming.MAX_ENCODABLE_LENGTH, this);
    private final String direction;
    boolean framed;
    volatile boolean failed;
    long now;

    DecodingSide(String direction) {
      this.direction = direction;
    }

    /** Adds bytes read in this direction to the connection's totals. */
    abstract void count(int length);

    /** Consumes handshake bytes; returns how many; sets {@link #framed} once it is complete. */
    abstract int handshake(byte[] bytes, int length) throws PptProtocolException;

    @Override
    public final void feed(byte[] bytes, int length, long now) {
      synchronized (lock) {
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
          decodeError(direction, now, e);
        }
      }
    }

    /**
     * Ends decoding at the end of the stream (the caller holds the lock and checked {@link
     * #failed}): a message cut short becomes one failure record, like a bad byte.
     */
    final void finishDecoding(long now) {
      try {
        decoder.endOfStream();
      } catch (PptProtocolException e) {
        failed = true;
        decodeError(direction, now, e);
      }
    }
  }

  /** Client to BES: the handshake, then request messages. */
  private final class RequestSide extends DecodingSide {
    private final byte[] expected = PptFraming.CLIENT_HANDSHAKE.getBytes(StandardCharsets.US_ASCII);
    private final Map<String, String> extensions = new LinkedHashMap<>();
    private @Nullable RequestParser parser;
    private byte[] document = new byte[4096];
    private int documentLength;
    private long documentTotal;
    private int handshakeFill;
    private long messageStart;

    RequestSide() {
      super("request");
    }

    @Override
    public String name() {
      return "client";
    }

    @Override
    void count(int length) {
      fromClient += length;
    }

    @Override
    int handshake(byte[] bytes, int length) throws PptProtocolException {
      if (handshakeFill == 0) {
        handshakeStart = now;
      }
      int i = 0;
      while (i < length && handshakeFill < expected.length) {
        if (bytes[i] != expected[handshakeFill]) {
          byte[] seen = Arrays.copyOf(expected, handshakeFill + 1);
          seen[handshakeFill] = bytes[i];
          throw new PptProtocolException(
              "expected "
                  + PptFraming.CLIENT_HANDSHAKE
                  + " but was \""
                  + printable(seen, seen.length)
                  + "\"");
        }
        handshakeFill++;
        i++;
      }
      if (handshakeFill == expected.length) {
        handshakeEnd = now;
        framed = true;
      }
      return i;
    }

    @Override
    public void endOfStream(long now) {
      synchronized (lock) {
        if (!failed) {
          finishDecoding(now);
        }
      }
    }

    @Override
    public void messageStarted() {
      messageStart = now;
      extensions.clear();
      documentLength = 0;
      documentTotal = 0;
    }

    @Override
    public void extensions(Map<String, String> ext) {
      extensions.putAll(ext);
    }

    @Override
    public void data(byte[] bytes, int offset, int length) {
      documentTotal += length;
      if (documentTotal > MAX_REQUEST_DOCUMENT) {
        return;
      }
      if (documentLength + length > document.length) {
        document = Arrays.copyOf(document, Math.max(document.length * 2, documentLength + length));
      }
      System.arraycopy(bytes, offset, document, documentLength, length);
      documentLength += length;
    }

    @Override
    public void messageEnded(long wireBytes) {
      long seq = ++sequence;
      if (PptFraming.EXIT_NOW.equals(extensions.get("status"))) {
        Exchange exit =
            new Exchange(
                seq,
                messageStart,
                now,
                RequestSummary.of(PptFraming.EXIT_NOW, PptFraming.EXIT_NOW),
                wireBytes,
                null);
        emitExchange(exit, now, false, null);
        return;
      }
      String note = extensions.isEmpty() ? null : "request extensions " + extensions;
      if (documentTotal > MAX_REQUEST_DOCUMENT) {
        pending.addLast(
            new Exchange(
                seq,
                messageStart,
                now,
                RequestSummary.of("?", "(request of " + documentTotal + " bytes, not summarised)"),
                wireBytes,
                shorten(note)));
      } else {
        // Parsed after the request has been forwarded (afterForward), to keep XML parsing out of
        // the time the BES sees.
        pending.addLast(
            Exchange.unparsed(
                seq,
                messageStart,
                now,
                Arrays.copyOf(document, documentLength),
                wireBytes,
                shorten(note)));
      }
      if (document.length > 64 * 1024) {
        document = new byte[4096]; // do not hold on to a rare large request's buffer
      }
    }

    @Override
    public void afterForward() {
      List<Exchange> unparsed = new ArrayList<>();
      synchronized (lock) {
        for (Exchange exchange : pending) {
          if (exchange.request == null) {
            unparsed.add(exchange);
          }
        }
      }
      if (unparsed.isEmpty()) {
        return;
      }
      if (parser == null) {
        parser = new RequestParser();
      }
      for (Exchange exchange : unparsed) {
        // Parsed outside the lock, so that a response arriving meanwhile is not held up.
        Exchange.Summary summary =
            Exchange.summary(
                parser,
                Objects.requireNonNull(
                    exchange.document, "an unparsed exchange keeps its document"));
        synchronized (lock) {
          exchange.accept(summary);
        }
      }
    }
  }

  /** BES to client: the handshake answer, then response messages. */
  private final class ResponseSide extends DecodingSide {
    ResponseSide() {
      super("response");
    }

    private final StringBuilder answer = new StringBuilder();
    private long answerStart = -1;
    private boolean refused;
    private boolean refusalRecorded;
    private @Nullable Exchange current;

    /** The exchange whose response is being read: the decoder calls only between start and end. */
    private Exchange inMessage() {
      return Objects.requireNonNull(current, "no response is being read");
    }

    @Override
    public String name() {
      return "bes";
    }

    @Override
    void count(int length) {
      fromBes += length;
    }

    @Override
    int handshake(byte[] bytes, int length) throws PptProtocolException {
      if (answerStart < 0) {
        answerStart = now;
      }
      for (int i = 0; i < length; i++) {
        if (refused) {
          // The BES closes after a refusal: keep (some of) its text for the record made then.
          if (answer.length() < 512) {
            answer.append((char) (bytes[i] & 0xFF));
          }
          continue;
        }
        answer.append((char) (bytes[i] & 0xFF));
        String text = answer.toString();
        if (text.equals(PptFraming.SERVER_OK)) {
          framed = true;
          emitHandshake(false);
          return i + 1;
        }
        if (text.equals(PptFraming.SERVER_UNDEFINED)
            || text.startsWith(PptFraming.SERVER_REFUSAL)) {
          refused = true;
          continue;
        }
        if (!PptFraming.SERVER_OK.startsWith(text)
            && !PptFraming.SERVER_UNDEFINED.startsWith(text)
            && !PptFraming.SERVER_REFUSAL.startsWith(text)) {
          throw new PptProtocolException(
              "expected "
                  + PptFraming.SERVER_OK
                  + " but was \""
                  + String.valueOf(shorten(text)).replaceAll("[^\\x20-\\x7e]", "?")
                  + "\"");
        }
      }
      return length;
    }

    private void emitHandshake(boolean refusal) {
      String text = answer.toString();
      long start = handshakeStart >= 0 ? handshakeStart : answerStart;
      emit(
          new TraceRecord(
              trace.timeOf(start),
              number,
              0,
              TraceRecord.Event.HANDSHAKE,
              new RequestSummary(
                  "handshake",
                  "handshake " + shorten(text),
                  Map.of("answer", shorten(text)),
                  null,
                  null,
                  List.of(),
                  null),
              handshakeStart >= 0 ? PptFraming.CLIENT_HANDSHAKE.length() : 0,
              text.length(),
              0,
              refusal,
              false,
              0,
              null,
              handshakeEnd >= 0 ? nanos(handshakeEnd - handshakeStart) : null,
              handshakeEnd >= 0 ? nanos(answerStart - handshakeEnd) : null,
              handshakeEnd >= 0 ? nanos(now - handshakeEnd) : null,
              refusal ? "BES refused the handshake" : null));
    }

    /**
     * A refusal is recorded when the BES closes; if the connection ended otherwise, now. Holds
     * lock.
     */
    void connectionEnded(long now) {
      if (refused && !refusalRecorded) {
        this.now = now;
        refusalRecorded = true;
        emitHandshake(true);
      }
    }

    @Override
    public void endOfStream(long now) {
      synchronized (lock) {
        this.now = now;
        if (refused) {
          connectionEnded(now);
          return;
        }
        if (failed) {
          return;
        }
        if (!framed && answer.length() > 0) {
          failed = true;
          decodeError(
              "response",
              now,
              new PptProtocolException(
                  "stream ended inside the handshake answer \""
                      + shorten(answer.toString())
                      + "\""));
          return;
        }
        finishDecoding(now);
      }
    }

    @Override
    public void messageStarted() {
      Exchange started = pending.peekFirst();
      if (started == null) {
        started =
            new Exchange(
                ++sequence,
                now,
                now,
                RequestSummary.of("?", "(response without a request)"),
                0,
                "response without a request");
      }
      started.firstByte = now;
      current = started;
    }

    @Override
    public void chunkStarted(byte type, int length) {
      if (type == PptFraming.DATA && length > 0) {
        inMessage().chunks++;
      }
    }

    @Override
    public void extensions(Map<String, String> ext) {
      if ("error".equals(ext.get("status"))) {
        inMessage().error = true;
      }
      if ("true".equals(ext.get("exit"))) {
        inMessage().fatal = true;
      }
    }

    @Override
    public void data(byte[] bytes, int offset, int length) {
      Exchange x = inMessage();
      if (x.error && x.errorCapture.size() < MAX_ERROR_CAPTURE) {
        x.errorCapture.write(
            bytes, offset, Math.min(length, MAX_ERROR_CAPTURE - x.errorCapture.size()));
      }
    }

    @Override
    public void messageEnded(long wireBytes) {
      Exchange done = inMessage();
      current = null;
      pending.remove(done);
      done.responseBytes = wireBytes;
      emitExchange(done, now, true, null);
    }
  }
}
