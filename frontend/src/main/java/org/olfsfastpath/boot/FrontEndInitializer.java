package org.olfsfastpath.boot;

import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Builds the front end ({@link FrontEndListener#start}) when the container starts the web
 * application, and registers it to be taken down when the application stops. The container finds it
 * through {@code META-INF/services/jakarta.servlet.ServletContainerInitializer} (in the javax WAR,
 * rewritten to the javax name), that is only when it has the servlet API this WAR was built for;
 * otherwise {@link ServletApiGuard} stops the start with a message naming the right WAR.
 */
public final class FrontEndInitializer implements ServletContainerInitializer {
  @Override
  public void onStartup(@Nullable Set<Class<?>> classes, ServletContext context) {
    FrontEndListener frontEnd = new FrontEndListener();
    // Built here: only an initializer (or a listener web.xml names) may add servlets and filters.
    frontEnd.start(context);
    // Then it hears the application stop.
    context.addListener(frontEnd);
  }
}
