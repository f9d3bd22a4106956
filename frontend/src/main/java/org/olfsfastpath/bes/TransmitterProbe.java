package org.olfsfastpath.bes;

import java.util.Locale;
import java.util.Optional;

/**
 * Reads the answer to a {@linkplain GetRequest#probe probe get}: whether the BES can make a
 * response type at all. The BES checks a get's response handler and its transmitter while it reads
 * the command ("Command 'get.xml_data' does not have a registered response handler", "Unable to
 * find transmitter geotiff"), and only then looks for the definition, which the probe names but
 * never defines: so a BES that has the module answers "Unable to find definition {@value
 * #DEFINITION}", having read no data.
 */
public final class TransmitterProbe {
  /** The definition a probe names; the client never defines it on any connection. */
  public static final String DEFINITION = "olfs_fastpath_probe";

  private TransmitterProbe() {}

  /**
   * What a probe's answer says: true when the BES can make the response, false when a module it
   * needs is missing, empty when the answer says neither (another error: ask again later).
   */
  public static Optional<Boolean> canMake(BesError answer) {
    String message = answer.message().toLowerCase(Locale.ROOT);
    if (message.contains("unable to find transmitter")
        || message.contains("does not have a registered response handler")) {
      return Optional.of(false);
    }
    if (message.contains("unable to find definition " + DEFINITION)) {
      return Optional.of(true);
    }
    return Optional.empty();
  }
}
