package org.olfsfastpath.ppt;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.olfsfastpath.jmh.StandardRun;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * PPT chunk encoding and decoding without a socket: framing a request document in one array (what
 * every BES command costs before the write), and walking a response's chunk headers while copying
 * the payload out (what every response costs besides the read calls).
 *
 * <p>Workload: a 700-byte request document like a {@code get} with contexts; responses of 2 KiB in
 * one chunk (an ASCII COADSX answer) and of 4 MiB in 65,520-byte chunks (the size the BES uses on a
 * Unix socket), each preceded by nothing, as a data answer is; an error status extension.
 *
 * <pre>{@code scripts/jmh --include PptFramingBenchmark}</pre>
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PptFramingBenchmark extends StandardRun {
  private static final int BES_UNIX_CHUNK = 65_520;

  byte[] requestDocument;
  byte[] extensionPayload;

  @Setup
  public void setUp() {
    requestDocument = sampleRequestDocument();
    extensionPayload = "exit=true;status=error;".getBytes(StandardCharsets.US_ASCII);
  }

  /** Frames one request document as a data chunk and the end chunk, as every send does. */
  @Benchmark
  public byte[] encodeRequest() {
    return PptFraming.encodeMessage(requestDocument);
  }

  /**
   * Walks every chunk header of a response and copies each payload into a reused buffer, as the
   * client's body stream does; returns the payload length so nothing is dead code.
   */
  @Benchmark
  public long decodeResponse(Response response, Sink sink) throws PptProtocolException {
    byte[] wire = response.wire;
    byte[] out = sink.buffer;
    long total = 0;
    int at = 0;
    while (true) {
      int length = PptFraming.parseLength(wire, at, Integer.MAX_VALUE);
      byte type = wire[at + PptFraming.HEADER_LENGTH - 1];
      at += PptFraming.HEADER_LENGTH;
      if (type == PptFraming.DATA && length == 0) {
        return total;
      }
      for (int done = 0; done < length; ) {
        int n = Math.min(out.length, length - done);
        System.arraycopy(wire, at + done, out, 0, n);
        done += n;
      }
      at += length;
      total += length;
    }
  }

  /** Parses the extension chunk of a fatal error, the one extension the BES sends a client. */
  @Benchmark
  public Map<String, String> parseErrorExtensions() throws PptProtocolException {
    return PptFraming.parseExtensions(extensionPayload);
  }

  /** A framed response of each size, built once. */
  @State(Scope.Benchmark)
  public static class Response {
    @Param({"2048", "4194304"})
    int responseBytes;

    byte[] wire;

    @Setup
    public void setUp() {
      wire = frame(responseBytes, BES_UNIX_CHUNK);
    }
  }

  /** A per-thread copy buffer of the size the client reads with. */
  @State(Scope.Thread)
  public static class Sink {
    final byte[] buffer = new byte[64 * 1024];
  }

  static byte[] sampleRequestDocument() {
    String xml =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<request xmlns=\"http://xml.opendap.org/ns/bes/1.0#\" reqID=\"[http-nio-8080-exec-1:42]\">"
            + "<setContext name=\"xdap_accept\">3.2</setContext>"
            + "<setContext name=\"dap_explicit_containers\">no</setContext>"
            + "<setContext name=\"errors\">xml</setContext>"
            + "<setContext name=\"max_response_size\">0</setContext>"
            + "<setContainer name=\"catalogContainer\" space=\"catalog\">/coads_climatology.nc</setContainer>"
            + "<define name=\"d1\" space=\"default\"><container name=\"catalogContainer\">"
            + "<constraint>COADSX</constraint></container></define>"
            + "<get type=\"dods\" definition=\"d1\" returnAs=\"ascii\"/></request>";
    return xml.getBytes(StandardCharsets.UTF_8);
  }

  /** Frames {@code payloadBytes} of filler as data chunks of at most {@code chunk} bytes. */
  static byte[] frame(int payloadBytes, int chunk) {
    int chunks = (payloadBytes + chunk - 1) / chunk;
    byte[] wire = new byte[payloadBytes + (chunks + 1) * PptFraming.HEADER_LENGTH];
    int at = 0;
    for (int left = payloadBytes; left > 0; ) {
      int n = Math.min(chunk, left);
      PptFraming.writeHeader(wire, at, n, PptFraming.DATA);
      at += PptFraming.HEADER_LENGTH;
      Arrays.fill(wire, at, at + n, (byte) '7');
      at += n;
      left -= n;
    }
    PptFraming.writeHeader(wire, at, 0, PptFraming.DATA);
    return wire;
  }
}
