package org.olfsfastpath.bes;

import java.util.Objects;

/**
 * Who sends a BES command, and whether its answer may hold a connection for long: what a group's
 * fair shares ({@link BesGroupBuilder#clientShare(String)}) and a pool's reserve for short requests
 * ({@link BesClientBuilder#reserve(String)}) decide by. Value-based and immutable.
 *
 * @param client the client's address as the web layer resolved it (e.g. {@code 192.0.2.7}); the
 *     empty string for the front end's own commands (start-up, warm-up, site map), which count
 *     against no client's share
 * @param longHold whether the answer may hold its connection as long as its client takes to read it
 *     (a data answer of unknown or large size, streamed through); false for an answer known to be
 *     short (metadata, the input of a page, an answer a cache knows to be small), which may use a
 *     pool's reserve
 */
public record Caller(String client, boolean longHold) {
  /** The front end's own short commands (catalog look-ups, versions, the site map). */
  public static final Caller INTERNAL = new Caller("", false);

  /** The front end's own commands whose answer may be long (a get with no client named). */
  public static final Caller INTERNAL_LONG = new Caller("", true);

  public Caller {
    Objects.requireNonNull(client, "client == null");
  }

  /** A client's request whose answer is known to be short: it may use a pool's reserve. */
  public static Caller shortRequest(String client) {
    return new Caller(client, false);
  }

  /** A client's request whose answer may hold its connection as long as the client reads. */
  public static Caller longRequest(String client) {
    return new Caller(client, true);
  }

  /** Whether the front end sends this command for itself, so no client's share counts it. */
  public boolean internal() {
    return client.isEmpty();
  }
}
