/**
 * The web application: servlets, configuration, status and JMX.
 *
 * <p>The entry point is {@link org.olfsfastpath.web.FrontEndListener}, which the container finds
 * by its annotation: at startup it finds the olfs.xml-style settings where they are named or where
 * Hyrax keeps them ({@link org.olfsfastpath.web.ConfigLocation}), reads them
 * ({@link org.olfsfastpath.web.OlfsConfigFile}) and names what it does not implement
 * ({@link org.olfsfastpath.web.IgnoredSettings}), builds the BES client and the data-source cache
 * once, and registers the bot filter ({@link org.olfsfastpath.web.BotFilter}) in front of
 * everything, the DAP servlet on {@code /} and the status servlet on {@code /status}; at shutdown
 * it closes them. Only this package maps exceptions to HTTP statuses.
 */
@NullMarked
package org.olfsfastpath.web;

import org.jspecify.annotations.NullMarked;
