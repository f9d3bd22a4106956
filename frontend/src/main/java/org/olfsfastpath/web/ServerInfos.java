package org.olfsfastpath.web;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.meta.ServerInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who runs each BES, as its bes.conf says ({@code BES.ServerAdministrator}, {@code SupportEmail}):
 * the publisher of the discovery records and of the listings' JSON-LD when a dataset names none.
 * Asked once per BES group, at the first record or listing that needs it, and kept for the life of
 * the front end, as the BES's version is; a BES that cannot be asked is asked again next time, and
 * until then the records name no publisher (their cache key says so, so a later answer is not
 * hidden by them). A key the BES does not have is an empty list, never an invented value.
 */
final class ServerInfos {
  private static final Logger log = LoggerFactory.getLogger(ServerInfos.class);

  private final DapBackend backend;
  private final ConcurrentMap<String, ServerInfo> byGroup = new ConcurrentHashMap<>();

  ServerInfos(DapBackend backend) {
    this.backend = backend;
  }

  /** The administrator of the BES that serves {@code path}, or {@link ServerInfo#NONE}. */
  ServerInfo of(String path) {
    String group = backend.groupOf(path);
    ServerInfo known = byGroup.get(group);
    if (known != null) {
      return known;
    }
    try {
      ServerInfo asked =
          ServerInfo.of(key(path, "BES.ServerAdministrator"), key(path, "SupportEmail"));
      ServerInfo kept = byGroup.putIfAbsent(group, asked);
      return kept != null ? kept : asked;
    } catch (IOException e) {
      log.warn(
          "the BES of group '{}' could not be asked who administers it ({}); the records name no"
              + " publisher until it can",
          group,
          e.toString());
      return ServerInfo.NONE;
    }
  }

  private List<String> key(String path, String key) throws IOException {
    try {
      return backend.showBesKey(path, key);
    } catch (BesErrorException e) {
      return List.of(); // The BES has no such key: nothing to name.
    }
  }
}
