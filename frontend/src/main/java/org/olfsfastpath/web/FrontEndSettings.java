package org.olfsfastpath.web;

import static org.olfsfastpath.spec.Checks.requireArgument;
import static org.olfsfastpath.spec.Checks.requireState;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.dap.DapRequestParser;
import org.olfsfastpath.pages.FormType;
import org.olfsfastpath.pages.Site;
import org.olfsfastpath.spec.SpecParser;
import org.olfsfastpath.spec.Specs;

/**
 * What the web layer itself is configured with: request limits, compression, the 503's
 * Retry-After, the operator token, how BES messages are scrubbed, and the URL options of the
 * upstream OLFS (what the bare dataset URL answers, which request form, direct file access,
 * download names, POST, the site map's age). Immutable; build with
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

  /** The text settings: keys are the builder's method names. */
  private static final SpecParser<Builder> SPEC = SpecParser.<Builder>named("front end")
      .intValue("maxUrlLength", Builder::maxUrlLength)
      .intValue("maxConstraintLength", Builder::maxConstraintLength)
      .bool("gzip", Builder::gzip)
      .intValue("retryAfterSeconds", Builder::retryAfterSeconds)
      .text("adminToken", Builder::adminToken)
      .text("catalogRoot", Builder::catalogRoot)
      .with("datasetUrlResponse", DatasetUrlResponse::fromConfig, Builder::datasetUrlResponse)
      .with("dataRequestForm", FormType::fromConfig, Builder::dataRequestForm)
      .bool("allowDirectDataSourceAccess", Builder::allowDirectDataSourceAccess)
      .bool("addFileoutTypeSuffix", Builder::addFileoutTypeSuffix)
      .bool("httpPost", Builder::httpPost)
      .intValue("httpPostMax", Builder::httpPostMax)
      .duration("siteMapRefresh", Builder::siteMapRefresh)
      .text("serviceUrl", Builder::serviceUrl)
      .bool("warmUp", Builder::warmUp)
      .text("warmUpDataset", Builder::warmUpDataset);

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

  private FrontEndSettings(Builder b) {
    this.maxUrlLength = b.getMaxUrlLength();
    this.maxConstraintLength = b.getMaxConstraintLength();
    this.gzip = b.getGzip();
    this.retryAfterSeconds = b.getRetryAfterSeconds();
    this.adminToken = b.adminToken;
    this.catalogRoot = b.catalogRoot;
    this.datasetUrlResponse = b.getDatasetUrlResponse();
    this.dataRequestForm = b.getDataRequestForm();
    this.allowDirectDataSourceAccess = b.getAllowDirectDataSourceAccess();
    this.addFileoutTypeSuffix = b.getAddFileoutTypeSuffix();
    this.httpPost = b.getHttpPost();
    this.httpPostMax = b.getHttpPostMax();
    this.siteMapRefresh = b.getSiteMapRefresh();
    this.serviceUrl = b.serviceUrl;
    this.warmUp = b.getWarmUp();
    this.warmUpDataset = b.warmUpDataset;
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
   * httpPost} (booleans), {@code httpPostMax} (bytes), {@code siteMapRefresh} (a duration) and
   * {@code serviceUrl}.
   *
   * @throws org.olfsfastpath.spec.SpecException naming the key and the raw value
   */
  public static Builder from(Map<String, String> spec) {
    return SPEC.apply(spec, newBuilder());
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

  /** The settings; never the admin token. */
  @Override
  public String toString() {
    return "maxUrlLength=" + maxUrlLength + ", maxConstraintLength=" + maxConstraintLength
        + ", gzip=" + gzip + ", retryAfter=" + retryAfterSeconds + "s, catalogRoot="
        + (catalogRoot == null ? "default" : catalogRoot) + ", adminToken="
        + (adminToken == null ? "none" : "set") + ", datasetUrlResponse=" + datasetUrlResponse
        + ", dataRequestForm=" + dataRequestForm + ", directAccess=" + allowDirectDataSourceAccess
        + ", post=" + (httpPost ? "up to " + httpPostMax + " bytes" : "off");
  }

  /**
   * Builds {@link FrontEndSettings}. Every setter validates at once and may be called once;
   * unset settings keep their defaults, which the getters return.
   */
  public static final class Builder {
    private static final int UNSET = -1;

    private int maxUrlLength = UNSET;
    private int maxConstraintLength = UNSET;
    private @Nullable Boolean gzip;
    private int retryAfterSeconds = UNSET;
    private @Nullable String adminToken;
    private @Nullable String catalogRoot;
    private @Nullable DatasetUrlResponse datasetUrlResponse;
    private @Nullable FormType dataRequestForm;
    private @Nullable Boolean allowDirectDataSourceAccess;
    private @Nullable Boolean addFileoutTypeSuffix;
    private @Nullable Boolean httpPost;
    private int httpPostMax = UNSET;
    private @Nullable Duration siteMapRefresh;
    private @Nullable String serviceUrl;
    private @Nullable Boolean warmUp;
    private @Nullable String warmUpDataset;

    private Builder() {}

    /**
     * @throws IllegalArgumentException if under 64
     * @throws IllegalStateException if already set
     */
    public Builder maxUrlLength(int length) {
      requireArgument(length >= 64, "maxUrlLength was %d, must be >= 64", length);
      requireState(this.maxUrlLength == UNSET,
          "maxUrlLength was already set to %s", this.maxUrlLength);
      this.maxUrlLength = length;
      return this;
    }

    /**
     * @throws IllegalArgumentException if under 1
     * @throws IllegalStateException if already set
     */
    public Builder maxConstraintLength(int length) {
      requireArgument(length >= 1, "maxConstraintLength was %d, must be >= 1", length);
      requireState(this.maxConstraintLength == UNSET,
          "maxConstraintLength was already set to %s", this.maxConstraintLength);
      this.maxConstraintLength = length;
      return this;
    }

    /** @throws IllegalStateException if already set */
    public Builder gzip(boolean gzip) {
      requireState(this.gzip == null, "gzip was already set to %s", this.gzip);
      this.gzip = gzip;
      return this;
    }

    /**
     * @throws IllegalArgumentException if not 1-3600
     * @throws IllegalStateException if already set
     */
    public Builder retryAfterSeconds(int seconds) {
      requireArgument(seconds >= 1 && seconds <= 3600, "retryAfterSeconds was %d, must be 1-3600",
          seconds);
      requireState(this.retryAfterSeconds == UNSET,
          "retryAfterSeconds was already set to %s", this.retryAfterSeconds);
      this.retryAfterSeconds = seconds;
      return this;
    }

    /**
     * @throws IllegalArgumentException if shorter than 16 characters
     * @throws IllegalStateException if already set
     */
    public Builder adminToken(String token) {
      Objects.requireNonNull(token, "adminToken == null");
      requireArgument(token.length() >= 16, "adminToken was %d characters, must be at least 16",
          token.length());
      requireState(this.adminToken == null, "adminToken was already set to %s", "(a token)");
      this.adminToken = token;
      return this;
    }

    /**
     * @throws IllegalArgumentException if not absolute
     * @throws IllegalStateException if already set
     */
    public Builder catalogRoot(String root) {
      Objects.requireNonNull(root, "catalogRoot == null");
      requireArgument(root.startsWith("/"), "catalogRoot was '%s', must be an absolute path", root);
      requireState(this.catalogRoot == null, "catalogRoot was already set to %s", this.catalogRoot);
      this.catalogRoot = root;
      return this;
    }

    /**
     * Sets what the bare dataset URL answers (default {@code requestForm}, upstream's when its
     * olfs.xml says nothing).
     *
     * @throws IllegalStateException if already set
     */
    public Builder datasetUrlResponse(DatasetUrlResponse response) {
      Objects.requireNonNull(response, "datasetUrlResponse == null");
      requireState(this.datasetUrlResponse == null,
          "datasetUrlResponse was already set to %s", this.datasetUrlResponse);
      this.datasetUrlResponse = response;
      return this;
    }

    /**
     * Sets the request form links point to (default DAP4).
     *
     * @throws IllegalStateException if already set
     */
    public Builder dataRequestForm(FormType form) {
      Objects.requireNonNull(form, "dataRequestForm == null");
      requireState(this.dataRequestForm == null,
          "dataRequestForm was already set to %s", this.dataRequestForm);
      this.dataRequestForm = form;
      return this;
    }

    /**
     * Allows the download of dataset files themselves (default: not allowed, a 403).
     *
     * @throws IllegalStateException if already set
     */
    public Builder allowDirectDataSourceAccess(boolean allow) {
      requireState(this.allowDirectDataSourceAccess == null,
          "allowDirectDataSourceAccess was already set to %s", this.allowDirectDataSourceAccess);
      this.allowDirectDataSourceAccess = allow;
      return this;
    }

    /**
     * Replaces a dataset name's extension of one to three characters by the download's
     * ({@code fnoc1.nc4} rather than {@code fnoc1.nc.nc4}; default off).
     *
     * @throws IllegalStateException if already set
     */
    public Builder addFileoutTypeSuffix(boolean replace) {
      requireState(this.addFileoutTypeSuffix == null,
          "addFileoutTypeSuffix was already set to %s", this.addFileoutTypeSuffix);
      this.addFileoutTypeSuffix = replace;
      return this;
    }

    /**
     * Accepts POST on dataset URLs (default on, as upstream's shipped olfs.xml).
     *
     * @throws IllegalStateException if already set
     */
    public Builder httpPost(boolean enabled) {
      requireState(this.httpPost == null, "httpPost was already set to %s", this.httpPost);
      this.httpPost = enabled;
      return this;
    }

    /**
     * Sets the largest POST body, in bytes (default 2,000,000).
     *
     * @throws IllegalArgumentException if not 1 to 10,000,000
     * @throws IllegalStateException if already set
     */
    public Builder httpPostMax(int bytes) {
      requireArgument(bytes >= 1 && bytes <= MAX_POST_MAX,
          "httpPostMax was %d, must be 1-%d", bytes,
          MAX_POST_MAX);
      requireState(this.httpPostMax == UNSET,
          "httpPostMax was already set to %s", this.httpPostMax);
      this.httpPostMax = bytes;
      return this;
    }

    /**
     * Sets how old the site map may get before it is rebuilt (default 600 s).
     *
     * @throws IllegalArgumentException if not between 1 s and 1 day
     * @throws IllegalStateException if already set
     */
    public Builder siteMapRefresh(Duration refresh) {
      Specs.checkDuration("siteMapRefresh", refresh, Duration.ofSeconds(1), Duration.ofDays(1));
      requireState(this.siteMapRefresh == null,
          "siteMapRefresh was already set to %s", this.siteMapRefresh);
      this.siteMapRefresh = refresh;
      return this;
    }

    /**
     * Sets the service's absolute URL as users see it.
     *
     * @throws IllegalArgumentException if not an absolute http or https URL without query
     * @throws IllegalStateException if already set
     */
    public Builder serviceUrl(String url) {
      Objects.requireNonNull(url, "serviceUrl == null");
      new Site(url, FormType.DAP4, false); // validates
      requireState(this.serviceUrl == null, "serviceUrl was already set to %s", this.serviceUrl);
      this.serviceUrl = url;
      return this;
    }

    /**
     * Warms the request path right after start (default on).
     *
     * @throws IllegalStateException if already set
     */
    public Builder warmUp(boolean warm) {
      requireState(this.warmUp == null, "warmUp was already set to %s", this.warmUp);
      this.warmUp = warm;
      return this;
    }

    /**
     * Sets the dataset the warm-up asks about, a catalog path.
     *
     * @throws IllegalArgumentException if not an absolute catalog path
     * @throws IllegalStateException if already set
     */
    public Builder warmUpDataset(String path) {
      Objects.requireNonNull(path, "warmUpDataset == null");
      requireArgument(path.startsWith("/") && !path.endsWith("/") && !path.contains("/../")
          && !path.endsWith("/.."), "warmUpDataset was '%s', must be a dataset's catalog path"
          + " such as /data/sst.nc", path);
      requireState(this.warmUpDataset == null,
          "warmUpDataset was already set to %s", this.warmUpDataset);
      this.warmUpDataset = path;
      return this;
    }

    public boolean getWarmUp() {
      return warmUp == null || warmUp;
    }

    public DatasetUrlResponse getDatasetUrlResponse() {
      return datasetUrlResponse == null ? DatasetUrlResponse.REQUEST_FORM : datasetUrlResponse;
    }

    public FormType getDataRequestForm() {
      return dataRequestForm == null ? FormType.DAP4 : dataRequestForm;
    }

    public boolean getAllowDirectDataSourceAccess() {
      return allowDirectDataSourceAccess != null && allowDirectDataSourceAccess;
    }

    public boolean getAddFileoutTypeSuffix() {
      return addFileoutTypeSuffix != null && addFileoutTypeSuffix;
    }

    public boolean getHttpPost() {
      return httpPost == null || httpPost;
    }

    public int getHttpPostMax() {
      return httpPostMax == UNSET ? DEFAULT_POST_MAX : httpPostMax;
    }

    public Duration getSiteMapRefresh() {
      return siteMapRefresh == null ? DEFAULT_SITE_MAP_REFRESH : siteMapRefresh;
    }

    public int getMaxUrlLength() {
      return maxUrlLength == UNSET ? DapRequestParser.DEFAULT_MAX_URL_LENGTH : maxUrlLength;
    }

    public int getMaxConstraintLength() {
      return maxConstraintLength == UNSET
          ? DapRequestParser.DEFAULT_MAX_CONSTRAINT_LENGTH : maxConstraintLength;
    }

    public boolean getGzip() {
      return gzip == null || gzip;
    }

    public int getRetryAfterSeconds() {
      return retryAfterSeconds == UNSET ? DEFAULT_RETRY_AFTER_SECONDS : retryAfterSeconds;
    }

    public FrontEndSettings build() {
      return new FrontEndSettings(this);
    }
  }
}
