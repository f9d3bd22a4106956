package org.olfsfastpath.bes;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Who sends a BES command: the client, for a group's fair shares ({@link
 * BesGroupBuilder#clientShare(String)}); whether its answer may hold a connection for long, for a
 * pool's reserve for short requests ({@link BesClientBuilder#reserve(String)}); and what the BES
 * hears of the request: its id ({@code reqID}, {@code reqUUID}), its user ({@code uid}) and any
 * contexts of the request that are no part of what is asked (a log line for the BES's own log). A
 * cache that shares one command among several requests sends it for the first. Value-based and
 * immutable.
 *
 * @param client the client's address as the web layer resolved it (e.g. {@code 192.0.2.7}); the
 *     empty string for the front end's own commands (start-up, warm-up, site map), which count
 *     against no client's share
 * @param longHold whether the answer may hold its connection as long as its client takes to read it
 *     (a data answer of unknown or large size, streamed through); false for an answer known to be
 *     short (metadata, the input of a page, an answer a cache knows to be small), which may use a
 *     pool's reserve
 * @param requestId the id of the HTTP request the command serves, or null for the front end's own
 *     commands, which the BES client names itself
 * @param user who the BES serves the command for
 * @param contexts further {@code setContext}s of the request, sent with a get after the others;
 *     they never change the answer, so no cache keys by them
 */
public record Caller(
    String client,
    boolean longHold,
    @Nullable RequestId requestId,
    BesUser user,
    List<GetRequest.Context> contexts) {
  /** The front end's own short commands (catalog look-ups, versions, the site map). */
  public static final Caller INTERNAL = new Caller("", false);

  /** The front end's own commands whose answer may be long (a get with no client named). */
  public static final Caller INTERNAL_LONG = new Caller("", true);

  public Caller {
    Objects.requireNonNull(client, "client == null");
    Objects.requireNonNull(user, "user == null");
    contexts = List.copyOf(contexts);
  }

  /** An anonymous caller with no request id or further contexts. */
  public Caller(String client, boolean longHold) {
    this(client, longHold, null, BesUser.ANONYMOUS, List.of());
  }

  /** A client's request whose answer is known to be short: it may use a pool's reserve. */
  public static Caller shortRequest(String client) {
    return new Caller(client, false);
  }

  /** A client's request whose answer may hold its connection as long as the client reads. */
  public static Caller longRequest(String client) {
    return new Caller(client, true);
  }

  /** The same caller for a request whose answer may be long ({@code true}) or is short. */
  public Caller withLongHold(boolean longHold) {
    return longHold == this.longHold
        ? this
        : new Caller(client, longHold, requestId, user, contexts);
  }

  /** The same caller, for the request {@code id} of {@code user}. */
  public Caller forRequest(@Nullable RequestId id, BesUser user) {
    return new Caller(client, longHold, id, user, contexts);
  }

  /** The same caller, with {@code contexts} sent with its gets. */
  public Caller withContexts(List<GetRequest.Context> contexts) {
    return new Caller(client, longHold, requestId, user, contexts);
  }

  /** Whether the front end sends this command for itself, so no client's share counts it. */
  public boolean internal() {
    return client.isEmpty();
  }
}
