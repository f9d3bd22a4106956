package org.olfsfastpath.web;

import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Who a request comes from: the address every feature that tells clients apart uses (the BES
 * groups' fair shares; the bot filter). The peer's address, unless the peer is one of the trusted
 * proxies olfs.xml names ({@code FastPath/TrustedProxies}, addresses and CIDR blocks such as the
 * nginx in front of several front ends): then {@code X-Forwarded-For} is read from its right end,
 * past the addresses of trusted proxies, and the first address that is not one of them is the
 * client. A client cannot choose its own identity: what it writes into {@code X-Forwarded-For}
 * itself is ignored when it connects directly, and stands to the left of what a trusted proxy
 * appends when it connects through one.
 *
 * <p>Immutable and thread-safe. Never resolves a name: only address literals are read, and an entry
 * that is not one ends the walk (the last trusted hop is then the client). With no trusted proxy
 * (the default) a request costs one {@code getRemoteAddr()} and nothing else.
 */
public final class ClientAddresses {
  private static final Pattern SEPARATORS = Pattern.compile("[\\s,]+");
  private static final Pattern IPV4 =
      Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
  private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:][0-9A-Fa-f:.]*(%[\\w.-]+)?");

  /** The rule with no trusted proxy: every client is its peer address. */
  public static final ClientAddresses DIRECT = new ClientAddresses(List.of());

  private final List<Block> trusted;

  private ClientAddresses(List<Block> trusted) {
    this.trusted = trusted;
  }

  /**
   * The rule trusting {@code proxies}: address literals ({@code 127.0.0.1}, {@code ::1}) and CIDR
   * blocks ({@code 10.0.0.0/8}, {@code fd00::/8}), separated by blanks or commas.
   *
   * @throws IllegalArgumentException naming the entry that is neither
   */
  public static ClientAddresses trusting(String proxies) {
    List<Block> blocks = new ArrayList<>();
    for (String entry : SEPARATORS.split(proxies.strip())) {
      if (!entry.isEmpty()) {
        blocks.add(Block.parse(entry));
      }
    }
    return blocks.isEmpty() ? DIRECT : new ClientAddresses(List.copyOf(blocks));
  }

  /** The rule of {@code settings} ({@code FastPath/TrustedProxies}). */
  public static ClientAddresses of(FrontEndSettings settings) {
    return trusting(settings.trustedProxies());
  }

  /** Whether any proxy is trusted. */
  boolean trustsProxies() {
    return !trusted.isEmpty();
  }

  /** The client of {@code req}. */
  String of(HttpServletRequest req) {
    String peer = req.getRemoteAddr();
    if (trusted.isEmpty() || peer == null) {
      return peer == null ? "" : peer;
    }
    return resolve(peer, req.getHeaders("X-Forwarded-For"));
  }

  /**
   * The client of a request from {@code peer} carrying {@code forwardedFor} (each header line of
   * {@code X-Forwarded-For}, in order; null or empty when there is none).
   */
  String resolve(String peer, @Nullable Enumeration<String> forwardedFor) {
    byte[] peerAddress = literal(peer);
    if (peerAddress == null
        || !isTrusted(peerAddress)
        || forwardedFor == null
        || !forwardedFor.hasMoreElements()) {
      return peer;
    }
    List<String> hops = new ArrayList<>();
    while (forwardedFor.hasMoreElements()) {
      String line = forwardedFor.nextElement();
      if (line != null) {
        for (String hop : line.split(",")) {
          hops.add(hop.strip());
        }
      }
    }
    String client = peer;
    for (int i = hops.size() - 1; i >= 0; i--) {
      String hop = withoutPort(hops.get(i));
      byte[] address = literal(hop);
      if (address == null) {
        return client; // Not an address: what lies left of it cannot be trusted either.
      }
      client = canonical(hop, address);
      if (!isTrusted(address)) {
        return client;
      }
    }
    return client;
  }

  private boolean isTrusted(byte[] address) {
    for (Block block : trusted) {
      if (block.contains(address)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return trusted.isEmpty() ? "no trusted proxy" : "trusted proxies " + trusted;
  }

  /** {@code [::1]:80}, {@code [::1]} and {@code 1.2.3.4:80} without port and brackets. */
  private static String withoutPort(String hop) {
    if (hop.startsWith("[")) {
      int end = hop.indexOf(']');
      return end > 0 ? hop.substring(1, end) : hop;
    }
    int colon = hop.indexOf(':');
    return colon > 0 && colon == hop.lastIndexOf(':') ? hop.substring(0, colon) : hop;
  }

  /**
   * An IPv4 address dotted (also one written IPv4-mapped), an IPv6 one in Java's full form, as
   * getRemoteAddr gives them: one client, one name.
   */
  private static String canonical(String text, byte[] address) {
    if (address.length == 4) {
      return text.indexOf(':') < 0
          ? text
          : (address[0] & 0xFF)
              + "."
              + (address[1] & 0xFF)
              + "."
              + (address[2] & 0xFF)
              + "."
              + (address[3] & 0xFF);
    }
    try {
      return InetAddress.getByAddress(address).getHostAddress();
    } catch (UnknownHostException e) {
      return text;
    }
  }

  /** The bytes of an address literal, or null if {@code text} is not one. Never a name lookup. */
  static byte @Nullable [] literal(String text) {
    if (text.isEmpty()) {
      return null;
    }
    var v4 = IPV4.matcher(text);
    if (v4.matches()) {
      byte[] bytes = new byte[4];
      for (int i = 0; i < 4; i++) {
        int part = Integer.parseInt(v4.group(i + 1));
        if (part > 255) {
          return null;
        }
        bytes[i] = (byte) part;
      }
      return bytes;
    }
    if (text.indexOf(':') < 0 || !IPV6.matcher(text).matches()) {
      return null;
    }
    try {
      // Starting with a hex digit or a colon and holding a colon, the text is read as an IPv6
      // literal and never looked up as a name. An IPv4-mapped one comes back as IPv4.
      return InetAddress.getByName(text).getAddress();
    } catch (UnknownHostException | SecurityException e) {
      return null;
    }
  }

  /** An address or a CIDR block of them. */
  private record Block(String text, byte[] network, int bits) {
    static Block parse(String entry) {
      int slash = entry.indexOf('/');
      String host = slash < 0 ? entry : entry.substring(0, slash);
      byte[] network = literal(host);
      if (network == null) {
        throw new IllegalArgumentException(
            "trustedProxies holds '"
                + entry
                + "', must be IP"
                + " addresses or CIDR blocks (192.0.2.10, 10.0.0.0/8, ::1, fd00::/8) separated by"
                + " blanks or commas; names are not looked up");
      }
      int bits = network.length * 8;
      if (slash >= 0) {
        try {
          bits = Integer.parseInt(entry.substring(slash + 1));
        } catch (NumberFormatException e) {
          bits = -1;
        }
        if (bits < 0 || bits > network.length * 8) {
          throw new IllegalArgumentException(
              String.format(
                  Locale.US,
                  "trustedProxies holds '%s'," + " whose prefix length must be 0-%d",
                  entry,
                  network.length * 8));
        }
      }
      return new Block(entry, network, bits);
    }

    boolean contains(byte[] address) {
      if (address.length != network.length) {
        return false;
      }
      int whole = bits / 8;
      for (int i = 0; i < whole; i++) {
        if (address[i] != network[i]) {
          return false;
        }
      }
      int rest = bits % 8;
      if (rest == 0) {
        return true;
      }
      int mask = (0xFF << (8 - rest)) & 0xFF;
      return (address[whole] & mask) == (network[whole] & mask);
    }

    @Override
    public String toString() {
      return text;
    }
  }
}
