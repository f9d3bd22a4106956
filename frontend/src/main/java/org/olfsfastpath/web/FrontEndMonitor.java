package org.olfsfastpath.web;

import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.olfsfastpath.json.Json;

/** The {@link FrontEndMXBean} over the live counters and the cache. */
final class FrontEndMonitor implements FrontEndMXBean {
  private final FrontEndStats stats;
  private final StatusServlet status;
  private final CacheAdmin admin;
  private final Supplier<Map<String, Long>> poolStatistics;

  FrontEndMonitor(FrontEndStats stats, StatusServlet status, CacheAdmin admin,
      Supplier<Map<String, Long>> poolStatistics) {
    this.stats = Objects.requireNonNull(stats, "stats == null");
    this.status = Objects.requireNonNull(status, "status == null");
    this.admin = Objects.requireNonNull(admin, "admin == null");
    this.poolStatistics = Objects.requireNonNull(poolStatistics, "poolStatistics == null");
  }

  @Override
  public Map<String, Long> getPoolStatistics() {
    return poolStatistics.get();
  }

  @Override
  public long getRequests() {
    return stats.requests.sum();
  }

  @Override
  public long getDataResponses() {
    return stats.dataResponses.sum();
  }

  @Override
  public long getNotModified() {
    return stats.notModified.sum();
  }

  @Override
  public long getRejected() {
    return stats.rejected.sum();
  }

  @Override
  public long getBesErrors() {
    return stats.besErrors.sum();
  }

  @Override
  public long getBesUnavailable() {
    return stats.besUnavailable.sum();
  }

  @Override
  public long getPoolExhausted() {
    return stats.poolExhausted.sum();
  }

  @Override
  public long getMidStreamFailures() {
    return stats.midStreamFailures.sum();
  }

  @Override
  public long getClientAborts() {
    return stats.clientAborts.sum();
  }

  @Override
  public long getBytesStreamed() {
    return stats.bytesStreamed.sum();
  }

  @Override
  public String getStatusJson() {
    return Json.indented(status.status());
  }

  @Override
  public void invalidate(String path) {
    String normalized = StatusServlet.normalize(path);
    if (normalized == null) {
      throw new IllegalArgumentException("path was '" + path + "', must be an absolute catalog"
          + " path without . or .. segments");
    }
    admin.invalidate(normalized);
  }

  @Override
  public void invalidateAll() {
    admin.invalidateAll();
  }
}
