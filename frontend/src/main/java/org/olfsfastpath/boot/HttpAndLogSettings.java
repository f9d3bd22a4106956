package org.olfsfastpath.boot;

import static org.olfsfastpath.boot.OlfsSetting.Kind.BOOLEAN;
import static org.olfsfastpath.boot.OlfsSetting.Kind.DURATION;
import static org.olfsfastpath.boot.OlfsSetting.Kind.INTEGER;
import static org.olfsfastpath.boot.OlfsSetting.Kind.PATH;
import static org.olfsfastpath.boot.OlfsSetting.Kind.SIZE;
import static org.olfsfastpath.boot.OlfsSetting.Kind.TEXT;
import static org.olfsfastpath.boot.OlfsSetting.Layer.CORS;
import static org.olfsfastpath.boot.OlfsSetting.Layer.HTTP_CACHE;
import static org.olfsfastpath.boot.OlfsSetting.Layer.LOGS;
import static org.olfsfastpath.boot.OlfsSetting.Layer.WEB;

import java.util.List;

/**
 * The rows of {@link OlfsSettings} for what runs the front end as Hyrax sites run it, in our own
 * section {@code FastPath}: the Hyrax logs ({@code Logs}), the request id ({@code RequestId}), how
 * long answers may be kept by caches in front ({@code HttpCache}) and which origins' pages may read
 * them ({@code Cors}). Each element's attributes are checked strictly, as the rest of the section.
 */
final class HttpAndLogSettings {
  static final List<OlfsSetting> ROWS =
      List.of(
          new OlfsSetting(
              "FastPath/Logs@enabled",
              LOGS,
              "enabled",
              BOOLEAN,
              "write `HyraxAccess.log`, `HyraxErrors.log` and `olfs-log.json` in upstream's formats"
                  + " ([logs.md](logs.md))",
              "true",
              "true"),
          new OlfsSetting(
              "FastPath/Logs@directory",
              LOGS,
              "directory",
              PATH,
              "where the logs go (created if missing); two front ends in one Tomcat need one each",
              "the container's log directory (`${catalina.base}/logs`)",
              "/var/log/tomcat10/opendap"),
          new OlfsSetting(
              "FastPath/Logs@configuration",
              LOGS,
              "configuration",
              PATH,
              "a Logback configuration file that replaces the three built-in appenders, as"
                  + " upstream's `logback.xml` (`${logdir}` names the directory)",
              "`logback.xml` of the configuration directory, if there is one",
              "/etc/olfs/logback.xml"),
          new OlfsSetting(
              "FastPath/Logs@queueSize",
              LOGS,
              "queueSize",
              INTEGER,
              "events that may wait for each log's disk (16-1048576); more are dropped and counted,"
                  + " never waited for",
              "8192",
              "16384"),
          new OlfsSetting(
              "FastPath/Logs@accessMaxFileSize",
              LOGS,
              "accessMaxFileSize",
              SIZE,
              "the access log also rolls within a day at this size (`HyraxAccess.<day>.<n>.log`); 0"
                  + " rolls daily only, under upstream's name (`HyraxAccess.<day>.log`)",
              "100 MiB",
              "0"),
          new OlfsSetting(
              "FastPath/Logs@accessMaxHistory",
              LOGS,
              "accessMaxHistory",
              INTEGER,
              "days of access logs kept (1-3650), as upstream's MaxHistory",
              "30",
              "90"),
          new OlfsSetting(
              "FastPath/Logs@accessTotalSizeCap",
              LOGS,
              "accessTotalSizeCap",
              SIZE,
              "the bound on all access log files together; the oldest go first",
              "5 GiB",
              "20GiB"),
          new OlfsSetting(
              "FastPath/Logs@errorsMaxFileSize",
              LOGS,
              "errorsMaxFileSize",
              SIZE,
              "`HyraxErrors.log` and `olfs-log.json` roll at this size; three of each are kept,"
                  + " zipped, as upstream's",
              "5 MiB",
              "10MiB"),
          new OlfsSetting(
              "FastPath/Logs@logStatusRequests",
              LOGS,
              "logStatusRequests",
              BOOLEAN,
              "requests for `/status` and `/metrics` get access lines too",
              "false",
              "true"),
          new OlfsSetting(
              "FastPath/RequestId@responseHeader",
              WEB,
              "requestIdHeader",
              TEXT,
              "the response header that echoes the request's id (`<id>-<uuid>`, as the BES's log"
                  + " writes it)",
              "X-Request-Id",
              "X-Request-Id"),
          new OlfsSetting(
              "FastPath/RequestId@maxLength",
              WEB,
              "requestIdMaxLength",
              INTEGER,
              "a client's `a-api-request-uuid` is cut to this many characters (1-1024)",
              "128",
              "64"),
          new OlfsSetting(
              "FastPath/HttpCache@enabled",
              HTTP_CACHE,
              "enabled",
              BOOLEAN,
              "open answers say how long caches may keep them (`Cache-Control`); `false`: they say"
                  + " nothing, as upstream (errors and private answers still say `no-store` or"
                  + " `private`)",
              "true",
              "true"),
          new OlfsSetting(
              "FastPath/HttpCache@maxAge",
              HTTP_CACHE,
              "maxAge",
              DURATION,
              "how long any cache may keep an open answer (`max-age`, `s-maxage`)",
              "the front end's own freshness: `mtimeCheckInterval` in whole seconds (at least 1 s)"
                  + " with dataRoot, else `refreshAfter`",
              "60"),
          new OlfsSetting(
              "FastPath/HttpCache@staleWhileRevalidate",
              HTTP_CACHE,
              "staleWhileRevalidate",
              DURATION,
              "how long a cache may answer from an expired copy while it revalidates; 0 never",
              "maxAge",
              "0"),
          new OlfsSetting(
              "FastPath/HttpCache@dataMaxAge",
              HTTP_CACHE,
              "dataMaxAge",
              DURATION,
              "how long a cache may keep an open data answer",
              "maxAge",
              "10m"),
          new OlfsSetting(
              "FastPath/Cors@allowedOrigins",
              CORS,
              "allowedOrigins",
              TEXT,
              "origins whose pages may read the answers (`https://viewer.example.org`, separated by"
                  + " blanks or commas), or `*` for every one",
              "none (as upstream)",
              "*"),
          new OlfsSetting(
              "FastPath/Cors@allowCredentials",
              CORS,
              "allowCredentials",
              BOOLEAN,
              "pages of the allowed origins may read answers to requests with cookies or"
                  + " `Authorization`; not with `*`",
              "false",
              "true"),
          new OlfsSetting(
              "FastPath/Cors@maxAge",
              CORS,
              "maxAge",
              DURATION,
              "how long a browser may keep a preflight's answer (at most 2 h)",
              "600 s",
              "3600"),
          new OlfsSetting(
              "FastPath/Cors@exposedHeaders",
              CORS,
              "exposedHeaders",
              TEXT,
              "the response headers pages may read beyond the safelisted ones",
              "the DAP headers (`XDODS-Server` ... `X-Request-Id`, [configuration.md](#cors))",
              "XDODS-Server, ETag"));

  private HttpAndLogSettings() {}
}
