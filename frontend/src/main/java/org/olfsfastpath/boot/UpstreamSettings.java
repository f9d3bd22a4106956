package org.olfsfastpath.boot;

import static org.olfsfastpath.boot.OlfsSetting.Kind.ADDRESS;
import static org.olfsfastpath.boot.OlfsSetting.Kind.BOOLEAN;
import static org.olfsfastpath.boot.OlfsSetting.Kind.DURATION;
import static org.olfsfastpath.boot.OlfsSetting.Kind.FLAG;
import static org.olfsfastpath.boot.OlfsSetting.Kind.HYRAX_SIZE;
import static org.olfsfastpath.boot.OlfsSetting.Kind.INTEGER;
import static org.olfsfastpath.boot.OlfsSetting.Kind.PATTERN;
import static org.olfsfastpath.boot.OlfsSetting.Kind.TEXT;
import static org.olfsfastpath.boot.OlfsSetting.Layer.BES;
import static org.olfsfastpath.boot.OlfsSetting.Layer.BOT_FILTER;
import static org.olfsfastpath.boot.OlfsSetting.Layer.CACHE;
import static org.olfsfastpath.boot.OlfsSetting.Layer.ENDPOINT;
import static org.olfsfastpath.boot.OlfsSetting.Layer.PPT;
import static org.olfsfastpath.boot.OlfsSetting.Layer.ROUTING;
import static org.olfsfastpath.boot.OlfsSetting.Layer.WEB;

import java.util.List;

/**
 * The rows of {@link OlfsSettings} for upstream's own elements, which mean what they mean upstream:
 * {@code BESManager} (each BES, its pool and the node cache), the dataset pages' elements and the
 * bot filter ({@code BotFilter}, each setting a list of values).
 */
final class UpstreamSettings {
  static final List<OlfsSetting> ROWS =
      List.of(
          new OlfsSetting(
              "BESManager/BES/prefix",
              ROUTING,
              "prefix",
              TEXT,
              "the catalog paths this BES serves, matched on whole path segments and taken off the"
                  + " path the BES is sent; the BES of one prefix form a group, and a `/` group is"
                  + " required",
              "/",
              "/"),
          new OlfsSetting(
              "BESManager/BES@weight",
              ROUTING,
              "weight",
              INTEGER,
              "this BES's share of its group's requests, relative to the others (1-1000)",
              "1",
              "2"),
          new OlfsSetting(
              "BESManager/BES/host",
              ENDPOINT,
              "host",
              TEXT,
              "the BES machine",
              "localhost",
              "bes.example.org"),
          new OlfsSetting(
              "BESManager/BES/port",
              ENDPOINT,
              "port",
              INTEGER,
              "the BES port (BES.ServerPort)",
              "10022",
              "10022"),
          new OlfsSetting(
              "BESManager/BES/timeOut",
              PPT,
              "readTimeout",
              DURATION,
              "the longest silence while reading a BES answer",
              "120 s",
              "300"),
          new OlfsSetting(
              "BESManager/BES/maxResponseSize",
              BES,
              "maxResponseSize",
              HYRAX_SIZE,
              "the largest response the BES may build (the `max_response_size` context); larger is a"
                  + " 413 with the BES's explanation; 0 for no limit",
              "none sent (no limit)",
              "2"),
          new OlfsSetting(
              "BESManager/BES/maxVariableSize",
              BES,
              "maxVariableSize",
              HYRAX_SIZE,
              "the largest variable a response may hold (the `max_variable_size` context); larger is"
                  + " a 413; 0 for no limit",
              "none sent (no limit)",
              "512"),
          new OlfsSetting(
              "BESManager/BES/ClientPool@maximum",
              BES,
              "maxConnections",
              INTEGER,
              "most connections to this BES at once; each is a BES process",
              "32",
              "16"),
          new OlfsSetting(
              "BESManager/BES/ClientPool@maxCmds",
              BES,
              "maxCommandsPerConnection",
              INTEGER,
              "commands a connection carries before its BES process is replaced",
              "2000",
              "1000"),
          new OlfsSetting(
              "BESManager/NodeCache@maxEntries",
              CACHE,
              "maximumSize",
              INTEGER,
              "catalog paths the data-source cache holds",
              "200000",
              "20000"),
          new OlfsSetting(
              "BESManager/NodeCache@refreshInterval",
              CACHE,
              "ttl",
              DURATION,
              "how long a showNode answer is trusted",
              "600 s",
              "600"),
          new OlfsSetting(
              "BESManager/SiteMapCache@refreshInterval",
              WEB,
              "siteMapRefresh",
              DURATION,
              "how old the site map (robots.txt, siteMap/) may get before it is rebuilt in the"
                  + " background",
              "600 s",
              "3600"),
          new OlfsSetting(
              "DatasetUrlResponse@type",
              WEB,
              "datasetUrlResponse",
              TEXT,
              "what the bare dataset URL answers: `download` (the file, with"
                  + " AllowDirectDataSourceAccess; else 403), `requestForm` (302 to the form) or `dsr`"
                  + " (302 to `.dsr`)",
              "requestForm",
              "download"),
          new OlfsSetting(
              "DataRequestForm@type",
              WEB,
              "dataRequestForm",
              TEXT,
              "the request form that listings, the site map and the bare dataset URL point to:"
                  + " `dap4` (`.dmr.html`) or `dap2` (`.html`); both are served",
              "dap4",
              "dap2"),
          new OlfsSetting(
              "EnableCombinedLog",
              WEB,
              "combinedLog",
              FLAG,
              "present: each data get also sends the BES the request's access-log fields (the"
                  + " `olfsLog` context), which the BES writes in its `request` line, as upstream",
              "absent",
              "present"),
          new OlfsSetting(
              "AllowDirectDataSourceAccess",
              WEB,
              "allowDirectDataSourceAccess",
              FLAG,
              "present: the dataset file itself may be downloaded (`.file`, the bare URL with"
                  + " `download`); absent: 403",
              "absent",
              "present"),
          new OlfsSetting(
              "AddFileoutTypeSuffixToDownloadFilename",
              WEB,
              "addFileoutTypeSuffix",
              FLAG,
              "present: a download's name replaces the dataset's extension of 1 to 3 characters"
                  + " (`fnoc1.nc4`, not `fnoc1.nc.nc4`)",
              "absent",
              "present"),
          new OlfsSetting(
              "HttpPost@enabled",
              WEB,
              "httpPost",
              BOOLEAN,
              "dataset URLs take POST with an `application/x-www-form-urlencoded` body (`ce`,"
                  + " `dap4.ce`); `false`: 405",
              "true",
              "true"),
          new OlfsSetting(
              "HttpPost@max",
              WEB,
              "httpPostMax",
              INTEGER,
              "the largest POST body in bytes (at most 10000000); larger is a 413",
              "2000000",
              "2000000"),
          new OlfsSetting(
              "BotFilter/IpAddress",
              BOT_FILTER,
              "ipAddresses",
              ADDRESS,
              "a client address refused with 403 before any BES work, compared with the client's"
                  + " address: the peer Tomcat reports, or behind a proxy of `FastPath/TrustedProxies`"
                  + " the address it forwarded; IPv6 addresses compare as addresses, however written."
                  + " `BotBlocker` is read when there is no `BotFilter`, as upstream",
              "none",
              "192.0.2.7"),
          new OlfsSetting(
              "BotFilter/IpMatch",
              BOT_FILTER,
              "ipMatches",
              PATTERN,
              "refuse (403) client addresses the pattern matches whole",
              "none",
              "65\\.55\\.\\d+\\.\\d+"),
          new OlfsSetting(
              "BotFilter/UserAgentMatch",
              BOT_FILTER,
              "userAgentMatches",
              PATTERN,
              "refuse (403) clients whose User-Agent the pattern matches whole",
              "none",
              ".*facebookexternalhit.*"),
          new OlfsSetting(
              "BotFilter/AllowedResponseRegex",
              BOT_FILTER,
              "allowedResponses",
              PATTERN,
              "request paths (the context path included) that a refused client may still fetch,"
                  + " unless BlockedResponseRegex matches them too",
              "paths below `docs/images/` and `docs/css/` of the context (none with"
                  + " BlockImagesAndCss)",
              "/opendap/robots\\.txt"),
          new OlfsSetting(
              "BotFilter/BlockedResponseRegex",
              BOT_FILTER,
              "blockedResponses",
              PATTERN,
              "request paths a refused client is refused even where AllowedResponseRegex lets it"
                  + " in; with BlockImagesAndCss and no AllowedResponseRegex, the only paths it is"
                  + " refused (as upstream)",
              "none",
              ".*\\.dods"),
          new OlfsSetting(
              "BotFilter/BlockImagesAndCss",
              BOT_FILTER,
              "blockImagesAndCss",
              FLAG,
              "present: drop the default AllowedResponseRegex (upstream's error page images and"
                  + " styles, which this front end does not serve)",
              "absent",
              "present"));

  private UpstreamSettings() {}
}
