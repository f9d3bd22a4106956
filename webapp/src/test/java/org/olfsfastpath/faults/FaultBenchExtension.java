package org.olfsfastpath.faults;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.olfsfastpath.soak.FaultBench;
import org.olfsfastpath.soak.FaultScenarios;
import org.olfsfastpath.soak.ProcessProbe;

/**
 * The fault bench (the WAR in a real Tomcat in front of a BES emulator, {@link FaultBench}) for a
 * test class: registered on a static field with {@code @RegisterExtension}, it starts with the
 * given settings before the class's first test, in the directory {@code name} under {@code
 * it.work.dir}, and closes after its last (after the class's own {@code @AfterAll} methods). The
 * class skips where there is no /proc: the scenarios count threads and descriptors there.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final FaultBenchExtension BENCH =
 *     FaultBenchExtension.named("load", FaultBench.Settings.LOAD).warmedUp();
 * }</pre>
 */
final class FaultBenchExtension implements BeforeAllCallback, AfterAllCallback {
  private final String name;
  private final FaultBench.Settings settings;
  private boolean besDown;
  private boolean warmUp;
  private @Nullable FaultBench bench;
  private @Nullable FaultScenarios faults;

  private FaultBenchExtension(String name, FaultBench.Settings settings) {
    this.name = name;
    this.settings = settings;
  }

  /**
   * A bench with {@code settings} whose work directory, under {@code it.work.dir}, is {@code name}.
   */
  static FaultBenchExtension named(String name, FaultBench.Settings settings) {
    return new FaultBenchExtension(
        Objects.requireNonNull(name, "name == null"),
        Objects.requireNonNull(settings, "settings == null"));
  }

  /** Starts the front end with its BES down ({@link FaultBench#startWithBesDown}). */
  FaultBenchExtension besDown() {
    this.besDown = true;
    return this;
  }

  /** Warms the front end up ({@link FaultScenarios#warmUp()}) before the first test. */
  FaultBenchExtension warmedUp() {
    this.warmUp = true;
    return this;
  }

  /** The running bench. */
  FaultBench bench() {
    return Objects.requireNonNull(bench, "not started");
  }

  /** The scenarios on the running bench. */
  FaultScenarios faults() {
    return Objects.requireNonNull(faults, "not started");
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    assumeTrue(ProcessProbe.supported(), "counting threads and descriptors needs /proc");
    FaultBench.Layout layout = FaultBench.Layout.fromSystemProperties();
    FaultBench started =
        besDown
            ? FaultBench.startWithBesDown(layout, layout.workDir().resolve(name), settings)
            : FaultBench.start(layout, layout.workDir().resolve(name), settings);
    bench = started;
    FaultScenarios scenarios = new FaultScenarios(started);
    faults = scenarios;
    if (warmUp) {
      scenarios.warmUp();
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    FaultBench started = bench;
    bench = null;
    faults = null;
    if (started != null) {
      started.close();
    }
  }
}
