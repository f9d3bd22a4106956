package org.olfsfastpath.model2009;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.JDOMException;
import org.jdom2.input.SAXBuilder;
import org.jdom2.input.sax.XMLReaders;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.model2009.Requests2009.Response;

/**
 * The BES conversation of one DAP2 request in the OLFS of January 2009: {@value #SHOW_INFOS} {@code
 * showInfo} look-ups of the dataset (each answer parsed for isData and the last-modified time, as
 * its BESDataSource did), then the {@code get}. Memoized, the look-up answer of a path is kept
 * across requests (the study's patch), so a warm request sends the get alone and only the first
 * request for a path sends one {@code showInfo}.
 *
 * <p>BES connections are kept open across requests in a small pool, as the 2009 OLFS's client pool
 * kept them; each is a {@link PlainPptClient}. Thread-safe.
 */
final class Conversation2009 {
  /** showInfo messages per request before the get (the study's listing 3). */
  static final int SHOW_INFOS = 4;

  /** What to answer over HTTP. */
  record Answer(int status, String contentType, @Nullable Instant lastModified, byte[] body) {
    static Answer text(int status, String message) {
      return new Answer(
          status,
          "text/plain; charset=UTF-8",
          null,
          (message + "\n").getBytes(StandardCharsets.UTF_8));
    }
  }

  /** The parts of a showInfo answer the 2009 OLFS used. */
  record Info(boolean isData, @Nullable Instant lastModified) {}

  private final String host;
  private final int port;
  private final int timeoutMillis;
  private final boolean memoized;
  private final Deque<PlainPptClient> idle = new ArrayDeque<>();
  private final Map<String, Info> memo = new ConcurrentHashMap<>();
  private final AtomicLong messages = new AtomicLong();
  private boolean closed;

  Conversation2009(String host, int port, int timeoutMillis, boolean memoized) {
    this.host = host;
    this.port = port;
    this.timeoutMillis = timeoutMillis;
    this.memoized = memoized;
  }

  /**
   * Answers one request for {@code dataset} (a catalog path such as {@code /coads_climatology.nc}).
   *
   * @throws IOException if the BES cannot be reached or its answer is not PPT
   */
  Answer answer(String dataset, Response response, String constraint) throws IOException {
    Info info = memoized ? memo.get(dataset) : null;
    if (info == null) {
      int lookUps = memoized ? 1 : SHOW_INFOS;
      Info found = null;
      for (int i = 0; i < lookUps; i++) {
        PlainPptClient.Answer answer = exchange(Requests2009.showInfo(dataset));
        if (answer.error()) {
          return Answer.text(
              404, "The BES does not know " + dataset + " (showInfo answered an error)");
        }
        found = parseInfo(answer);
      }
      info = Objects.requireNonNull(found, "at least one showInfo is sent");
      if (memoized) {
        memo.put(dataset, info);
      }
    }
    if (!info.isData()) {
      return Answer.text(404, dataset + " is not a dataset");
    }
    PlainPptClient.Answer data = exchange(Requests2009.get(dataset, response, constraint));
    if (data.error()) {
      return new Answer(500, "text/xml; charset=ISO-8859-1", null, data.body());
    }
    return new Answer(200, response.contentType, info.lastModified(), data.body());
  }

  /** BES messages sent so far. */
  long messages() {
    return messages.get();
  }

  private PlainPptClient.Answer exchange(byte[] document) throws IOException {
    PlainPptClient client = borrow();
    boolean ok = false;
    try {
      PlainPptClient.Answer answer = client.exchange(document);
      messages.incrementAndGet();
      ok = true;
      return answer;
    } finally {
      giveBack(client, ok);
    }
  }

  private PlainPptClient borrow() throws IOException {
    synchronized (idle) {
      if (closed) {
        throw new IOException("the model is stopping");
      }
      PlainPptClient client = idle.pollFirst();
      if (client != null) {
        return client;
      }
    }
    return PlainPptClient.connect(host, port, timeoutMillis);
  }

  private void giveBack(PlainPptClient client, boolean healthy) {
    synchronized (idle) {
      if (healthy && !closed) {
        idle.addFirst(client);
        return;
      }
    }
    client.close();
  }

  /** Closes every idle BES connection (each says PPT_EXIT_NOW first). */
  void close() {
    synchronized (idle) {
      closed = true;
      idle.forEach(PlainPptClient::close);
      idle.clear();
    }
  }

  static Info parseInfo(PlainPptClient.Answer answer) throws IOException {
    Document document;
    try {
      SAXBuilder builder = new SAXBuilder(XMLReaders.NONVALIDATING);
      builder.setExpandEntities(false);
      builder.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      document = builder.build(new ByteArrayInputStream(answer.body()));
    } catch (JDOMException e) {
      throw new IOException(
          "expected a showInfo document from the BES but it was not XML: " + e.getMessage(), e);
    }
    Element response = document.getRootElement().getChild("response");
    Element dataset = response == null ? null : response.getChild("dataset");
    if (dataset == null) {
      throw new IOException(
          "expected <showInfo><response><dataset> from the BES but was <"
              + document.getRootElement().getName()
              + ">: is the emulator running with --show-info-2009?");
    }
    boolean isData = !"false".equalsIgnoreCase(dataset.getAttributeValue("isData"));
    Instant lastModified = null;
    Element modified = dataset.getChild("lastmodified");
    if (modified != null) {
      try {
        lastModified =
            LocalDate.parse(modified.getChildTextTrim("date"))
                .atTime(LocalTime.parse(modified.getChildTextTrim("time")))
                .toInstant(ZoneOffset.UTC);
      } catch (DateTimeParseException | NullPointerException e) {
        lastModified = null;
      }
    }
    return new Info(isData, lastModified);
  }
}
