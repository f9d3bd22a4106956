package org.olfsfastpath.boot;

import jakarta.servlet.ServletContext;
import java.util.EventListener;
import org.jspecify.annotations.Nullable;
import org.slf4j.LoggerFactory;

/**
 * The web application's one listener in web.xml, made by the container before anything else of it:
 * when the container lacks the servlet API this WAR was built for (the Jakarta WAR in Tomcat 9, the
 * javax WAR in Tomcat 10.1 or 11), it stops the start with a message that names the WAR to deploy
 * instead, where the container would otherwise fail on a {@link NoClassDefFoundError} that names
 * neither.
 *
 * <p>It implements no servlet interface, so that every container can make it (and then keeps it as
 * no kind of listener). The front end itself is registered by {@link FrontEndInitializer}, which a
 * container finds only under the name of its own API ({@code META-INF/services}): in the wrong
 * container nothing else of the application is ever loaded, and this message is the only error.
 */
public final class ServletApiGuard implements EventListener {
  /** Throws {@link IllegalStateException} naming the right WAR when the servlet API is missing. */
  public ServletApiGuard() {
    String missing = missingServletApi();
    if (missing != null) {
      String message = message(missing, BuildVersion.get());
      // Tomcat puts a listener's exception in its localhost log and only says so on the
      // console; the operator reads the console and catalina.out first.
      LoggerFactory.getLogger(ServletApiGuard.class).error(message);
      throw new IllegalStateException(message);
    }
  }

  /**
   * The servlet package this build was compiled for, as the container's class loader names it when
   * it lacks it ({@code jakarta/servlet/ServletContext}), or null when it has it. A class literal
   * rather than a name in a string: the javax WAR's classes are rewritten name by name, and this
   * reference is rewritten with them.
   */
  static @Nullable String missingServletApi() {
    try {
      servletApi();
      return null;
    } catch (NoClassDefFoundError missing) {
      return String.valueOf(missing.getMessage());
    }
  }

  /** Resolving the literal loads the class, or fails when the container lacks it. */
  private static Class<?> servletApi() {
    return ServletContext.class;
  }

  /**
   * What the start fails with when {@code missingClass} (as a class loader names it, with slashes)
   * is not in the container. Built at run time from the missing name: a servlet package written out
   * in a string here would be rewritten in the javax WAR.
   */
  static String message(String missingClass, String version) {
    String api = missingClass.replace('/', '.');
    int last = api.lastIndexOf('.');
    api = last > 0 ? api.substring(0, last) : api;
    boolean javaxBuild = api.startsWith("javax");
    return "olfs-fastpath "
        + version
        + " cannot start: this WAR is built for "
        + api
        + (javaxBuild ? " (Tomcat 9)" : " (Tomcat 10.1 and 11)")
        + ", which this container does not have; deploy "
        + (javaxBuild
            ? "olfs-fastpath-" + version + ".war, the WAR for Tomcat 10.1 and 11,"
            : "olfs-fastpath-" + version + "-javax.war, the WAR for Tomcat 9,")
        + " instead (the same front end; see docs/configuration.md, Moving from upstream OLFS)";
  }
}
