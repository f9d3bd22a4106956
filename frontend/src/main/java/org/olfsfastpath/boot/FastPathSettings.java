package org.olfsfastpath.boot;

import static org.olfsfastpath.boot.OlfsSetting.Kind.BOOLEAN;
import static org.olfsfastpath.boot.OlfsSetting.Kind.DURATION;
import static org.olfsfastpath.boot.OlfsSetting.Kind.INTEGER;
import static org.olfsfastpath.boot.OlfsSetting.Kind.PATH;
import static org.olfsfastpath.boot.OlfsSetting.Kind.SIZE;
import static org.olfsfastpath.boot.OlfsSetting.Kind.TEXT;
import static org.olfsfastpath.boot.OlfsSetting.Layer.ACCESS;
import static org.olfsfastpath.boot.OlfsSetting.Layer.BES;
import static org.olfsfastpath.boot.OlfsSetting.Layer.CACHE;
import static org.olfsfastpath.boot.OlfsSetting.Layer.ENDPOINT;
import static org.olfsfastpath.boot.OlfsSetting.Layer.GROUP;
import static org.olfsfastpath.boot.OlfsSetting.Layer.PPT;
import static org.olfsfastpath.boot.OlfsSetting.Layer.RESPONSE_CACHE;
import static org.olfsfastpath.boot.OlfsSetting.Layer.SPOOL;
import static org.olfsfastpath.boot.OlfsSetting.Layer.WEB;

import java.util.List;
import org.olfsfastpath.access.AccessOptions;

/**
 * The rows of {@link OlfsSettings} for our own section, {@code FastPath}, checked strictly: a
 * misspelt setting fails the start instead of doing nothing.
 */
final class FastPathSettings {
  static final List<OlfsSetting> ROWS =
      List.of(
          new OlfsSetting(
              "FastPath/serviceUrl",
              WEB,
              "serviceUrl",
              TEXT,
              "the service's absolute URL as users see it, which the site map names",
              "the first" + " request's",
              "https://data.example.org/opendap"),
          new OlfsSetting(
              "FastPath/RequestForm@largeDownload",
              WEB,
              "largeDownload",
              SIZE,
              "the request forms ask before a download whose answer is larger than this (the size"
                  + " they show for the selection); 0 never asks",
              "100 MB",
              "1GB"),
          new OlfsSetting(
              "FastPath/WarmUp@enabled",
              WEB,
              "warmUp",
              BOOLEAN,
              "right after start, send a few internal requests for one dataset, so the first client"
                  + " request finds the code compiled, the BES connection open and the caches filled",
              "true",
              "true"),
          new OlfsSetting(
              "FastPath/WarmUp@dataset",
              WEB,
              "warmUpDataset",
              TEXT,
              "the dataset the warm-up asks about",
              "the first one near the catalog root",
              "/data/sst.nc"),
          new OlfsSetting(
              "FastPath/unixSocket",
              ENDPOINT,
              "unixSocket",
              PATH,
              "talk to the BES over this Unix socket (BES.ServerUnixSocket) instead of host and port",
              "TCP",
              "/run/bes/bes.sock"),
          new OlfsSetting(
              "FastPath/dataRoot",
              CACHE,
              "dataRoot",
              PATH,
              "the BES catalog root (BES.Catalog.catalog.RootDirectory) as this machine sees it: turns"
                  + " on file checks, so a changed or deleted file is seen on the next request",
              "none",
              "/usr/share/hyrax"),
          new OlfsSetting(
              "FastPath/catalogRoot",
              WEB,
              "catalogRoot",
              PATH,
              "the catalog root as the BES names it in error messages, removed from them",
              "dataRoot",
              "/usr/share/hyrax"),
          new OlfsSetting(
              "FastPath/Cache@enabled",
              CACHE,
              "enabled",
              BOOLEAN,
              "`false`: every request asks the BES (showNode and get)",
              "true",
              "true"),
          new OlfsSetting(
              "FastPath/Cache@negativeTtl",
              CACHE,
              "negativeTtl",
              DURATION,
              "how long \"no such dataset\" is cached; 0 caches none",
              "10 s",
              "30"),
          new OlfsSetting(
              "FastPath/Cache@refreshAfter",
              CACHE,
              "refreshAfter",
              DURATION,
              "a hit older than this also reloads in the background",
              "half of refreshInterval",
              "300"),
          new OlfsSetting(
              "FastPath/Cache@mtimeCheckInterval",
              CACHE,
              "mtimeCheckInterval",
              DURATION,
              "least time between two file checks of one entry (with dataRoot); 0 checks every hit",
              "1 s",
              "500ms"),
          new OlfsSetting(
              "FastPath/Cache@loadTimeout",
              CACHE,
              "loadTimeout",
              DURATION,
              "how long a request waits for another request's showNode of the same path",
              "60 s",
              "30"),
          new OlfsSetting(
              "FastPath/Cache@maximumWeight",
              CACHE,
              "maximumWeight",
              INTEGER,
              "bound the cache by weight instead of NodeCache maxEntries: a dataset weighs 1, a"
                  + " directory 1 plus its entries",
              "none",
              "500000"),
          new OlfsSetting(
              "FastPath/ResponseCache@enabled",
              RESPONSE_CACHE,
              "enabled",
              BOOLEAN,
              "keep whole metadata answers (`.das .dds .dmr .dmr.xml .ddx .info`, the forms' DMR and"
                  + " DDX) and small data answers in memory, valid exactly while their data-source"
                  + " entry is; `false`: every request sends its get",
              "true",
              "true"),
          new OlfsSetting(
              "FastPath/ResponseCache@maximumWeight",
              RESPONSE_CACHE,
              "maximumWeight",
              SIZE,
              "the response cache's bound in bytes (bodies and their gzip forms)",
              "64 MiB",
              "256MiB"),
          new OlfsSetting(
              "FastPath/ResponseCache@maxEntryBytes",
              RESPONSE_CACHE,
              "maxEntryBytes",
              SIZE,
              "the largest metadata answer kept; larger ones stream as they come",
              "256 KiB",
              "1MiB"),
          new OlfsSetting(
              "FastPath/ResponseCache@dataTypes",
              RESPONSE_CACHE,
              "dataTypes",
              TEXT,
              "data responses also kept up to maxDataEntryBytes, by suffix without its dot (`ascii"
                  + " dods dap.csv`); `all`: every one but the netCDF downloads; empty (`\"\"`): none",
              "all",
              "ascii dods"),
          new OlfsSetting(
              "FastPath/ResponseCache@maxDataEntryBytes",
              RESPONSE_CACHE,
              "maxDataEntryBytes",
              SIZE,
              "the largest data answer kept; a larger one streams on once past it and is never kept",
              "1 MiB",
              "256KiB"),
          new OlfsSetting(
              "FastPath/ResponseCache@loadTimeout",
              RESPONSE_CACHE,
              "loadTimeout",
              DURATION,
              "how long a request waits for another request's get of the same answer",
              "60 s",
              "30"),
          new OlfsSetting(
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
          new OlfsSetting(
              "FastPath/Spool@responseMemory",
              SPOOL,
              "responseMemory",
              SIZE,
              "the memory one response may hold in the spool, in buffers of 64 KiB; past it, its"
                  + " file",
              "1 MiB",
              "2MiB"),
          new OlfsSetting(
              "FastPath/Spool@memory",
              SPOOL,
              "memory",
              SIZE,
              "the memory all responses may hold in the spool at once",
              "32 MiB",
              "128MiB"),
          new OlfsSetting(
              "FastPath/Spool@disk",
              SPOOL,
              "disk",
              TEXT,
              "the bytes all spool files may hold at once: a size, or a percentage of the space"
                  + " free in `directory` at start, at least 256 MiB and at most 64 GiB but never"
                  + " over half of what is free; 0 spools in memory only. With no room left a"
                  + " response streams straight from the BES, never an error",
              "25%",
              "20GiB"),
          new OlfsSetting(
              "FastPath/Spool@fillers",
              SPOOL,
              "fillers",
              INTEGER,
              "how many answers are copied from their BES into the spool at once; past it the"
                  + " others wait their turn (their BES processes too), so a burst of downloads"
                  + " keeps the machine busy without keeping short requests from a processor; 0:"
                  + " no bound",
              "the processors the JVM may use",
              "4"),
          new OlfsSetting(
              "FastPath/Spool@directory",
              SPOOL,
              "directory",
              PATH,
              "where the spool files go, one directory per front end (files left by a crash are"
                  + " deleted at start); it must exist, be writable and have 64 MiB free, or `disk`"
                  + " if less",
              "the servlet container's temporary directory",
              "/var/cache/olfs/spool"),
          new OlfsSetting(
              "FastPath/BesGroups@ejectionBase",
              GROUP,
              "ejectionBase",
              DURATION,
              "how long a BES whose connect failed is out of service before the first probe; each"
                  + " failed probe doubles it",
              "1 s",
              "2"),
          new OlfsSetting(
              "FastPath/BesGroups@ejectionMax",
              GROUP,
              "ejectionMax",
              DURATION,
              "the longest wait between probes, so also the longest a restarted BES waits for"
                  + " traffic",
              "10 s",
              "30"),
          new OlfsSetting(
              "FastPath/BesGroups@ejectionThreshold",
              GROUP,
              "ejectionThreshold",
              INTEGER,
              "I/O failures in a row that take a BES out (never the last one of a group)",
              "3",
              "5"),
          new OlfsSetting(
              "FastPath/BesGroups@failover",
              GROUP,
              "failover",
              BOOLEAN,
              "retry a command that failed before any byte reached the client once on another BES"
                  + " of the group",
              "true",
              "true"),
          new OlfsSetting(
              "FastPath/BesGroups@retry",
              GROUP,
              "retry",
              BOOLEAN,
              "send a command its BES broke off (a BES process that died) before any byte reached"
                  + " the client once more on a new connection to the same BES when no other can take"
                  + " it; also a get whose body broke before a byte went out",
              "true",
              "true"),
          new OlfsSetting(
              "FastPath/BesGroups@clientShare",
              GROUP,
              "clientShare",
              TEXT,
              "how clients share a group's BES connections: `fair`, a request takes a free"
                  + " connection at once while nobody waits, however many its client holds, and a"
                  + " connection that comes free while requests wait goes to the waiting client"
                  + " holding the fewest; `none`, no shares: requests wait for the pool alone, first"
                  + " come first served. A count or percentage (the former per-client cap) reads as"
                  + " `fair`, `100%` as `none`",
              "fair",
              "none"),
          new OlfsSetting(
              "FastPath/BesGroups@clientQueue",
              GROUP,
              "clientQueue",
              INTEGER,
              "requests of one client that may wait for their turn; more are refused at once"
                  + " (503), but never while the client has fewer requests in all than the group"
                  + " has connections",
              "8",
              "16"),
          new OlfsSetting(
              "FastPath/BesGroups@clientQueueWait",
              GROUP,
              "clientQueueWait",
              DURATION,
              "how long a request waits for its turn at a BES connection before a 503",
              "5 s",
              "10"),
          new OlfsSetting(
              "FastPath/BesGroups@downloadWait",
              GROUP,
              "downloadWait",
              DURATION,
              "how long a download (an answer that may be long) waits for its turn while the"
                  + " spool has room, so connections come back at the BES's pace; without room,"
                  + " clientQueueWait",
              "120 s",
              "300"),
          new OlfsSetting(
              "FastPath/ClientPool@acquireTimeout",
              BES,
              "acquireTimeout",
              DURATION,
              "how long a request waits for a free BES connection before a 503; 0 fails at once",
              "5 s",
              "2"),
          new OlfsSetting(
              "FastPath/ClientPool@reserve",
              BES,
              "reserve",
              TEXT,
              "BES connections kept for short requests (metadata, pages, answers known to be small):"
                  + " a count, or a percentage of `maximum` (at least 1); long downloads never take"
                  + " the last of them",
              "10%",
              "4"),
          new OlfsSetting(
              "FastPath/ClientPool@maxIdle",
              BES,
              "maxIdle",
              DURATION,
              "how long an idle BES connection (and its BES process) is kept",
              "5 min",
              "10m"),
          new OlfsSetting(
              "FastPath/ClientPool@prewarm",
              BES,
              "prewarm",
              INTEGER,
              "BES connections opened at start, off the request path",
              "0",
              "2"),
          new OlfsSetting(
              "FastPath/ClientPool@connectTimeout",
              PPT,
              "connectTimeout",
              DURATION,
              "TCP or Unix socket connect timeout",
              "5 s",
              "5"),
          new OlfsSetting(
              "FastPath/ClientPool@handshakeTimeout",
              PPT,
              "handshakeTimeout",
              DURATION,
              "how long a connected BES may take to answer the PPT handshake",
              "connectTimeout",
              "2"),
          new OlfsSetting(
              "FastPath/ClientPool@quickAck",
              PPT,
              "quickAck",
              BOOLEAN,
              "re-arm TCP_QUICKACK before each read (avoids the BES's ~40 ms stall over TCP; Linux)",
              "true",
              "true"),
          new OlfsSetting(
              "FastPath/Limits@maxUrlLength",
              WEB,
              "maxUrlLength",
              INTEGER,
              "longest path plus query string; longer is 414 before any BES message",
              "8192",
              "8192"),
          new OlfsSetting(
              "FastPath/Limits@maxConstraintLength",
              WEB,
              "maxConstraintLength",
              INTEGER,
              "longest decoded constraint; longer is 414",
              "4096",
              "4096"),
          new OlfsSetting(
              "FastPath/Gzip@enabled",
              WEB,
              "gzip",
              BOOLEAN,
              "gzip text responses for clients that accept it",
              "true",
              "true"),
          new OlfsSetting(
              "FastPath/RetryAfter@seconds",
              WEB,
              "retryAfterSeconds",
              INTEGER,
              "Retry-After of a 503 when every BES connection is busy",
              "1",
              "2"),
          new OlfsSetting(
              "FastPath/TrustedProxies",
              WEB,
              "trustedProxies",
              TEXT,
              "proxies whose `X-Forwarded-For` names the client (addresses, CIDR blocks): the client is"
                  + " the right-most address of the header that is not a trusted proxy; from any other"
                  + " peer the header is ignored",
              "none",
              "127.0.0.1 10.0.0.0/8"),
          new OlfsSetting(
              "FastPath/Admin@token",
              WEB,
              "adminToken",
              TEXT,
              "token (16 or more characters) that allows operator actions from other hosts",
              "none",
              "0123456789abcdef"),
          new OlfsSetting(
              "FastPath/Access@file",
              ACCESS,
              "file",
              TEXT,
              "present (the element, with or without attributes): login and access rules are on"
                  + " (docs/security.md), read from upstream's user-access.xml at this path,"
                  + " relative to the directory of this file",
              AccessOptions.DEFAULT_FILE,
              "/etc/olfs/user-access.xml"),
          new OlfsSetting(
              "FastPath/Access@anonymous",
              ACCESS,
              "anonymous",
              TEXT,
              "what an anonymous request for something that needs a user gets: `login` (302 to the"
                  + " default provider's login, GET and HEAD; others 401) or `401`"
                  + " (`WWW-Authenticate: Bearer`, for sites that take tokens only)",
              "login",
              "401"),
          new OlfsSetting(
              "FastPath/Access@sessionKeyFile",
              ACCESS,
              "sessionKeyFile",
              PATH,
              "the session keys, 32 random bytes in base64 a line, readable by its owner only; the"
                  + " first seals, all open (key rotation); every front end behind one proxy has"
                  + " the same",
              "none: the environment variable OLFS_SESSION_KEY",
              "/etc/olfs/session.keys"),
          new OlfsSetting(
              "FastPath/Access@secureCookie",
              ACCESS,
              "secureCookie",
              TEXT,
              "whether the session cookie is `Secure`: `auto` (when the request came over TLS, as"
                  + " Tomcat sees it behind a RemoteIpValve), `true` or `false`",
              "auto",
              "true"),
          new OlfsSetting(
              "FastPath/Access@sendEdlToken",
              ACCESS,
              "sendEdlToken",
              TEXT,
              "the BES prefixes whose BES are sent an Earthdata Login user's token and client id"
                  + " (`edl_auth_token`, `edl_client_application_id`), separated by spaces; `/`:"
                  + " every BES, as upstream; `\"\"`: none",
              "/",
              "/ngap/"));

  private FastPathSettings() {}
}
