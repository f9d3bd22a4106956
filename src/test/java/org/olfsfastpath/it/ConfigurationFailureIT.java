package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A bad setting stops the web application from starting, and the log names it. */
final class ConfigurationFailureIT {
  @Test
  void badPort_webApplicationDoesNotStart_logNamesTheSetting() throws Exception {
    Path war = ItSupport.war();
    Path home = ItSupport.tomcatHome();
    Path dir = ItSupport.workDir("ConfigurationFailureIT");
    Path config = ItSupport.writeConfig(dir, "<host>127.0.0.1</host><port>ten</port>", "");
    try (TomcatProcess tomcat = TomcatProcess.start(home, war, dir.resolve("tomcat"), config, true)) {
      tomcat.awaitConsole("BESManager/BES/port was 'ten', must be an integer 1-65535");
      tomcat.awaitConsole("Server startup in");
      assertEquals(404, ItSupport.get(tomcat.baseUri().resolve("opendap/version")).statusCode());
    }
  }
}
