package org.olfsfastpath.web;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.olfsfastpath.bes.BesError;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.bes.BesGetType;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.bes.Caller;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.ResponseCache;
import org.olfsfastpath.dap.VersionDocument;

/** A catalog in memory with scriptable failures, counting what the front end asked for. */
public final class FakeBackend implements DapBackend {
  public static final Instant MODIFIED = Instant.parse("2026-11-22T01:52:59Z");

  public final Map<String, DataSource> nodes = new HashMap<>();
  public final Map<String, IOException> lookupFailures = new HashMap<>();
  public final List<GetRequest> gets = new ArrayList<>();

  /** Who each get named, in order. */
  public final List<Caller> callers = new ArrayList<>();

  public final AtomicInteger lookups = new AtomicInteger();
  public final AtomicInteger closed = new AtomicInteger();
  public byte[] body =
      "Dataset {\n    Float64 COADSX[COADSX = 180];\n} coads_climatology.nc;\n".getBytes();

  /** Bodies by BES get type; others get {@link #body}. */
  public final Map<BesGetType, byte[]> bodies = new HashMap<>();

  public IOException getFailure;

  /** Get types whose module the fake BES lacks: a probe of one is "Unable to find transmitter". */
  public final java.util.Set<BesGetType> missingModules =
      java.util.EnumSet.noneOf(BesGetType.class);

  /** Failures of gets of one type only. */
  public final Map<BesGetType, IOException> getFailures = new HashMap<>();

  /** The buildSiteMap answer; null: the BES does not know the command. */
  public byte[] siteMap;

  public final AtomicInteger siteMapBuilds = new AtomicInteger();
  public final AtomicInteger versionAsks = new AtomicInteger();

  /** Each configuration key's values; a key not here is the BES's "no such key". */
  public final Map<String, List<String>> besKeys = new HashMap<>();

  public final AtomicInteger besKeyAsks = new AtomicInteger();

  /** When set, reading the body fails after this many bytes. */
  public int failAfter = -1;

  public IOException streamFailure = new IOException("BES sent status=error after data chunks");

  /** Whether a response may be sent again once after its body broke (as a BES group's may). */
  public boolean restartable;

  /** Responses sent again. */
  public final AtomicInteger restarts = new AtomicInteger();

  public FakeBackend withDataset(String path) {
    nodes.put(path, new DataSource(path, true, MODIFIED, 3114044, false, List.of()));
    return this;
  }

  public FakeBackend withFile(String path, long size) {
    nodes.put(path, new DataSource(path, false, MODIFIED, size, false, List.of()));
    return this;
  }

  public FakeBackend withDirectory(String path, DataSource.Child... children) {
    nodes.put(path, new DataSource(path, false, MODIFIED, 0, true, List.of(children)));
    return this;
  }

  @Override
  public DataSource lookup(String path) throws IOException {
    lookups.incrementAndGet();
    IOException failure = lookupFailures.get(path);
    if (failure != null) {
      throw failure;
    }
    DataSource source = nodes.get(path);
    if (source == null) {
      throw new BesErrorException(
          new BesError(
              BesError.NOT_FOUND,
              "Failed to locate '/usr/share/hyrax" + path + "'\n",
              0,
              "support@opendap.org"));
    }
    return source;
  }

  @Override
  public BesResponse get(GetRequest request, Caller caller) throws IOException {
    gets.add(request);
    callers.add(caller);
    if (getFailure != null) {
      throw getFailure;
    }
    if (request.probe()) {
      // As the BES reads a get with no definition: the module check first, then the definition.
      String returnAs = request.type().returnAs();
      throw new BesErrorException(
          new BesError(
              BesError.SYNTAX_USER,
              missingModules.contains(request.type())
                  ? "Unable to find transmitter " + returnAs
                  : "Unable to find definition " + org.olfsfastpath.bes.TransmitterProbe.DEFINITION,
              0,
              "support@opendap.org"));
    }
    if (getFailures.containsKey(request.type())) {
      throw getFailures.get(request.type());
    }
    byte[] answer = bodies.getOrDefault(request.type(), body);
    InputStream data = new ByteArrayInputStream(answer);
    InputStream broken =
        failAfter < 0
            ? data
            : new InputStream() {
              int read;

              @Override
              public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
              }

              @Override
              public int read(byte[] b, int off, int len) throws IOException {
                if (read >= failAfter) {
                  throw streamFailure;
                }
                int n = data.read(b, off, Math.min(len, failAfter - read));
                read += Math.max(n, 0);
                return n;
              }
            };
    InputStream[] current = {broken};
    InputStream stream =
        new InputStream() {
          @Override
          public int read() throws IOException {
            return current[0].read();
          }

          @Override
          public int read(byte[] b, int off, int len) throws IOException {
            return current[0].read(b, off, len);
          }
        };
    return new BesResponse() {
      @Override
      public InputStream body() {
        return stream;
      }

      private boolean done;
      private boolean resent;

      @Override
      public boolean restart(IOException failure) {
        if (!restartable || resent) {
          return false;
        }
        resent = true;
        restarts.incrementAndGet();
        current[0] = new ByteArrayInputStream(answer);
        return true;
      }

      @Override
      public void close() {
        if (!done) {
          done = true;
          closed.incrementAndGet();
        }
      }
    };
  }

  /** A response cache of its own, as the real backend has. */
  public ResponseCache responses = responses(ResponseCache.newBuilder());

  /** A response cache that loads through this backend's {@link #get}, as the router's does. */
  public ResponseCache responses(org.olfsfastpath.cache.ResponseCacheBuilder builder) {
    return builder.opener(this::get).groups(this::groupOf).build();
  }

  @Override
  public String groupOf(String path) {
    return "";
  }

  @Override
  public ResponseCache responses() {
    return responses;
  }

  @Override
  public byte[] buildSiteMap(String prefix, String nodeSuffix, String leafSuffix)
      throws IOException {
    siteMapBuilds.incrementAndGet();
    if (siteMap == null) {
      throw new BesErrorException(
          new BesError(BesError.SYNTAX_USER, "Unable to find command buildSiteMap", 0, ""));
    }
    return new String(siteMap, java.nio.charset.StandardCharsets.UTF_8)
        .replace("PREFIX/", prefix)
        .replace("LEAF", leafSuffix)
        .getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  @Override
  public List<String> showBesKey(String path, String key) throws IOException {
    besKeyAsks.incrementAndGet();
    List<String> values = besKeys.get(key);
    if (values == null) {
      throw new BesErrorException(new BesError(BesError.SYNTAX_USER, "no such key " + key, 0, ""));
    }
    return values;
  }

  @Override
  public List<VersionDocument.Bes> versions() {
    versionAsks.incrementAndGet();
    return List.of(
        new VersionDocument.Bes(
            "/",
            "fake:10022",
            "<response><showVersion>"
                + "<library name=\"bes\" version=\"3.22.0\"/></showVersion></response>"));
  }
}
