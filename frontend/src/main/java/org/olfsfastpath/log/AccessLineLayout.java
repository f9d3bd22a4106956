package org.olfsfastpath.log;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.LayoutBase;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Writes {@link Formats#ACCESS} by hand: the same line, char for char, as Logback's pattern layout
 * makes of that pattern (a test holds the two equal), in about 0.7 us a line against the pattern
 * layout's 1.0 (most of what is left is scrubbing the fields), since the access log writes one line
 * a request. The pattern layout walks a chain of converters, pads through a formatter and formats
 * the date of each new millisecond whole; this appends the fields in order and formats a date once
 * a second. Used for the access log this front end configures; a Logback file of the operator's
 * keeps its own patterns.
 *
 * <p>Read on the log's own thread only (the appender's worker), so the second it formatted last is
 * plain state.
 */
final class AccessLineLayout extends LayoutBase<ILoggingEvent> {
  private static final DateTimeFormatter SECOND =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.");
  private static final DateTimeFormatter OFFSET = DateTimeFormatter.ofPattern(" Z");

  private final ZoneId zone;
  private long second = Long.MIN_VALUE;
  private String secondText = "";
  private String offsetText = "";

  /**
   * @param zone the time zone of the line's date: the JVM's, as the pattern's {@code %d} writes it
   */
  AccessLineLayout(ZoneId zone) {
    this.zone = zone;
  }

  @Override
  public String doLayout(ILoggingEvent event) {
    StringBuilder line = new StringBuilder(320);
    write(event, line);
    return line.toString();
  }

  /** Appends the line of {@code event} to {@code line}, its line separator included. */
  void write(ILoggingEvent event, StringBuilder line) {
    Map<String, String> mdc = event.getMDCPropertyMap();
    field(line, mdc, RequestFields.HOST, 0).append(' ');
    field(line, mdc, RequestFields.USER_AGENT, 0).append(' ');
    field(line, mdc, RequestFields.IDENT, 0).append(' ');
    field(line, mdc, RequestFields.USER_ID, 0).append(" [");
    date(line, event.getTimeStamp()).append("] ");
    field(line, mdc, AccessRecord.DURATION, 8).append(' ');
    field(line, mdc, AccessRecord.HTTP_STATUS, 0).append(' ');
    field(line, mdc, RequestFields.ID, 8).append(' ');
    field(line, mdc, RequestFields.SOURCE, 0).append(' ');
    field(line, mdc, RequestFields.RESOURCE_ID, 0).append(' ');
    field(line, mdc, RequestFields.QUERY, 0).append(' ');
    field(line, mdc, AccessRecord.SIZE, 0);
    line.append(CoreConstants.LINE_SEPARATOR);
  }

  /** {@code [%X{key}]}, or {@code [%<width>X{key}]}: padded on the left to {@code width}. */
  private static StringBuilder field(
      StringBuilder line, Map<String, String> mdc, String key, int width) {
    @Nullable String value = mdc.get(key);
    String text = value == null ? "" : value;
    line.append('[');
    for (int pad = width - text.length(); pad > 0; pad--) {
      line.append(' ');
    }
    return line.append(text).append(']');
  }

  /** {@code %d{yyyy-MM-dd'T'HH:mm:ss.SSS Z}} in the layout's zone. */
  private StringBuilder date(StringBuilder line, long millis) {
    long atSecond = Math.floorDiv(millis, 1000);
    if (atSecond != second) {
      Instant instant = Instant.ofEpochSecond(atSecond);
      secondText = SECOND.format(instant.atZone(zone));
      offsetText = OFFSET.format(instant.atZone(zone));
      second = atSecond;
    }
    int milli = Math.floorMod(millis, 1000);
    line.append(secondText);
    if (milli < 100) {
      line.append('0');
    }
    if (milli < 10) {
      line.append('0');
    }
    return line.append(milli).append(offsetText);
  }
}
