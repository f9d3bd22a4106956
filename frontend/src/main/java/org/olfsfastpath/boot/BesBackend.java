package org.olfsfastpath.boot;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.olfsfastpath.bes.BesClient;
import org.olfsfastpath.bes.BesGroup;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.bes.BesRouter;
import org.olfsfastpath.bes.Caller;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.bes.MemberVersion;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.DataSourceCache;
import org.olfsfastpath.cache.ResponseCache;
import org.olfsfastpath.dap.VersionDocument;
import org.olfsfastpath.json.Json;
import org.olfsfastpath.ops.CacheAdmin;
import org.olfsfastpath.ops.StatusSections;
import org.olfsfastpath.web.DapBackend;

/**
 * The real {@link DapBackend}, pure delegation: lookups go to the data-source cache (whose loader
 * is {@code router::showNode}), gets and the site map to the {@link BesRouter}, which routes each
 * catalog path to its BES group; the response cache keys answers by the router's group of the path.
 * Holds what {@link Assembly#backend} built from olfs.xml, and closes it.
 */
public final class BesBackend implements DapBackend, CacheAdmin, Closeable {
  private final BesRouter router;
  private final DataSourceCache cache;
  private final ResponseCache responses;

  BesBackend(BesRouter router, DataSourceCache cache, ResponseCache responses) {
    this.router = router;
    this.cache = cache;
    this.responses = responses;
  }

  /** The router, for the metrics, the status document and the tests of the assembly. */
  BesRouter router() {
    return router;
  }

  /** The first BES of the {@code /} group, for the tests of the assembly. */
  BesClient client() {
    return router.rootGroup().members().get(0);
  }

  /** The data-source cache, for JMX, the metrics and the tests of the assembly. */
  DataSourceCache cache() {
    return cache;
  }

  @Override
  public DataSource lookup(String path) throws IOException {
    return cache.lookup(path);
  }

  @Override
  public DataSource lookup(String path, Caller caller) throws IOException {
    return cache.lookup(path, caller);
  }

  @Override
  public DataSource lookupChecked(String path, Caller caller) throws IOException {
    return cache.lookupChecked(path, caller);
  }

  @Override
  public BesResponse get(GetRequest request, Caller caller) throws IOException {
    return router.get(request, caller);
  }

  @Override
  public String groupOf(String path) {
    return router.groupOf(path);
  }

  @Override
  public ResponseCache responses() {
    return responses;
  }

  @Override
  public byte[] buildSiteMap(String prefix, String nodeSuffix, String leafSuffix)
      throws IOException {
    return router.buildSiteMap(prefix, nodeSuffix, leafSuffix);
  }

  @Override
  public List<String> showBesKey(String path, String key) throws IOException {
    return router.showBesKey(path, key);
  }

  @Override
  public List<VersionDocument.Bes> versions() {
    List<VersionDocument.Bes> versions = new ArrayList<>();
    for (BesGroup group : router.groups()) {
      for (MemberVersion member : group.showVersion()) {
        versions.add(
            new VersionDocument.Bes(
                group.prefix(), member.endpoint().toString(), member.document()));
      }
    }
    return versions;
  }

  /** Every BES, not yet asked for its version. */
  public List<VersionDocument.Bes> unaskedVersions() {
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
  public Map<String, Object> statistics(boolean operator) {
    Map<String, Object> sections = new LinkedHashMap<>();
    sections.put("cache", StatusSections.dataSourceCache(cache.stats()));
    sections.put("responseCache", StatusSections.responseCache(responses.stats()));
    sections.put("pool", Json.fields(router.poolStats()));
    sections.put("groups", StatusSections.groups(router.stats(), operator));
    return sections;
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
