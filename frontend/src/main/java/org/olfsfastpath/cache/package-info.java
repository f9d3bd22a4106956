/**
 * The data-source cache: what the BES said about each catalog path, kept in Caffeine with a
 * freshness policy (TTL, refresh-ahead, disk checks against the data root) and single-flight
 * loads, so a warm request sends the BES no showNode at all.
 *
 * <p>The entry point is {@link org.olfsfastpath.cache.DataSourceCache}, built with {@code
 * newBuilder()} or {@code from(settings)}. Each cache reports one immutable statistics value, {@link
 * org.olfsfastpath.cache.DataSourceCacheStats} and {@link
 * org.olfsfastpath.cache.ResponseCacheStats} (both {@link org.olfsfastpath.cache.LoadStats}),
 * counted by one {@code CacheCounters} that is also what Caffeine reports: the web layer's JMX bean,
 * status document and metrics all render that value. It depends only on the {@code bes} layer, through
 * a {@link org.olfsfastpath.cache.NodeLoader} ({@code besClient::showNode}), so it can be tested
 * without a BES.
 */
@NullMarked
package org.olfsfastpath.cache;

import org.jspecify.annotations.NullMarked;
