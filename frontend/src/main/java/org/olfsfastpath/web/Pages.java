package org.olfsfastpath.web;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import org.olfsfastpath.pages.FormType;
import org.olfsfastpath.pages.Site;

/**
 * The site the pages describe: the service URL, which request form links point to, whether files
 * may be downloaded, when a download asks first. Pages for one client name the URL that client used
 * (behind a proxy, the proxy's); the site map, cached for everyone, names one canonical URL: the
 * configured {@code serviceUrl}, else the first request's.
 */
final class Pages {
  private final FormType form;
  private final boolean fileAccess;
  private final long largeDownload;
  private final String settingsTag;
  private final AtomicReference<Site> canonical = new AtomicReference<>();

  Pages(FrontEndSettings settings) {
    this.form = settings.dataRequestForm();
    this.fileAccess = settings.allowDirectDataSourceAccess();
    this.largeDownload = settings.largeDownload();
    this.settingsTag = "form=" + form + " files=" + fileAccess;
    settings
        .serviceUrl()
        .ifPresent(url -> canonical.set(new Site(url, form, fileAccess, largeDownload)));
  }

  /** The site as this client reaches it. */
  Site site(Exchange ex) {
    return new Site(ex.serviceUrl(), form, fileAccess, largeDownload);
  }

  /**
   * What a page's or record's bytes depend on among these settings besides the URL, as one string
   * for a cache key, made once.
   */
  String settingsTag() {
    return settingsTag;
  }

  /** The one site the site map names. */
  Site canonical(Exchange ex) {
    Site site = canonical.get();
    if (site == null) {
      canonical.compareAndSet(null, site(ex));
      site = Objects.requireNonNull(canonical.get(), "set just above");
    }
    return site;
  }

  /** The request form links point to. */
  FormType form() {
    return form;
  }
}
