package org.olfsfastpath.ops;

import jakarta.servlet.Servlet;
import jakarta.servlet.ServletException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.dap.PercentEncoding;
import org.olfsfastpath.web.DapBackend;
import org.olfsfastpath.web.InternalRequests;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the first real request after start cost what a warm one does: right after start, off the
 * request path, sends a few internal requests for one dataset through the servlet clients reach
 * ({@link InternalRequests#uncounted}: the statistics and metrics count only clients). That loads
 * and compiles the request path, opens the BES connection, fills both caches for that dataset and
 * whatever the servlet's responders keep. The dataset is olfs.xml's {@code
 * FastPath/WarmUp@dataset}, or the first one a short walk from the catalog root finds.
 */
public final class WarmUp {
  private static final Logger log = LoggerFactory.getLogger(WarmUp.class);

  /** At most this many directories are listed looking for a dataset. */
  static final int MAX_DIRECTORIES = 20;

  /** Each request three times: enough for the hot methods to leave the interpreter. */
  private static final int ROUNDS = 3;

  private final Servlet servlet;
  private volatile boolean settled;
  private volatile int answered;
  private volatile long millis;
  private volatile @Nullable String warmed;
  private final DapBackend backend;
  private final @Nullable String dataset;
  private final String context;

  /**
   * @param servlet the DAP servlet clients reach
   * @param backend what the servlet asks, to find a dataset
   * @param dataset the catalog path to warm with, or null to find one
   * @param context the web application's context path
   */
  public WarmUp(Servlet servlet, DapBackend backend, @Nullable String dataset, String context) {
    this.servlet = servlet;
    this.backend = backend;
    this.dataset = dataset;
    this.context = context;
  }

  /**
   * Sends the requests; a failure (the BES down, no dataset) is logged and ends the warm-up.
   *
   * @return how many requests were answered
   */
  public int run() {
    long start = System.nanoTime();
    try {
      answered = warm();
      return answered;
    } finally {
      millis = (System.nanoTime() - start) / 1_000_000;
      settled = true;
    }
  }

  /** For the status document: whether the warm-up is over, and what it did. */
  public Map<String, Object> status() {
    Map<String, Object> status = new java.util.LinkedHashMap<>();
    status.put("enabled", true);
    status.put("settled", settled);
    status.put("dataset", warmed);
    status.put("requests", answered);
    status.put("millis", millis);
    return status;
  }

  /** The status of a front end that does not warm up. */
  public static Map<String, Object> off() {
    return Map.of("enabled", false, "settled", true);
  }

  private int warm() {
    long start = System.nanoTime();
    String path;
    try {
      path = dataset != null ? dataset : findDataset();
      if (path != null && !backend.lookup(path).isData()) {
        log.info("olfs-fastpath: no warm-up: {} is not a dataset", path);
        return 0;
      }
    } catch (IOException e) {
      log.info("olfs-fastpath: no warm-up: the catalog could not be asked ({})", e.toString());
      return 0;
    }
    if (path == null) {
      log.info(
          "olfs-fastpath: no warm-up: no dataset within {} directories of the catalog root",
          MAX_DIRECTORIES);
      return 0;
    }
    warmed = path;
    String directory = PercentEncoding.path(path.substring(0, path.lastIndexOf('/') + 1));
    path = PercentEncoding.path(path);
    List<String[]> requests =
        List.of(
            new String[] {"GET", path + ".das"},
            new String[] {"GET", path + ".dds"},
            new String[] {"GET", path + ".dmr"},
            new String[] {"GET", path + ".dmr.html"},
            new String[] {"HEAD", path + ".dods"},
            new String[] {"HEAD", path + ".dap"},
            new String[] {"GET", path + ".ver"},
            new String[] {"GET", directory},
            new String[] {"GET", directory + "catalog.xml"});
    int answered = 0;
    for (int round = 0; round < ROUNDS; round++) {
      for (String[] request : requests) {
        InternalRequests.Response response = new InternalRequests.Response();
        try {
          servlet.service(
              InternalRequests.uncounted(
                  request[0], context, request[1], Map.of("Accept-Encoding", "gzip")),
              response.build());
        } catch (IOException | ServletException | RuntimeException e) {
          log.info(
              "olfs-fastpath: warm-up stopped at {} {}: {}", request[0], request[1], e.toString());
          return answered;
        }
        if (response.status >= 500) {
          log.info(
              "olfs-fastpath: warm-up stopped: {} {} answered {}",
              request[0],
              request[1],
              response.status);
          return answered;
        }
        answered++;
      }
    }
    log.info(
        "olfs-fastpath: request path warmed with {} internal requests for {} in {} ms",
        answered,
        path,
        (System.nanoTime() - start) / 1_000_000);
    return answered;
  }

  /** The first dataset of a breadth-first walk from the root, listing few directories. */
  private @Nullable String findDataset() throws IOException {
    Deque<String> directories = new ArrayDeque<>(List.of("/"));
    int listed = 0;
    while (!directories.isEmpty() && listed < MAX_DIRECTORIES) {
      String directory = directories.removeFirst();
      DataSource listing = backend.lookup(directory);
      listed++;
      String prefix = directory.equals("/") ? "/" : directory + "/";
      for (DataSource.Child child : listing.children()) {
        if (child.isData() && !child.isDirectory()) {
          return prefix + child.name();
        }
        if (child.isDirectory()) {
          directories.addLast(prefix + child.name());
        }
      }
    }
    return null;
  }
}
