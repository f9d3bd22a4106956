package org.olfsfastpath.emulator;

import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.olfsfastpath.ppt.PptEndpoint;

/**
 * A started BES emulator for a test: registered on an instance field with
 * {@code @RegisterExtension}, a fresh one for each test; on a static field, one for the class.
 * Closed after, whatever the test did.
 *
 * <pre>{@code
 * @RegisterExtension final EmulatorExtension bes = EmulatorExtension.queued();
 * // in a test: bes.queue().enqueue(BesReply.document(...)); ... bes.emulator().takeRequest()
 * }</pre>
 */
public final class EmulatorExtension
    implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {
  private final Consumer<BesEmulatorBuilder> configure;
  private final boolean queued;
  private @Nullable BesEmulator emulator;
  private @Nullable QueueDispatcher queue;
  private boolean perClass;

  private EmulatorExtension(Consumer<BesEmulatorBuilder> configure, boolean queued) {
    this.configure = configure;
    this.queued = queued;
  }

  /** An emulator answering from its catalog, configured by {@code configure}. */
  public static EmulatorExtension create(Consumer<BesEmulatorBuilder> configure) {
    return new EmulatorExtension(Objects.requireNonNull(configure, "configure == null"), false);
  }

  /**
   * An emulator answering with what the test enqueues on {@link #queue()} (fail-fast when empty), a
   * fresh queue with each emulator, writing each chunk in one call so that no client sees the BES's
   * ACK stall.
   */
  public static EmulatorExtension queued() {
    return new EmulatorExtension(b -> b.faithfulWrites(false), true);
  }

  /** The running emulator. */
  public BesEmulator emulator() {
    if (emulator == null) {
      throw new IllegalStateException("the emulator runs only while a test does");
    }
    return emulator;
  }

  /** The dispatcher of a {@link #queued()} emulator. */
  public QueueDispatcher queue() {
    if (!queued) {
      throw new IllegalStateException("this emulator answers from its catalog, not a queue");
    }
    if (queue == null) {
      throw new IllegalStateException("the emulator runs only while a test does");
    }
    return queue;
  }

  /** Where the emulator listens over TCP. */
  public PptEndpoint endpoint() {
    return emulator().endpoint();
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    perClass = true;
    start();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    stop();
  }

  @Override
  public void beforeEach(ExtensionContext context) throws Exception {
    if (!perClass) {
      start();
    }
  }

  @Override
  public void afterEach(ExtensionContext context) {
    if (!perClass) {
      stop();
    }
  }

  private void start() throws Exception {
    BesEmulatorBuilder builder = BesEmulator.newBuilder();
    if (queued) {
      queue = new QueueDispatcher();
      builder.dispatcher(queue);
    }
    configure.accept(builder);
    BesEmulator started = builder.build();
    started.start();
    emulator = started;
  }

  private void stop() {
    if (emulator != null) {
      emulator.close();
      emulator = null;
      queue = null;
    }
  }
}
