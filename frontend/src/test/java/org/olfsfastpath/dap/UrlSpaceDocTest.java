package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** docs/url-space.md has a row for every response of the table, so the docs cannot drift. */
final class UrlSpaceDocTest {
  private static List<String> rows() throws IOException {
    Path docs = Path.of(System.getProperty("project.root", "..")).resolve("docs/url-space.md");
    return Files.readAllLines(docs, StandardCharsets.UTF_8).stream()
        .filter(line -> line.startsWith("| `"))
        .toList();
  }

  @ParameterizedTest
  @EnumSource(ResponseType.class)
  void everyResponse_hasARow(ResponseType type) throws IOException {
    List<String> rows = rows();
    for (String suffix :
        type.aliases().isEmpty()
            ? List.of(type.suffix())
            : List.of(type.suffix(), type.aliases().get(0))) {
      String cell = "`" + suffix + "`";
      assertTrue(
          rows.stream().anyMatch(row -> row.substring(0, row.indexOf(" |", 2) + 2).contains(cell)),
          "docs/url-space.md has no row for " + cell);
    }
  }
}
