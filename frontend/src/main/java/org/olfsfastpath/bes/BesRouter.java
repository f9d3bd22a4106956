package org.olfsfastpath.bes;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Sends each BES command ({@link BesCommand}) by catalog path to the {@link BesGroup} that serves
 * it: the layers above {@link #send} commands with whole catalog paths, and ask for {@link
 * #buildSiteMap(String, String, String)}, and never see a group or a prefix. The group of a path is
 * the one whose prefix is the longest that matches the path on whole segments ({@code /data}
 * catches {@code /data} and {@code /data/x.nc}, never {@code /database}), else the {@code /} group,
 * which every router must have. The prefix is stripped from the path the group's BES sees, as the
 * upstream OLFS does: with the prefix {@code /data}, {@code /data/x.nc} is {@code /x.nc} on that
 * BES, and {@code /data} itself is its root {@code /}.
 *
 * <p>Immutable and thread-safe; a route costs one hash look-up per segment of the path. Build one
 * at startup with {@link #of(Collection)} and share it. {@link #close()} closes every group.
 */
public final class BesRouter implements Closeable {
  private final List<BesGroup> groups;
  private final Map<String, BesGroup> byPrefix;
  private final BesGroup root;

  private BesRouter(List<BesGroup> groups, Map<String, BesGroup> byPrefix) {
    this.groups = groups;
    this.byPrefix = byPrefix;
    this.root = Objects.requireNonNull(byPrefix.get("/"), "no / group");
  }

  /**
   * Returns a router over {@code groups}.
   *
   * @throws IllegalArgumentException if there is no group, two groups have the same prefix, or no
   *     group has the prefix {@code /} (the message lists the prefixes given)
   */
  public static BesRouter of(Collection<BesGroup> groups) {
    Objects.requireNonNull(groups, "groups == null");
    if (groups.isEmpty()) {
      throw new IllegalArgumentException(
          "no BES group was given; a router needs at least the" + " group of prefix /");
    }
    Map<String, BesGroup> byPrefix = new HashMap<>();
    List<String> prefixes = new ArrayList<>();
    for (BesGroup group : groups) {
      Objects.requireNonNull(group, "groups holds null");
      prefixes.add(group.prefix());
      if (byPrefix.putIfAbsent(group.prefix(), group) != null) {
        throw new IllegalArgumentException(
            "two BES groups have the prefix "
                + group.prefix()
                + "; list every BES of one prefix in one group (prefixes given: "
                + String.join(", ", prefixes)
                + ")");
      }
    }
    if (!byPrefix.containsKey("/")) {
      throw new IllegalArgumentException(
          "no BES group has the prefix /, which serves every path"
              + " the other prefixes do not; add a BES with <prefix>/</prefix> (prefixes given: "
              + String.join(", ", prefixes)
              + ")");
    }
    return new BesRouter(List.copyOf(groups), Map.copyOf(byPrefix));
  }

  /** Same as {@link #of(Collection)}. */
  public static BesRouter of(BesGroup... groups) {
    return of(List.of(groups));
  }

  /**
   * The group for a catalog path and the path its BES sees.
   *
   * @param catalogPath a catalog path starting with {@code /}, e.g. {@code /data/nc/x.nc}; the
   *     empty string is the root
   * @throws IllegalArgumentException if the path does not start with {@code /}
   */
  Route route(String catalogPath) {
    Objects.requireNonNull(catalogPath, "catalogPath == null");
    String path = catalogPath.isEmpty() ? "/" : catalogPath;
    if (path.charAt(0) != '/') {
      throw new IllegalArgumentException("catalogPath was " + catalogPath + ", must start with /");
    }
    if (byPrefix.size() == 1) {
      return new Route(root, path);
    }
    int end = path.length();
    while (end > 1 && path.charAt(end - 1) == '/') {
      end--;
    }
    String key = path.substring(0, end);
    while (true) {
      BesGroup group = byPrefix.get(key);
      if (group != null) {
        return new Route(group, strip(path, group.prefix()));
      }
      int slash = key.lastIndexOf('/');
      if (slash <= 0) {
        return new Route(root, path);
      }
      key = key.substring(0, slash);
    }
  }

  /**
   * Sends one command for {@code caller} to the group it goes to ({@link BesCommand#route()}): by
   * its catalog path, with that group's prefix taken off, or to the {@code /} group. Returns what
   * the group returns; a streamed answer ({@link BesCommand#GET}) the caller must close.
   *
   * @param argument what the command names, its catalog path (if any) the whole one, e.g. {@code
   *     /data/sst.nc}
   * @throws IllegalArgumentException if the path does not start with {@code /}, or a value holds a
   *     character XML 1.0 cannot carry
   * @throws IOException as {@link BesGroup#send}
   */
  public <A, T> T send(BesCommand<A, T> command, A argument, Caller caller) throws IOException {
    if (command.route() == BesCommand.Route.ROOT) {
      return root.send(command, argument, caller);
    }
    Route route = route(command.pathOf(argument));
    return route.group().send(command, command.withPath(argument, route.path()), caller);
  }

  /**
   * {@link BesCommand#SHOW_NODE} of one whole catalog path, for {@code caller}: the data-source
   * cache's loader, {@code router::showNode}.
   */
  public BesNode showNode(String catalogPath, Caller caller) throws IOException {
    return send(BesCommand.SHOW_NODE, catalogPath, caller);
  }

  /**
   * {@link BesCommand#GET} for {@code caller}, its path the whole catalog path: the response
   * cache's opener, {@code router::get}. The caller must close the response.
   */
  public BesResponse get(GetRequest request, Caller caller) throws IOException {
    return send(BesCommand.GET, request, caller);
  }

  /**
   * The prefix of the group that serves {@code catalogPath}: {@code /} or e.g. {@code /data}. The
   * response cache keys answers by it, so two groups never share an answer.
   */
  public String groupOf(String catalogPath) {
    return route(catalogPath).group().prefix();
  }

  /**
   * The values of one configuration key ({@code showBesKey}) of the BES that serves {@code
   * catalogPath}: each group's BES has its own bes.conf, and so its own administrator.
   *
   * @throws IOException as {@link BesGroup#send}
   */
  public List<String> showBesKey(String catalogPath, String key) throws IOException {
    return send(
        BesCommand.SHOW_BES_KEY, new BesCommand.KeyRequest(catalogPath, key), Caller.INTERNAL);
  }

  /**
   * The site map of every group, one URL per line, each starting with {@code prefix}: each group's
   * BES lists its own catalog, so its lines get the group's prefix, and lines a longer prefix
   * routes elsewhere are dropped (the {@code /} group's BES may hold a directory another group
   * serves).
   *
   * @throws IOException as {@link BesGroup#send}, for the first group that fails
   */
  public byte[] buildSiteMap(String prefix, String nodeSuffix, String leafSuffix)
      throws IOException {
    String base = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
    StringBuilder all = new StringBuilder();
    for (BesGroup group : groups) {
      String groupBase = group.prefix().equals("/") ? base : base + group.prefix();
      byte[] answer =
          group.send(
              BesCommand.BUILD_SITE_MAP,
              new BesCommand.SiteMapRequest(groupBase + "/", nodeSuffix, leafSuffix),
              Caller.INTERNAL);
      for (String line : new String(answer, StandardCharsets.UTF_8).split("\r?\n")) {
        if (!line.startsWith(base + "/")) {
          continue;
        }
        String catalogPath = line.substring(base.length());
        if (route(catalogPath).group() == group) {
          all.append(line).append('\n');
        }
      }
    }
    return all.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Every BES's pool added up. */
  public BesPoolStats poolStats() {
    BesPoolStats sum = BesPoolStats.EMPTY;
    for (BesClient client : clients()) {
      sum = sum.plus(client.poolStats());
    }
    return sum;
  }

  /** Every BES's client, group by group in the order given, each in the order added. */
  public List<BesClient> clients() {
    List<BesClient> clients = new ArrayList<>();
    for (BesGroup group : groups) {
      clients.addAll(group.members());
    }
    return List.copyOf(clients);
  }

  private static String strip(String path, String prefix) {
    if (prefix.equals("/")) {
      return path;
    }
    String rest = path.substring(prefix.length());
    return rest.isEmpty() ? "/" : rest;
  }

  /** The groups, in the order given. */
  public List<BesGroup> groups() {
    return groups;
  }

  /** The group of prefix {@code /}. */
  public BesGroup rootGroup() {
    return root;
  }

  /** A snapshot of every group, in the order given. */
  public List<BesGroupStats> stats() {
    List<BesGroupStats> stats = new ArrayList<>(groups.size());
    for (BesGroup group : groups) {
      stats.add(group.stats());
    }
    return List.copyOf(stats);
  }

  /** Closes every group and so every BES client. */
  @Override
  public void close() {
    for (BesGroup group : groups) {
      group.close();
    }
  }

  @Override
  public String toString() {
    return "BesRouter" + groups;
  }

  /**
   * A prefix as groups and the router hold it: a leading slash, no trailing one ({@code /} alone
   * for the root), blanks around it stripped. {@code /data/}, {@code /data} and {@code data} are
   * all {@code /data}; use it to gather the {@code <BES>} entries of one prefix into one group.
   *
   * @return the normalized prefix
   * @throws IllegalArgumentException naming the prefix if it is empty or holds an empty, {@code .}
   *     or {@code ..} segment
   */
  public static String normalizePrefix(String prefix) {
    Objects.requireNonNull(prefix, "prefix == null");
    String p = prefix.strip();
    if (p.isEmpty()) {
      throw new IllegalArgumentException(
          "prefix was empty, must be a catalog path such as / or" + " /data/");
    }
    if (p.charAt(0) != '/') {
      p = "/" + p;
    }
    int end = p.length();
    while (end > 1 && p.charAt(end - 1) == '/') {
      end--;
    }
    p = p.substring(0, end);
    if (p.equals("/")) {
      return p;
    }
    for (String segment : p.substring(1).split("/", -1)) {
      if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
        throw new IllegalArgumentException(
            "prefix was " + prefix + ", must not hold an empty, ." + " or .. segment");
      }
    }
    return p;
  }

  /**
   * Where a catalog path goes.
   *
   * @param group the group that serves it
   * @param path the path its BES sees: the catalog path without the group's prefix, starting with
   *     {@code /}
   */
  record Route(BesGroup group, String path) {
    Route {
      Objects.requireNonNull(group, "group == null");
      Objects.requireNonNull(path, "path == null");
    }

    /** The group's prefix, normalized. */
    String prefix() {
      return group.prefix();
    }
  }
}
