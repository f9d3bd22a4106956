package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.testing.FrontEndExtension;
import org.olfsfastpath.testing.UpstreamInstall;
import org.olfsfastpath.tomcat.TomcatServer;

/**
 * The deployment an operator makes: Debian's own {@code tomcat10} package (installed by
 * scripts/setup), the built WAR dropped into its webapps as {@code opendap.war}, and an upstream
 * Hyrax olfs.xml in the configuration directory, found there as upstream finds it, with nothing
 * naming it. The package's Tomcat runs as the test's user from a CATALINA_BASE of its own with the
 * package's configuration, not as the package's system service; and the configuration directory
 * is named with {@code olfs.config.dirs} rather than being {@code /etc/olfs}, so that the test
 * writes nothing outside its work directory and runs as any user (the search is the same; the
 * unit tests hold the default list to {@code /etc/olfs}, {@code /usr/share/olfs}).
 *
 * <p>Checks what {@link UpstreamInstall} says must hold (Tomcat9IT checks the same for the javax
 * WAR in Tomcat 9): the file's settings apply, its BotFilter refuses by User-Agent, by address
 * and by address pattern with 403 and lets everyone else through, and the log names the file and,
 * in one warning, the upstream settings it does not implement.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class DebianTomcatIT {
  private static final Path CATALINA_HOME = Path.of("/usr/share/tomcat10");

  private BesEmulator bes;
  private TomcatServer tomcat;
  private Path olfsXml;

  @BeforeAll
  void deploy() throws Exception {
    assumeTrue(Files.isRegularFile(CATALINA_HOME.resolve("bin/catalina.sh")),
        "Debian's tomcat10 package is not installed (no " + CATALINA_HOME + "/bin/catalina.sh):"
            + " scripts/setup installs it when run as root or with sudo; skipping the"
            + " deployment test");
    Path war = FrontEndExtension.required("war.file");
    Path work = FrontEndExtension.workDir("DebianTomcatIT");
    bes = BesEmulator.newBuilder().build();
    bes.start();
    Path configDirectory = work.resolve("olfs");
    olfsXml = UpstreamInstall.writeOlfsXml(configDirectory, bes.port());
    // The package's own files: /etc/tomcat10 is readable by root and the tomcat group only; the
    // package keeps the same files, readable by all, in /usr/share/tomcat10/etc.
    Path packageConf = Files.isReadable(Path.of("/etc/tomcat10/server.xml"))
        ? Path.of("/etc/tomcat10") : CATALINA_HOME.resolve("etc");
    tomcat = TomcatServer.startPackaged(CATALINA_HOME, packageConf, war, work.resolve("base"),
        FrontEndExtension.HEAP, "-Dolfs.config.dirs=" + work.resolve("missing") + ":"
            + configDirectory);
  }

  @AfterAll
  void stop() throws Exception {
    try {
      if (tomcat != null) {
        tomcat.close();
      }
    } finally {
      if (bes != null) {
        bes.close();
      }
    }
  }

  private URI opendap() {
    return tomcat.baseUri().resolve("opendap/");
  }

  @Test
  void itIsDebiansTomcat_andTheFileFoundInTheDirectory() {
    String console = tomcat.console();
    assertTrue(console.contains("Apache Tomcat/10.1") && console.contains("(Debian)"), console);
    UpstreamInstall.assertFileFound(tomcat, olfsXml);
  }

  /** The file's settings apply: the bare dataset URL answers what DatasetUrlResponse says. */
  @Test
  void theFilesSettingsApply() throws Exception {
    UpstreamInstall.assertSettingsApply(opendap());
  }

  @Test
  void botFilter_refusesByUserAgent() throws Exception {
    UpstreamInstall.assertBotFilterByUserAgent(opendap());
  }

  @Test
  void botFilter_refusesByAddressAndPattern() throws Exception {
    UpstreamInstall.assertBotFilterByAddress(tomcat);
  }

  @Test
  void ignoredSettings_namedInOneWarning_andInTheStatus() throws Exception {
    UpstreamInstall.assertIgnoredSettingsNamed(tomcat);
  }
}
