package org.olfsfastpath.web;

import static org.olfsfastpath.spec.Checks.requireArgument;

import java.time.Duration;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.olfsfastpath.dap.DapRequestParser;
import org.olfsfastpath.pages.FormType;
import org.olfsfastpath.pages.Site;
import org.olfsfastpath.spec.Setting;
import org.olfsfastpath.spec.Settings;
import org.olfsfastpath.spec.Specs;

/**
 * Builds {@link FrontEndSettings}. Every setter validates at once and may be called once; unset
 * settings keep their defaults, which the getters return.
 */
public final class FrontEndSettingsBuilder {
  /** The settings a text spec sets, for {@link FrontEndSettings#from(Map)}: keys are setters. */
  private final Settings settings = new Settings("front end");

  private final Setting<Integer> maxUrlLength =
      settings.add(Setting.atLeast("maxUrlLength", DapRequestParser.DEFAULT_MAX_URL_LENGTH, 64));
  private final Setting<Integer> maxConstraintLength =
      settings.add(
          Setting.atLeast(
              "maxConstraintLength", DapRequestParser.DEFAULT_MAX_CONSTRAINT_LENGTH, 1));
  private final Setting<Boolean> gzip = settings.add(Setting.bool("gzip", true));
  private final Setting<Integer> retryAfterSeconds =
      settings.add(
          Setting.between(
              "retryAfterSeconds", FrontEndSettings.DEFAULT_RETRY_AFTER_SECONDS, 1, 3600));
  final Setting<String> adminToken =
      settings.add(
          text(
                  "adminToken",
                  token -> {
                    requireArgument(
                        token.length() >= 16,
                        "adminToken was %d characters, must be at least 16",
                        token.length());
                    return token;
                  })
              .shownAs(token -> "(a token)"));
  final Setting<String> catalogRoot =
      settings.add(
          text(
              "catalogRoot",
              root -> {
                requireArgument(
                    root.startsWith("/"), "catalogRoot was '%s', must be an absolute path", root);
                return root;
              }));
  private final Setting<DatasetUrlResponse> datasetUrlResponse =
      settings.add(
          Setting.of("datasetUrlResponse", DatasetUrlResponse.REQUEST_FORM)
              .text(DatasetUrlResponse::fromConfig));
  private final Setting<FormType> dataRequestForm =
      settings.add(Setting.of("dataRequestForm", FormType.DAP4).text(FormType::fromConfig));
  private final Setting<Boolean> allowDirectDataSourceAccess =
      settings.add(Setting.bool("allowDirectDataSourceAccess", false));
  private final Setting<Boolean> addFileoutTypeSuffix =
      settings.add(Setting.bool("addFileoutTypeSuffix", false));
  private final Setting<Boolean> httpPost = settings.add(Setting.bool("httpPost", true));
  private final Setting<Integer> httpPostMax =
      settings.add(
          Setting.between(
              "httpPostMax", FrontEndSettings.DEFAULT_POST_MAX, 1, FrontEndSettings.MAX_POST_MAX));
  private final Setting<Duration> siteMapRefresh =
      settings.add(
          Setting.duration(
              "siteMapRefresh",
              FrontEndSettings.DEFAULT_SITE_MAP_REFRESH,
              Duration.ofSeconds(1),
              Duration.ofDays(1)));
  final Setting<String> serviceUrl =
      settings.add(
          text(
              "serviceUrl",
              url -> {
                new Site(url, FormType.DAP4, false); // validates
                return url;
              }));
  private final Setting<Boolean> warmUp = settings.add(Setting.bool("warmUp", true));
  final Setting<String> warmUpDataset =
      settings.add(
          text(
              "warmUpDataset",
              path -> {
                requireArgument(
                    path.startsWith("/")
                        && !path.endsWith("/")
                        && !path.contains("/../")
                        && !path.endsWith("/.."),
                    "warmUpDataset was '%s', must be a dataset's catalog path"
                        + " such as /data/sst.nc",
                    path);
                return path;
              }));
  private final Setting<Long> largeDownload =
      settings.add(
          Setting.atLeast("largeDownload", Site.DEFAULT_LARGE_DOWNLOAD, 0, Specs::size)
              .shownAs(Specs::formatSize));

  private final Setting<String> requestIdHeader =
      settings.add(
          Setting.of("requestIdHeader", RequestIds.DEFAULT_RESPONSE_HEADER)
              .text(String::strip)
              .check(
                  name -> {
                    requireArgument(
                        name.matches("[A-Za-z0-9!#$%&'*+.^_`|~-]+"),
                        "requestIdHeader was '%s', must be a header name",
                        name);
                    return name;
                  }));
  private final Setting<Integer> requestIdMaxLength =
      settings.add(Setting.between("requestIdMaxLength", RequestIds.DEFAULT_MAX_LENGTH, 1, 1024));
  private final Setting<Boolean> combinedLog = settings.add(Setting.bool("combinedLog", false));

  final Setting<String> trustedProxies =
      settings.add(
          Setting.of("trustedProxies", "")
              .text(String::strip)
              .check(
                  proxies -> {
                    ClientAddresses.trusting(proxies); // validates
                    return proxies.strip();
                  }));

  FrontEndSettingsBuilder() {}

  /** Applies a text spec to the settings; for {@link FrontEndSettings#from(Map)}. */
  FrontEndSettingsBuilder apply(Map<String, String> spec) {
    settings.apply(spec);
    return this;
  }

  /**
   * Sets the response header that echoes the request's id. Default {@code X-Request-Id}.
   *
   * @throws IllegalArgumentException if it is not a header name
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder requestIdHeader(String name) {
    requestIdHeader.set(name);
    return this;
  }

  /**
   * Sets the length a client's request id is cut to. Default 128.
   *
   * @throws IllegalArgumentException if not 1-1024
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder requestIdMaxLength(int length) {
    requestIdMaxLength.set(length);
    return this;
  }

  /**
   * Whether each data get carries the {@code olfsLog} context, as upstream's {@code
   * EnableCombinedLog}. Default false.
   *
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder combinedLog(boolean enabled) {
    combinedLog.set(enabled);
    return this;
  }

  /**
   * The proxies whose {@code X-Forwarded-For} names the client (default none): IP addresses and
   * CIDR blocks, separated by blanks or commas, e.g. the nginx in front of several front ends. The
   * client is then the right-most address of the header that is not a trusted proxy.
   *
   * @throws IllegalArgumentException if an entry is neither an address nor a CIDR block
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder trustedProxies(String proxies) {
    trustedProxies.set(proxies);
    return this;
  }

  /**
   * @throws IllegalArgumentException if under 64
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder maxUrlLength(int length) {
    maxUrlLength.set(length);
    return this;
  }

  /**
   * @throws IllegalArgumentException if under 1
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder maxConstraintLength(int length) {
    maxConstraintLength.set(length);
    return this;
  }

  /**
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder gzip(boolean gzip) {
    this.gzip.set(gzip);
    return this;
  }

  /**
   * @throws IllegalArgumentException if not 1-3600
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder retryAfterSeconds(int seconds) {
    retryAfterSeconds.set(seconds);
    return this;
  }

  /**
   * @throws IllegalArgumentException if shorter than 16 characters
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder adminToken(String token) {
    adminToken.set(token);
    return this;
  }

  /**
   * @throws IllegalArgumentException if not absolute
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder catalogRoot(String root) {
    catalogRoot.set(root);
    return this;
  }

  /**
   * Sets what the bare dataset URL answers (default {@code requestForm}, upstream's when its
   * olfs.xml says nothing).
   *
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder datasetUrlResponse(DatasetUrlResponse response) {
    datasetUrlResponse.set(response);
    return this;
  }

  /**
   * Sets the request form links point to (default DAP4).
   *
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder dataRequestForm(FormType form) {
    dataRequestForm.set(form);
    return this;
  }

  /**
   * Allows the download of dataset files themselves (default: not allowed, a 403).
   *
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder allowDirectDataSourceAccess(boolean allow) {
    allowDirectDataSourceAccess.set(allow);
    return this;
  }

  /**
   * Replaces a dataset name's extension of one to three characters by the download's ({@code
   * fnoc1.nc4} rather than {@code fnoc1.nc.nc4}; default off).
   *
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder addFileoutTypeSuffix(boolean replace) {
    addFileoutTypeSuffix.set(replace);
    return this;
  }

  /**
   * Accepts POST on dataset URLs (default on, as upstream's shipped olfs.xml).
   *
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder httpPost(boolean enabled) {
    httpPost.set(enabled);
    return this;
  }

  /**
   * Sets the largest POST body, in bytes (default 2,000,000).
   *
   * @throws IllegalArgumentException if not 1 to 10,000,000
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder httpPostMax(int bytes) {
    httpPostMax.set(bytes);
    return this;
  }

  /**
   * Sets how old the site map may get before it is rebuilt (default 600 s).
   *
   * @throws IllegalArgumentException if not between 1 s and 1 day
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder siteMapRefresh(Duration refresh) {
    siteMapRefresh.set(refresh);
    return this;
  }

  /**
   * Sets the service's absolute URL as users see it.
   *
   * @throws IllegalArgumentException if not an absolute http or https URL without query
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder serviceUrl(String url) {
    serviceUrl.set(url);
    return this;
  }

  /**
   * Warms the request path right after start (default on).
   *
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder warmUp(boolean warm) {
    warmUp.set(warm);
    return this;
  }

  /**
   * Sets the dataset the warm-up asks about, a catalog path.
   *
   * @throws IllegalArgumentException if not an absolute catalog path
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder warmUpDataset(String path) {
    warmUpDataset.set(path);
    return this;
  }

  /**
   * Sets the answer size in bytes above which the request forms ask before a download (default 100
   * MB); 0 never asks.
   *
   * @throws IllegalArgumentException if negative
   * @throws IllegalStateException if already set
   */
  public FrontEndSettingsBuilder largeDownload(long bytes) {
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

  public String getRequestIdHeader() {
    return requestIdHeader.get();
  }

  public int getRequestIdMaxLength() {
    return requestIdMaxLength.get();
  }

  public boolean getCombinedLog() {
    return combinedLog.get();
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
