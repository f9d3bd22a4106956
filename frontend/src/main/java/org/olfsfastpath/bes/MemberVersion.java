package org.olfsfastpath.bes;

import java.io.IOException;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.ppt.PptEndpoint;

/**
 * One BES's answer to {@code showVersion}, from {@link BesGroup#showVersion()}: the document, or
 * why there is none (a {@link BesUnavailableException} for a BES out of service, which is not
 * asked). Exactly one of {@code document} and {@code failure} is set.
 *
 * @param endpoint where the BES listens
 * @param document its showVersion answer, as text, or null
 * @param failure why it gave none, or null
 */
public record MemberVersion(
    PptEndpoint endpoint, @Nullable String document, @Nullable IOException failure) {
  public MemberVersion {
    Objects.requireNonNull(endpoint, "endpoint == null");
    if ((document == null) == (failure == null)) {
      throw new IllegalArgumentException(
          "exactly one of document and failure must be set, was " + document + " and " + failure);
    }
  }

  /** Whether the BES answered. */
  public boolean answered() {
    return document != null;
  }
}
