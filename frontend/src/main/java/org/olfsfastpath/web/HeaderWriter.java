package org.olfsfastpath.web;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sets a response's headers, on Tomcat as bytes. The servlet API takes a header as two strings, and
 * Tomcat encodes each string when it writes the response's head, with a new {@code CharsetEncoder}
 * per string that walks it char by char: about 0.3 us and 250 bytes of garbage per header on one
 * core, and a warm DAP answer has fourteen headers against a static file's six. Where the response
 * is Tomcat's own (its {@code ResponseFacade}, not wrapped by a filter, not in an include) a header
 * whose name and value are printable ASCII is added to Tomcat's header table as bytes ({@link
 * TomcatHeaderTable}), which Tomcat copies as they are; anywhere else, and for any other header,
 * through {@link HttpServletResponse#setHeader}. Both ways give the same bytes on the wire: Tomcat
 * writes an ASCII string as its bytes.
 *
 * <p>A header the response already has is replaced through {@code setHeader}, so the servlet API's
 * rules (one value, the first place kept) hold either way. Content-Type and Content-Length are
 * never set here: they have setters of their own that Tomcat treats apart.
 *
 * <p>Thread-safe. It says once for each way, at the first response that takes it.
 */
final class HeaderWriter {
  private static final Logger LOG = LoggerFactory.getLogger(HeaderWriter.class);

  private final AsciiBytes names = new AsciiBytes(true);
  private final AsciiBytes values = new AsciiBytes(false);

  /**
   * Whether each way was logged, at the first response that takes it (a filter's wrapper or the
   * start-up warm-up's own responses go through the servlet API): once, so an operator knows.
   */
  private final AtomicBoolean saidBytes = new AtomicBoolean();

  private final AtomicBoolean saidApi = new AtomicBoolean();

  private final boolean says;

  /**
   * @param says whether to log which way headers go (one writer of the servlet's says it)
   */
  HeaderWriter(boolean says) {
    this.says = says;
  }

  /** One response's headers, set one after the other on the request's thread. */
  interface Target {
    /** Sets {@code name} to {@code value}; a null value removes it, as setHeader does. */
    void set(String name, @Nullable String value);
  }

  /**
   * Sets one header of {@code resp} at once, its value not kept for later requests: for a response
   * that gets one header here (the request's id, new each time) and the rest elsewhere.
   */
  void set(HttpServletRequest req, HttpServletResponse resp, String name, @Nullable String value) {
    if (!onTomcat(req, resp)) {
      resp.setHeader(name, value);
      return;
    }
    byte[] valueBytes = value == null ? null : AsciiBytes.uncached(value);
    add(resp, TomcatHeaderTable.headersOf(resp), name, value, valueBytes);
  }

  /** Where {@code resp}'s headers go: Tomcat's table when it can be reached, else setHeader. */
  Target target(HttpServletRequest req, HttpServletResponse resp) {
    if (!onTomcat(req, resp)) {
      return (name, value) -> resp.setHeader(name, value);
    }
    return new TableTarget(resp, TomcatHeaderTable.headersOf(resp));
  }

  /**
   * One Tomcat response's headers. Knowing which names it added itself, it spares a scan of
   * Tomcat's whole table for each header (a comparison with every header already there, about 0.05
   * us each): while the table holds what it held at the start plus this target's own adds and
   * nothing else (its size says so), a new name need only be compared with the first ones and with
   * its own. Once anything else changed the table (a header set elsewhere, removed, or the response
   * reset), it scans the whole table, as before, to the response's end.
   */
  private final class TableTarget implements Target {
    /** Names tracked at most; a response with more scans for the rest. */
    private static final int TRACKED = 24;

    private final HttpServletResponse resp;
    private final Object headers;

    /** The headers the table held when this target began. */
    private final int known;

    private final String[] added = new String[TRACKED];
    private int count;
    private boolean tracking = true;

    TableTarget(HttpServletResponse resp, Object headers) {
      this.resp = resp;
      this.headers = headers;
      this.known = TomcatHeaderTable.size(headers);
    }

    @Override
    public void set(String name, @Nullable String value) {
      byte[] valueBytes = value == null ? null : values.bytes(value);
      if (tracking && (count == TRACKED || TomcatHeaderTable.size(headers) != known + count)) {
        tracking = false;
      }
      if (!tracking) {
        add(resp, headers, name, value, valueBytes);
        return;
      }
      byte[] nameBytes = names.bytes(name);
      if (nameBytes == null
          || valueBytes == null
          || resp.isCommitted()
          || isAdded(name)
          || !TomcatHeaderTable.addAfter(headers, known, name, nameBytes, valueBytes)) {
        // Not bytes Tomcat takes as they are, there already, or kept apart by Tomcat: the servlet
        // API sets it, replacing one already there in place.
        resp.setHeader(name, value);
        return;
      }
      added[count++] = name;
    }

    private boolean isAdded(String name) {
      for (int i = 0; i < count; i++) {
        if (added[i].equalsIgnoreCase(name)) {
          return true;
        }
      }
      return false;
    }
  }

  /** Adds the header to Tomcat's table as bytes if it can, else sets it through the servlet API. */
  private void add(
      HttpServletResponse resp,
      Object headers,
      String name,
      @Nullable String value,
      byte @Nullable [] valueBytes) {
    byte[] nameBytes = names.bytes(name);
    if (nameBytes == null
        || valueBytes == null
        || resp.isCommitted()
        || !TomcatHeaderTable.add(headers, name, nameBytes, valueBytes)) {
      resp.setHeader(name, value);
    }
  }

  /** Whether {@code resp} is Tomcat's own, outside an include: its header table takes bytes. */
  private boolean onTomcat(HttpServletRequest req, HttpServletResponse resp) {
    boolean tomcat = TomcatHeaderTable.handles(resp.getClass());
    AtomicBoolean said = tomcat ? saidBytes : saidApi;
    if (says && !said.get() && said.compareAndSet(false, true)) {
      LOG.info(
          tomcat
              ? "response headers are handed to Tomcat as bytes ({})"
              : "response headers are set through the servlet API ({})",
          resp.getClass().getName());
    }
    return tomcat && req.getDispatcherType() != DispatcherType.INCLUDE;
  }
}
