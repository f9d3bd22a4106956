package org.olfsfastpath.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Missing and weak session keys stop the start; good ones load from a file or the environment. */
final class SessionKeysTest {
  @TempDir Path dir;

  private static String b64(byte[] b) {
    return Base64.getEncoder().encodeToString(b);
  }

  private Path file(String content, String mode) throws IOException {
    Path f = dir.resolve("session.keys");
    Files.deleteIfExists(f);
    Files.writeString(f, content);
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(mode));
    return f;
  }

  @Test
  void fromFileAndEnvironment_firstSeals() throws IOException {
    String a = b64(Fixtures.randomKey());
    String b = b64(Fixtures.randomKey());
    SessionKeys keys =
        SessionKeys.load(
            file("# new key first\n" + a + "\n\n", "rw-------"),
            Map.of(SessionKeys.ENVIRONMENT, b));
    assertEquals(2, keys.ids().size());
    assertFalse(keys.toString().contains(a));
    assertFalse(keys.ids().get(0).equals(keys.ids().get(1)));
    assertEquals(1, SessionKeys.load(null, Map.of(SessionKeys.ENVIRONMENT, a)).ids().size());
  }

  @Test
  void refused() throws IOException {
    String good = b64(Fixtures.randomKey());
    assertThrows(AccessConfigException.class, () -> SessionKeys.load(null, Map.of()));
    assertThrows(
        AccessConfigException.class, () -> SessionKeys.load(file(good, "rw-r--r--"), Map.of()));
    assertThrows(
        AccessConfigException.class, () -> SessionKeys.load(file(good, "rw-r-----"), Map.of()));
    for (String weak :
        List.of(
            b64(new byte[32]),
            b64(
                "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII)),
            b64(
                "correct horse battery staple!!!!"
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII)),
            b64(new byte[16]),
            "not base64 at all!")) {
      AccessConfigException e =
          assertThrows(
              AccessConfigException.class,
              () -> SessionKeys.load(null, Map.of(SessionKeys.ENVIRONMENT, weak)));
      assertFalse(e.getMessage().contains(weak), "the key is never in a message");
    }
    assertTrue(true);
  }
}
