package org.olfsfastpath.boot;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import org.olfsfastpath.emulator.Fault;

/**
 * The cuts {@link CutAnswerPropertyTest} tries: where in the wire answer (every offset, or the
 * offsets where something changes: each chunk header's first, middle and last byte and the bytes
 * either side, the first and last 64 bytes, and either side of the front end's own buffer sizes),
 * how (close, reset, half-close), after what stall, with gzip or not, through which front end.
 */
final class CutCases {
  /** A short stall, well within the read timeout: the front end waits, then sees the cut. */
  static final Duration SHORT_STALL = Duration.ofMillis(30);

  /** A stall past the read timeout: the front end gives up first. */
  static final Duration LONG_STALL = CutRig.READ_TIMEOUT.plusMillis(200);

  /** Answers up to this many wire bytes are cut at every offset in the exhaustive run. */
  static final long EVERY_OFFSET_UP_TO = 16 * 1024;

  /**
   * Payload sizes where the front end changes course: the form check's read-ahead (4 KiB), the
   * response cache's first read and the fake response's buffer (8 KiB), the copy buffer (16 KiB),
   * the response buffer (32 KiB).
   */
  private static final long[] FRONT_END_SIZES = {4096, 8192, 16 * 1024, 32 * 1024};

  private static final int EDGE = 64;

  /** One cut of one target through one front end. */
  record CutCase(
      CutRig.Target target,
      CutRig.Front front,
      long offset,
      Fault.Cut how,
      Duration stall,
      boolean gzip) {
    Fault fault() {
      return Fault.cut(offset, how, stall);
    }

    @Override
    public String toString() {
      return target
          + " via "
          + front
          + (gzip ? " gzip" : "")
          + ": "
          + how
          + " at "
          + offset
          + (stall.isZero() ? "" : " after " + stall.toMillis() + " ms");
    }
  }

  private CutCases() {}

  /**
   * The offsets where something changes, from 0 to the wire length (the whole answer, then the
   * cut), in order.
   */
  static List<Long> edges(CutRig.Reference reference) {
    long length = reference.wireLength();
    TreeSet<Long> offsets = new TreeSet<>();
    for (long i = 0; i <= EDGE; i++) {
      offsets.add(i);
      offsets.add(length - i);
    }
    List<Long> starts = reference.chunkStarts();
    for (long start : starts) {
      for (long d : new long[] {-1, 0, 1, 4, 7, 8, 9}) {
        offsets.add(start + d);
      }
    }
    for (long size : FRONT_END_SIZES) {
      long wire = wireOffset(starts, length, size);
      for (long d = -1; d <= 1; d++) {
        offsets.add(wire + d);
      }
    }
    offsets.removeIf(offset -> offset < 0 || offset > length);
    return List.copyOf(offsets);
  }

  /**
   * Where payload byte {@code payload} goes on the wire: after the headers of the chunks before it
   * and its own; the wire length if the answer is shorter.
   */
  static long wireOffset(List<Long> starts, long length, long payload) {
    long before = 0;
    for (int i = 0; i < starts.size(); i++) {
      long start = starts.get(i);
      long end = i + 1 < starts.size() ? starts.get(i + 1) : length;
      long chunkPayload = end - start - 8;
      if (payload < before + chunkPayload) {
        return start + 8 + (payload - before);
      }
      before += chunkPayload;
    }
    return length;
  }

  /** Every offset of a small answer; a large one's edges and every 61st byte. */
  static List<Long> everyOffset(CutRig.Reference reference) {
    long length = reference.wireLength();
    if (length <= EVERY_OFFSET_UP_TO) {
      List<Long> all = new ArrayList<>();
      for (long i = 0; i <= length; i++) {
        all.add(i);
      }
      return all;
    }
    TreeSet<Long> offsets = new TreeSet<>(edges(reference));
    for (long i = 0; i <= length; i += 61) {
      offsets.add(i);
    }
    return List.copyOf(offsets);
  }

  /**
   * A sample for a short run: a target and a front end alike, then half the time an edge, half any
   * offset; mostly no stall, some short ones, a few past the read timeout; gzip for half of the
   * textual answers.
   */
  static Arbitrary<CutCase> sampled(CutRig rig) {
    Arbitrary<Tuple.Tuple2<CutRig.Target, CutRig.Front>> where =
        Combinators.combine(Arbitraries.of(rig.targets()), Arbitraries.of(CutRig.Front.values()))
            .as(Tuple::of);
    return where.flatMap(
        pair -> {
          CutRig.Reference reference = rig.reference(pair.get1());
          Arbitrary<Long> offset =
              Arbitraries.frequencyOf(
                  Tuple.of(1, Arbitraries.of(edges(reference))),
                  Tuple.of(1, Arbitraries.longs().between(0, reference.wireLength())));
          Arbitrary<Duration> stall =
              Arbitraries.frequencyOf(
                  Tuple.of(60, Arbitraries.just(Duration.ZERO)),
                  Tuple.of(39, Arbitraries.just(SHORT_STALL)),
                  Tuple.of(1, Arbitraries.just(LONG_STALL)));
          Arbitrary<Boolean> gzip =
              pair.get1().textual() ? Arbitraries.of(false, true) : Arbitraries.just(false);
          return Combinators.combine(offset, Arbitraries.of(Fault.Cut.values()), stall, gzip)
              .as(
                  (at, how, wait, zip) ->
                      new CutCase(pair.get1(), pair.get2(), at, how, wait, zip));
        });
  }

  /**
   * Every case of the long run: each target through each front end cut each way at every offset
   * ({@link #everyOffset}) without a stall; at its edges also after a short stall and, for a
   * textual answer, with gzip; and once past the read timeout at its middle.
   */
  static List<CutCase> every(CutRig rig) {
    List<CutCase> cases = new ArrayList<>();
    for (CutRig.Target target : rig.targets()) {
      CutRig.Reference reference = rig.reference(target);
      for (CutRig.Front front : CutRig.Front.values()) {
        for (Fault.Cut how : Fault.Cut.values()) {
          for (long offset : everyOffset(reference)) {
            cases.add(new CutCase(target, front, offset, how, Duration.ZERO, false));
          }
          for (long offset : edges(reference)) {
            cases.add(new CutCase(target, front, offset, how, SHORT_STALL, false));
            if (target.textual()) {
              cases.add(new CutCase(target, front, offset, how, Duration.ZERO, true));
            }
          }
          cases.add(
              new CutCase(
                  target, front, reference.wireLength() / 2, how, LONG_STALL, target.textual()));
        }
      }
    }
    return cases;
  }
}
