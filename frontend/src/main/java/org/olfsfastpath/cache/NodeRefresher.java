package org.olfsfastpath.cache;

import com.github.benmanes.caffeine.cache.AsyncCacheLoader;
import java.io.IOException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The data-source cache's refresh-ahead: a hit on an entry older than {@code refreshAfter} has
 * Caffeine call {@link #asyncReload}, which runs one showNode on the cache's refresh executor while
 * the hit is answered from the cache. A failed refresh keeps the old entry until it expires, and is
 * logged once per run of failures.
 */
final class NodeRefresher implements AsyncCacheLoader<String, CachedNode> {
  // The cache's own log lines, under its name.
  private static final Logger log = LoggerFactory.getLogger(DataSourceCache.class);

  /** One showNode, timed and counted, as a lookup's load runs it. */
  @FunctionalInterface
  interface Load {
    CachedNode load(String path) throws IOException;
  }

  /** The refresh threads a cache owns when it was given no executor; it shuts them down. */
  static ExecutorService ownPool() {
    AtomicInteger threadNumber = new AtomicInteger();
    ThreadFactory threads =
        runnable -> {
          Thread thread =
              new Thread(runnable, "DataSourceCache-refresh-" + threadNumber.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        };
    // Unbounded queue: a burst of refreshes waits its turn rather than being refused; readers are
    // answered from the cache meanwhile. Idle threads end, so an idle cache holds none.
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            DataSourceCacheBuilder.REFRESH_THREADS,
            DataSourceCacheBuilder.REFRESH_THREADS,
            60,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(),
            threads);
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }

  private final Load loadNode;
  private final CacheCounters counters;
  private final Executor refreshes;
  private volatile boolean refreshFailing;

  /**
   * @param refreshes where each refresh's showNode runs; not the executor Caffeine passes, which
   *     runs the cache's maintenance on the reading thread
   */
  NodeRefresher(Load loadNode, CacheCounters counters, Executor refreshes) {
    this.loadNode = loadNode;
    this.counters = counters;
    this.refreshes = refreshes;
  }

  @Override
  public CompletableFuture<CachedNode> asyncLoad(String path, Executor caffeines) {
    // Not reached: lookups claim their loads themselves (loadOrJoin) and never call the
    // loading get; refreshes go through asyncReload. Kept equivalent to a refresh for safety.
    return asyncReload(path, null, caffeines);
  }

  @Override
  public CompletableFuture<CachedNode> asyncReload(
      String path, @Nullable CachedNode old, Executor caffeines) {
    counters.refreshes.increment();
    CompletableFuture<CachedNode> refreshed = new CompletableFuture<>();
    try {
      refreshes.execute(
          () -> {
            try {
              refreshed.complete(loadNode.load(path));
              if (refreshFailing) {
                refreshFailing = false;
                log.info("refresh-ahead works again (showNode of {} succeeded)", path);
              }
            } catch (Throwable e) {
              refreshed.completeExceptionally(refreshFailed(path, e));
            }
          });
    } catch (RejectedExecutionException e) {
      refreshed.completeExceptionally(refreshFailed(path, e));
    }
    return refreshed;
  }

  /**
   * Logs a failed refresh once per run of failures (an unreachable BES would otherwise log one
   * stack trace per hit) and reports it to Caffeine as a cancellation, which keeps the old entry
   * until it expires without Caffeine logging it again.
   */
  private CancellationException refreshFailed(String path, Throwable e) {
    if (!refreshFailing) {
      refreshFailing = true;
      log.warn(
          "refresh-ahead showNode of {} failed; cached answers are kept until they expire"
              + " (further failures are logged at debug level until one succeeds)",
          path,
          e);
    } else {
      log.debug("refresh-ahead showNode of {} failed: {}", path, e.toString());
    }
    CancellationException cancelled =
        new CancellationException("refresh of " + path + " failed: " + e);
    cancelled.initCause(e);
    return cancelled;
  }
}
