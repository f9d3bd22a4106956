package org.olfsfastpath.log;

import java.util.Map;
import java.util.Objects;

/**
 * One request as {@code HyraxAccess.log} writes it: its {@link RequestFields} and how it ended.
 * Value-based and immutable; built when the response has ended, on whatever thread ended it.
 *
 * @param request the request's fields
 * @param status the HTTP status sent: the real one, 304, 206 and 416 included (upstream writes 200
 *     for anything its exception handler did not answer, and never sees a 304)
 * @param durationMillis from the request's start to its end, in milliseconds
 * @param size the body bytes the front end wrote for a 2xx answer before any compression, or -1
 *     when not counted (errors, redirects, 304s), as upstream writes it
 */
public record AccessRecord(RequestFields request, int status, long durationMillis, long size) {
  /** The MDC keys upstream sets at a request's end. */
  public static final String SIZE = "size";

  public static final String DURATION = "duration";
  public static final String HTTP_STATUS = "http_status";

  /** What {@link #size} is when the body was not counted. */
  public static final long NOT_COUNTED = -1;

  public AccessRecord {
    Objects.requireNonNull(request, "request == null");
  }

  /** Every key upstream's access line reads, start and end. */
  public Map<String, String> mdc() {
    return new MdcView(request, this);
  }
}
