/**
 * The DAP request and response vocabulary of the front end, with no servlet in sight: a request URL
 * parsed into a {@link org.olfsfastpath.dap.DapRequest} (suffix table, constraint decoding,
 * rejection of traversal and control characters), the headers each response type carries ({@link
 * org.olfsfastpath.dap.ResponseType}), error bodies in DAP2, DAP4 and HTML form ({@link
 * org.olfsfastpath.dap.ErrorBody}), directory listings, and the scrubbing of server paths out of
 * BES messages ({@link org.olfsfastpath.dap.BesMessages}), the most values a constraint selects
 * ({@link org.olfsfastpath.dap.ConstraintBound}, so a first small slice is known short), and the
 * one escaper per format that every page uses ({@link org.olfsfastpath.dap.Html}, {@link
 * org.olfsfastpath.dap.PercentEncoding}; JSON through the shared {@link
 * org.olfsfastpath.json.Json}).
 *
 * <p>The entry point is {@link org.olfsfastpath.dap.DapRequestParser}. Of the project's packages
 * this one depends only on the {@code bes} value types, the {@code cache} data-source record and
 * {@code json}, which every layer may use.
 */
@NullMarked
package org.olfsfastpath.dap;

import org.jspecify.annotations.NullMarked;
