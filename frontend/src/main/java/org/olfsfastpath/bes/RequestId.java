package org.olfsfastpath.bes;

import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The id one HTTP request carries into the BES, as the upstream OLFS sends it: the {@code reqID}
 * and {@code reqUUID} attributes of every request document, which the BES joins with {@code -} as
 * the request id of each of its log lines. So {@code grep <logId> bes.log} finds the BES's lines of
 * one request, and {@code grep <id>} every request a client named so; the front end's own logs
 * write the same {@link #logId()}.
 *
 * @param id the request's own id: the client's {@code a-api-request-uuid}, scrubbed, or one the
 *     front end made; not empty, no control character
 * @param uuid a fresh UUID, unique to this request
 */
public record RequestId(String id, String uuid) {
  public RequestId {
    Objects.requireNonNull(id, "id == null");
    Objects.requireNonNull(uuid, "uuid == null");
    if (id.isEmpty()) {
      throw new IllegalArgumentException("id is empty");
    }
    for (int i = 0; i < id.length(); i++) {
      if (id.charAt(i) < 0x20 || id.charAt(i) == 0x7f) {
        throw new IllegalArgumentException("id has a control character at index " + i);
      }
    }
  }

  /**
   * A request id with a fresh random (version 4) UUID. Its bits come from the thread's own random
   * generator, not {@link UUID#randomUUID()}'s shared SecureRandom, which every request thread
   * would queue for: an id must be unique, not unpredictable.
   */
  public static RequestId withFreshUuid(String id) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    long high = (random.nextLong() & ~0xf000L) | 0x4000L;
    long low = (random.nextLong() & ~(0xc000L << 48)) | (0x8000L << 48);
    return new RequestId(id, new UUID(high, low).toString());
  }

  /** The id as the BES logs it: {@code id-uuid}. */
  public String logId() {
    return id + "-" + uuid;
  }

  @Override
  public String toString() {
    return logId();
  }
}
