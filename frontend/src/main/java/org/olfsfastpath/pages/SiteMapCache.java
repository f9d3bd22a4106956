package org.olfsfastpath.pages;

import static org.olfsfastpath.spec.Checks.requireArgument;
import static org.olfsfastpath.spec.Checks.requireState;

import com.github.benmanes.caffeine.cache.Ticker;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.spec.Setting;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds the {@link SiteMap} and rebuilds it in the background once it is older than the refresh
 * interval, so robots.txt and the site map files never wait for the BES after the first build.
 * Thread-safe.
 *
 * <p>The first {@link #get()} builds the site map in the caller's thread; callers that come
 * meanwhile wait for that build (single flight). Later calls return the current site map at once,
 * and the first call after the refresh interval also starts one rebuild on the executor; a rebuild
 * that fails leaves the old site map in place. A failed build is not retried before the retry
 * interval: until then {@link #get()} without a site map fails at once with the same cause.
 */
public final class SiteMapCache {
  private static final Logger log = LoggerFactory.getLogger(SiteMapCache.class);

  /** Builds the site map, e.g. with buildSiteMap or a showNode walk. */
  @FunctionalInterface
  public interface Loader {
    /**
     * Builds the site map.
     *
     * @throws IOException if the BES cannot be asked; the cache keeps what it had
     */
    SiteMap load() throws IOException;
  }

  private final Loader loader;
  private final long refreshNanos;
  private final long retryNanos;
  private final Ticker ticker;
  private final Executor executor;

  private final Object lock = new Object();
  private @Nullable SiteMap current;
  private long loadedAt;
  private @Nullable CompletableFuture<SiteMap> loading;
  private @Nullable IOException lastFailure;
  private long failedAt;
  private long loads;

  private SiteMapCache(Builder builder) {
    this.loader = Objects.requireNonNull(builder.loader.orNull());
    this.refreshNanos = builder.getRefreshInterval().toNanos();
    this.retryNanos = builder.getRetryInterval().toNanos();
    Ticker givenTicker = builder.ticker.orNull();
    this.ticker = givenTicker != null ? givenTicker : Ticker.systemTicker();
    Executor given = builder.executor.orNull();
    this.executor = given != null ? given : SiteMapCache::newThread;
  }

  /** A builder; the loader must be set. */
  public static Builder newBuilder() {
    return new Builder();
  }

  /**
   * The current site map; builds it first if there is none.
   *
   * @throws IOException if there is none and building it failed, now or within the retry interval
   */
  public SiteMap get() throws IOException {
    CompletableFuture<SiteMap> wait;
    boolean refresh = false;
    SiteMap map;
    synchronized (lock) {
      long now = ticker.read();
      map = current;
      wait = loading;
      if (map != null) {
        if (wait == null
            && now - loadedAt >= refreshNanos
            && (lastFailure == null || now - failedAt >= retryNanos)) {
          loading = new CompletableFuture<>();
          refresh = true;
        }
      } else if (wait == null) {
        if (lastFailure != null && now - failedAt < retryNanos) {
          throw failure(lastFailure);
        }
        loading = new CompletableFuture<>();
      }
    }
    if (map != null) {
      if (refresh) {
        try {
          executor.execute(this::refreshInBackground);
        } catch (RejectedExecutionException e) {
          finish(null, new IOException("the executor refused the site map rebuild", e));
        }
      }
      return map;
    }
    if (wait == null) {
      return load();
    }
    try {
      return wait.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      InterruptedIOException interrupted =
          new InterruptedIOException("interrupted waiting for the site map");
      interrupted.initCause(e);
      throw interrupted;
    } catch (ExecutionException e) {
      throw failure(e.getCause());
    }
  }

  /** How many builds have finished, successful or not. */
  public long loadCount() {
    synchronized (lock) {
      return loads;
    }
  }

  private void refreshInBackground() {
    try {
      load();
    } catch (IOException e) {
      // finish() has logged it and kept the previous site map.
    }
  }

  /** Runs one build and publishes its outcome; returns the site map or throws its failure. */
  private SiteMap load() throws IOException {
    SiteMap map = null;
    IOException failure = null;
    try {
      map = loader.load();
      if (map == null) {
        failure = new IOException("the site map loader returned null");
      }
    } catch (IOException e) {
      failure = e;
    } catch (RuntimeException | Error e) {
      failure = new IOException("building the site map failed: " + e, e);
    }
    finish(map, failure);
    if (map == null) {
      throw failure(failure);
    }
    return map;
  }

  private void finish(@Nullable SiteMap map, @Nullable IOException failure) {
    CompletableFuture<SiteMap> done;
    boolean stale;
    synchronized (lock) {
      long now = ticker.read();
      done = loading;
      loading = null;
      loads++;
      stale = current != null;
      if (map != null) {
        current = map;
        loadedAt = now;
        lastFailure = null;
      } else {
        lastFailure = failure;
        failedAt = now;
      }
    }
    if (map != null) {
      log.info("site map built: {}", map);
      if (done != null) {
        done.complete(map);
      }
    } else {
      if (stale) {
        log.warn("rebuilding the site map failed; serving the previous one", failure);
      } else {
        log.warn("building the site map failed", failure);
      }
      if (done != null) {
        done.completeExceptionally(failure);
      }
    }
  }

  private static IOException failure(@Nullable Throwable cause) {
    String message = cause == null ? "unknown" : cause.getMessage();
    return new IOException("the site map could not be built: " + message, cause);
  }

  private static void newThread(Runnable task) {
    Thread thread = new Thread(task, "site-map-rebuild");
    thread.setDaemon(true);
    thread.start();
  }

  /** Configures a {@link SiteMapCache}. Each setting may be set once. */
  public static final class Builder {
    /** The default refresh interval, olfs.xml's {@code SiteMapCache refreshInterval="600"}. */
    public static final Duration DEFAULT_REFRESH_INTERVAL = Duration.ofSeconds(600);

    /** The default wait before a failed build is tried again. */
    public static final Duration DEFAULT_RETRY_INTERVAL = Duration.ofSeconds(30);

    private final Setting<Loader> loader = Setting.of("loader", null);
    private final Setting<Duration> refreshInterval =
        positive("refreshInterval", DEFAULT_REFRESH_INTERVAL);
    private final Setting<Duration> retryInterval =
        positive("retryInterval", DEFAULT_RETRY_INTERVAL);
    private final Setting<Ticker> ticker = Setting.of("ticker", null);
    private final Setting<Executor> executor = Setting.of("executor", null);

    private Builder() {}

    /**
     * Sets what builds the site map.
     *
     * @throws IllegalStateException if it was already set
     */
    public Builder loader(Loader loader) {
      this.loader.set(loader);
      return this;
    }

    /**
     * Sets how old the site map may get before a request starts a rebuild; default 600 s.
     *
     * @throws IllegalArgumentException if it is not positive
     * @throws IllegalStateException if it was already set
     */
    public Builder refreshInterval(Duration interval) {
      refreshInterval.set(interval);
      return this;
    }

    /**
     * Sets how long a failed build is not tried again; default 30 s.
     *
     * @throws IllegalArgumentException if it is not positive
     * @throws IllegalStateException if it was already set
     */
    public Builder retryInterval(Duration interval) {
      retryInterval.set(interval);
      return this;
    }

    /**
     * Sets the time source; default {@link Ticker#systemTicker()}; tests pass a fake one.
     *
     * @throws IllegalStateException if it was already set
     */
    public Builder ticker(Ticker ticker) {
      this.ticker.set(ticker);
      return this;
    }

    /**
     * Sets where rebuilds run; default a new daemon thread per rebuild (one per refresh interval at
     * most).
     *
     * @throws IllegalStateException if it was already set
     */
    public Builder executor(Executor executor) {
      this.executor.set(executor);
      return this;
    }

    public Duration getRefreshInterval() {
      return refreshInterval.get();
    }

    public Duration getRetryInterval() {
      return retryInterval.get();
    }

    /**
     * Builds the cache; nothing is loaded until the first {@link SiteMapCache#get()}.
     *
     * @throws IllegalStateException if the loader was not set
     */
    public SiteMapCache build() {
      requireState(loader.isSet(), "SiteMapCache requires a loader");
      return new SiteMapCache(this);
    }

    private static Setting<Duration> positive(String name, Duration defaultValue) {
      return Setting.of(name, defaultValue)
          .check(
              interval -> {
                requireArgument(
                    !interval.isNegative() && !interval.isZero(),
                    "%s was %s, must be > 0",
                    name,
                    interval);
                return interval;
              });
    }
  }
}
