package org.olfsfastpath.boot;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * This build's version, from the Maven properties inside the front end's own jar, which is the same
 * in both WARs. Not from the WAR's own {@code META-INF/maven}: the javax WAR's is the webapp-javax
 * module's, and the Jakarta WAR's entry is gone from it.
 */
final class BuildVersion {
  /** What is said when the jar carries no version (classes run from a build directory). */
  static final String UNKNOWN = "unknown";

  private static final String POM_PROPERTIES =
      "/META-INF/maven/org.olfsfastpath/olfs-fastpath-frontend/pom.properties";

  private BuildVersion() {}

  static String get() {
    try (InputStream in = BuildVersion.class.getResourceAsStream(POM_PROPERTIES)) {
      if (in != null) {
        Properties properties = new Properties();
        properties.load(in);
        return properties.getProperty("version", UNKNOWN);
      }
    } catch (IOException e) {
      // Unreadable: said as unknown, as when it is absent.
    }
    return UNKNOWN;
  }
}
