package org.olfsfastpath.bes;

import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.jdom2.Element;
import org.jspecify.annotations.Nullable;

/**
 * One BES command, as a value: what its request document holds, how its answer is read, how the
 * router sends it and whether a group may send it once more. Every command goes one way through
 * {@link BesRouter#send}, {@link BesGroup#send} and {@link BesClient#send}; adding a command is one
 * constant here and its answer's parser in {@link BesAnswers}.
 *
 * <p>A command's answer is read whole ({@link #whole}: at most {@link BesClient#MAX_ANSWER_BYTES},
 * then parsed) or handed out as it streams ({@link #GET}: the caller reads and closes the {@link
 * BesResponse}, and the connection stays lent out, and counted against the caller's share, until
 * then).
 *
 * @param <A> what one sending of the command names: a catalog path, a key, a get request
 * @param <T> what its answer is read as
 */
public final class BesCommand<A, T> {
  /** The one argument of a command that takes none. */
  public enum None {
    NONE
  }

  /** How the router sends a command. */
  public enum Route {
    /** To the group that serves the command's catalog path, the group's prefix taken off. */
    PATH,
    /** To the group of prefix {@code /}. */
    ROOT
  }

  /**
   * {@code showNode}: the existence, type, size and last-modified time of one catalog path, a
   * directory's with its children. The data-source cache's one command.
   */
  public static final BesCommand<String, BesNode> SHOW_NODE =
      whole(
          "showNode",
          Route.PATH,
          path -> path,
          (path, newPath) -> newPath,
          (path, draft) ->
              draft
                  .context("errors", "xml")
                  .add(draft.command("showNode").setAttribute("node", draft.text("path", path))),
          BesAnswers::parseNode);

  /** {@code showVersion}: the BES's and its modules' versions, as the answer's text. */
  public static final BesCommand<None, String> SHOW_VERSION =
      simple("showVersion", BesAnswers::parseVersion);

  /** {@code showStatus}: a cheap "are you there", for diagnostics; the pool never sends it. */
  public static final BesCommand<None, String> SHOW_STATUS =
      simple("showStatus", BesAnswers::parseStatus);

  /**
   * {@code showBesKey}: the values of one key of the configuration of the BES that serves a catalog
   * path, e.g. SupportEmail (each group's BES has its own bes.conf, and so its own administrator).
   */
  public static final BesCommand<KeyRequest, List<String>> SHOW_BES_KEY =
      whole(
          "showBesKey",
          Route.PATH,
          KeyRequest::path,
          (asked, newPath) -> new KeyRequest(newPath, asked.key()),
          (asked, draft) ->
              draft
                  .context("dap_explicit_containers", "no")
                  .context("errors", "xml")
                  .add(
                      draft
                          .command("showBesKey")
                          .setAttribute("key", draft.text("key", asked.key()))),
          BesAnswers::parseBesKey);

  /**
   * {@code buildSiteMap}: every node and dataset of the BES's catalog as one URL per line, as plain
   * text. Each group's BES lists its own catalog, so the router asks every group ({@link
   * BesRouter#buildSiteMap}).
   */
  public static final BesCommand<SiteMapRequest, byte[]> BUILD_SITE_MAP =
      whole(
          "buildSiteMap",
          Route.ROOT,
          null,
          null,
          (map, draft) ->
              draft
                  .context("errors", "xml")
                  .add(
                      draft
                          .command("buildSiteMap")
                          .setAttribute("prefix", draft.text("prefix", map.prefix()))
                          .setAttribute("nodeSuffix", draft.text("nodeSuffix", map.nodeSuffix()))
                          .setAttribute("leafSuffix", draft.text("leafSuffix", map.leafSuffix()))
                          .setAttribute("catalog", "catalog")),
          answer -> answer);

  /**
   * The data request: contexts, {@code setContainer}, {@code define} and {@code get}; the answer
   * streams. Sent once more only until its response is handed out (see {@link BesGroup}).
   */
  public static final BesCommand<GetRequest, BesResponse> GET =
      new BesCommand<>(
          "get",
          Route.PATH,
          GetRequest::path,
          GetRequest::withPath,
          BesRequests::writeGet,
          null,
          true);

  private final String name;
  private final Route route;
  private final @Nullable Function<A, String> path;
  private final @Nullable BiFunction<A, String, A> withPath;
  private final Writer<A> writer;
  private final @Nullable Parser<T> parser;
  private final boolean retryable;

  private BesCommand(
      String name,
      Route route,
      @Nullable Function<A, String> path,
      @Nullable BiFunction<A, String, A> withPath,
      Writer<A> writer,
      @Nullable Parser<T> parser,
      boolean retryable) {
    this.name = Objects.requireNonNull(name, "name == null");
    this.route = Objects.requireNonNull(route, "route == null");
    if (route == Route.PATH && (path == null || withPath == null)) {
      throw new IllegalArgumentException(name + " is routed by path but names no path");
    }
    this.path = path;
    this.withPath = withPath;
    this.writer = Objects.requireNonNull(writer, "writer == null");
    this.parser = parser;
    this.retryable = retryable;
  }

  /** A command whose answer is read whole and parsed, sent once more after a broken connection. */
  static <A, T> BesCommand<A, T> whole(
      String name,
      Route route,
      @Nullable Function<A, String> path,
      @Nullable BiFunction<A, String, A> withPath,
      Writer<A> writer,
      Parser<T> parser) {
    return new BesCommand<>(name, route, path, withPath, writer, parser, true);
  }

  /** A command of no argument, to the {@code /} group, with only the errors context. */
  private static <T> BesCommand<None, T> simple(String name, Parser<T> parser) {
    return whole(
        name,
        Route.ROOT,
        null,
        null,
        (none, draft) -> draft.context("errors", "xml").add(draft.command(name)),
        parser);
  }

  /** The command's element name, as the BES, the logs and the metrics know it. */
  public String name() {
    return name;
  }

  /** How the router sends it. */
  public Route route() {
    return route;
  }

  /** Whether a group may send it once more after a broken connection or an unreachable BES. */
  public boolean retryable() {
    return retryable;
  }

  /** Whether its answer streams to the caller instead of being read whole. */
  public boolean streams() {
    return parser == null;
  }

  /** The catalog path {@code argument} names, for a command routed by path. */
  String pathOf(A argument) {
    return Objects.requireNonNull(path, "not routed by path").apply(argument);
  }

  /** {@code argument} for another catalog path: the path a group's BES sees. */
  A withPath(A argument, String newPath) {
    return Objects.requireNonNull(withPath, "not routed by path").apply(argument, newPath);
  }

  void write(A argument, Draft draft) {
    writer.write(argument, draft);
  }

  /** Reads a whole answer; only for a command that does not stream. */
  T parse(byte[] answer) throws IOException {
    return Objects.requireNonNull(parser, "a streamed answer is not parsed").parse(answer);
  }

  @Override
  public String toString() {
    return name;
  }

  /** Writes the command's part of a request document. */
  @FunctionalInterface
  interface Writer<A> {
    void write(A argument, Draft draft);
  }

  /** Reads a command's whole answer. */
  @FunctionalInterface
  interface Parser<T> {
    T parse(byte[] answer) throws IOException;
  }

  /**
   * A request document being written, for one caller, by one BES client.
   *
   * @param request the {@code request} element, its id and the timeout context already in
   * @param caller who sends the command
   * @param contexts the client's own contexts
   */
  record Draft(Element request, Caller caller, BesContexts contexts) {
    /** Adds {@code <setContext name="...">value</setContext>}. */
    Draft context(String name, String value) {
      request.addContent(BesRequests.setContext(name, value));
      return this;
    }

    /** Adds an element. */
    Draft add(Element element) {
      request.addContent(element);
      return this;
    }

    /** A new element in the BES namespace. */
    Element command(String name) {
      return new Element(name, BesRequests.BES_NS);
    }

    /** {@code value}, checked to be text XML 1.0 can carry. */
    String text(String what, String value) {
      BesRequests.checkXmlText(what, value);
      return value;
    }
  }

  /** What {@link #SHOW_BES_KEY} asks for: {@code key} of the BES that serves {@code path}. */
  public record KeyRequest(String path, String key) {}

  /**
   * What {@link #BUILD_SITE_MAP} asks for: each line {@code prefix} and a catalog path, directories
   * ending {@code nodeSuffix}, datasets {@code leafSuffix}.
   */
  public record SiteMapRequest(String prefix, String nodeSuffix, String leafSuffix) {}
}
