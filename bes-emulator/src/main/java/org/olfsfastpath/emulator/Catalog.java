package org.olfsfastpath.emulator;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.emulator.dap.DapQuery;
import org.olfsfastpath.emulator.dap.EmulatedDataset;

/**
 * The emulated BES catalog: real files under a data directory, the synthetic catalog under {@code
 * /synthetic}, the large datasets under {@code /big} and {@code /dars}, and the built-in datasets
 * and files at the root, looked up in that order.
 *
 * <p>Real files are read from the file system on every call, never cached, so a changed or deleted
 * file is seen by the very next {@code showNode}. Like the BES with its default configuration,
 * listings leave out names starting with a dot and symbolic links, and a path through a symbolic
 * link is refused. Paths in error messages are shown under the display root ({@code
 * /usr/share/hyrax} by default), as the real BES shows its own root.
 */
final class Catalog {
  /** What the BES's default TypeMatch rules recognize as data (netCDF, HDF and friends). */
  static final Pattern DATA_FILE =
      Pattern.compile(".*\\.(nc|nc4|cdf|h5|he5|hdf|hdf5|HDF|HDF5|ncml|dmrpp)(\\.bz2|\\.gz|\\.Z)?$");

  /** stat() size of a directory on the file systems the BES usually runs on. */
  static final long DIRECTORY_SIZE = 4096;

  private final String displayRoot;
  private final @Nullable Path dataDirectory;
  private final Map<String, EmulatedDataset> builtIns;
  private final Map<String, byte[]> builtInFiles;
  private final boolean listBuiltIns;
  private final Function<String, EmulatedDataset> generic;
  private final @Nullable SyntheticCatalog synthetic;
  private final @Nullable LargeDatasets large;
  private final Instant fixedTime;
  private final Map<String, Long> builtInSizes = new ConcurrentHashMap<>();

  /**
   * Generic datasets keep what they computed (values, parsed constraints), so the ones in use are
   * kept too; bounded, since a synthetic catalog can name a million of them.
   */
  private final Cache<String, EmulatedDataset> genericDatasets =
      Caffeine.newBuilder().maximumSize(1024).build();

  private enum Kind {
    ROOT,
    REAL,
    BUILT_IN,
    BUILT_IN_FILE,
    SYNTHETIC,
    LARGE
  }

  /**
   * @param file the file of a REAL entry, the data directory (if any) for the ROOT
   * @param attributes those of a REAL entry's file
   * @param position that of a SYNTHETIC entry
   */
  private record Located(
      Kind kind,
      List<String> components,
      @Nullable Path file,
      @Nullable BasicFileAttributes attributes,
      SyntheticCatalog.@Nullable Position position) {

    Path realFile() {
      return Objects.requireNonNull(file, "a REAL entry is located with its file");
    }

    BasicFileAttributes realAttributes() {
      return Objects.requireNonNull(
          attributes, "a REAL entry is located with its file's attributes");
    }

    SyntheticCatalog.Position syntheticPosition() {
      return Objects.requireNonNull(position, "a SYNTHETIC entry is located with its position");
    }
  }

  /**
   * @param builtInFiles plain files (not data) at the root, by name, listed and served with the
   *     built-in datasets: what {@code get stream} sends for them
   * @param large the large datasets' directories at the root, or null for none
   */
  Catalog(
      String displayRoot,
      @Nullable Path dataDirectory,
      Map<String, EmulatedDataset> builtIns,
      Map<String, byte[]> builtInFiles,
      boolean listBuiltIns,
      Function<String, EmulatedDataset> generic,
      @Nullable SyntheticCatalog synthetic,
      @Nullable LargeDatasets large,
      Instant fixedTime) {
    this.displayRoot = displayRoot;
    this.dataDirectory = dataDirectory;
    this.builtIns = Map.copyOf(builtIns);
    this.builtInFiles = Map.copyOf(builtInFiles);
    this.listBuiltIns = listBuiltIns;
    this.generic = generic;
    this.synthetic = synthetic;
    this.large = large;
    this.fixedTime = fixedTime.truncatedTo(ChronoUnit.SECONDS);
  }

  /** The absolute path the BES would show for a catalog path, e.g. in "Failed to locate". */
  String absolute(String path) {
    String root =
        displayRoot.endsWith("/")
            ? displayRoot.substring(0, displayRoot.length() - 1)
            : displayRoot;
    return path.startsWith("/") ? root + path : root + "/" + path;
  }

  /** The entry at {@code path} (which must start with a slash). */
  CatalogEntry entry(String path) throws BesFailure {
    return entryOf(locate(path));
  }

  /** The children of the directory at {@code path}, nodes first, then leaves, each by name. */
  List<CatalogEntry> children(String path) throws BesFailure {
    Located located = locate(path);
    List<CatalogEntry> children = new ArrayList<>();
    switch (located.kind()) {
      case ROOT -> {
        Set<String> taken = new HashSet<>();
        if (dataDirectory != null) {
          for (CatalogEntry e : listDirectory(dataDirectory)) {
            children.add(e);
            taken.add(e.name());
          }
        }
        if (synthetic != null && taken.add(SyntheticCatalog.TOP)) {
          children.add(
              new CatalogEntry(SyntheticCatalog.TOP, true, DIRECTORY_SIZE, fixedTime, false));
        }
        if (large != null) {
          for (String directory : large.directories()) {
            if (taken.add(directory)) {
              children.add(new CatalogEntry(directory, true, DIRECTORY_SIZE, fixedTime, false));
            }
          }
        }
        if (listBuiltIns) {
          for (String name : builtIns.keySet()) {
            if (taken.add(name)) {
              children.add(builtInEntry(name));
            }
          }
          for (String name : builtInFiles.keySet()) {
            if (taken.add(name)) {
              children.add(builtInFileEntry(name));
            }
          }
        }
      }
      case REAL -> {
        if (located.realAttributes().isDirectory()) {
          children.addAll(listDirectory(located.realFile()));
        }
      }
      case SYNTHETIC -> {
        SyntheticCatalog.Position position = located.syntheticPosition();
        if (!position.isLeaf()) {
          SyntheticCatalog catalog =
              Objects.requireNonNull(
                  synthetic, "a SYNTHETIC entry is located in the synthetic catalog");
          boolean leaves = catalog.holdsLeaves(position);
          for (String name : catalog.childNames(position)) {
            children.add(
                leaves
                    ? new CatalogEntry(name, false, SyntheticCatalog.LEAF_SIZE, fixedTime, true)
                    : new CatalogEntry(name, true, DIRECTORY_SIZE, fixedTime, false));
          }
        }
      }
      case LARGE -> {
        if (located.components().size() == 1) {
          LargeDatasets datasets = largeDatasets();
          String directory = located.components().get(0);
          for (String name : datasets.listed(directory)) {
            children.add(largeEntry(directory, name));
          }
        }
      }
      case BUILT_IN, BUILT_IN_FILE -> {
        // A leaf has no children.
      }
    }
    children.sort(CatalogEntry.BES_ORDER);
    return children;
  }

  /**
   * The dataset that answers gets for the data file at {@code path}: the built-in of the same file
   * name if there is one, otherwise the generic generator.
   *
   * @throws BesFailure not found or forbidden as the BES's check_path, or the BES's error for a
   *     container whose data type it cannot determine (a directory or a non-data file)
   */
  EmulatedDataset dataset(String path) throws BesFailure {
    Located located = locate(path);
    CatalogEntry entry = entryOf(located);
    if (entry.isNode() || !entry.isData()) {
      throw BesFailure.internal(
          "Unable to add container '" + path + "', the type of data must be specified.",
          "BESContainerStorageVolatile.cc",
          139);
    }
    if (located.kind() == Kind.LARGE) {
      return largeDatasets().dataset(located.components().get(0), located.components().get(1));
    }
    EmulatedDataset builtIn = builtIns.get(entry.name());
    return builtIn != null ? builtIn : genericDatasets.get(entry.name(), generic);
  }

  /**
   * The file under the data directory that {@code path} names, if it is a regular file there (a
   * built-in or synthetic dataset has none).
   */
  Optional<Path> file(String path) throws BesFailure {
    Located located = locate(path);
    if (located.kind() == Kind.REAL && located.realAttributes().isRegularFile()) {
      return Optional.of(located.realFile());
    }
    return Optional.empty();
  }

  /** The bytes of the built-in plain file {@code path} names, if it names one. */
  Optional<byte[]> builtInFile(String path) throws BesFailure {
    Located located = locate(path);
    if (located.kind() == Kind.BUILT_IN_FILE) {
      return Optional.of(builtInFileBytes(located.components().get(0)).clone());
    }
    return Optional.empty();
  }

  private Located locate(String path) throws BesFailure {
    if (path.isEmpty() || path.charAt(0) != '/') {
      throw BesFailure.internal(
          "The path sent to BESCatalogDirectory::get_node() must start with a slash (/)",
          "BESCatalogDirectory.cc",
          377);
    }
    if (path.contains("..")) {
      throw BesFailure.forbidden(path);
    }
    List<String> components = new ArrayList<>();
    for (String part : path.split("/")) {
      if (!part.isEmpty()) {
        components.add(part);
      }
    }
    if (components.isEmpty()) {
      return new Located(Kind.ROOT, components, dataDirectory, null, null);
    }
    Path directory = dataDirectory;
    if (directory != null) {
      Located real = locateReal(directory, path, components);
      if (real != null) {
        return real;
      }
    }
    if (synthetic != null && components.get(0).equals(SyntheticCatalog.TOP)) {
      Optional<SyntheticCatalog.Position> position =
          synthetic.find(components.subList(1, components.size()));
      if (position.isPresent()) {
        return new Located(Kind.SYNTHETIC, components, null, null, position.get());
      }
    }
    if (large != null
        && large.isDirectory(components.get(0))
        && (components.size() == 1
            || components.size() == 2 && large.contains(components.get(0), components.get(1)))) {
      return new Located(Kind.LARGE, components, null, null, null);
    }
    if (listBuiltIns && components.size() == 1 && builtIns.containsKey(components.get(0))) {
      return new Located(Kind.BUILT_IN, components, null, null, null);
    }
    if (listBuiltIns && components.size() == 1 && builtInFiles.containsKey(components.get(0))) {
      return new Located(Kind.BUILT_IN_FILE, components, null, null, null);
    }
    throw BesFailure.notFound(absolute(path));
  }

  private @Nullable Located locateReal(Path directory, String path, List<String> components)
      throws BesFailure {
    Path file = directory;
    for (String part : components) {
      file = file.resolve(part);
      if (Files.isSymbolicLink(file)) {
        // The BES's default BES.FollowSymLinks=No refuses any link on the way.
        throw BesFailure.forbidden(absolute(path));
      }
    }
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      throw BesFailure.forbidden(absolute(path));
    }
    if (!Files.isReadable(file)) {
      throw BesFailure.forbidden(absolute(path));
    }
    return new Located(Kind.REAL, components, file, attributes, null);
  }

  private CatalogEntry entryOf(Located located) {
    List<String> components = located.components();
    String name = components.isEmpty() ? "/" : components.get(components.size() - 1);
    return switch (located.kind()) {
      case ROOT ->
          dataDirectory != null
              ? realEntry("/", dataDirectory, readQuietly(dataDirectory))
              : new CatalogEntry("/", true, DIRECTORY_SIZE, fixedTime, false);
      case REAL -> realEntry(name, located.realFile(), located.realAttributes());
      case BUILT_IN -> builtInEntry(name);
      case BUILT_IN_FILE -> builtInFileEntry(name);
      case SYNTHETIC ->
          located.syntheticPosition().isLeaf()
              ? new CatalogEntry(name, false, SyntheticCatalog.LEAF_SIZE, fixedTime, true)
              : new CatalogEntry(name, true, DIRECTORY_SIZE, fixedTime, false);
      case LARGE ->
          components.size() == 1
              ? new CatalogEntry(name, true, DIRECTORY_SIZE, fixedTime, false)
              : largeEntry(components.get(0), name);
    };
  }

  /** A large dataset: the size of what streaming it sends, the fixed time. */
  private CatalogEntry largeEntry(String directory, String name) {
    return new CatalogEntry(name, false, largeDatasets().size(directory, name), fixedTime, true);
  }

  private LargeDatasets largeDatasets() {
    return Objects.requireNonNull(large, "a LARGE entry is located only with large datasets");
  }

  private List<CatalogEntry> listDirectory(Path directory) throws BesFailure {
    List<CatalogEntry> entries = new ArrayList<>();
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory)) {
      for (Path child : stream) {
        String name = child.getFileName().toString();
        if (name.startsWith(".")) {
          continue; // BES.Catalog.catalog.Exclude=^\..*;
        }
        BasicFileAttributes attributes;
        try {
          attributes =
              Files.readAttributes(child, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
          continue; // Vanished while listing: the BES skips what it cannot stat.
        }
        if (attributes.isDirectory() || attributes.isRegularFile()) {
          entries.add(realEntry(name, child, attributes));
        }
      }
    } catch (IOException e) {
      // opendap() failing leaves the node empty in the BES; say so in the same way.
      return entries;
    }
    return entries;
  }

  private CatalogEntry realEntry(String name, Path file, @Nullable BasicFileAttributes attributes) {
    Instant modified =
        attributes == null
            ? fixedTime
            : attributes.lastModifiedTime().toInstant().truncatedTo(ChronoUnit.SECONDS);
    if (attributes != null && attributes.isDirectory()) {
      return new CatalogEntry(name, true, attributes.size(), modified, false);
    }
    long size = attributes == null ? 0 : attributes.size();
    return new CatalogEntry(name, false, size, modified, DATA_FILE.matcher(name).matches());
  }

  private CatalogEntry builtInEntry(String name) {
    long size =
        builtInSizes.computeIfAbsent(
            name,
            n ->
                measure(
                    Objects.requireNonNull(builtIns.get(n), "only built-in names are measured")));
    return new CatalogEntry(name, false, size, fixedTime, true);
  }

  /** A built-in plain file: not data, whatever its name, with the fixed time. */
  private CatalogEntry builtInFileEntry(String name) {
    return new CatalogEntry(name, false, builtInFileBytes(name).length, fixedTime, false);
  }

  private byte[] builtInFileBytes(String name) {
    return Objects.requireNonNull(builtInFiles.get(name), "located or listed as a built-in file");
  }

  /**
   * A built-in has no file; the file its {@code stream} answer sends stands in for it, so that the
   * size showNode gives is the length of the file a client downloads, as for a real file.
   */
  private static long measure(EmulatedDataset dataset) {
    CountingStream counter = new CountingStream();
    try {
      dataset.write(new DapQuery("stream", "", "", false, ""), counter);
      return counter.count;
    } catch (Exception | LinkageError e) {
      return 0;
    }
  }

  private static @Nullable BasicFileAttributes readQuietly(Path file) {
    try {
      return Files.readAttributes(file, BasicFileAttributes.class);
    } catch (IOException e) {
      return null;
    }
  }

  private static final class CountingStream extends OutputStream {
    long count;

    @Override
    public void write(int b) {
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      count += len;
    }
  }
}
