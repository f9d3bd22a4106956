package org.olfsfastpath.web;

import java.io.IOException;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesError;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.dap.DapRequest;
import org.olfsfastpath.pages.PageHeaders;
import org.olfsfastpath.pages.Site;
import org.olfsfastpath.pages.SiteMap;
import org.olfsfastpath.pages.SiteMapCache;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers {@code robots.txt}, {@code siteMap/} and {@code siteMap/smap_N.txt} from a site map built
 * once and rebuilt in the background when it is older than the refresh interval: a crawler never
 * makes the BES walk its catalog. The map comes from the BES's {@code buildSiteMap} (one command
 * for the whole catalog); a BES without that command is walked with showNode through the
 * data-source cache.
 */
final class SiteMapResponder {
  private static final Logger log = LoggerFactory.getLogger(SiteMapResponder.class);

  /** Any prefix works: it is sent, then taken off every line and the service URL put there. */
  private static final String PREFIX = "http://sitemap.invalid/";

  private final DapBackend backend;
  private final Pages pages;
  private final SiteMapCache cache;
  private volatile @Nullable Site site;

  SiteMapResponder(DapBackend backend, Pages pages, FrontEndSettings settings) {
    this.backend = backend;
    this.pages = pages;
    this.cache =
        SiteMapCache.newBuilder()
            .loader(this::build)
            .refreshInterval(settings.siteMapRefresh())
            .build();
  }

  /** How many times the map was built, for the status document. */
  long builds() {
    return cache.loadCount();
  }

  void send(Exchange ex, DapRequest.SiteMap request)
      throws IOException, Refusal, ClientGoneException {
    site = pages.canonical(ex);
    SiteMap map = cache.get();
    ex.resp.setContentType(PageHeaders.TEXT_TYPE);
    if (request.file().isEmpty()) {
      BodyCopy.write(ex, map.robotsTxt().getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return;
    }
    int index = request.file().getAsInt();
    if (index >= map.fileCount()) {
      throw new Refusal(
          404,
          "no site map file "
              + SiteMap.fileName(index)
              + ": there are "
              + map.fileCount()
              + ", "
              + SiteMap.fileName(0)
              + " to "
              + SiteMap.fileName(map.fileCount() - 1));
    }
    ex.resp.setContentLength(map.fileLength(index));
    if (!ex.head) {
      try {
        map.writeFile(index, ex.resp.getOutputStream());
      } catch (IOException e) {
        throw new ClientGoneException(e);
      }
    }
  }

  private SiteMap build() throws IOException {
    Site current = Objects.requireNonNull(site, "a request sets the site before asking");
    try {
      byte[] answer =
          backend.buildSiteMap(PREFIX, SiteMap.DIRECTORY_PAGE, current.formType().suffix());
      return SiteMap.fromBuildSiteMap(answer, PREFIX, current);
    } catch (BesErrorException e) {
      if (e.error().type() != BesError.SYNTAX_USER) {
        throw e;
      }
      // A BES that does not know buildSiteMap says so as a syntax error.
      log.info(
          "olfs-fastpath: the BES has no buildSiteMap ({}); walking the catalog instead",
          e.error().message().strip());
      return SiteMap.walk(backend::lookup, current);
    }
  }
}
