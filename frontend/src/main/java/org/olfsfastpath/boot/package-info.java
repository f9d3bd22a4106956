/**
 * Start-up and configuration: the composition root, the one package that sees every other.
 *
 * <p>The entry point is {@code FrontEndListener}, which {@code FrontEndInitializer} registers when
 * the container has the servlet API this WAR was built for (it finds the initializer through {@code
 * META-INF/services} under that API's name); otherwise {@code ServletApiGuard}, web.xml's one
 * listener, stops the start naming the right WAR. At start the listener finds the olfs.xml-style
 * settings where they are named or where Hyrax keeps them ({@code ConfigLocation}), reads them
 * ({@code OlfsConfigFile}, following the one table {@code OlfsSettings}), names what it does not
 * implement ({@code IgnoredSettings}) and has {@code Assembly}, the one place that builds the other
 * layers' objects, build each from its part of the settings (where each BES listens is read by
 * {@code BesEndpoints}): the BES router over its groups and both caches, held by {@code
 * BesBackend}, which only delegates (lookups to the data-source cache, whose loader is {@code
 * router::showNode}; gets and the site map to the router), the spool, the DAP servlet, the bot
 * filter, the status and metrics servlets and the JMX beans, and with {@code FastPath/Access} the
 * login and access rules from upstream's user-access.xml ({@link org.olfsfastpath.access.Access},
 * whose gate the DAP servlet asks first) and the login servlet. Assembly returns them as one {@code
 * FrontEnd}, which the listener registers with the container (the bot filter in front of
 * everything, the DAP servlet on {@code /}, the login servlet on the login and logout paths, the
 * status servlet on {@code /status}, the metrics on {@code /metrics}) and stops when the
 * application stops; the start log names the providers and the rules.
 */
@NullMarked
package org.olfsfastpath.boot;

import org.jspecify.annotations.NullMarked;
