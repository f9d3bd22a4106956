package org.olfsfastpath.spool;

import static org.olfsfastpath.spec.Checks.requireArgument;
import static org.olfsfastpath.spec.Checks.requireConsistent;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.ToLongFunction;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.spec.Setting;
import org.olfsfastpath.spec.Settings;
import org.olfsfastpath.spec.Specs;

/**
 * Configures a {@link Spool}: {@link Spool#newBuilder()} returns one with every default, {@link
 * Spool#from} one configured from a text spec whose keys are this builder's method names. Each
 * setter validates at once and may be called once; {@link #build()} checks the settings that depend
 * on each other and the directory. Not thread-safe.
 *
 * <p>The defaults suit a small server: 1 MiB of memory per response, 32 MiB in all, then files up
 * to a quarter of the space free in the directory at start (at least 256 MiB, at most 64 GiB).
 * Memory is taken in buffers of 64 KiB.
 */
public final class SpoolBuilder {
  /** Per response: 1 MiB, sixteen buffers, enough for a client that falls behind a moment. */
  static final long DEFAULT_RESPONSE_MEMORY = 1L << 20;

  /** In all: 32 MiB, so thirty-two slow clients hold their first megabyte in memory. */
  static final long DEFAULT_MEMORY = 32L << 20;

  private final Settings settings = new Settings("spool");
  private final Setting<Boolean> enabled = settings.add(Setting.bool("enabled", true));
  private final Setting<Long> responseMemory = settings.add(size("responseMemory", null));
  private final Setting<Long> memory = settings.add(size("memory", DEFAULT_MEMORY));
  private final Setting<DiskBudget> disk =
      settings.add(
          Setting.of("disk", DiskBudget.DEFAULT).text(DiskBudget::parse).shownAs(String::valueOf));
  private final Setting<Path> directory =
      settings.add(
          Setting.of("directory", (Path) null)
              .text(Path::of)
              .check(
                  path -> {
                    requireArgument(
                        path.isAbsolute(), "directory was %s, must be an absolute path", path);
                    return path;
                  }));
  private final Setting<SpoolFile.Factory> files = Setting.of("files", null);
  private final Setting<ToLongFunction<Path>> usableSpace =
      Setting.of("usableSpace", SpoolDirectory::usableSpace);
  private final Setting<Episodes.Sink> episodeLog = Setting.of("episodeLog", Episodes.Sink.LOG);
  private final Setting<Executor> producers = Setting.of("producers", null);
  private final Setting<Integer> fillers =
      settings.add(Setting.atLeast("fillers", Runtime.getRuntime().availableProcessors(), 0));

  SpoolBuilder() {}

  /** Applies a text spec to the settings; for {@link Spool#from}. */
  SpoolBuilder apply(Map<String, String> spec) {
    settings.apply(spec);
    return this;
  }

  /**
   * Switches spooling on (the default) or off. Off, every answer streams straight from the BES to
   * its client and holds its BES connection until the client has read it: as without a spool, for
   * comparisons.
   *
   * @throws IllegalStateException if already set
   */
  public SpoolBuilder enabled(boolean enabled) {
    this.enabled.set(enabled);
    return this;
  }

  /**
   * Bounds the memory one response's spooled bytes may take, in bytes, rounded down to whole
   * buffers of 64 KiB; past it they go to the response's file. Default 1 MiB, or {@code memory} if
   * that is less; 0 sends every spooled byte to disk.
   *
   * @throws IllegalArgumentException if negative
   * @throws IllegalStateException if already set
   */
  public SpoolBuilder responseMemory(long bytes) {
    responseMemory.set(bytes);
    return this;
  }

  /**
   * Bounds the memory all responses' spooled bytes may take at once, in bytes. Default 32 MiB.
   *
   * @throws IllegalArgumentException if negative
   * @throws IllegalStateException if already set
   */
  public SpoolBuilder memory(long bytes) {
    memory.set(bytes);
    return this;
  }

  /**
   * Bounds the bytes of all spool files at once. Default: a quarter of the space free in the
   * directory at start, at least 256 MiB (or all that is free, if less), at most 64 GiB; 0 spools
   * in memory only.
   *
   * @throws IllegalArgumentException if negative
   * @throws IllegalStateException if already set
   */
  public SpoolBuilder disk(long bytes) {
    disk.set(DiskBudget.ofBytes(bytes));
    return this;
  }

  /**
   * Bounds the bytes of all spool files at once, as olfs.xml writes it: a size ({@code 20GiB}) or a
   * percentage of the space free in the directory at start ({@code 25%}), held between 256 MiB (or
   * all that is free, if less) and 64 GiB.
   *
   * @throws IllegalArgumentException if neither, or a percentage not 1-100%
   * @throws IllegalStateException if already set
   */
  public SpoolBuilder disk(String budget) {
    disk.set(DiskBudget.parse(budget));
    return this;
  }

  /**
   * Sets the directory of the spool files, which must exist and be writable. Needed unless {@code
   * disk} is 0; the web application's default is the servlet container's temporary directory. One
   * directory per front end: at start, the files named {@code olfs-spool-*.tmp} in it are deleted
   * as left by a crash.
   *
   * @throws IllegalArgumentException if not absolute
   * @throws IllegalStateException if already set
   */
  public SpoolBuilder directory(Path directory) {
    this.directory.set(directory);
    return this;
  }

  /** Creates the spool files instead of the directory; for tests (a disk that fills). */
  SpoolBuilder files(SpoolFile.Factory files) {
    this.files.set(files);
    return this;
  }

  /** Reads the free space of the directory's disk; for tests (a full disk at start). */
  SpoolBuilder usableSpace(ToLongFunction<Path> usableSpace) {
    this.usableSpace.set(usableSpace);
    return this;
  }

  /** Where the lines of a fallback episode go; for tests. */
  SpoolBuilder episodeLog(Episodes.Sink sink) {
    this.episodeLog.set(sink);
    return this;
  }

  /**
   * How many producers copy BES bytes into the spool at once (default: the processors the JVM may
   * use; 0: no bound). Past it a producer waits, and its BES process with it, so that a burst of
   * downloads keeps the machine busy without keeping short requests from a core ({@link FillGate}).
   *
   * @throws IllegalArgumentException if negative
   * @throws IllegalStateException if already set
   */
  public SpoolBuilder fillers(int producers) {
    this.fillers.set(producers);
    return this;
  }

  /** Producers filling the spool at once; 0 for no bound. */
  public int getFillers() {
    return fillers.get();
  }

  /**
   * Where the transfers' producers run (default: threads the spool makes as they are needed and
   * shuts down when it is closed; one per BES connection in use at most). Never give the
   * container's request threads: a request waiting for a BES connection holds one, and the
   * connection it waits for comes back from a producer.
   *
   * @throws IllegalStateException if already set
   */
  public SpoolBuilder producers(Executor producers) {
    this.producers.set(producers);
    return this;
  }

  /**
   * Builds the spool: works out the disk budget from the space free in the directory, checks the
   * directory (it exists, takes a new file, and has the smaller of the budget and 64 MiB free) and
   * deletes the spool files left in it from before.
   *
   * @throws IllegalStateException if responseMemory exceeds memory, or no directory is set while
   *     disk is over 0
   * @throws org.olfsfastpath.spec.SpecException for the key {@code directory}, if the directory is
   *     missing, not a directory, not writable or full
   */
  public Spool build() {
    requireConsistent(
        getResponseMemory() <= getMemory(),
        List.of("responseMemory", "memory"),
        "responseMemory (%s) must not exceed memory (%s)",
        Specs.formatSize(getResponseMemory()),
        Specs.formatSize(getMemory()));
    Path dir = directory.orNull();
    boolean usesDisk = spoolsToDisk();
    requireConsistent(
        !usesDisk || dir != null,
        List.of("directory", "disk"),
        "directory is needed while disk (%s) is over 0",
        getDisk());
    SpoolFile.Factory factory = files.orNull();
    long budget = 0;
    if (usesDisk && dir != null) {
      budget = disk.get().of(usableSpace.get().applyAsLong(dir));
      SpoolDirectory.check(dir, disk.get().needed(budget), usableSpace.get());
      SpoolDirectory.removeLeftovers(dir);
      if (factory == null) {
        factory = () -> ChannelSpoolFile.create(dir);
      }
    }
    if (factory == null) {
      factory =
          () -> {
            throw new java.io.IOException("the spool has no directory");
          };
    }
    return new Spool(
        this,
        budget,
        usesDisk ? dir : null,
        factory,
        usableSpace.get(),
        episodeLog.get(),
        producers.orNull());
  }

  public boolean isEnabled() {
    return enabled.get();
  }

  /** The bound per response as set, or the default within the bound in all. */
  public long getResponseMemory() {
    Long set = responseMemory.ifSet();
    return set != null ? set : Math.min(DEFAULT_RESPONSE_MEMORY, getMemory());
  }

  public long getMemory() {
    return memory.get();
  }

  /** The disk budget as written: a size, or a percentage of the space free at start. */
  public String getDisk() {
    return disk.get().toString();
  }

  /** Whether the spool writes files: it is on, and its disk budget is not 0. */
  public boolean spoolsToDisk() {
    return isEnabled() && !disk.get().none();
  }

  /** The directory as set, or null: the web application then names the container's own. */
  public @Nullable Path getDirectory() {
    return directory.orNull();
  }

  private static Setting<Long> size(String name, @Nullable Long defaultValue) {
    return Setting.atLeast(name, defaultValue, 0, Specs::size).shownAs(Specs::formatSize);
  }
}
