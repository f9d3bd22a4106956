package org.olfsfastpath.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's two lists that the code decides: the Debian packages {@code scripts/test} installs
 * (every package {@code scripts/setup} names) and the tests that skip without {@code ../shared}
 * (every test class whose source reads the BES captures through {@code Captures}, the one place the
 * tests find them). Each list sits between two marker comments in README.md; {@code
 * -Ddocs.update=true} rewrites it from the code.
 */
final class ReadmeListsTest {
  /** The modules, in build order, whose tests are listed. */
  private static final List<String> MODULES =
      List.of(
          "test-support",
          "ppt",
          "bes-emulator",
          "harness",
          "frontend",
          "webapp",
          "webapp-javax",
          "checks",
          "jmh");

  private static final Pattern NEED = Pattern.compile("need\\+=\\(([a-z0-9][a-z0-9.+-]*)\\)");
  private static final Pattern TEST_ANNOTATION =
      Pattern.compile("@(Test|ParameterizedTest|TestFactory|RepeatedTest|TestTemplate)\\b");
  private static final Pattern READS_CAPTURES = Pattern.compile("\\bCaptures\\.");

  /** Comments and string literals, which name classes without using them. */
  private static final Pattern NOT_CODE =
      Pattern.compile("/\\*.*?\\*/|//[^\\n]*|\"(?:\\\\.|[^\"\\\\\\n])*\"", Pattern.DOTALL);

  static final String PACKAGES_START =
      "<!-- packages: written from scripts/setup, checked by ReadmeListsTest -->\n";
  static final String PACKAGES_END = "<!-- end of the packages -->";
  static final String SHARED_START =
      "<!-- tests that read ../shared: written from the tests' sources, checked by ReadmeListsTest -->\n";
  static final String SHARED_END = "<!-- end of the tests that read ../shared -->";

  private static Path root() {
    return Path.of(System.getProperty("project.root", "..")).toAbsolutePath().normalize();
  }

  /** Every Debian package scripts/setup may install, in the order it names them. */
  static List<String> setupPackages(String setup) {
    Set<String> packages = new LinkedHashSet<>();
    Matcher m = NEED.matcher(setup);
    while (m.find()) {
      packages.add(m.group(1));
    }
    return List.copyOf(packages);
  }

  static String packagesList(List<String> packages) {
    return wrap("", packages.stream().map(p -> "`" + p + "`").toList(), "");
  }

  /**
   * {@code first}, then the items joined by ", " in lines of at most 99 characters (as the README
   * is written), each line after the first starting with {@code indent}.
   */
  static String wrap(String first, List<String> items, String indent) {
    StringBuilder out = new StringBuilder(first);
    int line = first.length();
    for (int i = 0; i < items.size(); i++) {
      String item = items.get(i) + (i < items.size() - 1 ? "," : "");
      if (line > first.length() && line + 1 + item.length() > 99) {
        out.append('\n').append(indent);
        line = indent.length();
      } else if (line > first.length()) {
        out.append(' ');
        line++;
      }
      out.append(item);
      line += item.length();
    }
    return out.append('\n').toString();
  }

  /** Module to the simple names of its test classes that read the captures, sorted. */
  static Map<String, Set<String>> capturesReaders(Path root) throws IOException {
    Map<String, Set<String>> readers = byModule();
    for (String module : MODULES) {
      Path tests = root.resolve(module).resolve("src/test/java");
      if (!Files.isDirectory(tests)) {
        continue;
      }
      try (Stream<Path> files = Files.walk(tests)) {
        for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
          String code = NOT_CODE.matcher(read(file)).replaceAll("");
          if (TEST_ANNOTATION.matcher(code).find() && READS_CAPTURES.matcher(code).find()) {
            String name = file.getFileName().toString();
            readers
                .computeIfAbsent(module, m -> new TreeSet<>())
                .add(name.substring(0, name.length() - ".java".length()));
          }
        }
      }
    }
    return readers;
  }

  /** A map ordered as the modules are built. */
  private static <V> Map<String, V> byModule() {
    return new TreeMap<>((a, b) -> MODULES.indexOf(a) - MODULES.indexOf(b));
  }

  static String sharedList(Map<String, Set<String>> readers) {
    StringBuilder out = new StringBuilder();
    readers.forEach(
        (module, names) ->
            out.append(
                wrap("- " + module + ": ", names.stream().map(n -> "`" + n + "`").toList(), "  ")));
    return out.toString();
  }

  @Test
  void packageList_isEveryPackageScriptsSetupInstalls() throws IOException {
    List<String> packages = setupPackages(read(root().resolve("scripts/setup")));
    assertTrue(
        packages.contains("nginx") && packages.contains("python3-numpy"),
        "scripts/setup's packages were not found (need+=(...)): " + packages);
    checkBlock(PACKAGES_START, PACKAGES_END, packagesList(packages));
  }

  @Test
  void sharedList_isEveryTestThatReadsTheCaptures() throws IOException {
    Map<String, Set<String>> readers = capturesReaders(root());
    assertFalse(
        readers.isEmpty(),
        "no test reads the captures? (looked for Captures. in "
            + MODULES
            + "/src/test/java under "
            + root()
            + ")");
    checkBlock(SHARED_START, SHARED_END, sharedList(readers));
  }

  @Test
  void theScanners_readWhatTheyShould() {
    assertEquals(
        List.of("curl", "nginx", "python3-venv"),
        setupPackages(
            String.join(
                "\n",
                "have_cmd curl || need+=(curl)",
                "  have_nginx || need+=(nginx)",
                "have_cmd curl || need+=(curl)",
                "have_deb python3-venv || need+=(python3-venv)",
                "echo \"need+=(\" # not a package")));
    Map<String, Set<String>> readers = byModule();
    readers.put("frontend", Set.of("C"));
    readers.put("bes-emulator", new TreeSet<>(List.of("B", "A")));
    assertEquals("- bes-emulator: `A`, `B`\n- frontend: `C`\n", sharedList(readers));
  }

  /** Compares README.md's block between the markers with {@code expected}, or rewrites it. */
  private static void checkBlock(String start, String end, String expected) throws IOException {
    Path readme = root().resolve("README.md");
    String text = read(readme);
    int from = text.indexOf(start);
    int to = text.indexOf(end, Math.max(from, 0));
    assertTrue(from >= 0 && to > from, "README.md has no block between\n" + start + end);
    String current = text.substring(from + start.length(), to);
    if (!current.equals(expected) && Boolean.getBoolean("docs.update")) {
      List<String> parts =
          new ArrayList<>(
              List.of(text.substring(0, from + start.length()), expected, text.substring(to)));
      Files.writeString(readme, String.join("", parts), StandardCharsets.UTF_8);
      return;
    }
    assertEquals(
        expected,
        current,
        "README.md's list between '"
            + start.strip()
            + "' and '"
            + end
            + "' differs from the code; run mvn -B -pl checks -am test -Ddocs.update=true"
            + " -Dtest=ReadmeListsTest -Dsurefire.failIfNoSpecifiedTests=false and review the diff");
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
