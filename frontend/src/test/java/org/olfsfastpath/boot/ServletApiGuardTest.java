package org.olfsfastpath.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import jakarta.servlet.ServletContainerInitializer;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * The guard against the wrong WAR, and the initializer the container finds. The real deployments
 * (each WAR in the other Tomcat) are in webapp-javax's WrongWarIT; what the initializer does, in
 * FrontEndListenerTest.
 */
final class ServletApiGuardTest {
  @Test
  void withTheApiItWasBuiltFor_theGuardLetsTheStartGoOn() {
    assertNull(ServletApiGuard.missingServletApi());
    new ServletApiGuard();
  }

  @Test
  void theJakartaWarInAJavaxContainer_namesTheJavaxWar() {
    assertEquals(
        "olfs-fastpath 1.2.3 cannot start: this WAR is built for jakarta.servlet (Tomcat"
            + " 10.1 and 11), which this container does not have; deploy olfs-fastpath-1.2.3-javax.war,"
            + " the WAR for Tomcat 9, instead (the same front end; see docs/configuration.md, Moving"
            + " from upstream OLFS)",
        ServletApiGuard.message("jakarta/servlet/ServletContext", "1.2.3"));
  }

  @Test
  void theJavaxWarInAJakartaContainer_namesTheJakartaWar() {
    assertEquals(
        "olfs-fastpath 1.2.3 cannot start: this WAR is built for javax.servlet (Tomcat"
            + " 9), which this container does not have; deploy olfs-fastpath-1.2.3.war, the WAR for"
            + " Tomcat 10.1 and 11, instead (the same front end; see docs/configuration.md, Moving"
            + " from upstream OLFS)",
        ServletApiGuard.message("javax/servlet/ServletContext", "1.2.3"));
  }

  @Test
  void theContainerFindsTheInitializer_underItsApisName() {
    List<ServletContainerInitializer> found = new ArrayList<>();
    ServiceLoader.load(ServletContainerInitializer.class).forEach(found::add);
    assertEquals(
        List.of(FrontEndInitializer.class),
        found.stream()
            .map(Object::getClass)
            .filter(c -> c.getName().startsWith("org.olfsfastpath"))
            .toList());
  }
}
