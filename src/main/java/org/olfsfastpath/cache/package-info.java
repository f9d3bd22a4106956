/**
 * The data-source cache: what the BES said about each catalog path, kept in Caffeine with a
 * freshness policy (TTL, refresh-ahead, file-mtime checks) and single-flight loads.
 *
 * <p>The entry point is {@link org.olfsfastpath.cache.DataSourceCache}. It depends only on the
 * {@code bes} layer, through a loader function, so it can be tested without a BES.
 */
package org.olfsfastpath.cache;
