package org.olfsfastpath.web;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesError;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.bes.BesGetType;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.bes.Caller;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.bes.TransmitterProbe;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the BES of a path can make a response that needs one of its modules (fileout_netcdf,
 * gdal, fileout_json, xml_data, usage ...), so that a HEAD, answered from the catalog alone,
 * answers as the GET would: 501 when the BES lacks the module. Asked with a {@linkplain
 * GetRequest#probe probe get} (one BES message that reads no data) the first time a HEAD needs it,
 * per BES group and response type, and remembered for {@link #KEEP}, so that a module installed or
 * removed later is seen. Responses every BES makes (das, dds, dods, dmr, dap ...) are never asked
 * about. Thread-safe: two HEADs that race may both ask, which does no harm.
 */
final class ModuleProbes {
  private static final Logger log = LoggerFactory.getLogger(ModuleProbes.class);

  /** How long an answer is trusted. */
  static final Duration KEEP = Duration.ofMinutes(10);

  private record Key(String group, BesGetType type) {}

  /** What a probe found: {@code missing} is the BES's error when it cannot make the response. */
  private record Known(@Nullable BesError missing, Instant until) {}

  private final DapBackend backend;
  private final Clock clock;
  private final ConcurrentMap<Key, Known> known = new ConcurrentHashMap<>();

  ModuleProbes(DapBackend backend, Clock clock) {
    this.backend = Objects.requireNonNull(backend, "backend == null");
    this.clock = Objects.requireNonNull(clock, "clock == null");
  }

  /** Whether a get of this type needs a module beyond the DAP module every BES has. */
  static boolean needsModule(BesGetType type) {
    return type.returnAs() != null || type == BesGetType.XML_DATA || type == BesGetType.INFO_PAGE;
  }

  /**
   * Returns when the BES that serves {@code get}'s path can make it, as far as a probe can tell;
   * throws the BES's own error, as the GET would get it, when a module it needs is missing.
   *
   * @throws BesErrorException the BES's "Unable to find transmitter ..." or "... does not have a
   *     registered response handler"
   * @throws IOException if the BES cannot be asked, as for any get
   */
  void check(GetRequest get) throws IOException {
    if (!needsModule(get.type())) {
      return;
    }
    Key key = new Key(backend.groupOf(get.path()), get.type());
    Instant now = clock.instant();
    Known answer = known.get(key);
    if (answer == null || !now.isBefore(answer.until())) {
      answer = ask(key, get.path(), now);
      if (answer == null) {
        return; // The BES said neither: answer from the catalog, as before, and ask next time.
      }
    }
    if (answer.missing() != null) {
      throw new BesErrorException(answer.missing());
    }
  }

  private @Nullable Known ask(Key key, String path, Instant now) throws IOException {
    Optional<Boolean> canMake;
    BesError error;
    // The front end's own short question, remembered for every client: no client's share.
    try (BesResponse unexpected =
        backend.get(GetRequest.probe(path, key.type()), Caller.INTERNAL)) {
      // A BES that answers a get with no definition with data: it can make the response.
      log.debug("the probe of {} for {} was answered with data: {}", key.type(), path, unexpected);
      canMake = Optional.of(true);
      error = null;
    } catch (BesErrorException e) {
      error = e.error();
      canMake = TransmitterProbe.canMake(error);
    }
    if (canMake.isEmpty()) {
      log.debug("the probe of {} for {} answered neither way: {}", key.type(), path, error);
      return null;
    }
    Known answer = new Known(canMake.get() ? null : error, now.plus(KEEP));
    known.put(key, answer);
    return answer;
  }
}
