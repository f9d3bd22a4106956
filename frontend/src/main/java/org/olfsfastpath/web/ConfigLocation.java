package org.olfsfastpath.web;

import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where the configuration file is named, first match wins: the servlet context parameter
 * {@value #NAME}, the system property {@value #NAME}, the environment variable {@value #ENV}. None
 * set means the built-in defaults (a BES at localhost:10022).
 */
final class ConfigLocation {
  static final String NAME = "olfs.config";
  static final String ENV = "OLFS_CONFIG";

  private ConfigLocation() {}

  /**
   * Resolves the configuration file.
   *
   * @param contextParameter reads a servlet context init parameter
   * @param systemProperty reads a system property
   * @param environment reads an environment variable
   * @return the file and where it was named, or empty
   */
  static Optional<Source> find(Function<String, String> contextParameter,
      Function<String, String> systemProperty, Function<String, String> environment) {
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

  /** Reads the configuration from the file {@link #find} found, or returns the defaults. */
  static FrontEndConfig load(Optional<Source> found) {
    return found.map(source -> OlfsConfigFile.read(source.file()))
        .orElseGet(OlfsConfigFile::defaults);
  }

  private static boolean present(String value) {
    return value != null && !value.isBlank();
  }

  /** A configuration file and the setting that named it. */
  record Source(Path file, String namedBy) {}
}
