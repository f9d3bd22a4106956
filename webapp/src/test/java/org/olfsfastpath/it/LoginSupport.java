package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What the login tests share: a catalog with a restricted collection beside open data (the
 * emulator's {@code coads_climatology.nc} at the root, open, and a copy under {@code
 * /restricted/}), the rules that restrict it, a session key, and real clients run with a home of
 * the test's own (its {@code .netrc} and {@code .ncrc}).
 */
public final class LoginSupport {
  /** The restricted copy and its open original: the emulator answers both with the same values. */
  public static final String RESTRICTED = "restricted/coads_climatology.nc";

  public static final String OPEN = "coads_climatology.nc";

  private LoginSupport() {}

  /** A data directory holding {@code restricted/coads_climatology.nc}. */
  public static Path data(Path dir) {
    try {
      Files.createDirectories(dir.resolve("restricted"));
      Files.writeString(dir.resolve(RESTRICTED), "a copy of the sample dataset\n");
      return dir;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * user-access.xml: everything open but {@code /opendap/restricted/} (and its {@code /hyrax/}
   * alias, which is matched as {@code /opendap/}), which needs the role {@code readers}: the EDL
   * user {@code alice} or the OpenID Connect group {@code restricted-readers}.
   */
  public static String userAccess(String providers) {
    return "<UserAuthenticationAndAccess>\n"
        + "<MaxSessionLife units=\"hours\">1</MaxSessionLife>\n"
        + providers
        + "<PolicyDecisionPoint class=\"opendap.auth.SimplePDP\">\n"
        + "  <Policy class=\"opendap.auth.RegexPolicy\"><role>.*</role>"
        + "<resource>^/opendap/(?!restricted/).*$</resource>"
        + "<allowedAction>GET</allowedAction><allowedAction>HEAD</allowedAction>"
        + "<allowedAction>POST</allowedAction></Policy>\n"
        + "  <Policy class=\"opendap.auth.RegexPolicy\"><role>readers</role>"
        + "<resource>^/opendap/restricted/.*$</resource>"
        + "<allowedAction>GET</allowedAction><allowedAction>HEAD</allowedAction>"
        + "<allowedAction>POST</allowedAction></Policy>\n"
        + "  <Memberships>\n"
        + "    <group id=\"edl_readers\"><user id=\"alice\" authContext=\"urs\"/></group>\n"
        + "    <role id=\"readers\"><group id=\"edl_readers\"/><group id=\"restricted-readers\"/>"
        + "</role>\n"
        + "  </Memberships>\n"
        + "</PolicyDecisionPoint>\n"
        + "</UserAuthenticationAndAccess>\n";
  }

  /**
   * The {@code FastPath/Access} element with user-access.xml and a fresh session key written under
   * {@code dir}.
   */
  public static String access(Path dir, String userAccessXml, String attributes) {
    try {
      Files.createDirectories(dir);
      Path file = dir.resolve("user-access.xml");
      Files.writeString(file, userAccessXml, StandardCharsets.UTF_8);
      Path keys = dir.resolve("session.keys");
      byte[] key = new byte[32];
      new SecureRandom().nextBytes(key);
      Files.deleteIfExists(keys);
      Files.writeString(keys, Base64.getEncoder().encodeToString(key) + "\n");
      Files.setPosixFilePermissions(keys, PosixFilePermissions.fromString("rw-------"));
      return "<Access file=\"" + file + "\" sessionKeyFile=\"" + keys + "\" " + attributes + "/>";
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The result of a client program. */
  record Run(int exitCode, String output) {}

  /**
   * Runs {@code command} with {@code HOME} set to {@code home} (its {@code .netrc}, {@code .ncrc}),
   * skipping the test when the program is not installed, killing it after {@code timeout}.
   */
  static Run run(Path home, Duration timeout, List<String> command)
      throws IOException, InterruptedException {
    assumeTrue(
        Files.isExecutable(Path.of(command.get(0))),
        command.get(0) + " is not installed (scripts/setup installs it from Debian's packages)");
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    Map<String, String> env = pb.environment();
    env.put("HOME", home.toString());
    Path out = Files.createTempFile(home, "run", ".out");
    pb.redirectOutput(out.toFile());
    Process p = pb.start();
    if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      p.destroyForcibly();
      p.waitFor();
      return new Run(-1, "timed out after " + timeout + ": " + Files.readString(out));
    }
    return new Run(p.exitValue(), Files.readString(out, StandardCharsets.ISO_8859_1));
  }

  /** A home with {@code .netrc} naming {@code machine} and {@code .ncrc} naming a cookie jar. */
  public static Path home(Path dir, String machine, String user, String password, boolean cookieJar)
      throws IOException {
    Files.createDirectories(dir);
    Path netrc = dir.resolve(".netrc");
    Files.writeString(
        netrc, "machine " + machine + " login " + user + " password " + password + "\n");
    Files.setPosixFilePermissions(netrc, PosixFilePermissions.fromString("rw-------"));
    Files.writeString(
        dir.resolve(".ncrc"),
        "HTTP.NETRC="
            + netrc
            + "\n"
            + (cookieJar ? "HTTP.COOKIEJAR=" + dir.resolve("cookies") + "\n" : ""));
    return dir;
  }

  /**
   * No 32-byte run of {@code restricted} (a restricted answer) is in {@code body} (an answer to
   * someone who may not have it).
   */
  public static void assertNoRestrictedBytes(byte[] body, byte[] restricted, String what) {
    int window = 32;
    if (restricted.length < window || body.length < window) {
      return;
    }
    String haystack = new String(body, StandardCharsets.ISO_8859_1);
    String needle = new String(restricted, StandardCharsets.ISO_8859_1);
    for (int i = 0; i + window <= needle.length(); i += 8) {
      assertFalse(
          haystack.contains(needle.substring(i, i + window)),
          what + " holds bytes of the restricted answer at offset " + i);
    }
  }
}
