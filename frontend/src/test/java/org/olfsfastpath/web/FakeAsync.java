package org.olfsfastpath.web;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A servlet container's asynchronous side, as far as the spool needs it and as Tomcat behaves: a
 * request that supports async, an {@link AsyncContext} whose {@code start} runs its task on a
 * thread of its own, and a non-blocking output that takes {@code window} bytes and then says not
 * ready until the test lets the client read more ({@link #allow}), when it calls the write listener
 * back. The first callback comes once the servlet's service has returned ({@link #serve}). {@code
 * dispatch()} runs the servlet again with {@link DispatcherType#ASYNC}; an exception from it is an
 * aborted connection. Public for the front end's tests that assemble it in other packages (boot's
 * CutAnswerPropertyTest).
 */
public final class FakeAsync {
  private final HttpServlet servlet;
  private final FakeHttp.Request request;
  private final FakeHttp.Response response;
  private final Map<String, Object> attributes = new HashMap<>();
  private final List<AsyncListener> listeners = new ArrayList<>();
  private final ByteArrayOutputStream body = new ByteArrayOutputStream();
  private final List<Runnable> containerTasks = new ArrayList<>();
  private HttpServletRequest built;
  private HttpServletResponse builtResponse;
  private DispatcherType dispatcherType = DispatcherType.REQUEST;
  private AsyncContext context;
  private boolean started;
  private WriteListener writeListener;
  private long window;
  private boolean wantsCallback;
  private boolean inService;
  private boolean completed;
  private Throwable aborted;
  private boolean gone;
  private int flushes;

  public FakeAsync(HttpServlet servlet, FakeHttp.Request request, long window) {
    this.servlet = servlet;
    this.request = request;
    this.response = new FakeHttp.Response(32 * 1024);
    this.window = window;
  }

  /** Runs the servlet's service, then the container's first write callback, as Tomcat does. */
  public FakeAsync serve() throws IOException {
    HttpServletRequest plain = request.build();
    attributes.putAll(request.attributes); // What a filter in front set, such as the request's log.
    built =
        (HttpServletRequest)
            Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {HttpServletRequest.class},
                (proxy, m, args) ->
                    switch (m.getName()) {
                      case "isAsyncSupported" -> true;
                      case "getDispatcherType" -> dispatcherType;
                      case "startAsync" -> startAsync();
                      case "isAsyncStarted" -> started && !completed;
                      case "getAttribute" -> attributes.get((String) args[0]);
                      case "setAttribute" -> {
                        attributes.put((String) args[0], args[1]);
                        yield null;
                      }
                      case "removeAttribute" -> attributes.remove((String) args[0]);
                      default -> invoke(plain, m, args);
                    });
    HttpServletResponse plainResponse = response.build();
    builtResponse =
        (HttpServletResponse)
            Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {HttpServletResponse.class},
                (proxy, m, args) ->
                    m.getName().equals("getOutputStream") && started
                        ? output
                        : invoke(plainResponse, m, args));
    synchronized (this) {
      inService = true;
    }
    try {
      servlet.service(built, builtResponse);
    } catch (jakarta.servlet.ServletException e) {
      throw new IOException(e);
    } finally {
      synchronized (this) {
        inService = false;
      }
    }
    if (started) {
      callBack();
    }
    return this;
  }

  private static Object invoke(Object target, java.lang.reflect.Method m, Object[] args)
      throws Throwable {
    try {
      return m.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  private AsyncContext startAsync() {
    started = true;
    context =
        (AsyncContext)
            Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {AsyncContext.class},
                (proxy, m, args) ->
                    switch (m.getName()) {
                      case "setTimeout" -> null;
                      case "addListener" -> {
                        synchronized (this) {
                          listeners.add((AsyncListener) args[0]);
                        }
                        yield null;
                      }
                      case "start" -> {
                        // A container whose request threads are all busy: the task waits, never
                        // runs.
                        synchronized (this) {
                          containerTasks.add((Runnable) args[0]);
                        }
                        yield null;
                      }
                      case "complete" -> {
                        complete();
                        yield null;
                      }
                      case "dispatch" -> {
                        dispatch();
                        yield null;
                      }
                      case "getRequest" -> built;
                      case "getResponse" -> builtResponse;
                      default -> throw new UnsupportedOperationException(m.getName());
                    });
    return context;
  }

  private final ServletOutputStream output =
      new ServletOutputStream() {
        @Override
        public void write(int b) throws IOException {
          write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          synchronized (FakeAsync.this) {
            if (gone) {
              throw new IOException("Connection reset by peer");
            }
            if (window <= 0) {
              throw new IllegalStateException("written while not ready");
            }
            body.write(b, off, len);
            window -= len;
          }
        }

        @Override
        public void flush() {
          synchronized (FakeAsync.this) {
            flushes++; // As in Tomcat, a flush commits the response: its headers go out.
          }
        }

        @Override
        public boolean isReady() {
          synchronized (FakeAsync.this) {
            if (window > 0 && !gone) {
              return true;
            }
            wantsCallback = true;
            return false;
          }
        }

        @Override
        public void setWriteListener(WriteListener listener) {
          synchronized (FakeAsync.this) {
            writeListener = listener;
            wantsCallback = true;
          }
        }
      };

  /** The client reads {@code bytes} more; the write listener is called back if it waits. */
  void allow(long bytes) {
    synchronized (this) {
      window += bytes;
    }
    callBack();
  }

  private void callBack() {
    WriteListener listener;
    synchronized (this) {
      if (!wantsCallback || window <= 0 || writeListener == null || inService || ended()) {
        return;
      }
      wantsCallback = false;
      listener = writeListener;
    }
    try {
      listener.onWritePossible();
    } catch (IOException | RuntimeException e) {
      abort(e);
    }
  }

  /** The client hangs up: the container tells the listeners, as on a reset socket. */
  void hangUp() {
    List<AsyncListener> all;
    WriteListener listener;
    synchronized (this) {
      gone = true;
      all = List.copyOf(listeners);
      listener = writeListener;
    }
    IOException reset = new IOException("Connection reset by peer");
    listener.onError(reset);
    for (AsyncListener l : all) {
      try {
        l.onError(new AsyncEvent(context, reset));
      } catch (IOException e) {
        throw new AssertionError(e);
      }
    }
  }

  private void complete() {
    List<AsyncListener> all;
    synchronized (this) {
      if (ended()) {
        throw new IllegalStateException("ended already");
      }
      completed = true;
      all = List.copyOf(listeners);
      notifyAll();
    }
    for (AsyncListener l : all) {
      try {
        l.onComplete(new AsyncEvent(context));
      } catch (IOException e) {
        throw new AssertionError(e);
      }
    }
  }

  private void dispatch() {
    synchronized (this) {
      dispatcherType = DispatcherType.ASYNC;
    }
    try {
      servlet.service(built, builtResponse);
      complete();
    } catch (jakarta.servlet.ServletException | IOException | RuntimeException e) {
      abort(e);
    }
  }

  private void abort(Throwable e) {
    List<AsyncListener> all;
    synchronized (this) {
      aborted = e;
      all = List.copyOf(listeners);
      notifyAll();
    }
    for (AsyncListener l : all) {
      try {
        l.onComplete(new AsyncEvent(context));
      } catch (IOException io) {
        throw new AssertionError(io);
      }
    }
  }

  private boolean ended() {
    return completed || aborted != null;
  }

  /** The tasks given to the container's threads ({@code AsyncContext.start}), none of which run. */
  synchronized int containerTasks() {
    return containerTasks.size();
  }

  /**
   * The flushes of the non-blocking output: a container commits a response only when its buffer
   * overflows or is flushed, and answers a failure thrown before with its own 500 page.
   */
  synchronized int flushes() {
    return flushes;
  }

  public boolean started() {
    return started;
  }

  public synchronized boolean completed() {
    return completed;
  }

  public synchronized Throwable aborted() {
    return aborted;
  }

  /** What the client received: what went out before async started, then after. */
  public synchronized byte[] body() {
    byte[] before = response.body();
    byte[] after = body.toByteArray();
    byte[] all = java.util.Arrays.copyOf(before, before.length + after.length);
    System.arraycopy(after, 0, all, before.length, after.length);
    return all;
  }

  public FakeHttp.Response response() {
    return response;
  }

  /** Reads on until the response ends, {@code step} bytes at a time. */
  public void readToTheEnd(long step) throws InterruptedException {
    while (true) {
      synchronized (this) {
        if (ended()) {
          return;
        }
      }
      allow(step);
      Thread.sleep(1);
    }
  }
}
