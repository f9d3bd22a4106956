/**
 * The web application: servlets, configuration, status and JMX.
 *
 * <p>The entry point is {@link org.olfsfastpath.web.FrontEndListener}, which the container finds
 * by its annotation: at startup it reads the olfs.xml-style settings
 * ({@link org.olfsfastpath.web.OlfsConfigFile}), has {@code Assembly} build each layer's object
 * from its part of the settings (the BES router and both caches, held by {@code BesBackend}, which
 * only delegates), has {@code Responders} build the DAP servlet's responders once, and registers
 * the DAP servlet on {@code /}, the status servlet on {@code /status}, the metrics on {@code
 * /metrics} and the JMX beans; at shutdown it closes them. Only this package maps exceptions to
 * HTTP statuses.
 */
@NullMarked
package org.olfsfastpath.web;

import org.jspecify.annotations.NullMarked;
