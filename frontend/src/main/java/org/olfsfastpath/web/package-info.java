/**
 * The web application: servlets, configuration, status, metrics and JMX; the composition root.
 *
 * <p>The entry point is {@link org.olfsfastpath.web.FrontEndListener}, which {@link
 * org.olfsfastpath.web.FrontEndInitializer} registers when the container has the servlet API this
 * WAR was built for (it finds the initializer through {@code META-INF/services} under that API's
 * name); otherwise {@link org.olfsfastpath.web.ServletApiGuard}, web.xml's one listener, stops the
 * start naming the right WAR. At startup it finds the olfs.xml-style settings where they are named
 * or where Hyrax keeps them ({@code ConfigLocation}), reads them ({@link
 * org.olfsfastpath.web.OlfsConfigFile}, following the one table {@code OlfsSettings}), names what
 * it does not implement ({@code IgnoredSettings}) and has {@code Assembly}, the one place that
 * builds the other layers' objects, build each from its part of the settings: the BES router over
 * its groups and both caches, held by {@code BesBackend}, which only delegates (lookups to the
 * data-source cache, whose loader is {@code router::showNode}; gets and the site map to the
 * router), and the spool ({@link org.olfsfastpath.spool.Spool}). {@code Responders} builds the DAP
 * servlet's responders and their helpers once ({@code NodeResponder}, {@code DatasetResponder} with
 * {@code GetResponder} and its {@code ModuleProbes}, {@code FormResponder} and {@code
 * FileResponder}, {@code CatalogResponder}, {@code SiteMapResponder}), and {@code DapServlet}
 * receives them. It registers the bot filter ({@code BotFilter}) in front of everything, the DAP
 * servlet on {@code /}, the status servlet on {@code /status}, the metrics on {@code /metrics} and
 * the JMX beans; at shutdown it closes them. Who a request comes from is {@code ClientAddresses}'
 * answer (the peer, or behind a trusted proxy the address it forwarded), the one rule for every
 * feature that tells clients apart (the bot filter, the fair shares); each BES get is sent for that
 * client as a short or a long request ({@link org.olfsfastpath.bes.Caller}), which the groups'
 * shares and the pools' reserve go by.
 *
 * <p>A body longer than the response buffer streams in Servlet non-blocking mode ({@code BodyCopy}
 * hands it to {@code AsyncOutput}, the client side of a spool {@code Transfer}): the request's
 * thread returns at once, the transfer's producer reads the BES on a thread of the spool's (never a
 * container thread, which requests waiting for a BES connection may all hold), and the container's
 * write callbacks feed the client from the spool, so a slow client holds no thread and no BES
 * connection.
 *
 * <p>Every component's statistics value (the front end's {@code FrontEndStats.Snapshot}, each
 * cache's, the BES pools' added up, each BES group's, the bot filter's {@code BotFilterStats}, the
 * spool's) is an immutable snapshot that each exporter renders as it is: the status document
 * ({@code StatusSections}, or the value's own fields through {@link
 * org.olfsfastpath.json.Json#fields}), and one generic JMX bean per value ({@code StatsBean}, all
 * registered by {@code JmxBeans}; the front end's carries the status document and the two
 * invalidate operations beside its counters). The Prometheus metrics ({@code FrontEndMetrics}) read
 * the same values of the caches (whose counters are also what Caffeine reports), of each BES's
 * pool, each group, the bot filter and the spool, and time requests and BES commands on their own.
 * Only this package maps exceptions to HTTP statuses.
 */
@NullMarked
package org.olfsfastpath.web;

import org.jspecify.annotations.NullMarked;
