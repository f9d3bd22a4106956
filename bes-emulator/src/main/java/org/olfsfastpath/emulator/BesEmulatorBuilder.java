package org.olfsfastpath.emulator;

import static org.olfsfastpath.spec.Checks.requireState;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.emulator.dap.EmulatedDataset;
import org.olfsfastpath.ppt.PptFraming;

/**
 * Configures a {@link BesEmulator}. Every setter validates its value at once: a bad value throws
 * IllegalArgumentException naming the setting, a setting made twice IllegalStateException. Made by
 * {@link BesEmulator#newBuilder()}; a built emulator keeps a copy of the settings, which its engine
 * reads.
 */
public final class BesEmulatorBuilder {
  int port;
  @Nullable Path unixSocket;
  @Nullable Path dataDirectory;
  @Nullable Path captures;
  final Map<String, Duration> serviceTimes = new LinkedHashMap<>();
  long syntheticDatasets;
  int syntheticFanout = 100;
  boolean faithfulWrites = true;
  long writeRate;
  int acceptBacklog = 5;
  Instant builtInLastModified = Instant.parse("2025-01-01T00:00:00Z");
  String catalogRoot = "/usr/share/hyrax";
  int maxChunkLength;
  @Nullable Path countsFile;
  @Nullable Path besLog;
  @Nullable Map<String, EmulatedDataset> builtIns;
  boolean listBuiltIns = true;
  @Nullable Function<String, EmulatedDataset> genericDataset;
  @Nullable Dispatcher dispatcher;
  boolean showInfo2009;
  @Nullable Modules modules;
  private boolean portSet;

  BesEmulatorBuilder() {}

  /**
   * The TCP port on 127.0.0.1; 0 (the default) picks a free one at start.
   *
   * @throws IllegalArgumentException if not 0-65535
   * @throws IllegalStateException if set twice
   */
  public BesEmulatorBuilder port(int port) {
    requireState(!portSet, "port was already set to %d", this.port);
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException(
          String.format(Locale.US, "port was %d, must be 0-65535", port));
    }
    this.port = port;
    this.portSet = true;
    return this;
  }

  /**
   * Also listen on a Unix domain socket at {@code path} (the BES's BES.ServerUnixSocket).
   *
   * @throws IllegalStateException if set twice
   */
  public BesEmulatorBuilder unixSocket(Path path) {
    Objects.requireNonNull(path, "path == null");
    requireState(unixSocket == null, "unixSocket was already set to %s", unixSocket);
    this.unixSocket = path.toAbsolutePath();
    return this;
  }

  /**
   * Serve showNode and gets from the real files under {@code directory}: real sizes and
   * modification times, read on every request so changes are seen at once.
   *
   * @throws IllegalArgumentException if it is not a directory
   * @throws IllegalStateException if set twice
   */
  public BesEmulatorBuilder dataDirectory(Path directory) {
    Objects.requireNonNull(directory, "directory == null");
    requireState(dataDirectory == null, "dataDirectory was already set to %s", dataDirectory);
    if (!Files.isDirectory(directory)) {
      throw new IllegalArgumentException(
          "dataDirectory was " + directory + ", must be an existing directory");
    }
    this.dataDirectory = directory.toAbsolutePath();
    return this;
  }

  /**
   * Replay the exchanges recorded in {@code directory} ({@code NAME.request.xml} with {@code
   * NAME.wire}) when a request matches one.
   *
   * @throws IllegalArgumentException if it is not a directory
   * @throws IllegalStateException if set twice
   */
  public BesEmulatorBuilder captures(Path directory) {
    Objects.requireNonNull(directory, "directory == null");
    requireState(captures == null, "captures was already set to %s", captures);
    if (!Files.isDirectory(directory)) {
      throw new IllegalArgumentException(
          "captures was " + directory + ", must be an existing directory");
    }
    this.captures = directory.toAbsolutePath();
    return this;
  }

  /**
   * Spend {@code serviceTime} on every {@code command} received (e.g. 40 ms per showNode) before
   * answering the request that carries it. Times of several commands add up.
   *
   * @throws IllegalArgumentException if negative or over an hour
   * @throws IllegalStateException if the command's delay was already set
   */
  public BesEmulatorBuilder delay(String command, Duration serviceTime) {
    Objects.requireNonNull(command, "command == null");
    Objects.requireNonNull(serviceTime, "serviceTime == null");
    requireState(
        !serviceTimes.containsKey(command),
        "delay of %s was already set to %s",
        command,
        serviceTimes.get(command));
    if (command.isEmpty()) {
      throw new IllegalArgumentException(
          "delay command was empty, must name a BES command such as showNode");
    }
    if (serviceTime.isNegative() || serviceTime.compareTo(Duration.ofHours(1)) > 0) {
      throw new IllegalArgumentException(
          String.format(
              Locale.US, "delay of %s was %s, must be between 0 and 1 hour", command, serviceTime));
    }
    serviceTimes.put(command, serviceTime);
    return this;
  }

  /**
   * Add {@code count} synthetic datasets under {@code /synthetic}, computed on demand (a million
   * cost no memory). 0, the default, adds none.
   *
   * @throws IllegalArgumentException if negative or over Integer.MAX_VALUE
   */
  public BesEmulatorBuilder syntheticDatasets(long count) {
    if (count < 0 || count > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          String.format(
              Locale.US, "syntheticDatasets was %d, must be 0-%d", count, Integer.MAX_VALUE));
    }
    this.syntheticDatasets = count;
    return this;
  }

  /**
   * Entries per synthetic directory, default 100.
   *
   * @throws IllegalArgumentException if not 2-10000
   */
  public BesEmulatorBuilder syntheticFanout(int fanout) {
    if (fanout < 2 || fanout > 10_000) {
      throw new IllegalArgumentException(
          String.format(Locale.US, "syntheticFanout was %d, must be 2-10000", fanout));
    }
    this.syntheticFanout = fanout;
    return this;
  }

  /**
   * Whether to write like the BES (default true): chunk header and payload as separate writes,
   * TCP_NODELAY off. False writes each chunk in one call with TCP_NODELAY on.
   */
  public BesEmulatorBuilder faithfulWrites(boolean faithful) {
    this.faithfulWrites = faithful;
    return this;
  }

  /**
   * How fast each answer is sent, in bytes per second (default 0: as fast as the socket takes it):
   * a real BES sends a large answer only as fast as it reads and inflates the data (about 180 MB/s
   * for the DARS benchmark's 464 MB zlib-deflated dataset), where the emulator, which computes the
   * values, sends several GB/s. Each data chunk waits until the answer is due to have sent it;
   * metadata answers are as small as ever.
   *
   * @throws IllegalArgumentException if negative
   */
  public BesEmulatorBuilder writeRate(long bytesPerSecond) {
    if (bytesPerSecond < 0) {
      throw new IllegalArgumentException(
          "writeRate was " + bytesPerSecond + ", must be 0 (no limit) or more bytes per second");
    }
    this.writeRate = bytesPerSecond;
    return this;
  }

  /**
   * The listen backlog, 5 by default like the BES.
   *
   * @throws IllegalArgumentException if not 1-4096
   */
  public BesEmulatorBuilder acceptBacklog(int backlog) {
    if (backlog < 1 || backlog > 4096) {
      throw new IllegalArgumentException(
          String.format(Locale.US, "acceptBacklog was %d, must be 1-4096", backlog));
    }
    this.acceptBacklog = backlog;
    return this;
  }

  /** The fixed modification time of built-in and synthetic datasets (they have no file). */
  public BesEmulatorBuilder builtInLastModified(Instant time) {
    this.builtInLastModified = Objects.requireNonNull(time, "time == null");
    return this;
  }

  /**
   * The catalog root the BES shows in its messages, e.g. "Failed to locate
   * '/usr/share/hyrax/x.nc'". Default {@code /usr/share/hyrax}.
   *
   * @throws IllegalArgumentException if not absolute
   */
  public BesEmulatorBuilder catalogRoot(String root) {
    Objects.requireNonNull(root, "root == null");
    if (!root.startsWith("/")) {
      throw new IllegalArgumentException("catalogRoot was " + root + ", must be an absolute path");
    }
    this.catalogRoot = root;
    return this;
  }

  /**
   * The largest data chunk. 0, the default, sizes chunks like the BES: the socket's send buffer
   * minus 15 bytes.
   *
   * @throws IllegalArgumentException if negative or over 0x0FFFFFFF
   */
  public BesEmulatorBuilder maxChunkLength(int bytes) {
    if (bytes < 0 || bytes > PptFraming.MAX_ENCODABLE_LENGTH) {
      throw new IllegalArgumentException(
          String.format(
              Locale.US,
              "maxChunkLength was %d, must be 0-%d",
              bytes,
              PptFraming.MAX_ENCODABLE_LENGTH));
    }
    this.maxChunkLength = bytes;
    return this;
  }

  /**
   * Rewrite {@code file} with the counts ({@link BesEmulator#countsText()}) after every request,
   * before it is answered, so a script sees them once its answer arrives.
   *
   * @throws IllegalStateException if set twice
   */
  public BesEmulatorBuilder countsFile(Path file) {
    Objects.requireNonNull(file, "file == null");
    requireState(countsFile == null, "countsFile was already set to %s", countsFile);
    this.countsFile = file.toAbsolutePath();
    return this;
  }

  /**
   * Write a {@code bes.log} in the BES's format ({@code |&|}-separated, each line carrying the
   * request document's {@code reqID-reqUUID}) to {@code file}, so a request's BES lines are found
   * by its id as in a real BES's log.
   *
   * @throws IllegalStateException if set twice
   */
  public BesEmulatorBuilder besLog(Path file) {
    Objects.requireNonNull(file, "file == null");
    requireState(besLog == null, "besLog was already set to %s", besLog);
    this.besLog = file.toAbsolutePath();
    return this;
  }

  /**
   * The built-in datasets by file name, instead of {@code Datasets.builtIns()}; tests use this to
   * serve their own small datasets (alone: without the default catalog's {@link
   * BesEmulator#README_NAME}).
   */
  public BesEmulatorBuilder builtInDatasets(Map<String, EmulatedDataset> datasets) {
    Objects.requireNonNull(datasets, "datasets == null");
    this.builtIns = Map.copyOf(datasets);
    return this;
  }

  /**
   * Whether built-in datasets (and the built-in {@link BesEmulator#README_NAME}) appear in the
   * catalog at the root (default true). When false the datasets still answer gets for
   * data-directory files of the same name.
   */
  public BesEmulatorBuilder listBuiltIns(boolean list) {
    this.listBuiltIns = list;
    return this;
  }

  /**
   * Leaves BES modules out, so that the emulator answers like a BES built without them. By default
   * it has every module of the recorded BES 3.22.0 and fileout_netcdf; without {@code
   * fileout_netcdf} a {@code returnAs="netcdf"} gets the BES's "Unable to find transmitter netcdf",
   * as the recorded BES answered. {@code gdal} is accepted and changes nothing: GeoTIFF and
   * JPEG2000 are never emulated.
   *
   * @param names module names as showVersion lists them, e.g. {@code fileout_netcdf}
   * @throws IllegalArgumentException for an unknown module, or dap or netcdf_handler
   * @throws IllegalStateException if modules were already left out
   */
  public BesEmulatorBuilder withoutModules(String... names) {
    Objects.requireNonNull(names, "names == null");
    requireState(modules == null, "withoutModules was already set to %s", modules);
    this.modules = Modules.all().without(Set.of(names));
    return this;
  }

  /** The dataset for files with no built-in, instead of {@code Datasets.generic(name)}. */
  public BesEmulatorBuilder genericDataset(Function<String, EmulatedDataset> factory) {
    this.genericDataset = Objects.requireNonNull(factory, "factory == null");
    return this;
  }

  /**
   * Answers requests with {@code dispatcher} instead of the catalog (e.g. a {@link QueueDispatcher}
   * that replays what a test enqueued).
   *
   * @throws IllegalStateException if set twice
   */
  public BesEmulatorBuilder dispatcher(Dispatcher dispatcher) {
    Objects.requireNonNull(dispatcher, "dispatcher == null");
    requireState(this.dispatcher == null, "dispatcher was already set to %s", this.dispatcher);
    this.dispatcher = dispatcher;
    return this;
  }

  /**
   * Whether to answer {@code showInfo} as the BES of January 2009 did: a {@code <showInfo>}
   * document describing the node (name, size, last modification, whether it is data), the command
   * the OLFS of that time sent before every get. Default false: like today's BES, which answers
   * "Unable to find command for showInfo" (type 3).
   */
  public BesEmulatorBuilder showInfo2009(boolean answer) {
    this.showInfo2009 = answer;
    return this;
  }

  /** Builds an emulator that is not started yet. */
  public BesEmulator build() {
    BesEmulatorBuilder copy = new BesEmulatorBuilder();
    copy.port = port;
    copy.unixSocket = unixSocket;
    copy.dataDirectory = dataDirectory;
    copy.captures = captures;
    copy.serviceTimes.putAll(serviceTimes);
    copy.syntheticDatasets = syntheticDatasets;
    copy.syntheticFanout = syntheticFanout;
    copy.faithfulWrites = faithfulWrites;
    copy.writeRate = writeRate;
    copy.acceptBacklog = acceptBacklog;
    copy.builtInLastModified = builtInLastModified;
    copy.catalogRoot = catalogRoot;
    copy.maxChunkLength = maxChunkLength;
    copy.countsFile = countsFile;
    copy.besLog = besLog;
    copy.builtIns = builtIns;
    copy.listBuiltIns = listBuiltIns;
    copy.genericDataset = genericDataset;
    copy.dispatcher = dispatcher;
    copy.showInfo2009 = showInfo2009;
    copy.modules = modules;
    return new BesEmulator(copy);
  }
}
