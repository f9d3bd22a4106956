package org.olfsfastpath.boot;

import static org.olfsfastpath.boot.OlfsSetting.Kind.ADDRESS;
import static org.olfsfastpath.boot.OlfsSetting.Kind.BOOLEAN;
import static org.olfsfastpath.boot.OlfsSetting.Kind.DURATION;
import static org.olfsfastpath.boot.OlfsSetting.Kind.FLAG;
import static org.olfsfastpath.boot.OlfsSetting.Kind.HYRAX_SIZE;
import static org.olfsfastpath.boot.OlfsSetting.Kind.INTEGER;
import static org.olfsfastpath.boot.OlfsSetting.Kind.PATH;
import static org.olfsfastpath.boot.OlfsSetting.Kind.PATTERN;
import static org.olfsfastpath.boot.OlfsSetting.Kind.SIZE;
import static org.olfsfastpath.boot.OlfsSetting.Kind.TEXT;
import static org.olfsfastpath.boot.OlfsSetting.Layer.BES;
import static org.olfsfastpath.boot.OlfsSetting.Layer.BOT_FILTER;
import static org.olfsfastpath.boot.OlfsSetting.Layer.CACHE;
import static org.olfsfastpath.boot.OlfsSetting.Layer.ENDPOINT;
import static org.olfsfastpath.boot.OlfsSetting.Layer.GROUP;
import static org.olfsfastpath.boot.OlfsSetting.Layer.PPT;
import static org.olfsfastpath.boot.OlfsSetting.Layer.RESPONSE_CACHE;
import static org.olfsfastpath.boot.OlfsSetting.Layer.ROUTING;
import static org.olfsfastpath.boot.OlfsSetting.Layer.SPOOL;
import static org.olfsfastpath.boot.OlfsSetting.Layer.WEB;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.olfsfastpath.web.BotRules;
import org.olfsfastpath.web.BotRulesBuilder;

/**
 * Every setting an olfs.xml file can hold, each once: the one table from which the file is read and
 * docs/configuration.md's settings table is written (a test keeps the two the same). Adding a
 * setting is one row here plus the key in the owning layer's builder.
 *
 * <p>Upstream's own elements ({@code BESManager}, {@code BotFilter} ...) mean what they mean
 * upstream, and anything else an upstream file holds is ignored and named at start ({@link
 * IgnoredSettings}); our section, {@code FastPath}, is checked strictly, so a misspelt setting
 * fails the start instead of doing nothing. The bot filter's rows are lists of values, which {@link
 * BotRules#read} reads and {@link BotRulesBuilder} takes by these keys. {@code FastPath/ClientPool}
 * values apply to every BES.
 */
final class OlfsSettings {
  /** The element that each BES of the file is. */
  static final String BES_ELEMENT = "BESManager/BES";

  /** Our strictly checked section. */
  static final String FAST_PATH = "FastPath";

  static final List<OlfsSetting> ALL =
      List.of(
          row(
              "BESManager/BES/prefix",
              ROUTING,
              "prefix",
              TEXT,
              "the catalog paths this BES serves, matched on whole path segments and taken off the"
                  + " path the BES is sent; the BES of one prefix form a group, and a `/` group is"
                  + " required",
              "/",
              "/"),
          row(
              "BESManager/BES@weight",
              ROUTING,
              "weight",
              INTEGER,
              "this BES's share of its group's requests, relative to the others (1-1000)",
              "1",
              "2"),
          row(
              "BESManager/BES/host",
              ENDPOINT,
              "host",
              TEXT,
              "the BES machine",
              "localhost",
              "bes.example.org"),
          row(
              "BESManager/BES/port",
              ENDPOINT,
              "port",
              INTEGER,
              "the BES port (BES.ServerPort)",
              "10022",
              "10022"),
          row(
              "BESManager/BES/timeOut",
              PPT,
              "readTimeout",
              DURATION,
              "the longest silence while reading a BES answer",
              "120 s",
              "300"),
          row(
              "BESManager/BES/maxResponseSize",
              BES,
              "maxResponseSize",
              HYRAX_SIZE,
              "the largest response the BES may build (the `max_response_size` context); larger is a"
                  + " 413 with the BES's explanation; 0 for no limit",
              "none sent (no limit)",
              "2"),
          row(
              "BESManager/BES/maxVariableSize",
              BES,
              "maxVariableSize",
              HYRAX_SIZE,
              "the largest variable a response may hold (the `max_variable_size` context); larger is"
                  + " a 413; 0 for no limit",
              "none sent (no limit)",
              "512"),
          row(
              "BESManager/BES/ClientPool@maximum",
              BES,
              "maxConnections",
              INTEGER,
              "most connections to this BES at once; each is a BES process",
              "32",
              "16"),
          row(
              "BESManager/BES/ClientPool@maxCmds",
              BES,
              "maxCommandsPerConnection",
              INTEGER,
              "commands a connection carries before its BES process is replaced",
              "2000",
              "1000"),
          row(
              "BESManager/NodeCache@maxEntries",
              CACHE,
              "maximumSize",
              INTEGER,
              "catalog paths the data-source cache holds",
              "200000",
              "20000"),
          row(
              "BESManager/NodeCache@refreshInterval",
              CACHE,
              "ttl",
              DURATION,
              "how long a showNode answer is trusted",
              "600 s",
              "600"),
          row(
              "BESManager/SiteMapCache@refreshInterval",
              WEB,
              "siteMapRefresh",
              DURATION,
              "how old the site map (robots.txt, siteMap/) may get before it is rebuilt in the"
                  + " background",
              "600 s",
              "3600"),
          row(
              "DatasetUrlResponse@type",
              WEB,
              "datasetUrlResponse",
              TEXT,
              "what the bare dataset URL answers: `download` (the file, with"
                  + " AllowDirectDataSourceAccess; else 403), `requestForm` (302 to the form) or `dsr`"
                  + " (302 to `.dsr`)",
              "requestForm",
              "download"),
          row(
              "DataRequestForm@type",
              WEB,
              "dataRequestForm",
              TEXT,
              "the request form that listings, the site map and the bare dataset URL point to:"
                  + " `dap4` (`.dmr.html`) or `dap2` (`.html`); both are served",
              "dap4",
              "dap2"),
          row(
              "AllowDirectDataSourceAccess",
              WEB,
              "allowDirectDataSourceAccess",
              FLAG,
              "present: the dataset file itself may be downloaded (`.file`, the bare URL with"
                  + " `download`); absent: 403",
              "absent",
              "present"),
          row(
              "AddFileoutTypeSuffixToDownloadFilename",
              WEB,
              "addFileoutTypeSuffix",
              FLAG,
              "present: a download's name replaces the dataset's extension of 1 to 3 characters"
                  + " (`fnoc1.nc4`, not `fnoc1.nc.nc4`)",
              "absent",
              "present"),
          row(
              "HttpPost@enabled",
              WEB,
              "httpPost",
              BOOLEAN,
              "dataset URLs take POST with an `application/x-www-form-urlencoded` body (`ce`,"
                  + " `dap4.ce`); `false`: 405",
              "true",
              "true"),
          row(
              "HttpPost@max",
              WEB,
              "httpPostMax",
              INTEGER,
              "the largest POST body in bytes (at most 10000000); larger is a 413",
              "2000000",
              "2000000"),
          row(
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
          row(
              "BotFilter/IpMatch",
              BOT_FILTER,
              "ipMatches",
              PATTERN,
              "refuse (403) client addresses the pattern matches whole",
              "none",
              "65\\.55\\.\\d+\\.\\d+"),
          row(
              "BotFilter/UserAgentMatch",
              BOT_FILTER,
              "userAgentMatches",
              PATTERN,
              "refuse (403) clients whose User-Agent the pattern matches whole",
              "none",
              ".*facebookexternalhit.*"),
          row(
              "BotFilter/AllowedResponseRegex",
              BOT_FILTER,
              "allowedResponses",
              PATTERN,
              "request paths (the context path included) that a refused client may still fetch,"
                  + " unless BlockedResponseRegex matches them too",
              "paths below `docs/images/` and `docs/css/` of the context (none with"
                  + " BlockImagesAndCss)",
              "/opendap/robots\\.txt"),
          row(
              "BotFilter/BlockedResponseRegex",
              BOT_FILTER,
              "blockedResponses",
              PATTERN,
              "request paths a refused client is refused even where AllowedResponseRegex lets it"
                  + " in; with BlockImagesAndCss and no AllowedResponseRegex, the only paths it is"
                  + " refused (as upstream)",
              "none",
              ".*\\.dods"),
          row(
              "BotFilter/BlockImagesAndCss",
              BOT_FILTER,
              "blockImagesAndCss",
              FLAG,
              "present: drop the default AllowedResponseRegex (upstream's error page images and"
                  + " styles, which this front end does not serve)",
              "absent",
              "present"),
          row(
              "FastPath/serviceUrl",
              WEB,
              "serviceUrl",
              TEXT,
              "the service's absolute URL as users see it, which the site map names",
              "the first" + " request's",
              "https://data.example.org/opendap"),
          row(
              "FastPath/RequestForm@largeDownload",
              WEB,
              "largeDownload",
              SIZE,
              "the request forms ask before a download whose answer is larger than this (the size"
                  + " they show for the selection); 0 never asks",
              "100 MB",
              "1GB"),
          row(
              "FastPath/WarmUp@enabled",
              WEB,
              "warmUp",
              BOOLEAN,
              "right after start, send a few internal requests for one dataset, so the first client"
                  + " request finds the code compiled, the BES connection open and the caches filled",
              "true",
              "true"),
          row(
              "FastPath/WarmUp@dataset",
              WEB,
              "warmUpDataset",
              TEXT,
              "the dataset the warm-up asks about",
              "the first one near the catalog root",
              "/data/sst.nc"),
          row(
              "FastPath/unixSocket",
              ENDPOINT,
              "unixSocket",
              PATH,
              "talk to the BES over this Unix socket (BES.ServerUnixSocket) instead of host and port",
              "TCP",
              "/run/bes/bes.sock"),
          row(
              "FastPath/dataRoot",
              CACHE,
              "dataRoot",
              PATH,
              "the BES catalog root (BES.Catalog.catalog.RootDirectory) as this machine sees it: turns"
                  + " on file checks, so a changed or deleted file is seen on the next request",
              "none",
              "/usr/share/hyrax"),
          row(
              "FastPath/catalogRoot",
              WEB,
              "catalogRoot",
              PATH,
              "the catalog root as the BES names it in error messages, removed from them",
              "dataRoot",
              "/usr/share/hyrax"),
          row(
              "FastPath/Cache@enabled",
              CACHE,
              "enabled",
              BOOLEAN,
              "`false`: every request asks the BES (showNode and get)",
              "true",
              "true"),
          row(
              "FastPath/Cache@negativeTtl",
              CACHE,
              "negativeTtl",
              DURATION,
              "how long \"no such dataset\" is cached; 0 caches none",
              "10 s",
              "30"),
          row(
              "FastPath/Cache@refreshAfter",
              CACHE,
              "refreshAfter",
              DURATION,
              "a hit older than this also reloads in the background",
              "half of refreshInterval",
              "300"),
          row(
              "FastPath/Cache@mtimeCheckInterval",
              CACHE,
              "mtimeCheckInterval",
              DURATION,
              "least time between two file checks of one entry (with dataRoot); 0 checks every hit",
              "1 s",
              "500ms"),
          row(
              "FastPath/Cache@loadTimeout",
              CACHE,
              "loadTimeout",
              DURATION,
              "how long a request waits for another request's showNode of the same path",
              "60 s",
              "30"),
          row(
              "FastPath/Cache@maximumWeight",
              CACHE,
              "maximumWeight",
              INTEGER,
              "bound the cache by weight instead of NodeCache maxEntries: a dataset weighs 1, a"
                  + " directory 1 plus its entries",
              "none",
              "500000"),
          row(
              "FastPath/ResponseCache@enabled",
              RESPONSE_CACHE,
              "enabled",
              BOOLEAN,
              "keep whole metadata answers (`.das .dds .dmr .dmr.xml .ddx .info`, the forms' DMR and"
                  + " DDX) and small data answers in memory, valid exactly while their data-source"
                  + " entry is; `false`: every request sends its get",
              "true",
              "true"),
          row(
              "FastPath/ResponseCache@maximumWeight",
              RESPONSE_CACHE,
              "maximumWeight",
              SIZE,
              "the response cache's bound in bytes (bodies and their gzip forms)",
              "64 MiB",
              "256MiB"),
          row(
              "FastPath/ResponseCache@maxEntryBytes",
              RESPONSE_CACHE,
              "maxEntryBytes",
              SIZE,
              "the largest metadata answer kept; larger ones stream as they come",
              "256 KiB",
              "1MiB"),
          row(
              "FastPath/ResponseCache@dataTypes",
              RESPONSE_CACHE,
              "dataTypes",
              TEXT,
              "data responses also kept up to maxDataEntryBytes, by suffix without its dot (`ascii"
                  + " dods dap.csv`); `all`: every one but the netCDF downloads; empty (`\"\"`): none",
              "all",
              "ascii dods"),
          row(
              "FastPath/ResponseCache@maxDataEntryBytes",
              RESPONSE_CACHE,
              "maxDataEntryBytes",
              SIZE,
              "the largest data answer kept; a larger one streams on once past it and is never kept",
              "1 MiB",
              "256KiB"),
          row(
              "FastPath/ResponseCache@loadTimeout",
              RESPONSE_CACHE,
              "loadTimeout",
              DURATION,
              "how long a request waits for another request's get of the same answer",
              "60 s",
              "30"),
          row(
              "FastPath/Spool@enabled",
              SPOOL,
              "enabled",
              BOOLEAN,
              "when a client reads slower than the BES writes, keep the rest of the answer (memory,"
                  + " then a file) and return the BES connection to the pool as soon as the BES has"
                  + " sent it all; `false`: the connection is held until the client has read the"
                  + " answer",
              "true",
              "true"),
          row(
              "FastPath/Spool@responseMemory",
              SPOOL,
              "responseMemory",
              SIZE,
              "the memory one response may hold in the spool, in buffers of 64 KiB; past it, its"
                  + " file",
              "1 MiB",
              "2MiB"),
          row(
              "FastPath/Spool@memory",
              SPOOL,
              "memory",
              SIZE,
              "the memory all responses may hold in the spool at once",
              "32 MiB",
              "128MiB"),
          row(
              "FastPath/Spool@disk",
              SPOOL,
              "disk",
              SIZE,
              "the bytes all spool files may hold at once; 0 spools in memory only. With no room"
                  + " left a response streams straight from the BES, never an error",
              "2 GiB",
              "20GiB"),
          row(
              "FastPath/Spool@directory",
              SPOOL,
              "directory",
              PATH,
              "where the spool files go, one directory per front end (files left by a crash are"
                  + " deleted at start); it must exist, be writable and have 64 MiB free, or `disk`"
                  + " if less",
              "the servlet container's temporary directory",
              "/var/cache/olfs/spool"),
          row(
              "FastPath/BesGroups@ejectionBase",
              GROUP,
              "ejectionBase",
              DURATION,
              "how long a BES whose connect failed is out of service before the first probe; each"
                  + " failed probe doubles it",
              "1 s",
              "2"),
          row(
              "FastPath/BesGroups@ejectionMax",
              GROUP,
              "ejectionMax",
              DURATION,
              "the longest wait between probes, so also the longest a restarted BES waits for"
                  + " traffic",
              "10 s",
              "30"),
          row(
              "FastPath/BesGroups@ejectionThreshold",
              GROUP,
              "ejectionThreshold",
              INTEGER,
              "I/O failures in a row that take a BES out (never the last one of a group)",
              "3",
              "5"),
          row(
              "FastPath/BesGroups@failover",
              GROUP,
              "failover",
              BOOLEAN,
              "retry a command that failed before any byte reached the client once on another BES"
                  + " of the group",
              "true",
              "true"),
          row(
              "FastPath/BesGroups@retry",
              GROUP,
              "retry",
              BOOLEAN,
              "send a command its BES broke off (a BES process that died) before any byte reached"
                  + " the client once more on a new connection to the same BES when no other can take"
                  + " it; also a get whose body broke before a byte went out",
              "true",
              "true"),
          row(
              "FastPath/BesGroups@clientShare",
              GROUP,
              "clientShare",
              TEXT,
              "the most of a group's BES connections one client (its address) holds at once: a"
                  + " count, or a percentage of the connections of the group's BES; `100%`: no share",
              "25%",
              "8"),
          row(
              "FastPath/BesGroups@clientQueue",
              GROUP,
              "clientQueue",
              INTEGER,
              "requests of one client that may wait past its share; more are refused at once (503)",
              "8",
              "16"),
          row(
              "FastPath/BesGroups@clientQueueWait",
              GROUP,
              "clientQueueWait",
              DURATION,
              "how long a request waits past its client's share before a 503",
              "5 s",
              "10"),
          row(
              "FastPath/ClientPool@acquireTimeout",
              BES,
              "acquireTimeout",
              DURATION,
              "how long a request waits for a free BES connection before a 503; 0 fails at once",
              "5 s",
              "2"),
          row(
              "FastPath/ClientPool@reserve",
              BES,
              "reserve",
              TEXT,
              "BES connections kept for short requests (metadata, pages, answers known to be small):"
                  + " a count, or a percentage of `maximum` (at least 1); long downloads never take"
                  + " the last of them",
              "10%",
              "4"),
          row(
              "FastPath/ClientPool@maxIdle",
              BES,
              "maxIdle",
              DURATION,
              "how long an idle BES connection (and its BES process) is kept",
              "5 min",
              "10m"),
          row(
              "FastPath/ClientPool@prewarm",
              BES,
              "prewarm",
              INTEGER,
              "BES connections opened at start, off the request path",
              "0",
              "2"),
          row(
              "FastPath/ClientPool@connectTimeout",
              PPT,
              "connectTimeout",
              DURATION,
              "TCP or Unix socket connect timeout",
              "5 s",
              "5"),
          row(
              "FastPath/ClientPool@handshakeTimeout",
              PPT,
              "handshakeTimeout",
              DURATION,
              "how long a connected BES may take to answer the PPT handshake",
              "connectTimeout",
              "2"),
          row(
              "FastPath/ClientPool@quickAck",
              PPT,
              "quickAck",
              BOOLEAN,
              "re-arm TCP_QUICKACK before each read (avoids the BES's ~40 ms stall over TCP; Linux)",
              "true",
              "true"),
          row(
              "FastPath/Limits@maxUrlLength",
              WEB,
              "maxUrlLength",
              INTEGER,
              "longest path plus query string; longer is 414 before any BES message",
              "8192",
              "8192"),
          row(
              "FastPath/Limits@maxConstraintLength",
              WEB,
              "maxConstraintLength",
              INTEGER,
              "longest decoded constraint; longer is 414",
              "4096",
              "4096"),
          row(
              "FastPath/Gzip@enabled",
              WEB,
              "gzip",
              BOOLEAN,
              "gzip text responses for clients that accept it",
              "true",
              "true"),
          row(
              "FastPath/RetryAfter@seconds",
              WEB,
              "retryAfterSeconds",
              INTEGER,
              "Retry-After of a 503 when every BES connection is busy",
              "1",
              "2"),
          row(
              "FastPath/TrustedProxies",
              WEB,
              "trustedProxies",
              TEXT,
              "proxies whose `X-Forwarded-For` names the client (addresses, CIDR blocks): the client is"
                  + " the right-most address of the header that is not a trusted proxy; from any other"
                  + " peer the header is ignored",
              "none",
              "127.0.0.1 10.0.0.0/8"),
          row(
              "FastPath/Admin@token",
              WEB,
              "adminToken",
              TEXT,
              "token (16 or more characters) that allows operator actions from other hosts",
              "none",
              "0123456789abcdef"));

  private OlfsSettings() {}

  private static OlfsSetting row(
      String path,
      OlfsSetting.Layer layer,
      String key,
      OlfsSetting.Kind kind,
      String meaning,
      String defaultText,
      String example) {
    return new OlfsSetting(path, layer, key, kind, meaning, defaultText, example);
  }

  /** The elements of the FastPath section, each with the attributes it may carry. */
  static Set<String> fastPathElements() {
    Set<String> names = new LinkedHashSet<>();
    for (OlfsSetting setting : ALL) {
      if (setting.path().startsWith(FAST_PATH + "/")) {
        names.add(setting.elementPath().substring(FAST_PATH.length() + 1));
      }
    }
    return names;
  }

  /** The attributes element {@code FastPath/<name>} may carry, in table order. */
  static List<String> fastPathAttributes(String name) {
    return ALL.stream()
        .filter(s -> s.elementPath().equals(FAST_PATH + "/" + name) && s.attribute() != null)
        .map(OlfsSetting::attribute)
        .toList();
  }

  /** The settings docs/configuration.md lists, as a Markdown table. */
  static String markdownTable() {
    StringBuilder out =
        new StringBuilder("| setting | value | meaning | default |\n")
            .append("|---|---|---|---|\n");
    for (OlfsSetting s : ALL) {
      out.append("| `")
          .append(s.path())
          .append("` | ")
          .append(s.kind().description())
          .append(" | ")
          .append(s.meaning())
          .append(" | ")
          .append(s.defaultText())
          .append(" |\n");
    }
    return out.toString();
  }
}
