package org.olfsfastpath.ppt;

import java.io.IOException;
import java.util.Map;

/**
 * The BES reported an error ({@code status=error;}) after it had already sent data chunks of the
 * same response. Carries the error document that followed, so the caller can log it; by then part
 * of the body may have reached a client, so the only honest reaction is to fail that response.
 *
 * <p>The document may start with stray payload bytes: the BES writes the extension chunk straight
 * to the socket while the data it had buffered so far is still unsent, and flushes that data in
 * front of the error document. Look for the XML declaration rather than assuming it comes first.
 */
public final class PptStreamErrorException extends IOException {
  private static final long serialVersionUID = 1L;

  private final transient Map<String, String> extensions;
  private final byte[] errorDocument;

  public PptStreamErrorException(Map<String, String> extensions, byte[] errorDocument) {
    super(
        "BES sent status=error after "
            + "data chunks (error document of "
            + errorDocument.length
            + " bytes follows the partial response)");
    this.extensions = Map.copyOf(extensions);
    this.errorDocument = errorDocument.clone();
  }

  /** Returns the extensions of the error chunk, for example {@code status=error}. */
  public Map<String, String> extensions() {
    return extensions;
  }

  /** Returns a copy of the error document the BES sent after the extension chunk. */
  public byte[] errorDocument() {
    return errorDocument.clone();
  }
}
