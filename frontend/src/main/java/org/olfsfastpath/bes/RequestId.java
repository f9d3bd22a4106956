package org.olfsfastpath.bes;

import java.util.Objects;

/**
 * The id one HTTP request carries into the BES, as the upstream OLFS sends it: the {@code reqID}
 * and {@code reqUUID} attributes of every request document, which the BES joins with {@code -} as
 * the request id of each of its log lines. So {@code grep <logId> bes.log} finds the BES's lines of
 * one request.
 *
 * @param id the request's own id: the client's {@code a-api-request-uuid}, scrubbed, or one the
 *     front end made
 * @param uuid a fresh UUID, unique to this request
 */
public record RequestId(String id, String uuid) {
  public RequestId {
    Objects.requireNonNull(id, "id == null");
    Objects.requireNonNull(uuid, "uuid == null");
  }

  /** The id as the BES logs it: {@code id-uuid}. */
  public String logId() {
    return id + "-" + uuid;
  }
}
