package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Who a request comes from: the peer, unless it is a trusted proxy; then the right-most address of
 * {@code X-Forwarded-For} that is not a trusted proxy. A client cannot name itself: a header it
 * writes is ignored when it connects directly, and stays left of what the proxy appends.
 */
final class ClientAddressesTest {
  private static final ClientAddresses NGINX =
      ClientAddresses.trusting("127.0.0.1, 10.0.0.0/8 ::1");

  private static String client(ClientAddresses rule, String peer, String... forwardedFor) {
    return rule.resolve(peer, Collections.enumeration(List.of(forwardedFor)));
  }

  @Test
  void noTrustedProxy_thePeer_whateverTheHeaderSays() {
    assertSame(ClientAddresses.DIRECT, ClientAddresses.trusting("  "));
    assertFalse(ClientAddresses.DIRECT.trustsProxies());
    assertEquals("203.0.113.9", client(ClientAddresses.DIRECT, "203.0.113.9", "198.51.100.7"));
  }

  @Test
  void spoofedHeader_fromAnUntrustedPeer_isIgnored() {
    assertEquals("203.0.113.9", client(NGINX, "203.0.113.9", "10.1.1.1"));
    assertEquals("203.0.113.9", client(NGINX, "203.0.113.9", "127.0.0.1, 198.51.100.7"));
  }

  @Test
  void throughTheTrustedProxy_theAddressItAppended() {
    assertEquals("198.51.100.7", client(NGINX, "127.0.0.1", "198.51.100.7"));
  }

  @Test
  void spoofedHeader_throughTheTrustedProxy_staysLeftOfTheRealAddress() {
    // The client wrote 192.0.2.1; nginx appended the address it saw.
    assertEquals("198.51.100.7", client(NGINX, "127.0.0.1", "192.0.2.1, 198.51.100.7"));
    assertEquals(
        "198.51.100.7",
        client(NGINX, "127.0.0.1", "10.9.9.9, 198.51.100.7"),
        "a trusted address written by the client does not help it either");
  }

  @Test
  void chainOfTrustedProxies_walkedFromTheRight() {
    assertEquals("198.51.100.7", client(NGINX, "127.0.0.1", "198.51.100.7, 10.2.3.4"));
    assertEquals(
        "198.51.100.7",
        client(NGINX, "127.0.0.1", "198.51.100.7", "10.2.3.4"),
        "several header lines are one list");
    assertEquals(
        "10.2.3.4", client(NGINX, "127.0.0.1", "10.2.3.4"), "every hop trusted: the left-most");
  }

  @Test
  void notAnAddress_endsTheWalk() {
    assertEquals("198.51.100.7", client(NGINX, "127.0.0.1", "unknown, 198.51.100.7"));
    assertEquals("127.0.0.1", client(NGINX, "127.0.0.1", "198.51.100.7, evil.example.org"));
    assertEquals("127.0.0.1", client(NGINX, "127.0.0.1"), "no header: the proxy itself");
  }

  @Test
  void portsBracketsAndIpv6() {
    assertEquals("198.51.100.7", client(NGINX, "127.0.0.1", "198.51.100.7:4711"));
    assertEquals("2001:db8:0:0:0:0:0:7", client(NGINX, "0:0:0:0:0:0:0:1", "[2001:db8::7]:4711"));
    assertEquals("2001:db8:0:0:0:0:0:7", client(NGINX, "0:0:0:0:0:0:0:1", "2001:db8::7"));
    assertEquals(
        "198.51.100.7",
        client(NGINX, "::1", "::ffff:198.51.100.7"),
        "an IPv4-mapped address is the IPv4 one");
  }

  @ParameterizedTest(name = "{1} in {0}: {2}")
  @CsvSource({
    "10.0.0.0/8, 10.255.1.1, true",
    "10.0.0.0/8, 11.0.0.1, false",
    "192.0.2.0/25, 192.0.2.127, true",
    "192.0.2.0/25, 192.0.2.128, false",
    "0.0.0.0/0, 203.0.113.9, true",
    "198.51.100.7, 198.51.100.7, true",
    "198.51.100.7/32, 198.51.100.8, false",
    "2001:db8:1:2::/64, 2001:db8:1:2:ffff::1, true",
    "2001:db8:1:2::/64, 2001:db8:1:3::1, false",
    "10.0.0.0/8, ::1, false"
  })
  void cidrBlocks(String block, String address, boolean trusted) {
    ClientAddresses rule = ClientAddresses.trusting(block);
    String expected = trusted ? "198.51.100.7" : address;
    assertEquals(expected, client(rule, address, "198.51.100.7"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "proxy.example.org | trustedProxies holds 'proxy.example.org', must be IP addresses or CIDR"
            + " blocks (192.0.2.10, 10.0.0.0/8, ::1, fd00::/8) separated by blanks or commas; names"
            + " are not looked up",
        "localhost | trustedProxies holds 'localhost', must be IP addresses or CIDR blocks"
            + " (192.0.2.10, 10.0.0.0/8, ::1, fd00::/8) separated by blanks or commas; names are"
            + " not looked up",
        "10.0.0.0/33 | trustedProxies holds '10.0.0.0/33', whose prefix length must be 0-32",
        "::1/129 | trustedProxies holds '::1/129', whose prefix length must be 0-128",
        "256.1.1.1 | trustedProxies holds '256.1.1.1', must be IP addresses or CIDR blocks"
            + " (192.0.2.10, 10.0.0.0/8, ::1, fd00::/8) separated by blanks or commas; names are"
            + " not looked up"
      })
  void badProxies_refusedNamingTheEntry(String proxies, String message) {
    assertEquals(
        message,
        assertThrows(IllegalArgumentException.class, () -> ClientAddresses.trusting(proxies))
            .getMessage());
  }

  @Test
  void theSettingIsChecked_andReachesTheRule() {
    FrontEndSettings settings =
        FrontEndSettings.newBuilder().trustedProxies("127.0.0.1 10.0.0.0/8").build();
    assertEquals("127.0.0.1 10.0.0.0/8", settings.trustedProxies());
    assertTrue(ClientAddresses.of(settings).trustsProxies());
    assertThrows(
        IllegalArgumentException.class,
        () -> FrontEndSettings.newBuilder().trustedProxies("nginx"));
  }
}
