package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.olfsfastpath.tomcat.FrontEndExtension;
import org.olfsfastpath.tomcat.TomcatServer;

/**
 * The deployment an operator makes: Debian's own {@code tomcat10} package (installed by
 * scripts/setup), the built WAR dropped into its webapps as {@code opendap.war}, and an upstream
 * Hyrax olfs.xml in the configuration directory, found there as upstream finds it, with nothing
 * naming it ({@link UpstreamInstallChecks}: what must hold; webapp-javax's Tomcat9UpstreamInstallIT
 * checks the same for the javax WAR in Tomcat 9). The package's Tomcat runs as the test's user from
 * a CATALINA_BASE of its own with the package's configuration, not as the package's system service.
 */
final class DebianTomcatIT extends UpstreamInstallChecks {
  private static final Path CATALINA_HOME = Path.of("/usr/share/tomcat10");

  @Override
  protected String name() {
    return "DebianTomcatIT";
  }

  @Override
  protected List<String> containerSigns() {
    return List.of("Apache Tomcat/10.1", "(Debian)");
  }

  @Override
  protected void assumeContainer() {
    assumeTrue(
        Files.isRegularFile(CATALINA_HOME.resolve("bin/catalina.sh")),
        "Debian's tomcat10 package is not installed (no "
            + CATALINA_HOME
            + "/bin/catalina.sh):"
            + " scripts/setup installs it when run as root or with sudo; skipping the"
            + " deployment test");
  }

  @Override
  protected TomcatServer deploy(Path work, String javaOptions) throws Exception {
    // The package's own files: /etc/tomcat10 is readable by root and the tomcat group only; the
    // package keeps the same files, readable by all, in /usr/share/tomcat10/etc.
    Path packageConf =
        Files.isReadable(Path.of("/etc/tomcat10/server.xml"))
            ? Path.of("/etc/tomcat10")
            : CATALINA_HOME.resolve("etc");
    return TomcatServer.startPackaged(
        CATALINA_HOME,
        packageConf,
        FrontEndExtension.required("war.file"),
        work.resolve("base"),
        FrontEndExtension.HEAP,
        javaOptions);
  }
}
