package org.olfsfastpath.web;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The bot filter's rules, as the upstream OLFS's {@code BotFilter} defines and applies them: a
 * client is refused when its address is one of the {@code IpAddress} elements or an {@code IpMatch}
 * pattern matches it whole, or when an {@code UserAgentMatch} pattern matches its User-Agent whole.
 * A refused client is still let through to the paths {@code AllowedResponseRegex} matches (by
 * default the images and styles of upstream's error page, unless {@code BlockImagesAndCss} is
 * present), except those {@code BlockedResponseRegex} matches; with neither kind of path pattern it
 * is refused everywhere. The address is the client's as {@link ClientAddresses} resolves it for
 * every feature: the one the container reports ({@code getRemoteAddr()}), as upstream, unless that
 * is a trusted proxy of {@code FastPath/TrustedProxies}, whose {@code X-Forwarded-For} then names
 * the client; a client's own header is never believed, since any client can write one. Tomcat's
 * RemoteIpValve does the same for the container (the reported address is then the client's
 * already).
 *
 * <p>Built by {@link BotRulesBuilder} (from olfs.xml's section, at start), which compiles the
 * patterns once, at start; one that does not compile stops the start, naming it. Immutable and
 * thread-safe.
 */
public final class BotRules {
  /** What upstream lets a refused client fetch, below the context path, by default. */
  private static final String IMAGES_AND_CSS = "\\/docs\\/(images|css)\\/.*$";

  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
  private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

  /** Why a client was refused: the names are upstream's, as its log writes them. */
  public enum Cause {
    IP_ADDRESS("IpAddress"),
    IP_MATCH("IpMatch"),
    USER_AGENT_MATCH("UserAgentMatch");

    private final String element;

    Cause(String element) {
      this.element = element;
    }

    /** The element of the rule that refused the client. */
    public String element() {
      return element;
    }
  }

  /** No rule: the filter is not installed. */
  public static final BotRules NONE =
      new BotRules(Set.of(), List.of(), List.of(), List.of(), List.of(), false, List.of());

  private final Set<String> addresses;
  private final List<byte[]> parsedAddresses;
  private final List<Pattern> ipMatches;
  private final List<Pattern> userAgentMatches;
  private final List<Pattern> allowed;
  private final List<Pattern> blocked;
  private final boolean blockImagesAndCss;
  private final boolean filterPaths;

  /** The rules a builder holds: its values are checked and its patterns compiled already. */
  BotRules(BotRulesBuilder b) {
    this(
        new LinkedHashSet<>(b.getIpAddresses()),
        parsed(b.getIpAddresses()),
        b.getIpMatches(),
        b.getUserAgentMatches(),
        allowed(b),
        b.getBlockImagesAndCss(),
        b.getBlockedResponses());
  }

  private BotRules(
      Set<String> addresses,
      List<byte[]> parsedAddresses,
      List<Pattern> ipMatches,
      List<Pattern> userAgentMatches,
      List<Pattern> allowed,
      boolean blockImagesAndCss,
      List<Pattern> blocked) {
    this.addresses = Set.copyOf(addresses);
    this.parsedAddresses = List.copyOf(parsedAddresses);
    this.ipMatches = List.copyOf(ipMatches);
    this.userAgentMatches = List.copyOf(userAgentMatches);
    this.allowed = List.copyOf(allowed);
    this.blocked = List.copyOf(blocked);
    this.blockImagesAndCss = blockImagesAndCss;
    this.filterPaths = !this.allowed.isEmpty() || !this.blocked.isEmpty();
  }

  /** A builder with no rule, each setting at its default. */
  public static BotRulesBuilder newBuilder() {
    return new BotRulesBuilder();
  }

  private static List<byte[]> parsed(List<String> addresses) {
    List<byte[]> parsed = new ArrayList<>();
    for (String address : addresses) {
      parsed.add(Objects.requireNonNull(literal(address), address));
    }
    return parsed;
  }

  /** The default allowed paths (unless BlockImagesAndCss), then the file's. */
  private static List<Pattern> allowed(BotRulesBuilder b) {
    List<Pattern> allowed = new ArrayList<>();
    if (!b.getBlockImagesAndCss()) {
      String context = b.getContextPath();
      while (context.startsWith("/")) {
        context = context.substring(1);
      }
      allowed.add(
          Pattern.compile(
              "^" + (context.isEmpty() ? "" : "\\/" + Pattern.quote(context)) + IMAGES_AND_CSS));
    }
    allowed.addAll(b.getAllowedResponses());
    return allowed;
  }

  /**
   * The address as bytes, for an IPv4 or IPv6 literal; null for anything else. Never asks DNS: a
   * host name is refused, not looked up.
   */
  public static byte @Nullable [] literal(String text) {
    String address = text.strip();
    try {
      if (IPV4.matcher(address).matches()) {
        String[] parts = address.split("\\.");
        byte[] bytes = new byte[4];
        for (int i = 0; i < 4; i++) {
          int part = Integer.parseInt(parts[i]);
          if (part > 255) {
            return null;
          }
          bytes[i] = (byte) part;
        }
        return bytes;
      }
      if (IPV6.matcher(address).matches()) {
        // Brackets make the JDK parse it as a literal or fail, never resolve it.
        return InetAddress.getByName("[" + address + "]").getAddress();
      }
    } catch (UnknownHostException | NumberFormatException e) {
      return null;
    }
    return null;
  }

  /** Whether there is no rule at all: the filter is then not installed. */
  public boolean isEmpty() {
    return addresses.isEmpty() && ipMatches.isEmpty() && userAgentMatches.isEmpty();
  }

  /**
   * Why the client is refused this request, or empty when it is not. As upstream, every rule is
   * tried and the last one that matched names the cause.
   *
   * @param remoteAddress the address the container reports
   * @param userAgent the User-Agent header, or null
   * @param requestUri the request URI as sent, context path included, without the query
   */
  public Optional<Cause> refuses(
      String remoteAddress, @Nullable String userAgent, String requestUri) {
    Cause cause = null;
    if (addresses.contains(remoteAddress) || parsedMatch(remoteAddress)) {
      cause = Cause.IP_ADDRESS;
    }
    for (Pattern pattern : ipMatches) {
      if (pattern.matcher(remoteAddress).matches()) {
        cause = Cause.IP_MATCH;
      }
    }
    if (userAgent != null) {
      for (Pattern pattern : userAgentMatches) {
        if (pattern.matcher(userAgent).matches()) {
          cause = Cause.USER_AGENT_MATCH;
        }
      }
    }
    if (cause == null || !pathRefused(requestUri)) {
      return Optional.empty();
    }
    return Optional.of(cause);
  }

  private boolean parsedMatch(String remoteAddress) {
    if (parsedAddresses.isEmpty()) {
      return false;
    }
    byte[] remote = literal(remoteAddress);
    if (remote == null) {
      return false;
    }
    for (byte[] address : parsedAddresses) {
      if (Arrays.equals(address, remote)) {
        return true;
      }
    }
    return false;
  }

  /** Upstream's isResponseBlocked: whether a refused client is refused this path. */
  private boolean pathRefused(String requestUri) {
    if (!filterPaths) {
      return true;
    }
    if (allowed.isEmpty()) {
      return matchesAny(blocked, requestUri);
    }
    if (matchesAny(allowed, requestUri)) {
      return matchesAny(blocked, requestUri);
    }
    return true;
  }

  private static boolean matchesAny(List<Pattern> patterns, String text) {
    for (Pattern pattern : patterns) {
      if (pattern.matcher(text).matches()) {
        return true;
      }
    }
    return false;
  }

  /** The addresses, as written. */
  public List<String> ipAddresses() {
    return List.copyOf(addresses);
  }

  public List<Pattern> ipMatches() {
    return ipMatches;
  }

  public List<Pattern> userAgentMatches() {
    return userAgentMatches;
  }

  /** The allowed path patterns, the default one first when BlockImagesAndCss is absent. */
  public List<Pattern> allowedResponses() {
    return allowed;
  }

  public List<Pattern> blockedResponses() {
    return blocked;
  }

  /** Whether BlockImagesAndCss took the default allowed paths away. */
  public boolean blockImagesAndCss() {
    return blockImagesAndCss;
  }

  @Override
  public String toString() {
    return "BotRules[ipAddresses="
        + addresses.size()
        + ", ipMatches="
        + ipMatches.size()
        + ", userAgentMatches="
        + userAgentMatches.size()
        + ", allowedResponses="
        + allowed.size()
        + ", blockedResponses="
        + blocked.size()
        + "]";
  }
}
