package org.olfsfastpath.model2009;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.olfsfastpath.model2009.Requests2009.Response;

/**
 * A model of the OLFS of January 2009 as the small-request study of that time measured it (F.
 * Baart, "Improving hyrax performance for small data requests", January 2009): an HTTP server that
 * answers {@code /opendap/PATH.ascii?CE} (and {@code .das}, {@code .dds}, {@code .dods}) by holding
 * the BES conversation that OLFS held, four {@code showInfo} then the {@code get}, each written to
 * the BES as that OLFS wrote it (chunk header and document apart, no TCP_NODELAY, no QUICKACK:
 * {@link PlainPptClient}). With {@code --memoized} it keeps each path's showInfo answer across
 * requests, the study's patch, so a warm request sends the get alone.
 *
 * <p>It models the BES traffic only, not the rest of that OLFS: no Tomcat, no dispatch chain, no
 * HTML. The HTTP side answers with TCP_NODELAY on (Tomcat's default, then and now) so that the only
 * stalls are the BES's. Run by {@code scripts/olfs-2009-model}; the BES must answer {@code
 * showInfo} as in 2009 ({@code scripts/bes-emulator --show-info-2009}).
 */
public final class Olfs2009Model {
  static final String USAGE =
      String.join(
          "\n",
          "usage: olfs-2009-model --bes HOST:PORT [flags]",
          "  --bes HOST:PORT   the BES (e.g. scripts/bes-emulator --show-info-2009)",
          "  --port N          HTTP port on 127.0.0.1 (default 0: a free port)",
          "  --memoized        keep each path's showInfo answer across requests (the 2009 study's",
          "                    patch): a warm request sends the get alone; default: 4 showInfo + get",
          "  --timeout MS      connect and read timeout toward the BES (default 30000)",
          "  --help            print this help",
          "Serves http://127.0.0.1:PORT/opendap/PATH.ascii?CE (also .das .dds .dods); prints that base",
          "URL alone on stdout once listening. Stops on SIGTERM or Ctrl-C.");

  /** The path every dataset URL starts with, as in Hyrax. */
  static final String CONTEXT = "/opendap";

  private static final DateTimeFormatter HTTP_DATE =
      DateTimeFormatter.RFC_1123_DATE_TIME.withLocale(Locale.US).withZone(ZoneOffset.UTC);

  /** The command line, parsed. */
  record Settings(String besHost, int besPort, int httpPort, boolean memoized, int timeoutMillis) {}

  /** A flag or value that makes no sense. */
  static final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }

  private final HttpServer server;
  private final ExecutorService executor;
  private final Conversation2009 conversation;

  private Olfs2009Model(Settings settings) throws IOException {
    // Before the first HttpServer: the JDK's server reads this once. Tomcat sets TCP_NODELAY too.
    System.setProperty("sun.net.httpserver.nodelay", "true");
    this.conversation =
        new Conversation2009(
            settings.besHost(), settings.besPort(), settings.timeoutMillis(), settings.memoized());
    this.server =
        HttpServer.create(
            new InetSocketAddress(
                InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), settings.httpPort()),
            64);
    this.executor =
        Executors.newFixedThreadPool(
            4,
            r -> {
              Thread t = new Thread(r, "olfs-2009-http");
              t.setDaemon(true);
              return t;
            });
    server.setExecutor(executor);
    server.createContext("/", this::handle);
  }

  /**
   * Starts a model on 127.0.0.1 in front of the BES named in {@code settings}.
   *
   * @throws IOException if the HTTP port cannot be bound
   */
  static Olfs2009Model start(Settings settings) throws IOException {
    Olfs2009Model model = new Olfs2009Model(settings);
    model.server.start();
    return model;
  }

  /** The base URL, e.g. {@code http://127.0.0.1:40123/opendap/}. */
  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + CONTEXT + "/";
  }

  /** BES messages sent so far. */
  long besMessages() {
    return conversation.messages();
  }

  /** Stops the HTTP server and closes the BES connections. */
  void stop() {
    server.stop(0);
    executor.shutdownNow();
    conversation.close();
  }

  public static void main(String[] args) {
    for (String arg : args) {
      if (arg.equals("--help") || arg.equals("-h")) {
        System.out.println(USAGE);
        return;
      }
    }
    Olfs2009Model model;
    Settings settings;
    try {
      settings = parse(args);
      model = start(settings);
    } catch (UsageException e) {
      System.err.println("olfs-2009-model: " + e.getMessage());
      System.err.println("run with --help for the flags");
      System.exit(2);
      return;
    } catch (IOException e) {
      System.err.println("olfs-2009-model: cannot start: " + e.getMessage());
      System.exit(1);
      return;
    }
    PrintStream err = System.err;
    err.println(
        "olfs-2009-model: serving "
            + model.baseUrl()
            + " in front of the BES at "
            + settings.besHost()
            + ":"
            + settings.besPort()
            + (settings.memoized()
                ? ", showInfo memoized (warm requests: the get alone)"
                : ", " + Conversation2009.SHOW_INFOS + " showInfo + get per request"));
    System.out.println(model.baseUrl());
    System.out.flush();
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  model.stop();
                  err.println(
                      "olfs-2009-model: stopped after " + model.besMessages() + " BES messages");
                },
                "olfs-2009-model-shutdown"));
    try {
      new CountDownLatch(1).await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static Settings parse(String[] args) throws UsageException {
    String bes = null;
    int port = 0;
    boolean memoized = false;
    int timeout = 30_000;
    List<String> queue = new ArrayList<>(List.of(args));
    while (!queue.isEmpty()) {
      String flag = queue.remove(0);
      switch (flag) {
        case "--bes" -> bes = value(flag, queue);
        case "--port" -> port = number(flag, value(flag, queue), 0, 65535);
        case "--memoized" -> memoized = true;
        case "--timeout" -> timeout = number(flag, value(flag, queue), 1, 3_600_000);
        default -> throw new UsageException("unknown flag " + flag);
      }
    }
    if (bes == null) {
      throw new UsageException("--bes HOST:PORT is required");
    }
    int colon = bes.lastIndexOf(':');
    if (colon <= 0) {
      throw new UsageException("--bes was " + bes + ", must be HOST:PORT");
    }
    return new Settings(
        bes.substring(0, colon),
        number("--bes port", bes.substring(colon + 1), 1, 65535),
        port,
        memoized,
        timeout);
  }

  private static String value(String flag, List<String> queue) throws UsageException {
    if (queue.isEmpty() || queue.get(0).startsWith("--")) {
      throw new UsageException(flag + " needs a value");
    }
    return queue.remove(0);
  }

  private static int number(String flag, String text, int min, int max) throws UsageException {
    try {
      int value = Integer.parseInt(text.trim());
      if (value < min || value > max) {
        throw new UsageException(
            String.format(Locale.US, "%s was %s, must be %d-%d", flag, text, min, max));
      }
      return value;
    } catch (NumberFormatException e) {
      throw new UsageException(flag + " was " + text + ", must be an integer");
    }
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      Conversation2009.Answer answer;
      try {
        answer = route(exchange.getRequestMethod(), exchange.getRequestURI());
      } catch (IOException e) {
        answer =
            Conversation2009.Answer.text(502, "the BES conversation failed: " + e.getMessage());
      }
      exchange.getResponseHeaders().set("Content-Type", answer.contentType());
      exchange.getResponseHeaders().set("XDODS-Server", "dods/3.2");
      if (answer.lastModified() != null) {
        exchange.getResponseHeaders().set("Last-Modified", HTTP_DATE.format(answer.lastModified()));
      }
      boolean head = exchange.getRequestMethod().equals("HEAD");
      exchange.sendResponseHeaders(answer.status(), head ? -1 : answer.body().length);
      if (!head) {
        try (OutputStream body = exchange.getResponseBody()) {
          body.write(answer.body());
        }
      }
    }
  }

  /** The answer to one request line; a path outside the model's URL space is a 404. */
  Conversation2009.Answer route(String method, URI uri) throws IOException {
    if (!method.equals("GET") && !method.equals("HEAD")) {
      return Conversation2009.Answer.text(405, "the 2009 OLFS model answers GET and HEAD");
    }
    String path = uri.getPath();
    if (path == null || !path.startsWith(CONTEXT + "/")) {
      return Conversation2009.Answer.text(404, "not under " + CONTEXT + "/");
    }
    String rest = path.substring(CONTEXT.length());
    int dot = rest.lastIndexOf('.');
    Response response = dot < 0 ? null : Response.forSuffix(rest.substring(dot + 1));
    if (response == null || dot <= 1) {
      return Conversation2009.Answer.text(
          404,
          "the 2009 OLFS model answers /opendap/PATH.ascii, .das, .dds and .dods, not " + path);
    }
    // Percent-escapes decoded, '+' kept: a DAP2 constraint is not a form.
    String query = uri.getQuery() == null ? "" : uri.getQuery();
    return conversation.answer(rest.substring(0, dot), response, query);
  }
}
