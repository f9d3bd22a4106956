package org.olfsfastpath.web;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

/**
 * A client that takes every byte at once, with the container's asynchronous mode as far as the
 * front end uses it, for measuring the front end alone: {@code startAsync} works, its {@code start}
 * runs the task at once on the calling thread (so the whole answer is read, from the BES socket to
 * here, on the benchmark's thread), the output is always ready and counts what it is given, and the
 * first write callback comes right after service returns, as in Tomcat. One request at a time;
 * {@link #serve} runs one and returns when it has ended.
 */
final class DirectClient {
  private final DapServlet servlet;
  private final boolean async;
  private final HttpServletRequest request;
  private final HttpServletResponse response;
  private final List<AsyncListener> listeners = new ArrayList<>();
  private boolean started;
  private boolean ended;

  private final CountingOutput out = new CountingOutput(true);

  private final AsyncContext context =
      (AsyncContext)
          Proxy.newProxyInstance(
              DirectClient.class.getClassLoader(),
              new Class<?>[] {AsyncContext.class},
              (proxy, m, args) ->
                  switch (m.getName()) {
                    case "setTimeout" -> null;
                    case "addListener" -> {
                      listeners.add((AsyncListener) args[0]);
                      yield null;
                    }
                    case "start" -> {
                      ((Runnable) args[0]).run();
                      yield null;
                    }
                    case "complete" -> {
                      end();
                      yield null;
                    }
                    case "dispatch" -> throw new IllegalStateException("the BES failed mid-answer");
                    case "getRequest" -> request();
                    case "getResponse" -> response();
                    default -> throw new UnsupportedOperationException(m.getName());
                  });

  /**
   * @param async whether the request supports async, as in a container (the spool's path); false:
   *     the front end copies as the client reads, as without a container
   */
  DirectClient(DapServlet servlet, String path, String query, boolean async) {
    this.servlet = servlet;
    this.async = async;
    HttpServletRequest plain =
        InternalRequests.request("GET", "/opendap", path, query, java.util.Map.of());
    this.request =
        (HttpServletRequest)
            Proxy.newProxyInstance(
                DirectClient.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class},
                (proxy, m, args) ->
                    switch (m.getName()) {
                      case "isAsyncSupported" -> this.async;
                      case "getDispatcherType" -> DispatcherType.REQUEST;
                      case "startAsync" -> {
                        started = true;
                        yield context;
                      }
                      default -> m.invoke(plain, args);
                    });
    HttpServletResponse plainResponse = new InternalRequests.Response().build();
    this.response =
        (HttpServletResponse)
            Proxy.newProxyInstance(
                DirectClient.class.getClassLoader(),
                new Class<?>[] {HttpServletResponse.class},
                (proxy, m, args) ->
                    m.getName().equals("getOutputStream") ? out : m.invoke(plainResponse, args));
  }

  private HttpServletRequest request() {
    return request;
  }

  private HttpServletResponse response() {
    return response;
  }

  /** Runs one request to its end; returns the body's length. */
  long serve() throws IOException {
    out.reset();
    started = false;
    ended = false;
    listeners.clear();
    servlet.service(request, response);
    if (started) {
      // The container's first callback: it starts the producer, which runs here to the end.
      WriteListener writeListener = out.listener();
      if (writeListener == null) {
        throw new IllegalStateException("the answer started asynchronously with no write listener");
      }
      writeListener.onWritePossible();
      if (!ended) {
        throw new IllegalStateException("the answer did not end on the benchmark's thread");
      }
    }
    long bytes = out.bytes();
    if (bytes == 0) {
      throw new IllegalStateException("no body: is the BES emulator answering?");
    }
    return bytes;
  }

  private void end() {
    ended = true;
    for (AsyncListener listener : listeners) {
      try {
        listener.onComplete(new AsyncEvent(context));
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
