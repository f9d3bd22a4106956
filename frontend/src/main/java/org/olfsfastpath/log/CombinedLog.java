package org.olfsfastpath.log;

/**
 * The {@code olfsLog} context upstream sends the BES with each data get when olfs.xml has {@code
 * <EnableCombinedLog/>}: the request's start fields joined by the BES log's field mark, in
 * upstream's order ({@code host, UserAgent, ident, userid, startTime, ID, SOURCE, resourceID,
 * query}), so that the BES writes them in its {@code request} line. The fields are made safe as in
 * the access log, so none can hold the mark. Stateless.
 */
public final class CombinedLog {
  /** The BES log's field mark. */
  public static final String MARK = "|&|";

  /** The context's name. */
  public static final String CONTEXT = "olfsLog";

  private static final String[] KEYS = {
    RequestFields.HOST,
    RequestFields.USER_AGENT,
    RequestFields.IDENT,
    RequestFields.USER_ID,
    RequestFields.START_TIME,
    RequestFields.ID,
    RequestFields.SOURCE,
    RequestFields.RESOURCE_ID,
    RequestFields.QUERY
  };

  private CombinedLog() {}

  /** The context's value for {@code request}: nine fields. */
  public static String of(RequestFields request) {
    StringBuilder out = new StringBuilder(160);
    for (int i = 0; i < KEYS.length; i++) {
      if (i > 0) {
        out.append(MARK);
      }
      String value = request.field(KEYS[i]);
      // The host is the only field no rule scrubs; an address never holds the mark.
      out.append(value == null ? RequestFields.ABSENT : value);
    }
    return out.toString();
  }
}
