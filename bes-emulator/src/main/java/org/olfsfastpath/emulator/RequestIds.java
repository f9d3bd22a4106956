package org.olfsfastpath.emulator;

import java.util.Objects;

/**
 * The identifiers the BES echoes on the root of every answer: the request's {@code reqID} and
 * {@code reqUUID} (each left out when empty, as for a document it could not parse).
 */
record RequestIds(String reqId, String reqUuid) {
  static final String BES_NAMESPACE = "http://xml.opendap.org/ns/bes/1.0#";
  static final RequestIds NONE = new RequestIds("", "");

  RequestIds {
    Objects.requireNonNull(reqId, "reqId == null");
    Objects.requireNonNull(reqUuid, "reqUuid == null");
  }

  /** A {@code response} element carrying these ids, with the namespace declaration last. */
  XmlElement responseElement() {
    XmlElement response = new XmlElement("response");
    if (!reqId.isEmpty()) {
      response.attribute("reqID", reqId);
    }
    if (!reqUuid.isEmpty()) {
      response.attribute("reqUUID", reqUuid);
    }
    return response.attribute("xmlns", BES_NAMESPACE);
  }
}
