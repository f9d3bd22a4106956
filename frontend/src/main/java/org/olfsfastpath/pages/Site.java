package org.olfsfastpath.pages;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Objects;
import org.olfsfastpath.dap.PercentEncoding;

/**
 * What every page needs to know about the server it is on. Value-based and immutable.
 *
 * @param serviceUrl the absolute URL of the catalog root as clients see it, without a trailing
 *     slash, e.g. {@code http://example.org/opendap}; absolute links in JSON-LD, copyable data URLs
 *     and the site map start with it, while links between pages stay relative
 * @param formType the configured data request form, where listings and the site map link datasets
 * @param fileAccess whether datasets' source files may be downloaded ({@code .file}), olfs.xml's
 *     {@code <AllowDirectDataSourceAccess/>}
 * @param largeDownload the answer size in bytes above which the request forms ask before a
 *     download; 0 never asks
 */
public record Site(String serviceUrl, FormType formType, boolean fileAccess, long largeDownload) {
  /** The default {@link #largeDownload()}: 100 MB. */
  public static final long DEFAULT_LARGE_DOWNLOAD = 100_000_000L;

  /**
   * Checks and normalizes the service URL (one trailing slash is dropped).
   *
   * @throws IllegalArgumentException if {@code serviceUrl} is not an absolute http or https URL
   *     without query or fragment
   */
  public Site {
    Objects.requireNonNull(serviceUrl, "serviceUrl == null");
    Objects.requireNonNull(formType, "formType == null");
    if (largeDownload < 0) {
      throw new IllegalArgumentException("largeDownload was " + largeDownload + ", must be >= 0");
    }
    if (serviceUrl.endsWith("/")) {
      serviceUrl = serviceUrl.substring(0, serviceUrl.length() - 1);
    }
    URI uri;
    try {
      uri = new URI(serviceUrl);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "serviceUrl was \"" + serviceUrl + "\", must be an absolute http or https URL", e);
    }
    if (!("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()))
        || uri.getRawAuthority() == null
        || uri.getRawQuery() != null
        || uri.getRawFragment() != null) {
      throw new IllegalArgumentException(
          "serviceUrl was \""
              + serviceUrl
              + "\", must be an absolute http or https URL without query or fragment");
    }
  }

  /** A site that asks before downloads over {@link #DEFAULT_LARGE_DOWNLOAD}. */
  public Site(String serviceUrl, FormType formType, boolean fileAccess) {
    this(serviceUrl, formType, fileAccess, DEFAULT_LARGE_DOWNLOAD);
  }

  /**
   * The absolute path of the catalog root on the server, ending in a slash, e.g. {@code /opendap/};
   * the THREDDS service base.
   */
  public String servicePath() {
    String path = URI.create(serviceUrl).getRawPath();
    return path == null || path.isEmpty() ? "/" : path + "/";
  }

  /**
   * The absolute URL of a catalog path, e.g. {@code /nc/a b.nc} becomes {@code
   * http://example.org/opendap/nc/a%20b.nc}.
   */
  public String url(String catalogPath) {
    return serviceUrl
        + PercentEncoding.path(catalogPath.startsWith("/") ? catalogPath : "/" + catalogPath);
  }
}
