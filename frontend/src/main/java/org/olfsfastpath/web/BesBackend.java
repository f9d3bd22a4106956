package org.olfsfastpath.web;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.olfsfastpath.bes.BesClient;
import org.olfsfastpath.bes.BesEventListener;
import org.olfsfastpath.bes.BesGroup;
import org.olfsfastpath.bes.BesNode;
import org.olfsfastpath.bes.BesPoolStats;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.bes.BesRouter;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.bes.MemberVersion;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.DataSourceCache;
import org.olfsfastpath.cache.ResponseCache;
import org.olfsfastpath.dap.VersionDocument;

/**
 * The real {@link DapBackend}: every BES of olfs.xml in its group, the router that picks the group
 * for a catalog path (and strips its prefix), the data-source cache in front of them keyed by the
 * whole catalog path (so two groups never share an entry), and the response cache keyed by group.
 * Built from the settings; owns all of it and closes it.
 */
final class BesBackend implements DapBackend, CacheAdmin, Closeable {
  private final BesRouter router;
  private final DataSourceCache cache;
  private final ResponseCache responses;

  private BesBackend(BesRouter router, DataSourceCache cache, ResponseCache responses) {
    this.router = router;
    this.cache = cache;
    this.responses = responses;
  }

  /**
   * Builds the groups, their clients and the caches from the configuration. Nothing connects yet:
   * the first request (or the prewarm) opens the first BES connection, so the web application
   * starts even while a BES is down.
   *
   * @param listener receives the BES layer's events (command times, ejections)
   * @throws ConfigurationException naming the setting, if a layer refuses a value
   */
  static BesBackend create(FrontEndConfig config, BesEventListener listener) {
    BesRouter router = Assembly.router(config, listener);
    DataSourceCache cache = null;
    try {
      cache = Assembly.cache(config, path -> showNode(router, path));
      return new BesBackend(router, cache, Assembly.responseCache(config));
    } catch (RuntimeException e) {
      if (cache != null) {
        cache.close();
      }
      router.close();
      throw e;
    }
  }

  /** The catalog's entry for a whole path, asked of the group that serves it. */
  private static BesNode showNode(BesRouter router, String path) throws IOException {
    BesRouter.Route route = router.route(path);
    return route.group().showNode(route.path());
  }

  /** The router, for the tests of the assembly. */
  BesRouter router() {
    return router;
  }

  /** The first BES of the {@code /} group, for the tests of the assembly. */
  BesClient client() {
    return router.rootGroup().members().get(0);
  }

  /** The cache, for the tests of the assembly. */
  DataSourceCache cache() {
    return cache;
  }

  @Override
  public DataSource lookup(String path) throws IOException {
    return cache.lookup(path);
  }

  @Override
  public BesResponse get(GetRequest request) throws IOException {
    BesRouter.Route route = router.route(request.path());
    return route.group().get(request.withPath(route.path()));
  }

  @Override
  public String groupOf(String path) {
    return router.route(path).group().prefix();
  }

  @Override
  public ResponseCache responses() {
    return responses;
  }

  /**
   * The site map of every group: each BES lists its own catalog, so a group's lines get the
   * group's prefix, and lines a longer prefix routes elsewhere are dropped (the {@code /} group's
   * BES may hold a directory another group serves).
   */
  @Override
  public byte[] buildSiteMap(String prefix, String nodeSuffix, String leafSuffix)
      throws IOException {
    String base = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
    StringBuilder all = new StringBuilder();
    for (BesGroup group : router.groups()) {
      String groupBase = group.prefix().equals("/") ? base : base + group.prefix();
      byte[] answer = group.buildSiteMap(groupBase + "/", nodeSuffix, leafSuffix);
      for (String line : new String(answer, StandardCharsets.UTF_8).split("\r?\n")) {
        if (!line.startsWith(base + "/")) {
          continue;
        }
        String catalogPath = line.substring(base.length());
        if (router.route(catalogPath).group() == group) {
          all.append(line).append('\n');
        }
      }
    }
    return all.toString().getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public List<VersionDocument.Bes> versions() {
    List<VersionDocument.Bes> versions = new ArrayList<>();
    for (BesGroup group : router.groups()) {
      for (MemberVersion member : group.showVersion()) {
        versions.add(new VersionDocument.Bes(group.prefix(), member.endpoint().toString(),
            member.document()));
      }
    }
    return versions;
  }

  /** Every BES, not yet asked for its version. */
  List<VersionDocument.Bes> unaskedVersions() {
    List<VersionDocument.Bes> versions = new ArrayList<>();
    for (BesGroup group : router.groups()) {
      for (BesClient client : group.members()) {
        versions.add(new VersionDocument.Bes(group.prefix(), client.endpoint().toString(), null));
      }
    }
    return versions;
  }

  /** Drops what both caches hold for {@code path}: its catalog entry and its answers. */
  @Override
  public void invalidate(String path) {
    cache.invalidate(path);
    responses.invalidate(path);
  }

  @Override
  public void invalidateAll() {
    cache.invalidateAll();
    responses.invalidateAll();
  }

  @Override
  public Map<String, Object> statistics() {
    Map<String, Object> sections = new LinkedHashMap<>();
    sections.put("cache", StatusSections.dataSourceCache(cache.stats()));
    sections.put("responseCache", StatusSections.responseCache(responses.stats()));
    sections.put("pool", StatusSections.pool(poolStats()));
    sections.put("groups", StatusSections.groups(router.stats()));
    return sections;
  }

  /** Every BES's pool added up, for JMX and the status document. */
  BesPoolStats poolStats() {
    BesPoolStats sum = BesPoolStats.EMPTY;
    for (BesGroup group : router.groups()) {
      for (BesClient client : group.members()) {
        sum = sum.plus(client.poolStats());
      }
    }
    return sum;
  }

  /** Each BES by name, with its pool's counters, for the metrics. */
  Map<String, BesClient> clientsByName() {
    Map<String, BesClient> clients = new LinkedHashMap<>();
    for (BesGroup group : router.groups()) {
      for (BesClient client : group.members()) {
        clients.put(client.endpoint().toString(), client);
      }
    }
    return clients;
  }

  @Override
  public void close() {
    try {
      responses.close();
      cache.close();
    } finally {
      router.close();
    }
  }

  @Override
  public String toString() {
    return router.toString();
  }
}
