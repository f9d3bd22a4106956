package org.olfsfastpath.javax;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
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
 * The javax WAR dropped into Tomcat 9 beside an upstream Hyrax install's olfs.xml, which it finds
 * in the configuration directory with nothing naming it, as the Jakarta WAR does in Debian's
 * tomcat10 (DebianTomcatIT; {@link UpstreamInstall} holds the file and what must hold). The
 * directory is named with {@code olfs.config.dirs} rather than being {@code /etc/olfs}, so that
 * the test writes nothing outside its work directory.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class Tomcat9UpstreamInstallIT {
  private BesEmulator bes;
  private TomcatServer tomcat;
  private Path olfsXml;

  @BeforeAll
  void deploy() throws Exception {
    Path war = FrontEndExtension.required("war.file");
    Path tomcatHome = FrontEndExtension.required("tomcat9.home");
    Path work = FrontEndExtension.workDir("Tomcat9UpstreamInstallIT");
    bes = BesEmulator.newBuilder().build();
    bes.start();
    Path configDirectory = work.resolve("olfs");
    olfsXml = UpstreamInstall.writeOlfsXml(configDirectory, bes.port());
    tomcat = TomcatServer.startFinding(tomcatHome, war, work.resolve("base"),
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
  void itIsTomcat9_andTheFileFoundInTheDirectory() {
    assertTrue(tomcat.console().contains("Apache Tomcat/9.0."), tomcat.console());
    UpstreamInstall.assertFileFound(tomcat, olfsXml);
  }

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
