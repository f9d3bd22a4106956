package org.olfsfastpath.boot;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where the configuration file is, first match wins: the servlet context parameter {@value #NAME},
 * the system property {@value #NAME}, the environment variable {@value #ENV}; then the upstream
 * OLFS's configuration directories ({@link ConfigDirectories}: {@code /etc/olfs/}, then {@code
 * /usr/share/olfs/}). None of them means the built-in defaults (a BES at localhost:10022).
 */
final class ConfigLocation {
  static final String NAME = "olfs.config";
  static final String ENV = "OLFS_CONFIG";

  private ConfigLocation() {}

  /**
   * The file the settings name, without searching the directories.
   *
   * @param contextParameter reads a servlet context init parameter
   * @param systemProperty reads a system property
   * @param environment reads an environment variable
   * @return the file and where it was named, or empty
   */
  static Optional<Source> find(
      Function<String, String> contextParameter,
      Function<String, String> systemProperty,
      Function<String, String> environment) {
    String value = contextParameter.apply(NAME);
    if (present(value)) {
      return Optional.of(new Source(Path.of(value.strip()), "context parameter " + NAME));
    }
    value = systemProperty.apply(NAME);
    if (present(value)) {
      return Optional.of(new Source(Path.of(value.strip()), "system property " + NAME));
    }
    value = environment.apply(ENV);
    if (present(value)) {
      return Optional.of(new Source(Path.of(value.strip()), "environment variable " + ENV));
    }
    return Optional.empty();
  }

  /**
   * The file the settings name, else the one upstream's directory search finds, with the line the
   * log gets at start: which file, and why, or that there is none and where the search looked.
   */
  static Lookup locate(
      Function<String, String> contextParameter,
      Function<String, String> systemProperty,
      Function<String, String> environment,
      ConfigDirectories.Access access) {
    Optional<Source> named = find(contextParameter, systemProperty, environment);
    if (named.isPresent()) {
      return new Lookup(
          named,
          "olfs-fastpath: configuration "
              + named.get().file()
              + " (named by the "
              + named.get().namedBy()
              + ")");
    }
    List<Path> directories = ConfigDirectories.directories(systemProperty);
    ConfigDirectories.Search search = ConfigDirectories.search(directories, access);
    String looked = String.join("; ", search.looked());
    if (search.file().isPresent()) {
      Path file = search.file().get();
      return new Lookup(
          Optional.of(new Source(file, "configuration directory " + file.getParent())),
          "olfs-fastpath: configuration "
              + file
              + " (none named by the context parameter or"
              + " system property "
              + NAME
              + ", or environment variable "
              + ENV
              + "; found in the configuration directories: "
              + looked
              + ")");
    }
    return new Lookup(
        Optional.empty(),
        "olfs-fastpath: no configuration named (context parameter"
            + " or system property "
            + NAME
            + ", or environment variable "
            + ENV
            + ") or found in"
            + " the configuration directories ("
            + looked
            + "): using the defaults");
  }

  /** Reads the configuration from the file {@link #find} found, or returns the defaults. */
  static FrontEndConfig load(Optional<Source> found) {
    return found
        .map(source -> OlfsConfigFile.read(source.file()))
        .orElseGet(OlfsConfigFile::defaults);
  }

  private static boolean present(String value) {
    return value != null && !value.isBlank();
  }

  /** A configuration file and how it was chosen. */
  record Source(Path file, String namedBy) {}

  /**
   * The file chosen, if any, and the one line the log gets about it.
   *
   * @param source the file and how it was chosen; empty for the defaults
   * @param logLine what the log says at start
   */
  record Lookup(Optional<Source> source, String logLine) {}
}
