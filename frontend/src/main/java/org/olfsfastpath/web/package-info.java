/**
 * The request path: the DAP servlet, its responders, the body copy and the filters in front of
 * them, with the values a request reads (the web layer's settings) and counts into (its
 * statistics). It knows nothing of how it was started or who reads its counters: {@code boot}
 * builds it and {@code ops} reads it.
 *
 * <p>Every request first meets {@code AccessLogFilter}, which gives it its id ({@code RequestIds}:
 * the client's {@code a-api-request-uuid}, else the thread's, with a fresh UUID), echoes the id,
 * keeps the request's {@code RequestLog} as an attribute and writes its access line when its answer
 * has ended; then the CORS filter, when origins are allowed, and the bot filter. The servlet's
 * answers say what {@code AnswerPolicy} decides beside their bodies (Cache-Control, Vary, the id
 * again after an error's reset), each BES command carries the request's id in its {@code Caller},
 * and whole files and kept answers take byte ranges ({@code Ranges}). Headers are set through the
 * request's {@code Exchange} ({@code HeaderWriter}): on Tomcat they go into its header table as
 * bytes ({@code TomcatHeaderTable}), elsewhere through the servlet API.
 *
 * <p>{@code Responders} builds the DAP servlet's responders and their helpers once ({@code
 * NodeResponder}, {@code DatasetResponder} with {@code GetResponder} and its {@code ModuleProbes},
 * {@code FormResponder} and {@code FileResponder}, {@code CatalogResponder}, {@code
 * SiteMapResponder}), and {@code DapServlet} receives them. Each request is an {@code Exchange}:
 * the servlet request and response, what the request was understood to ask for, and the counters it
 * counts into ({@code FrontEndStats}; the start-up warm-up's requests, {@code
 * InternalRequests.Uncounted}, count apart). Whether a conditional request is answered 304 is
 * decided, answered and counted in one place, {@code Conditional}. The responders reach the layers
 * below through {@code DapBackend} alone.
 *
 * <p>A body longer than the response buffer streams in Servlet non-blocking mode ({@code BodyCopy}
 * hands it to {@code AsyncOutput}, the client side of a spool {@code Transfer}): the request's
 * thread returns at once, the transfer's producer reads the BES on a thread of the spool's (never a
 * container thread, which requests waiting for a BES connection may all hold), and the container's
 * write callbacks feed the client from the spool, so a slow client holds no thread and no BES
 * connection.
 *
 * <p>Who a request comes from is {@code ClientAddresses}' answer (the peer, or behind a trusted
 * proxy the address it forwarded), the one rule for every feature that tells clients apart (the bot
 * filter, {@code BotFilter} over {@code BotRules}, and the fair shares); each BES get is sent for
 * that client as a short or a long request ({@link org.olfsfastpath.bes.Caller}), which the groups'
 * shares and the pools' reserve go by. Only this package maps exceptions to HTTP statuses.
 *
 * <p>With login on (olfs.xml's {@code FastPath/Access}), {@code AccessGate} asks the access rules
 * ({@link org.olfsfastpath.access.Access}) about each request right after its URL is parsed and
 * made canonical, before a 304, a cache or a BES command: a refusal is a login redirect, a 401, a
 * 403 or a 503; an allowed restricted answer is {@code Cache-Control: private}, its user is named
 * in the request attribute {@code olfs.user} for the access log and goes to the BES ({@link
 * org.olfsfastpath.bes.BesUser}). {@code LoginServlet} serves upstream's login and logout paths
 * ({@code /login}, {@code /login/<authContext>}, the OAuth2 {@code redirect_uri}, {@code /logout}),
 * its cookies written by {@code LoginCookies}.
 */
@NullMarked
package org.olfsfastpath.web;

import org.jspecify.annotations.NullMarked;
