package org.olfsfastpath.bes;

import java.util.concurrent.TimeUnit;
import org.olfsfastpath.jmh.StandardRun;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Building and serializing the BES request documents with JDOM2, escaping included: what every BES
 * command costs before it reaches the socket. Conversion and escaping costs dominate a middleware's
 * overhead when done badly, so they are measured apart from any I/O.
 *
 * <p>Workload: a showNode for the COADS file, and the data request (contexts, setContainer, define,
 * get) for {@code .ascii} with a constraint that needs no escaping ({@code plain}: the study's
 * COADSX), one with a few characters to escape ({@code escaped}: a selection with {@code <}, {@code
 * &} and quotes) and a long one ({@code long}: 100 projected hyperslabs).
 *
 * <pre>{@code scripts/jmh --include RequestDocumentBenchmark}</pre>
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RequestDocumentBenchmark extends StandardRun {
  /** The constraint of the data request. */
  public enum Constraint {
    PLAIN("COADSX"),
    ESCAPED("COADSX,SST[0:1:0][0:1:89][0:1:179]&SST<30.5&\"name\"='a<b'"),
    LONG(longConstraint());

    final String text;

    Constraint(String text) {
      this.text = text;
    }

    private static String longConstraint() {
      StringBuilder s = new StringBuilder();
      for (int i = 0; i < 100; i++) {
        s.append(i == 0 ? "" : ",")
            .append("SST[")
            .append(i)
            .append(":1:")
            .append(i + 1)
            .append("][0:1:89][0:1:179]");
      }
      return s.toString();
    }
  }

  BesRequests requests;

  @Setup
  public void setUp() {
    requests = new BesRequests(BesContexts.defaults(), "jmh");
  }

  /** The data request of each constraint, built once. */
  @State(Scope.Benchmark)
  public static class Get {
    @Param({"PLAIN", "ESCAPED", "LONG"})
    Constraint constraint;

    GetRequest request;

    @Setup
    public void setUp() {
      request = GetRequest.of("/coads_climatology.nc", BesGetType.ASCII, constraint.text);
    }
  }

  @Benchmark
  public byte[] getDocument(Get get) {
    return requests.document(BesCommand.GET, get.request, Caller.INTERNAL);
  }

  @Benchmark
  public byte[] showNodeDocument() {
    return requests.document(BesCommand.SHOW_NODE, "/coads_climatology.nc", Caller.INTERNAL);
  }
}
