package org.olfsfastpath.it;

import org.junit.jupiter.api.Test;
import org.olfsfastpath.tomcat.FrontEndExtension;

/** A bad setting stops the web application from starting, and the log names it. */
final class ConfigurationFailureIT {
  @Test
  void badPort_webApplicationDoesNotStart_logNamesTheSetting() throws Exception {
    ItSupport.assertRefusesTheStart(
        "ConfigurationFailureIT",
        FrontEndExtension.olfsXml("<host>127.0.0.1</host><port>ten</port>", ""),
        "BESManager/BES/port was 'ten': must be an integer");
  }
}
