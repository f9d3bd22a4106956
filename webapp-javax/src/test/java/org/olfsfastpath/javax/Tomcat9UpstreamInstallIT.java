package org.olfsfastpath.javax;

import java.nio.file.Path;
import java.util.List;
import org.olfsfastpath.it.UpstreamInstallChecks;
import org.olfsfastpath.tomcat.FrontEndExtension;
import org.olfsfastpath.tomcat.TomcatServer;

/**
 * The javax WAR dropped into Tomcat 9 beside an upstream Hyrax install's olfs.xml, which it finds
 * in the configuration directory with nothing naming it, as the Jakarta WAR does in Debian's
 * tomcat10 (webapp's DebianTomcatIT; {@link UpstreamInstallChecks} holds the file and what must
 * hold).
 */
final class Tomcat9UpstreamInstallIT extends UpstreamInstallChecks {
  @Override
  protected String name() {
    return "Tomcat9UpstreamInstallIT";
  }

  @Override
  protected List<String> containerSigns() {
    return List.of("Apache Tomcat/9.0.");
  }

  @Override
  protected TomcatServer deploy(Path work, String javaOptions) throws Exception {
    return TomcatServer.startFinding(
        FrontEndExtension.required("tomcat9.home"),
        FrontEndExtension.required("war.file"),
        work.resolve("base"),
        FrontEndExtension.HEAP,
        javaOptions);
  }
}
