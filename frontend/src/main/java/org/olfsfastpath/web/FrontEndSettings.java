package org.olfsfastpath.web;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.pages.FormType;

/**
 * What the web layer itself is configured with: request limits, compression, the 503's Retry-After,
 * the operator token, how BES messages are scrubbed, the URL options of the upstream OLFS (what the
 * bare dataset URL answers, which request form, direct file access, download names, POST, the site
 * map's age), and the size above which a request form asks before a download. Immutable; build with
 * {@link #newBuilder()} or from a text spec with {@link #from(Map)}. The settings of the BES
 * client, the socket options and the caches belong to those layers and are never mirrored here.
 */
public final class FrontEndSettings {
  /** Default Retry-After of a 503, in seconds. */
  public static final int DEFAULT_RETRY_AFTER_SECONDS = 1;

  /** Default largest POST body, in bytes, as upstream's HttpPost max. */
  public static final int DEFAULT_POST_MAX = 2_000_000;

  /** The largest POST body limit accepted, as upstream's absolute cap. */
  public static final int MAX_POST_MAX = 10_000_000;

  /** Default age after which the site map is rebuilt, as upstream's SiteMapCache. */
  public static final Duration DEFAULT_SITE_MAP_REFRESH = Duration.ofSeconds(600);

  private final int maxUrlLength;
  private final int maxConstraintLength;
  private final boolean gzip;
  private final int retryAfterSeconds;
  private final @Nullable String adminToken;
  private final @Nullable String catalogRoot;
  private final DatasetUrlResponse datasetUrlResponse;
  private final FormType dataRequestForm;
  private final boolean allowDirectDataSourceAccess;
  private final boolean addFileoutTypeSuffix;
  private final boolean httpPost;
  private final int httpPostMax;
  private final Duration siteMapRefresh;
  private final @Nullable String serviceUrl;
  private final boolean warmUp;
  private final @Nullable String warmUpDataset;
  private final long largeDownload;
  private final String trustedProxies;
  private final String requestIdHeader;
  private final int requestIdMaxLength;
  private final boolean combinedLog;

  FrontEndSettings(FrontEndSettingsBuilder b) {
    this.maxUrlLength = b.getMaxUrlLength();
    this.maxConstraintLength = b.getMaxConstraintLength();
    this.gzip = b.getGzip();
    this.retryAfterSeconds = b.getRetryAfterSeconds();
    this.adminToken = b.adminToken.orNull();
    this.catalogRoot = b.catalogRoot.orNull();
    this.datasetUrlResponse = b.getDatasetUrlResponse();
    this.dataRequestForm = b.getDataRequestForm();
    this.allowDirectDataSourceAccess = b.getAllowDirectDataSourceAccess();
    this.addFileoutTypeSuffix = b.getAddFileoutTypeSuffix();
    this.httpPost = b.getHttpPost();
    this.httpPostMax = b.getHttpPostMax();
    this.siteMapRefresh = b.getSiteMapRefresh();
    this.serviceUrl = b.serviceUrl.orNull();
    this.warmUp = b.getWarmUp();
    this.warmUpDataset = b.warmUpDataset.orNull();
    this.largeDownload = b.getLargeDownload();
    this.trustedProxies = b.trustedProxies.get();
    this.requestIdHeader = b.getRequestIdHeader();
    this.requestIdMaxLength = b.getRequestIdMaxLength();
    this.combinedLog = b.getCombinedLog();
  }

  public static FrontEndSettingsBuilder newBuilder() {
    return new FrontEndSettingsBuilder();
  }

  /**
   * Returns a builder configured from a text spec whose keys are the builder's method names: {@code
   * maxUrlLength}, {@code maxConstraintLength}, {@code retryAfterSeconds} (integers), {@code gzip}
   * (boolean), {@code adminToken}, {@code catalogRoot}, {@code datasetUrlResponse} ({@code
   * download}, {@code requestForm}, {@code dsr}), {@code dataRequestForm} ({@code dap4}, {@code
   * dap2}), {@code allowDirectDataSourceAccess}, {@code addFileoutTypeSuffix}, {@code httpPost}
   * (booleans), {@code httpPostMax} (bytes), {@code siteMapRefresh} (a duration), {@code
   * serviceUrl}, {@code warmUp}, {@code warmUpDataset}, {@code largeDownload} (a size), {@code
   * trustedProxies}, {@code requestIdHeader}, {@code requestIdMaxLength} (an integer) and {@code
   * combinedLog} (a boolean).
   *
   * @throws org.olfsfastpath.spec.SpecException naming the key and the raw value
   */
  public static FrontEndSettingsBuilder from(Map<String, String> spec) {
    return newBuilder().apply(spec);
  }

  /** The settings with every default. */
  public static FrontEndSettings defaults() {
    return newBuilder().build();
  }

  /** The longest raw path plus query string accepted; longer is a 414 before any BES message. */
  public int maxUrlLength() {
    return maxUrlLength;
  }

  /** The longest decoded constraint accepted; longer is a 414. */
  public int maxConstraintLength() {
    return maxConstraintLength;
  }

  /** Whether textual responses are gzip-compressed for clients that accept it. */
  public boolean gzip() {
    return gzip;
  }

  /** The Retry-After value of a 503 when every BES connection is busy. */
  public int retryAfterSeconds() {
    return retryAfterSeconds;
  }

  /** The token that authorizes operator actions from other hosts, if any. */
  public Optional<String> adminToken() {
    return Optional.ofNullable(adminToken);
  }

  /**
   * The BES catalog root as the BES names it in messages, removed from them; when unset the
   * composition uses the data root.
   */
  public Optional<String> catalogRoot() {
    return Optional.ofNullable(catalogRoot);
  }

  /** What the bare dataset URL answers. */
  public DatasetUrlResponse datasetUrlResponse() {
    return datasetUrlResponse;
  }

  /** The request form listings, the site map and the bare dataset URL point to. */
  public FormType dataRequestForm() {
    return dataRequestForm;
  }

  /** Whether the dataset file itself may be downloaded ({@code .file}, the bare URL). */
  public boolean allowDirectDataSourceAccess() {
    return allowDirectDataSourceAccess;
  }

  /** Whether a download's name replaces the dataset's short extension with the response's. */
  public boolean addFileoutTypeSuffix() {
    return addFileoutTypeSuffix;
  }

  /** Whether dataset URLs take POST with a form-encoded constraint. */
  public boolean httpPost() {
    return httpPost;
  }

  /** The largest POST body accepted, in bytes; larger is a 413. */
  public int httpPostMax() {
    return httpPostMax;
  }

  /** How old the site map may get before it is rebuilt in the background. */
  public Duration siteMapRefresh() {
    return siteMapRefresh;
  }

  /**
   * The service's absolute URL as users see it, e.g. {@code https://data.example.org/opendap}: what
   * the site map names; when unset, the first request's URL fixes it.
   */
  public Optional<String> serviceUrl() {
    return Optional.ofNullable(serviceUrl);
  }

  /** Whether the request path is warmed with internal requests right after start. */
  public boolean warmUp() {
    return warmUp;
  }

  /** The dataset the warm-up asks about; when unset, the first one found near the root. */
  public Optional<String> warmUpDataset() {
    return Optional.ofNullable(warmUpDataset);
  }

  /** The answer size above which the request forms ask before a download; 0 never asks. */
  public long largeDownload() {
    return largeDownload;
  }

  /**
   * The proxies whose {@code X-Forwarded-For} names the client (addresses and CIDR blocks,
   * separated by blanks or commas); empty when none is trusted, the default.
   */
  public String trustedProxies() {
    return trustedProxies;
  }

  /** The response header that echoes the request's id. */
  public String requestIdHeader() {
    return requestIdHeader;
  }

  /** The length a client's request id is cut to. */
  public int requestIdMaxLength() {
    return requestIdMaxLength;
  }

  /** Whether each data get carries the {@code olfsLog} context ({@code EnableCombinedLog}). */
  public boolean combinedLog() {
    return combinedLog;
  }

  /** The settings; never the admin token. */
  @Override
  public String toString() {
    return "maxUrlLength="
        + maxUrlLength
        + ", maxConstraintLength="
        + maxConstraintLength
        + ", gzip="
        + gzip
        + ", retryAfter="
        + retryAfterSeconds
        + "s, catalogRoot="
        + (catalogRoot == null ? "default" : catalogRoot)
        + ", adminToken="
        + (adminToken == null ? "none" : "set")
        + ", datasetUrlResponse="
        + datasetUrlResponse
        + ", dataRequestForm="
        + dataRequestForm
        + ", directAccess="
        + allowDirectDataSourceAccess
        + ", post="
        + (httpPost ? "up to " + httpPostMax + " bytes" : "off")
        + (trustedProxies.isEmpty() ? "" : ", trustedProxies=" + trustedProxies)
        + (combinedLog ? ", combinedLog" : "");
  }
}
