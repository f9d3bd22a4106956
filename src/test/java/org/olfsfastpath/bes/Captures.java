package org.olfsfastpath.bes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * The real BES exchanges under {@code ${shared.dir}/bes-captures}: for each NAME, the request
 * document, the response payload, the raw wire bytes and a meta file. Tests that use them skip
 * when the directory is absent, as it is outside the team that recorded them.
 */
final class Captures {
  private Captures() {}

  /** The capture directory; skips the calling test when it is absent. */
  static Path dir() {
    String shared = System.getProperty("shared.dir");
    Path dir = shared == null ? null : Path.of(shared, "bes-captures");
    Assumptions.assumeTrue(dir != null && Files.isDirectory(dir),
        "skipped: the BES captures are absent (shared.dir=" + shared + ", expected "
            + "bes-captures/ under it); they exist only where the team's shared material is");
    return dir;
  }

  /** Capture names (NAME of NAME.request.xml), sorted. */
  static List<String> names() throws IOException {
    try (Stream<Path> files = Files.list(dir())) {
      return files.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".request.xml"))
          .map(n -> n.substring(0, n.length() - ".request.xml".length()))
          .sorted()
          .toList();
    }
  }

  static byte[] read(String name, String suffix) throws IOException {
    return Files.readAllBytes(dir().resolve(name + suffix));
  }

  /** Whether the capture's meta file records a {@code status=error} extension. */
  static boolean isError(String name) throws IOException {
    String meta = Files.readString(dir().resolve(name + ".meta.txt"));
    return meta.contains("'status': 'error'");
  }
}
