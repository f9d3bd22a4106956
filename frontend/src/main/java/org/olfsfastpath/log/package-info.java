/**
 * The front end's own log files, in the formats upstream's OLFS writes and operators' parsers read:
 * {@code HyraxAccess.log} (one line a request), {@code HyraxErrors.log} and {@code olfs-log.json}
 * (error events, with the request's fields). {@link org.olfsfastpath.log.HyraxLogs} is the entry
 * point: it builds the three appenders on the web application's own Logback context from {@link
 * org.olfsfastpath.log.LogSettings} (or loads an operator's {@code logback.xml}), takes each
 * request's {@link org.olfsfastpath.log.AccessRecord}, and reports what each log wrote and dropped
 * as one value, {@link org.olfsfastpath.log.LogStats}. The request's fields are made safe for a log
 * line by upstream's rules ({@link org.olfsfastpath.log.Scrub}) before they get here; the lines are
 * formatted by Logback's pattern layouts on the appenders' own threads ({@link
 * org.olfsfastpath.log.CountingAsyncAppender}), never on a request's. Until then, and for every
 * other message, {@link org.olfsfastpath.log.JulConfigurator} sends the front end's diagnostics on
 * to java.util.logging, where Tomcat writes them. Depends on nothing of ours but the settings
 * grammar and the JSON writer: no servlet, no BES type.
 */
@NullMarked
package org.olfsfastpath.log;

import org.jspecify.annotations.NullMarked;
