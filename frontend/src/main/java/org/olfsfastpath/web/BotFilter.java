package org.olfsfastpath.web;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Refuses the clients olfs.xml's {@code BotFilter} names ({@link BotRules}) with a 403 and a short
 * body, before any servlet runs and so before any BES work: mapped to every path of the web
 * application, as upstream maps its filter. Each refusal is counted by cause, read as one {@link
 * BotFilterStats} by the status document, JMX and the metrics, and timed as a request of type
 * {@value #TYPE} (the request metrics). Thread-safe.
 */
public final class BotFilter implements Filter {
  /** The response type refusals are counted under in the request metrics. */
  static final String TYPE = "blocked";

  private static final Logger log = LoggerFactory.getLogger(BotFilter.class);
  private static final byte[] BODY =
      ("Forbidden: this server's bot filter refuses this client" + " (olfs.xml BotFilter).\n")
          .getBytes(StandardCharsets.UTF_8);

  private final BotRules rules;
  private final ClientAddresses clients;
  private final DapServlet.RequestTimer timer;

  /** Refusals, by the ordinal of their cause. */
  private final LongAdder[] refused = new LongAdder[BotRules.Cause.values().length];

  /**
   * @param clients tells who a request comes from: the peer, or behind a trusted proxy the client
   *     it forwarded ({@code FastPath/TrustedProxies}), the same rule as the fair shares'
   */
  public BotFilter(BotRules rules, ClientAddresses clients, DapServlet.RequestTimer timer) {
    this.rules = Objects.requireNonNull(rules, "rules == null");
    this.clients = Objects.requireNonNull(clients, "clients == null");
    this.timer = Objects.requireNonNull(timer, "timer == null");
    for (int i = 0; i < refused.length; i++) {
      refused[i] = new LongAdder();
    }
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    long start = System.nanoTime();
    HttpServletRequest req = (HttpServletRequest) request;
    String client = clients.of(req);
    Optional<BotRules.Cause> cause =
        rules.refuses(client, req.getHeader("User-Agent"), req.getRequestURI());
    if (cause.isEmpty()) {
      chain.doFilter(request, response);
      return;
    }
    refused[cause.get().ordinal()].increment();
    log.debug(
        "bot filter: refused {} {} from {} ({})",
        req.getMethod(),
        req.getRequestURI(),
        client,
        cause.get().element());
    HttpServletResponse resp = (HttpServletResponse) response;
    resp.setStatus(HttpServletResponse.SC_FORBIDDEN);
    resp.setContentType("text/plain;charset=UTF-8");
    resp.setHeader("Cache-Control", "no-store");
    resp.setContentLength(BODY.length);
    if (!"HEAD".equals(req.getMethod())) {
      resp.getOutputStream().write(BODY);
    }
    timer.record(TYPE, HttpServletResponse.SC_FORBIDDEN, System.nanoTime() - start);
  }

  /**
   * The filter's statistics value: its rules and the refusals by cause. A filter built for rules
   * without a client rule is not installed, and says so ({@code enabled} false).
   */
  public BotFilterStats stats() {
    return new BotFilterStats(
        !rules.isEmpty(),
        rules.ipAddresses().size(),
        rules.ipMatches().size(),
        rules.userAgentMatches().size(),
        rules.allowedResponses().size(),
        rules.blockedResponses().size(),
        refused[BotRules.Cause.IP_ADDRESS.ordinal()].sum(),
        refused[BotRules.Cause.IP_MATCH.ordinal()].sum(),
        refused[BotRules.Cause.USER_AGENT_MATCH.ordinal()].sum());
  }

  /** Whether there is a rule to apply: the listener installs the filter only then. */
  public boolean hasRules() {
    return !rules.isEmpty();
  }

  @Override
  public String toString() {
    return rules.toString();
  }
}
