package org.olfsfastpath.log;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a log line says of a request from its start: who asked, how, for what, and its id; as the
 * request gave it. The values are kept raw and made safe ({@link Scrub}) only when a line is
 * written, on the log's own thread, so a request pays for none of it. Value-based and immutable.
 *
 * @param host the client's address, as the web layer resolved it (behind a trusted proxy, the
 *     address it forwarded)
 * @param userAgent the User-Agent header, or null when absent
 * @param session the id of the request's HTTP session, or null when it has none
 * @param user the id of the user logged in, or null when none is
 * @param startMillis when the request started, in milliseconds since the epoch
 * @param logId the request's id as the logs and the BES's log write it ({@code <id>-<uuid>})
 * @param method the HTTP method
 * @param uri the request URI, still percent-encoded, the context path included
 * @param query the query string, still percent-encoded, or null when absent
 */
public record RequestFields(
    String host,
    @Nullable String userAgent,
    @Nullable String session,
    @Nullable String user,
    long startMillis,
    String logId,
    String method,
    String uri,
    @Nullable String query) {

  /** The MDC keys of upstream's logs, which its and operators' logback.xml files name. */
  public static final String HOST = "host";

  public static final String USER_AGENT = "UserAgent";
  public static final String IDENT = "ident";
  public static final String USER_ID = "userid";
  public static final String START_TIME = "startTime";
  public static final String ID = "ID";
  public static final String SOURCE = "SOURCE";
  public static final String RESOURCE_ID = "resourceID";
  public static final String QUERY = "query";

  /** What upstream writes for a value that is absent. */
  static final String ABSENT = "-";

  /** The fields known when the request starts, in upstream's order (its MDC keys, olfsLog). */
  static final List<String> START_KEYS =
      List.of(HOST, USER_AGENT, IDENT, USER_ID, START_TIME, ID, SOURCE, RESOURCE_ID, QUERY);

  public RequestFields {
    Objects.requireNonNull(host, "host == null");
    Objects.requireNonNull(logId, "logId == null");
    Objects.requireNonNull(method, "method == null");
    Objects.requireNonNull(uri, "uri == null");
  }

  /**
   * The value of one of upstream's start keys as its logs write it, made safe; null for any other
   * key.
   */
  @Nullable String field(String key) {
    return switch (key) {
      case HOST -> host;
      case USER_AGENT -> userAgentText();
      case IDENT -> identText();
      case USER_ID -> userIdText();
      case START_TIME -> Long.toString(startMillis);
      case ID -> logId;
      case SOURCE -> sourceText();
      case RESOURCE_ID -> resourceText();
      case QUERY -> queryText();
      default -> null;
    };
  }

  // Each key's written form in one place: the map above and the access line's own layout
  // (AccessLineLayout, which skips the map) both read these.

  String userAgentText() {
    return userAgent == null ? ABSENT : Scrub.simpleString(userAgent);
  }

  String identText() {
    return session == null ? ABSENT : Scrub.simpleString(session);
  }

  String userIdText() {
    return user == null ? ABSENT : userId(user);
  }

  String sourceText() {
    return "HTTP-" + method;
  }

  String resourceText() {
    return Scrub.urlContent(uri);
  }

  String queryText() {
    return query == null || query.isEmpty() ? ABSENT : Scrub.simpleQueryString(query);
  }

  /**
   * The fields as a map of upstream's MDC keys, for an event whose end (size, duration) is not
   * known: upstream leaves those keys unset.
   */
  public Map<String, String> mdc() {
    return new MdcView(this, null);
  }

  /**
   * A user id as upstream writes it, unscrubbed (an EDL or OpenID name), but with control
   * characters and the BES log's field mark replaced, so that no id can start a line or a field of
   * its own.
   */
  static String userId(String user) {
    StringBuilder out = null;
    for (int i = 0; i < user.length(); i++) {
      char c = user.charAt(i);
      boolean bad = c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == '|';
      if (bad && out == null) {
        out = new StringBuilder(user.length()).append(user, 0, i);
      }
      if (out != null) {
        out.append(bad ? '#' : c);
      }
    }
    return out == null ? user : out.toString();
  }
}
