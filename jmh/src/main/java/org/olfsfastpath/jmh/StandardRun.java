package org.olfsfastpath.jmh;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The run every benchmark of this module shares, declared once: one fork, three warm-up and three
 * measured iterations (JMH inherits these annotations from a superclass), and the mean time per
 * operation unless a benchmark says otherwise. Each benchmark extends it and states only what is
 * its own: its {@code @State} scope, its {@code @OutputTimeUnit}, its threads. {@code scripts/jmh
 * --quick} and {@code --full} set the iterations' lengths (and {@code --quick} one iteration each)
 * on the command line, which overrides these.
 */
@Fork(1)
@Warmup(iterations = 3)
@Measurement(iterations = 3)
@BenchmarkMode(Mode.AverageTime)
public abstract class StandardRun {
  protected StandardRun() {}
}
