package org.olfsfastpath.access;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.jwk.OctetSequenceKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.jspecify.annotations.Nullable;

/**
 * The keys the session cookies are sealed with: 256-bit AES keys, the first seals, all open (so a
 * key can be replaced without logging everyone out: add the new one first, drop the old one after a
 * session's life). Read from a key file (one base64 key a line, {@code #} comments) and the
 * environment variable {@link #ENVIRONMENT}, which containers set more easily. Every front end
 * behind one proxy shares them, and nothing else: sessions need no store.
 *
 * <p>A weak key stops the start rather than make cookies anyone could forge: a key that is not
 * exactly 32 bytes, or has fewer than 16 distinct byte values (all zeros, a repeated letter, a
 * short password padded), and a key file that others than its owner may read. A key's id is its JWK
 * thumbprint (RFC 7638), and only ids and counts are ever logged.
 */
public final class SessionKeys {
  /** The environment variable that may hold the keys, whitespace between them. */
  public static final String ENVIRONMENT = "OLFS_SESSION_KEY";

  static final int KEY_BYTES = 32;
  private static final int MIN_DISTINCT_BYTES = 16;

  private final List<OctetSequenceKey> keys;

  private SessionKeys(List<OctetSequenceKey> keys) {
    this.keys = List.copyOf(keys);
  }

  /**
   * The keys of {@code file} (null: none) then of the environment.
   *
   * @throws AccessConfigException if there is none, one is weak, or the file is readable by others
   */
  public static SessionKeys load(@Nullable Path file, Map<String, String> environment) {
    List<String> encoded = new ArrayList<>();
    if (file != null) {
      try {
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file);
        if (mode.contains(PosixFilePermission.GROUP_READ)
            || mode.contains(PosixFilePermission.OTHERS_READ)) {
          throw new AccessConfigException(
              file + ": the session key file must be readable by its owner only (chmod 600)");
        }
      } catch (UnsupportedOperationException notPosix) {
        // Not a POSIX file system: its own permissions protect it.
      } catch (IOException e) {
        throw new AccessConfigException(file + ": the session key file cannot be read", e);
      }
      try {
        for (String line : Files.readAllLines(file, StandardCharsets.US_ASCII)) {
          String s = line.strip();
          if (!s.isEmpty() && !s.startsWith("#")) {
            encoded.add(s);
          }
        }
      } catch (IOException e) {
        throw new AccessConfigException(file + ": the session key file cannot be read", e);
      }
    }
    String env = environment.get(ENVIRONMENT);
    if (env != null && !env.isBlank()) {
      encoded.addAll(List.of(env.strip().split("\\s+")));
    }
    if (encoded.isEmpty()) {
      throw new AccessConfigException(
          "login needs a session key: set FastPath/Access@sessionKeyFile or "
              + ENVIRONMENT
              + " (32 random bytes in base64, e.g. `head -c 32 /dev/urandom | base64`)");
    }
    List<OctetSequenceKey> keys = new ArrayList<>();
    for (int i = 0; i < encoded.size(); i++) {
      keys.add(key(encoded.get(i), i + 1));
    }
    return new SessionKeys(keys);
  }

  /** Keys given as bytes, for tests and benchmarks; the same checks. */
  public static SessionKeys of(List<byte[]> raw) {
    List<OctetSequenceKey> keys = new ArrayList<>();
    for (int i = 0; i < raw.size(); i++) {
      keys.add(key(Base64.getEncoder().encodeToString(raw.get(i)), i + 1));
    }
    if (keys.isEmpty()) {
      throw new AccessConfigException("no session key");
    }
    return new SessionKeys(keys);
  }

  private static OctetSequenceKey key(String base64, int number) {
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(base64);
    } catch (IllegalArgumentException e) {
      throw new AccessConfigException("session key " + number + " is not base64");
    }
    if (bytes.length != KEY_BYTES) {
      throw new AccessConfigException(
          "session key " + number + " has " + bytes.length + " bytes; it must have " + KEY_BYTES);
    }
    Set<Byte> distinct = new HashSet<>();
    for (byte b : bytes) {
      distinct.add(b);
    }
    if (distinct.size() < MIN_DISTINCT_BYTES) {
      throw new AccessConfigException(
          "session key " + number + " is weak (too few distinct bytes): make it from random bytes");
    }
    SecretKey secret = new SecretKeySpec(bytes, "AES");
    try {
      OctetSequenceKey unnamed = new OctetSequenceKey.Builder(secret).build();
      return new OctetSequenceKey.Builder(secret)
          .keyID(unnamed.computeThumbprint().toString().substring(0, 12))
          .build();
    } catch (JOSEException e) {
      throw new AccessConfigException("session key " + number + " cannot be used", e);
    }
  }

  /** Every key, the sealing one first. */
  List<OctetSequenceKey> keys() {
    return keys;
  }

  /** The ids of the keys, sealing one first: what the start log shows of them. */
  public List<String> ids() {
    return keys.stream().map(OctetSequenceKey::getKeyID).toList();
  }

  @Override
  public String toString() {
    return "SessionKeys" + ids();
  }
}
