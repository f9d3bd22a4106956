package org.olfsfastpath.web;

import static org.olfsfastpath.spec.Checks.requireArgument;

import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.dap.DapRequestParser;
import org.olfsfastpath.pages.FormType;
import org.olfsfastpath.pages.Site;
import org.olfsfastpath.spec.Setting;
import org.olfsfastpath.spec.Settings;
import org.olfsfastpath.spec.Specs;

/**
 * What the web layer itself is configured with: request limits, compression, the 503's
 * Retry-After, the operator token, how BES messages are scrubbed, the URL options of the
 * upstream OLFS (what the bare dataset URL answers, which request form, direct file access,
 * download names, POST, the site map's age), and the size above which a request form asks before
 * a download. Immutable; build with {@link #newBuilder()} or from a text spec with
 * {@link #from(Map)}. The settings of the BES client, the socket options and the caches belong to
 * those layers and are never mirrored here.
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

  private FrontEndSettings(Builder b) {
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
  }

  public static Builder newBuilder() {
    return new Builder();
  }

  /**
   * Returns a builder configured from a text spec whose keys are the builder's method names:
   * {@code maxUrlLength}, {@code maxConstraintLength}, {@code retryAfterSeconds} (integers),
   * {@code gzip} (boolean), {@code adminToken}, {@code catalogRoot}, {@code datasetUrlResponse}
   * ({@code download}, {@code requestForm}, {@code dsr}), {@code dataRequestForm} ({@code dap4},
   * {@code dap2}), {@code allowDirectDataSourceAccess}, {@code addFileoutTypeSuffix}, {@code
   * httpPost} (booleans), {@code httpPostMax} (bytes), {@code siteMapRefresh} (a duration),
   * {@code serviceUrl}, {@code warmUp}, {@code warmUpDataset}, {@code largeDownload} (a size)
   * and {@code trustedProxies}.
   *
   * @throws org.olfsfastpath.spec.SpecException naming the key and the raw value
   */
  public static Builder from(Map<String, String> spec) {
    Builder builder = newBuilder();
    builder.settings.apply(spec);
    return builder;
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
   * The service's absolute URL as users see it, e.g. {@code https://data.example.org/opendap}:
   * what the site map names; when unset, the first request's URL fixes it.
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

  /** The settings; never the admin token. */
  @Override
  public String toString() {
    return "maxUrlLength=" + maxUrlLength + ", maxConstraintLength=" + maxConstraintLength
        + ", gzip=" + gzip + ", retryAfter=" + retryAfterSeconds + "s, catalogRoot="
        + (catalogRoot == null ? "default" : catalogRoot) + ", adminToken="
        + (adminToken == null ? "none" : "set") + ", datasetUrlResponse=" + datasetUrlResponse
        + ", dataRequestForm=" + dataRequestForm + ", directAccess=" + allowDirectDataSourceAccess
        + ", post=" + (httpPost ? "up to " + httpPostMax + " bytes" : "off")
        + (trustedProxies.isEmpty() ? "" : ", trustedProxies=" + trustedProxies);
  }

  /**
   * Builds {@link FrontEndSettings}. Every setter validates at once and may be called once;
   * unset settings keep their defaults, which the getters return.
   */
  public static final class Builder {
    /** The settings a text spec sets, for {@link #from(Map)}: keys are the setters' names. */
    private final Settings settings = new Settings("front end");
    private final Setting<Integer> maxUrlLength = settings.add(Setting.atLeast("maxUrlLength",
        DapRequestParser.DEFAULT_MAX_URL_LENGTH, 64));
    private final Setting<Integer> maxConstraintLength = settings.add(Setting.atLeast(
        "maxConstraintLength", DapRequestParser.DEFAULT_MAX_CONSTRAINT_LENGTH, 1));
    private final Setting<Boolean> gzip = settings.add(Setting.bool("gzip", true));
    private final Setting<Integer> retryAfterSeconds = settings.add(Setting.between(
        "retryAfterSeconds", DEFAULT_RETRY_AFTER_SECONDS, 1, 3600));
    private final Setting<String> adminToken = settings.add(text("adminToken", token -> {
      requireArgument(token.length() >= 16, "adminToken was %d characters, must be at least 16",
          token.length());
      return token;
    }).shownAs(token -> "(a token)"));
    private final Setting<String> catalogRoot = settings.add(text("catalogRoot", root -> {
      requireArgument(root.startsWith("/"), "catalogRoot was '%s', must be an absolute path",
          root);
      return root;
    }));
    private final Setting<DatasetUrlResponse> datasetUrlResponse = settings.add(Setting.of(
        "datasetUrlResponse", DatasetUrlResponse.REQUEST_FORM)
        .text(DatasetUrlResponse::fromConfig));
    private final Setting<FormType> dataRequestForm = settings.add(
        Setting.of("dataRequestForm", FormType.DAP4).text(FormType::fromConfig));
    private final Setting<Boolean> allowDirectDataSourceAccess =
        settings.add(Setting.bool("allowDirectDataSourceAccess", false));
    private final Setting<Boolean> addFileoutTypeSuffix =
        settings.add(Setting.bool("addFileoutTypeSuffix", false));
    private final Setting<Boolean> httpPost = settings.add(Setting.bool("httpPost", true));
    private final Setting<Integer> httpPostMax = settings.add(
        Setting.between("httpPostMax", DEFAULT_POST_MAX, 1, MAX_POST_MAX));
    private final Setting<Duration> siteMapRefresh = settings.add(Setting.duration(
        "siteMapRefresh", DEFAULT_SITE_MAP_REFRESH, Duration.ofSeconds(1), Duration.ofDays(1)));
    private final Setting<String> serviceUrl = settings.add(text("serviceUrl", url -> {
      new Site(url, FormType.DAP4, false); // validates
      return url;
    }));
    private final Setting<Boolean> warmUp = settings.add(Setting.bool("warmUp", true));
    private final Setting<String> warmUpDataset = settings.add(text("warmUpDataset", path -> {
      requireArgument(path.startsWith("/") && !path.endsWith("/") && !path.contains("/../")
          && !path.endsWith("/.."), "warmUpDataset was '%s', must be a dataset's catalog path"
          + " such as /data/sst.nc", path);
      return path;
    }));
    private final Setting<Long> largeDownload = settings.add(Setting.atLeast("largeDownload",
        Site.DEFAULT_LARGE_DOWNLOAD, 0, Specs::size).shownAs(Specs::formatSize));

    private final Setting<String> trustedProxies = settings.add(Setting.of("trustedProxies", "")
        .text(String::strip).check(proxies -> {
          ClientAddresses.trusting(proxies); // validates
          return proxies.strip();
        }));

    private Builder() {}

    /**
     * The proxies whose {@code X-Forwarded-For} names the client (default none): IP addresses
     * and CIDR blocks, separated by blanks or commas, e.g. the nginx in front of several front
     * ends. The client is then the right-most address of the header that is not a trusted proxy.
     *
     * @throws IllegalArgumentException if an entry is neither an address nor a CIDR block
     * @throws IllegalStateException if already set
     */
    public Builder trustedProxies(String proxies) {
      trustedProxies.set(proxies);
      return this;
    }

    /**
     * @throws IllegalArgumentException if under 64
     * @throws IllegalStateException if already set
     */
    public Builder maxUrlLength(int length) {
      maxUrlLength.set(length);
      return this;
    }

    /**
     * @throws IllegalArgumentException if under 1
     * @throws IllegalStateException if already set
     */
    public Builder maxConstraintLength(int length) {
      maxConstraintLength.set(length);
      return this;
    }

    /** @throws IllegalStateException if already set */
    public Builder gzip(boolean gzip) {
      this.gzip.set(gzip);
      return this;
    }

    /**
     * @throws IllegalArgumentException if not 1-3600
     * @throws IllegalStateException if already set
     */
    public Builder retryAfterSeconds(int seconds) {
      retryAfterSeconds.set(seconds);
      return this;
    }

    /**
     * @throws IllegalArgumentException if shorter than 16 characters
     * @throws IllegalStateException if already set
     */
    public Builder adminToken(String token) {
      adminToken.set(token);
      return this;
    }

    /**
     * @throws IllegalArgumentException if not absolute
     * @throws IllegalStateException if already set
     */
    public Builder catalogRoot(String root) {
      catalogRoot.set(root);
      return this;
    }

    /**
     * Sets what the bare dataset URL answers (default {@code requestForm}, upstream's when its
     * olfs.xml says nothing).
     *
     * @throws IllegalStateException if already set
     */
    public Builder datasetUrlResponse(DatasetUrlResponse response) {
      datasetUrlResponse.set(response);
      return this;
    }

    /**
     * Sets the request form links point to (default DAP4).
     *
     * @throws IllegalStateException if already set
     */
    public Builder dataRequestForm(FormType form) {
      dataRequestForm.set(form);
      return this;
    }

    /**
     * Allows the download of dataset files themselves (default: not allowed, a 403).
     *
     * @throws IllegalStateException if already set
     */
    public Builder allowDirectDataSourceAccess(boolean allow) {
      allowDirectDataSourceAccess.set(allow);
      return this;
    }

    /**
     * Replaces a dataset name's extension of one to three characters by the download's
     * ({@code fnoc1.nc4} rather than {@code fnoc1.nc.nc4}; default off).
     *
     * @throws IllegalStateException if already set
     */
    public Builder addFileoutTypeSuffix(boolean replace) {
      addFileoutTypeSuffix.set(replace);
      return this;
    }

    /**
     * Accepts POST on dataset URLs (default on, as upstream's shipped olfs.xml).
     *
     * @throws IllegalStateException if already set
     */
    public Builder httpPost(boolean enabled) {
      httpPost.set(enabled);
      return this;
    }

    /**
     * Sets the largest POST body, in bytes (default 2,000,000).
     *
     * @throws IllegalArgumentException if not 1 to 10,000,000
     * @throws IllegalStateException if already set
     */
    public Builder httpPostMax(int bytes) {
      httpPostMax.set(bytes);
      return this;
    }

    /**
     * Sets how old the site map may get before it is rebuilt (default 600 s).
     *
     * @throws IllegalArgumentException if not between 1 s and 1 day
     * @throws IllegalStateException if already set
     */
    public Builder siteMapRefresh(Duration refresh) {
      siteMapRefresh.set(refresh);
      return this;
    }

    /**
     * Sets the service's absolute URL as users see it.
     *
     * @throws IllegalArgumentException if not an absolute http or https URL without query
     * @throws IllegalStateException if already set
     */
    public Builder serviceUrl(String url) {
      serviceUrl.set(url);
      return this;
    }

    /**
     * Warms the request path right after start (default on).
     *
     * @throws IllegalStateException if already set
     */
    public Builder warmUp(boolean warm) {
      warmUp.set(warm);
      return this;
    }

    /**
     * Sets the dataset the warm-up asks about, a catalog path.
     *
     * @throws IllegalArgumentException if not an absolute catalog path
     * @throws IllegalStateException if already set
     */
    public Builder warmUpDataset(String path) {
      warmUpDataset.set(path);
      return this;
    }

    /**
     * Sets the answer size in bytes above which the request forms ask before a download (default
     * 100 MB); 0 never asks.
     *
     * @throws IllegalArgumentException if negative
     * @throws IllegalStateException if already set
     */
    public Builder largeDownload(long bytes) {
      largeDownload.set(bytes);
      return this;
    }

    public long getLargeDownload() {
      return largeDownload.get();
    }

    public boolean getWarmUp() {
      return warmUp.get();
    }

    public DatasetUrlResponse getDatasetUrlResponse() {
      return datasetUrlResponse.get();
    }

    public FormType getDataRequestForm() {
      return dataRequestForm.get();
    }

    public boolean getAllowDirectDataSourceAccess() {
      return allowDirectDataSourceAccess.get();
    }

    public boolean getAddFileoutTypeSuffix() {
      return addFileoutTypeSuffix.get();
    }

    public boolean getHttpPost() {
      return httpPost.get();
    }

    public int getHttpPostMax() {
      return httpPostMax.get();
    }

    public Duration getSiteMapRefresh() {
      return siteMapRefresh.get();
    }

    public int getMaxUrlLength() {
      return maxUrlLength.get();
    }

    public int getMaxConstraintLength() {
      return maxConstraintLength.get();
    }

    public boolean getGzip() {
      return gzip.get();
    }

    public int getRetryAfterSeconds() {
      return retryAfterSeconds.get();
    }

    /** A text setting, stripped of surrounding blanks as olfs.xml writes it; no default. */
    private static Setting<String> text(String name, UnaryOperator<String> check) {
      return Setting.of(name, (String) null).text(String::strip).check(check);
    }

    public FrontEndSettings build() {
      return new FrontEndSettings(this);
    }
  }
}
