package org.olfsfastpath.access;

import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jose.util.Resource;
import com.nimbusds.jose.util.ResourceRetriever;
import java.io.IOException;
import java.net.URL;
import java.time.Duration;

/**
 * A provider's JWKS as Nimbus keeps it: fetched with {@link ProviderHttp}'s timeouts, kept 12 hours
 * and refreshed ahead of that in the background, refetched when a token names a key id the set does
 * not hold but at most once in 30 seconds (a storm of made-up key ids costs the provider nothing),
 * and kept serving through a provider outage of up to a day. Each fetch is counted.
 */
final class KeySources {
  static final Duration TIME_TO_LIVE = Duration.ofHours(12);
  static final Duration REFRESH_TIMEOUT = Duration.ofSeconds(5);
  static final Duration MIN_REFETCH = Duration.ofSeconds(30);
  static final Duration OUTAGE_TOLERANCE = Duration.ofHours(24);

  private KeySources() {}

  static JWKSource<SecurityContext> remote(URL jwks, String idp, AccessStats stats) {
    ResourceRetriever http =
        new DefaultResourceRetriever(
            (int) ProviderHttp.CONNECT_TIMEOUT.toMillis(),
            (int) ProviderHttp.READ_TIMEOUT.toMillis(),
            ProviderHttp.MAX_JWKS_BYTES);
    ResourceRetriever counted =
        url -> {
          stats.providerCall(idp, "jwks");
          try {
            Resource r = http.retrieveResource(url);
            stats.keyFetch(idp, "ok");
            return r;
          } catch (IOException | RuntimeException e) {
            stats.keyFetch(idp, "failed");
            throw e;
          }
        };
    return JWKSourceBuilder.<SecurityContext>create(jwks, counted)
        .cache(TIME_TO_LIVE.toMillis(), REFRESH_TIMEOUT.toMillis())
        .refreshAheadCache(true)
        .rateLimited(MIN_REFETCH.toMillis())
        .retrying(true)
        .outageTolerant(OUTAGE_TOLERANCE.toMillis())
        .build();
  }
}
