package org.olfsfastpath.boot;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * The directories where the upstream OLFS keeps its configuration, searched as it searches them
 * (its {@code ServletUtil.getConfigPath}): {@code /etc/olfs/}, then {@code /usr/share/olfs/}; the
 * first that exists, is a directory, and can be read and written by the user Tomcat runs as is the
 * configuration directory, and its {@code olfs.xml} the file. Upstream falls back to the
 * configuration inside its WAR; this front end falls back to its defaults.
 *
 * <p>The system property {@value #PROPERTY} replaces the list (directories separated by the path
 * separator, {@code :}), so the search can be tested, and moved, without touching {@code /etc}. The
 * file system is reached through {@link Access}, so that the conditions can be tested whatever user
 * runs the tests (root can write anywhere).
 */
final class ConfigDirectories {
  /** The system property that names the directories to search instead of upstream's. */
  static final String PROPERTY = "olfs.config.dirs";

  /** Upstream's directories, in its order. */
  static final List<Path> UPSTREAM = List.of(Path.of("/etc/olfs"), Path.of("/usr/share/olfs"));

  /** The file a configuration directory holds. */
  static final String FILE_NAME = "olfs.xml";

  private ConfigDirectories() {}

  /**
   * What the search needs of the file system, one question a predicate; {@link #FILES} asks the
   * real one, a test another.
   */
  record Access(
      Predicate<Path> exists,
      Predicate<Path> isDirectory,
      Predicate<Path> isReadable,
      Predicate<Path> isWritable) {
    static final Access FILES =
        new Access(Files::exists, Files::isDirectory, Files::isReadable, Files::isWritable);
  }

  /**
   * The outcome of a search.
   *
   * @param directory the configuration directory, if one qualified
   * @param file its olfs.xml, if that exists
   * @param looked each directory looked at, with why it was passed over or taken
   */
  record Search(Optional<Path> directory, Optional<Path> file, List<String> looked) {
    Search {
      Objects.requireNonNull(directory, "directory == null");
      Objects.requireNonNull(file, "file == null");
      looked = List.copyOf(looked);
    }
  }

  /** The directories to search: those {@value #PROPERTY} names, else upstream's. */
  static List<Path> directories(Function<String, String> systemProperty) {
    String named = systemProperty.apply(PROPERTY);
    if (named == null || named.isBlank()) {
      return UPSTREAM;
    }
    List<Path> directories = new ArrayList<>();
    for (String part : named.split(File.pathSeparator)) {
      if (!part.isBlank()) {
        directories.add(Path.of(part.strip()));
      }
    }
    return List.copyOf(directories);
  }

  /**
   * Searches {@code directories} in order with upstream's conditions. A qualifying directory ends
   * the search even when it holds no olfs.xml: upstream would then copy its bundled configuration
   * into it and use that, which is what the defaults are here (this front end writes nothing).
   */
  static Search search(List<Path> directories, Access access) {
    List<String> looked = new ArrayList<>();
    for (Path directory : directories) {
      String why = unusable(directory, access);
      if (why != null) {
        looked.add(directory + ": " + why);
        continue;
      }
      Path file = directory.resolve(FILE_NAME);
      if (access.exists().test(file)) {
        looked.add(directory + ": holds " + FILE_NAME);
        return new Search(Optional.of(directory), Optional.of(file), looked);
      }
      looked.add(
          directory
              + ": readable and writable, so upstream would use it, but it holds no "
              + FILE_NAME);
      return new Search(Optional.of(directory), Optional.empty(), looked);
    }
    return new Search(Optional.empty(), Optional.empty(), looked);
  }

  /** Why upstream would pass {@code directory} over, or null when it would take it. */
  private static @Nullable String unusable(Path directory, Access access) {
    if (!access.exists().test(directory)) {
      return "does not exist";
    }
    if (!access.isDirectory().test(directory)) {
      return "not a directory";
    }
    if (!access.isReadable().test(directory)) {
      return "not readable by user " + System.getProperty("user.name");
    }
    if (!access.isWritable().test(directory)) {
      return "not writable by user "
          + System.getProperty("user.name")
          + " (upstream passes such a directory over too)";
    }
    return null;
  }
}
