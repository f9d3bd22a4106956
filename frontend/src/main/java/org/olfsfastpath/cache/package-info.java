/**
 * The two caches in front of the BES, on Caffeine, with single-flight loads (one BES message for
 * every request that wants the same thing at once) that run on the requesting thread and hold no
 * lock. {@link org.olfsfastpath.cache.DataSourceCache} keeps what the BES said about each catalog
 * path, with a freshness policy (TTL, refresh-ahead in {@code NodeRefresher}, expiry in {@code
 * NodeExpiry}, disk checks against the data root), so a warm request sends no showNode; {@link
 * org.olfsfastpath.cache.ResponseCache} keeps whole answers (the metadata, and data answers up to 1
 * MiB by default), valid exactly while the data-source entry they were made from is current, so a
 * warm metadata request or a repeated small slice sends nothing; it reads each answer through
 * {@code AnswerReader} (a large one into a reused head buffer, then streamed on) and remembers each
 * answer's length in {@code KnownLengths}. Both are built by {@link
 * org.olfsfastpath.cache.DataSourceCacheBuilder} and {@link
 * org.olfsfastpath.cache.ResponseCacheBuilder} ({@code newBuilder()}, or {@code from(settings)}
 * whose keys are the builder's method names).
 *
 * <p>Each cache reports one immutable statistics value, {@link
 * org.olfsfastpath.cache.DataSourceCacheStats} and {@link
 * org.olfsfastpath.cache.ResponseCacheStats} (both {@link org.olfsfastpath.cache.LoadStats}),
 * counted by one package-private {@code CacheCounters} that is also what Caffeine reports: the web
 * layer's JMX bean, status document and metrics all render that value. Of the project's packages
 * this one depends only on the {@code bes} layer's values, through a {@link
 * org.olfsfastpath.cache.NodeLoader} ({@code router::showNode}) and a {@link
 * org.olfsfastpath.cache.ResponseLoader}, so it is tested without a BES, and on {@code spec} (the
 * builders' settings) and {@code json} (the statistics values as JSON), which every layer may use.
 */
@NullMarked
package org.olfsfastpath.cache;

import org.jspecify.annotations.NullMarked;
