/**
 * The web application: servlets, configuration, status and JMX.
 *
 * <p>The entry point is {@link org.olfsfastpath.web.FrontEndListener}, which the container finds
 * by its annotation: at startup it reads the olfs.xml-style settings
 * ({@link org.olfsfastpath.web.OlfsConfigFile}), builds the BES client and the data-source cache
 * once, and registers the DAP servlet on {@code /} and the status servlet on {@code /status}; at
 * shutdown it closes them. Only this package maps exceptions to HTTP statuses.
 */
@NullMarked
package org.olfsfastpath.web;

import org.jspecify.annotations.NullMarked;
