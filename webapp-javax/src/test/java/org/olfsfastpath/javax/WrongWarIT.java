package org.olfsfastpath.javax;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.tomcat.FrontEndExtension;
import org.olfsfastpath.tomcat.TomcatServer;

/**
 * Each WAR deployed into the Tomcat it is not for fails at start with one message naming the WAR to
 * deploy instead, on the console (the tests read what the console shows), and no {@code
 * NoClassDefFoundError} or {@code ClassNotFoundException} in any of Tomcat's logs: the Jakarta WAR
 * in Tomcat 9, the javax WAR in Tomcat 11.
 */
final class WrongWarIT {
  private static final String OLFS_XML =
      FrontEndExtension.olfsXml("<host>127.0.0.1</host><port>9</port>", "");

  @Test
  void theJakartaWarInTomcat9_namesTheJavaxWar() throws Exception {
    String console = deploy("jakarta.war.file", "tomcat9.home", "WrongWarIT-jakarta-in-9");
    assertTrue(
        console.contains(
            "this WAR is built for jakarta.servlet (Tomcat 10.1 and 11), which"
                + " this container does not have; deploy olfs-fastpath-"),
        console);
    assertTrue(console.contains("-javax.war, the WAR for Tomcat 9, instead"), console);
  }

  @Test
  void theJavaxWarInTomcat11_namesTheJakartaWar() throws Exception {
    String console = deploy("war.file", "tomcat.home", "WrongWarIT-javax-in-11");
    assertTrue(
        console.contains(
            "this WAR is built for javax.servlet (Tomcat 9), which this"
                + " container does not have; deploy olfs-fastpath-"),
        console);
    assertTrue(console.contains(".war, the WAR for Tomcat 10.1 and 11, instead"), console);
  }

  /**
   * Deploys the WAR a property names into the Tomcat another names, waits until the start has
   * failed, and returns the console; the message is the one error.
   */
  private static String deploy(String warProperty, String tomcatProperty, String name)
      throws Exception {
    try (TomcatServer tomcat =
        FrontEndExtension.launch(name, tomcatProperty, warProperty, OLFS_XML)) {
      tomcat.awaitConsole("Context [/opendap] startup failed");
      // Every log Tomcat wrote: the console, catalina and localhost (where it puts a listener's
      // exception).
      StringBuilder logs = new StringBuilder();
      try (Stream<Path> files = Files.list(tomcat.base().resolve("logs"))) {
        for (Path file : files.sorted().toList()) {
          logs.append("--- ")
              .append(file.getFileName())
              .append('\n')
              .append(Files.readString(file, StandardCharsets.ISO_8859_1));
        }
      }
      String all = logs.toString();
      assertTrue(all.contains("org.olfsfastpath.boot.ServletApiGuard"), all);
      for (String error : new String[] {"NoClassDefFoundError", "ClassNotFoundException"}) {
        assertFalse(all.contains(error), error + " in\n" + all);
      }
      return tomcat.console();
    }
  }
}
