package org.olfsfastpath.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.olfsfastpath.testing.report.ContainerSkips;

/**
 * The real BES 3.22 exchanges the team recorded, under {@code ${shared.dir}/bes-captures}, and the
 * netCDF files that BES served, under {@code ${shared.dir}/data}. For each capture NAME there are
 * {@code NAME.request.xml} (the request document), {@code NAME.response} (the payload, chunk
 * headers removed), {@code NAME.wire} (the raw bytes off the socket) and {@code NAME.meta.txt}.
 *
 * <p>The material exists only beside the project in the team's CI, never on a user's machine: every
 * accessor that needs it skips the calling test, with the reason, when it is absent. The one place
 * the tests find it.
 */
public final class Captures {
  /** The system property the build sets to the shared directory. */
  public static final String SHARED_DIR = "shared.dir";

  private Captures() {}

  /** The shared directory, if it is here. */
  public static Optional<Path> shared() {
    String shared = System.getProperty(SHARED_DIR);
    if (shared == null || shared.isBlank()) {
      return Optional.empty();
    }
    Path dir = Path.of(shared);
    return Files.isDirectory(dir.resolve("bes-captures")) ? Optional.of(dir) : Optional.empty();
  }

  /** Whether the captures are here. */
  public static boolean present() {
    return shared().isPresent();
  }

  /** The capture directory; skips the calling test when it is absent. */
  public static Path dir() {
    return shared()
        .map(s -> s.resolve("bes-captures"))
        .orElseGet(
            () -> {
              skip();
              throw new AssertionError("unreachable: skip() throws");
            });
  }

  /** The netCDF files the recorded BES served; skips the calling test when they are absent. */
  public static Path data() {
    Path data = shared().map(s -> s.resolve("data")).orElse(null);
    Assumptions.assumeTrue(data != null && Files.isDirectory(data), Captures::reason);
    return Objects.requireNonNull(data, "the assumption above passed");
  }

  /** Skips the calling test, saying that the captures are absent. */
  public static void skip() {
    Assumptions.assumeTrue(false, Captures::reason);
  }

  private static String reason() {
    return "skipped: the BES captures are absent (system property "
        + SHARED_DIR
        + "="
        + System.getProperty(SHARED_DIR)
        + ", expected bes-captures/ under it); they exist only"
        + " beside the project in the team's CI, never on a user's machine";
  }

  /**
   * The names of the captures that have a file with {@code suffix} (e.g. {@code .wire}), sorted; a
   * single placeholder, {@value ContainerSkips#ALL_CASES}, when the captures are not here, so that
   * a parameterized test reports one skipped case (from {@link #dir()}) rather than none: a
   * {@code @MethodSource} that skipped would stop the whole method, which no report counts.
   */
  public static List<String> names(String suffix) {
    if (!present()) {
      return List.of(ContainerSkips.ALL_CASES);
    }
    try (Stream<Path> files = Files.list(dir())) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(suffix))
          .map(n -> n.substring(0, n.length() - suffix.length()))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The names of every capture (each has a request document), sorted. */
  public static List<String> names() {
    return names(".request.xml");
  }

  /** Whether capture {@code name} has a file with {@code suffix}. */
  public static boolean has(String name, String suffix) {
    return Files.isRegularFile(dir().resolve(name + suffix));
  }

  /** The bytes of capture {@code name}'s file with {@code suffix}. */
  public static byte[] read(String name, String suffix) throws IOException {
    return Files.readAllBytes(dir().resolve(name + suffix));
  }

  /** The request document of capture {@code name}, as text. */
  public static String request(String name) throws IOException {
    return new String(read(name, ".request.xml"), StandardCharsets.UTF_8);
  }

  /** The payload the BES sent for capture {@code name}, chunk headers removed. */
  public static byte[] response(String name) throws IOException {
    return read(name, ".response");
  }

  /** The raw bytes the BES sent for capture {@code name}, chunk headers included. */
  public static byte[] wire(String name) throws IOException {
    return read(name, ".wire");
  }

  /** The meta file of capture {@code name}: extensions seen, chunk count, sizes. */
  public static String meta(String name) throws IOException {
    return new String(read(name, ".meta.txt"), StandardCharsets.UTF_8);
  }

  /** Whether the capture's meta file records a {@code status=error} extension. */
  public static boolean isError(String name) throws IOException {
    return meta(name).contains("'status': 'error'");
  }
}
