package org.olfsfastpath.ops;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.core.instrument.binder.tomcat.TomcatMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;
import javax.management.MBeanServer;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.access.Access;
import org.olfsfastpath.access.AccessStats;
import org.olfsfastpath.bes.BesGroupStats;
import org.olfsfastpath.bes.BesPoolStats;
import org.olfsfastpath.cache.DataSourceCache;
import org.olfsfastpath.cache.ResponseCache;
import org.olfsfastpath.log.LogStats;
import org.olfsfastpath.spool.Spool;
import org.olfsfastpath.web.BotFilterStats;
import org.olfsfastpath.web.BotRules;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The front end's metrics for operators, in the Prometheus text format (version 0.0.4) through
 * Micrometer: request and BES command timers with histograms, BES pool gauges and counters, both
 * caches, and the JVM's and Tomcat's own figures. Thread-safe; build one per web application, serve
 * {@link #scrape()} from {@link MetricsServlet}, and {@link #close()} it at shutdown (the GC and
 * Tomcat binders hold JMX listeners).
 *
 * <p>What it exports (Prometheus names):
 *
 * <ul>
 *   <li>{@code olfs_requests_seconds} (histogram, plus {@code _max}): each answered request, by
 *       {@code type} (the response type the web layer names: {@code das}, {@code dods}, {@code
 *       status}...; at most {@value #MAX_RESPONSE_TYPES} names, further ones count as {@code
 *       other}) and {@code status} (the HTTP status).
 *   <li>{@code olfs_bes_commands_seconds} (histogram): each BES command, by {@code bes}, {@code
 *       command} ({@code showNode}, {@code get das}...) and {@code outcome} ({@code success} or
 *       {@code error}).
 *   <li>Per BES ({@code bes} tag): {@code olfs_bes_pool_open_connections}, {@code
 *       olfs_bes_pool_idle_connections}, {@code olfs_bes_pool_in_use_connections} (gauges) and
 *       {@code olfs_bes_pool_created_connections_total}, {@code
 *       olfs_bes_pool_discarded_connections_total}, {@code olfs_bes_pool_retried_total}, {@code
 *       olfs_bes_pool_waits_total}, {@code olfs_bes_pool_exhausted_total}, {@code
 *       olfs_bes_pool_connect_failures_total}, and for the reserve {@code
 *       olfs_bes_pool_reserved_connections}, {@code olfs_bes_pool_long_in_use_connections} (gauges)
 *       and {@code olfs_bes_pool_reserve_refusals_total}.
 *   <li>Per BES group ({@code group} tag, its prefix): {@code olfs_bes_group_retries_total}, {@code
 *       olfs_bes_group_failovers_total}, {@code olfs_bes_group_refused_total} by {@code limit}
 *       ({@code clientShare}, {@code clientQueue}, {@code reserve}), and the gauges {@code
 *       olfs_bes_group_clients}, {@code olfs_bes_group_client_in_use}, {@code
 *       olfs_bes_group_client_waiting}, {@code olfs_bes_group_client_share}.
 *   <li>Both caches through Micrometer's {@code CaffeineCacheMetrics}, tagged {@code
 *       cache="datasource"} and {@code cache="response"}: {@code cache_gets_total} by {@code
 *       result} (hit, miss), {@code cache_puts_total} (loads), {@code cache_evictions_total},
 *       {@code cache_eviction_weight_total}, {@code cache_size}, and for the data-source cache
 *       {@code cache_load_total} and {@code cache_load_duration_seconds}. They count what the
 *       caches' own statistics count (see {@code DataSourceCacheStats} and {@code
 *       ResponseCacheStats}), so they agree with {@code /status} and JMX. Beside them: {@code
 *       olfs_response_cache_weight_bytes}, {@code olfs_response_cache_max_weight_bytes}, {@code
 *       olfs_response_cache_too_large_total}, {@code olfs_response_cache_stale_misses_total},
 *       {@code olfs_datasource_cache_negative_hits_total}, {@code
 *       olfs_datasource_cache_refreshes_total}, {@code olfs_datasource_cache_mtime_checks_total},
 *       {@code olfs_datasource_cache_mtime_reloads_total}.
 *   <li>The spool ({@link SpoolMetrics}): {@code olfs_spool_memory_bytes} and {@code
 *       olfs_spool_disk_bytes} with their peaks and budgets, {@code olfs_spool_open_files}, {@code
 *       olfs_spool_responses_total}, {@code olfs_spool_bytes_total}, {@code
 *       olfs_spool_early_releases_total}, {@code olfs_spool_fallbacks_total} by {@code cause},
 *       {@code olfs_spool_client_disconnects_total}, {@code olfs_spool_hand_offs_total}.
 *   <li>The bot filter: {@code olfs_bot_filter_refusals_total} by {@code cause} ({@code IpAddress},
 *       {@code IpMatch}, {@code UserAgentMatch}), read from its statistics value as {@code /status}
 *       and JMX read it; each refusal is also a request of type {@code blocked}.
 *   <li>The JVM: {@code jvm_memory_*}, {@code jvm_gc_*}, {@code jvm_threads_*}, {@code
 *       jvm_classes_*}, {@code process_cpu_*}, {@code system_cpu_*}, {@code process_uptime_*}; and
 *       Tomcat's connectors, thread pools and servlets ({@code tomcat_*}), read from Tomcat's JMX
 *       beans when Tomcat's classes are there (in unit tests they are not, and the binder is left
 *       out).
 * </ul>
 *
 * <p>The histograms use fixed buckets from 0.1 ms to 10 s ({@link #BUCKETS}) rather than
 * Micrometer's percentile histogram (about 70 buckets per series): a warm metadata request takes
 * well under a millisecond and a large data request seconds, and 16 buckets keep a series per type
 * and status cheap to scrape and store.
 *
 * <p>Recording allocates nothing once a timer exists: timers are kept per type and status (per BES
 * and command) in maps read without locks.
 */
public final class FrontEndMetrics implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(FrontEndMetrics.class);

  /** The content type of {@link #scrape()}: the Prometheus text format, version 0.0.4. */
  static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  /** The request timer's name ({@code olfs_requests_seconds} in Prometheus). */
  static final String REQUESTS = "olfs.requests";

  /** The BES command timer's name ({@code olfs_bes_commands_seconds} in Prometheus). */
  static final String BES_COMMANDS = "olfs.bes.commands";

  /** At most this many response type names get series of their own. */
  static final int MAX_RESPONSE_TYPES = 64;

  /** The type every further name is counted under. */
  static final String OTHER_TYPE = "other";

  /** The histogram buckets of both timers: 0.1 ms to 10 s, about three per decade. */
  static final Duration[] BUCKETS = {
    Duration.ofNanos(100_000), Duration.ofNanos(250_000), Duration.ofNanos(500_000),
    Duration.ofMillis(1), Duration.ofNanos(2_500_000), Duration.ofMillis(5),
    Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50),
    Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500),
    Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5),
    Duration.ofSeconds(10)
  };

  /** Statuses outside 100-599 are counted under this one. */
  private static final String UNKNOWN_STATUS = "unknown";

  private static final int STATUS_SLOTS = 600;
  private static final String TOMCAT_MANAGER = "org.apache.catalina.Manager";

  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

  /** Request timers by type, then by status (index 0 for an unknown status). */
  private final ConcurrentMap<String, TypeTimers> requestTimers = new ConcurrentHashMap<>();

  /** BES command timers by BES, then command; [0] success, [1] error. */
  private final ConcurrentMap<String, ConcurrentMap<String, Timer[]>> besTimers =
      new ConcurrentHashMap<>();

  /** Binders that hold listeners until closed. */
  private final List<AutoCloseable> closeables = new CopyOnWriteArrayList<>();

  /** What gauges and function counters read, held here: Micrometer keeps only weak references. */
  private final List<Object> monitored = new CopyOnWriteArrayList<>();

  private final boolean tomcatBound;

  /**
   * Builds the registry with the JVM binders, and Tomcat's binder when Tomcat's classes are visible
   * (reading the beans of the first MBean server, as Tomcat registers them).
   */
  public FrontEndMetrics() {
    this(tomcatVisible() ? tomcatMBeanServer() : null);
  }

  /**
   * Builds the registry with the JVM binders, and Tomcat's binder reading {@code tomcatBeans}
   * unless null.
   */
  FrontEndMetrics(@Nullable MBeanServer tomcatBeans) {
    bind(new ClassLoaderMetrics());
    bind(new JvmMemoryMetrics());
    bind(new JvmGcMetrics());
    bind(new JvmThreadMetrics());
    bind(new ProcessorMetrics());
    bind(new UptimeMetrics());
    this.tomcatBound = tomcatBeans != null && bindTomcat(tomcatBeans);
  }

  /**
   * Counts one answered request.
   *
   * @param responseType the response type, from a small fixed set the web layer chooses ({@code
   *     das}, {@code dods}, {@code contents.html}, {@code status}...)
   * @param status the HTTP status sent
   * @param nanos how long the request took, in nanoseconds
   */
  public void recordRequest(String responseType, int status, long nanos) {
    Objects.requireNonNull(responseType, "responseType == null");
    TypeTimers timers = requestTimers.get(responseType);
    if (timers == null) {
      // Not atomic with the insert: under a race a few more names than the limit may get in.
      String type = requestTimers.size() < MAX_RESPONSE_TYPES ? responseType : OTHER_TYPE;
      timers = requestTimers.computeIfAbsent(type, TypeTimers::new);
    }
    int slot = status >= 100 && status < STATUS_SLOTS ? status : 0;
    Timer timer = timers.byStatus.get(slot);
    if (timer == null) {
      // The registry hands out one timer per name and tags, so racing threads get the same one.
      timer =
          Timer.builder(REQUESTS)
              .description("Requests answered, by response type and HTTP status")
              .tags(
                  "type",
                  timers.type,
                  "status",
                  slot == 0 ? UNKNOWN_STATUS : Integer.toString(slot))
              .serviceLevelObjectives(BUCKETS)
              .register(registry);
      timers.byStatus.set(slot, timer);
    }
    timer.record(nanos, TimeUnit.NANOSECONDS);
  }

  /**
   * Counts one BES command.
   *
   * @param bes the BES's name (its group, or its address when there is one)
   * @param command what was sent, from a small fixed set ({@code showNode}, {@code get das}...)
   * @param nanos from sending the command to the end of its answer, in nanoseconds
   * @param ok whether the BES answered without an error
   */
  public void recordBesCommand(String bes, String command, long nanos, boolean ok) {
    Objects.requireNonNull(bes, "bes == null");
    Objects.requireNonNull(command, "command == null");
    ConcurrentMap<String, Timer[]> byCommand = besTimers.get(bes);
    if (byCommand == null) {
      byCommand = besTimers.computeIfAbsent(bes, b -> new ConcurrentHashMap<>());
    }
    Timer[] timers = byCommand.get(command);
    if (timers == null) {
      timers =
          byCommand.computeIfAbsent(
              command, c -> new Timer[] {besTimer(bes, c, "success"), besTimer(bes, c, "error")});
    }
    timers[ok ? 0 : 1].record(nanos, TimeUnit.NANOSECONDS);
  }

  private Timer besTimer(String bes, String command, String outcome) {
    return Timer.builder(BES_COMMANDS)
        .description("BES commands, from sending to the end of the answer")
        .tags("bes", bes, "command", command, "outcome", outcome)
        .serviceLevelObjectives(BUCKETS)
        .register(registry);
  }

  /**
   * Exports one BES's connection pool, read from {@code stats} at each scrape. Call once per BES.
   *
   * @param bes the BES's name, as given to {@link #recordBesCommand}
   * @param stats a fresh snapshot of the pool, e.g. {@code besClient::poolStats}
   */
  public void monitorPool(String bes, Supplier<BesPoolStats> stats) {
    Objects.requireNonNull(bes, "bes == null");
    Objects.requireNonNull(stats, "stats == null");
    monitored.add(stats);
    PoolMetrics.bind(registry, bes, stats);
  }

  /**
   * Exports one BES group's retries and fair shares, read from {@code stats} at each scrape: the
   * same counts as the status document's {@code groups} section ({@link GroupMetrics}). Call once
   * per group.
   *
   * @param group the group's prefix ({@code group} tag)
   */
  public void monitorGroup(String group, Supplier<BesGroupStats> stats) {
    Objects.requireNonNull(group, "group == null");
    Objects.requireNonNull(stats, "stats == null");
    monitored.add(stats);
    GroupMetrics.bind(registry, group, stats);
  }

  /**
   * Exports both caches: Micrometer's {@code CaffeineCacheMetrics} over each ({@code
   * cache="datasource"}, {@code cache="response"}; Caffeine's statistics are the caches' own
   * counters), and the rest of each cache's statistics value, read at each scrape. Call once.
   */
  public void monitorCaches(DataSourceCache dataSources, ResponseCache responses) {
    Objects.requireNonNull(dataSources, "dataSources == null");
    Objects.requireNonNull(responses, "responses == null");
    monitored.add(dataSources);
    monitored.add(responses);
    CacheMetrics.bind(registry, dataSources, responses);
  }

  /**
   * Exports the bot filter's refusals, read from its statistics value at each scrape: {@code
   * olfs_bot_filter_refusals_total} by {@code cause}, the element of the rule that refused ({@code
   * IpAddress}, {@code IpMatch}, {@code UserAgentMatch}), as {@code /status} counts them. Call
   * once.
   */
  public void monitorBotFilter(Supplier<BotFilterStats> stats) {
    Objects.requireNonNull(stats, "stats == null");
    monitored.add(stats);
    for (BotRules.Cause cause : BotRules.Cause.values()) {
      FunctionCounter.builder("olfs.bot.filter.refusals", stats, s -> s.get().refusals(cause))
          .description("Requests the bot filter refused, by the kind of rule that refused them")
          .tag("cause", cause.element())
          .register(registry);
    }
  }

  /**
   * Counts logins, token checks, refusals, key fetches, session cookies and provider calls of the
   * login and access rules, each by the labels {@link AccessStats} keeps (providers and fixed
   * words, never a user).
   */
  public void monitorAccess(Access access) {
    AccessMetrics.bind(registry, Objects.requireNonNull(access, "access == null"));
  }

  /** The registry, for meters of other parts of the front end. */
  MeterRegistry registry() {
    return registry;
  }

  /** Whether Tomcat's binder is on. */
  boolean tomcatBound() {
    return tomcatBound;
  }

  /** The content type of the scrape: the Prometheus text format, version 0.0.4. */
  String contentType() {
    return CONTENT_TYPE;
  }

  /** Returns every meter in the Prometheus text format, version 0.0.4 ({@link #CONTENT_TYPE}). */
  String scrape() {
    return registry.scrape(CONTENT_TYPE);
  }

  /**
   * Writes every meter in the Prometheus text format to {@code out}.
   *
   * @throws IOException from {@code out}
   */
  void scrape(OutputStream out) throws IOException {
    registry.scrape(out, CONTENT_TYPE);
  }

  /** Removes the binders' JMX listeners and closes the registry. */
  @Override
  public void close() {
    for (AutoCloseable closeable : closeables) {
      try {
        closeable.close();
      } catch (Exception e) {
        log.warn("closing the metrics binder {} failed", closeable, e);
      }
    }
    closeables.clear();
    registry.close();
  }

  /**
   * Exports the spool's statistics value, read at each scrape ({@link SpoolMetrics}). Call once.
   */
  public void monitorSpool(Spool spool) {
    Objects.requireNonNull(spool, "spool == null");
    monitored.add(spool);
    new SpoolMetrics(spool).bindTo(registry);
  }

  /**
   * Exports the Hyrax logs' statistics value, read at each scrape ({@link LogMetrics}). Call once.
   */
  public void monitorLogs(Supplier<LogStats> stats) {
    Objects.requireNonNull(stats, "stats == null");
    monitored.add(stats);
    new LogMetrics(stats).bindTo(registry);
  }

  private void bind(MeterBinder binder) {
    binder.bindTo(registry);
    if (binder instanceof AutoCloseable closeable) {
      closeables.add(closeable);
    }
  }

  /**
   * Binds Tomcat's metrics (without its session manager: the front end keeps no sessions); false,
   * logged, if that fails (Tomcat's classes missing, its beans unreadable), which never stops the
   * front end. The binder's constructor names Tomcat's {@code Manager} type, so it is found by
   * reflection: this class compiles, loads and runs without Tomcat.
   */
  private boolean bindTomcat(MBeanServer beans) {
    try {
      Class<?> manager =
          Class.forName(TOMCAT_MANAGER, false, FrontEndMetrics.class.getClassLoader());
      bind(
          TomcatMetrics.class
              .getConstructor(manager, Iterable.class, MBeanServer.class)
              .newInstance(null, List.of(), beans));
      return true;
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      log.info("Tomcat metrics are off: {}", e.toString());
      return false;
    }
  }

  /** One response type's request timers, by status. */
  private static final class TypeTimers {
    final String type;
    final AtomicReferenceArray<Timer> byStatus = new AtomicReferenceArray<>(STATUS_SLOTS);

    TypeTimers(String type) {
      this.type = type;
    }
  }

  /** Whether Tomcat's classes are visible, i.e. whether this runs inside Tomcat. */
  static boolean tomcatVisible() {
    try {
      Class.forName(TOMCAT_MANAGER, false, FrontEndMetrics.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  private static @Nullable MBeanServer tomcatMBeanServer() {
    try {
      return TomcatMetrics.getMBeanServer();
    } catch (LinkageError | RuntimeException e) {
      log.info("Tomcat metrics are off: {}", e.toString());
      return null;
    }
  }
}
