package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.olfsfastpath.tomcat.FrontEndExtension;
import org.olfsfastpath.tomcat.TomcatServer;

/** A bad setting stops the web application from starting, and the log names it. */
final class ConfigurationFailureIT {
  @Test
  void badPort_webApplicationDoesNotStart_logNamesTheSetting() throws Exception {
    String config = FrontEndExtension.olfsXml("<host>127.0.0.1</host><port>ten</port>", "");
    try (TomcatServer tomcat =
        TomcatServer.launch(
            FrontEndExtension.required("tomcat.home"),
            FrontEndExtension.required("war.file"),
            FrontEndExtension.workDir("ConfigurationFailureIT").resolve("tomcat"),
            config,
            FrontEndExtension.HEAP)) {
      tomcat.awaitConsole("BESManager/BES/port was 'ten': must be an integer");
      tomcat.awaitConsole("Server startup in");
      assertEquals(404, ItSupport.get(tomcat.baseUri().resolve("opendap/version")).statusCode());
    }
  }
}
