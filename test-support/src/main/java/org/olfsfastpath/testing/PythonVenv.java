package org.olfsfastpath.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;

/**
 * A Python virtual environment under a module's {@code target/}, with packages from PyPI, for the
 * tests that check the front end's answers with the Python world's own clients (siphon and xarray;
 * pycsw, rdflib and pyld). Made once, on first use, and kept until {@code mvn clean}; later runs
 * only check that its packages import. Without python3 and its venv module, or without PyPI (no
 * network), {@link #prepare} says which, for an {@code ExecutionCondition} to skip with.
 *
 * <p>pip's progress (what it fetches, how large) is printed as it comes, each line after the time
 * since the environment was begun: the first install takes a minute or more, and silence would look
 * like a hang.
 */
public final class PythonVenv {
  /** The lines of pip's output that say what it fetches and installs. */
  private static final Pattern PIP_PROGRESS =
      Pattern.compile("^\\s*(Collecting|Downloading|Installing collected|Successfully installed)");

  private final String who;
  private final Path dir;
  private final List<String> packages;
  private final String imports;
  private final String size;

  /**
   * An environment, made or not.
   *
   * @param who the test that needs it, for the console
   * @param dir where it is, e.g. {@code target/harvest-venv}
   * @param packages what pip installs, e.g. {@code pycsw==2.6.2}
   * @param imports Python that imports what the tests use, e.g. {@code import pycsw, rdflib}: run
   *     to see whether the environment is ready
   * @param size how large it grows, for the console, e.g. {@code about 200 MB}
   */
  public PythonVenv(String who, Path dir, List<String> packages, String imports, String size) {
    this.who = Objects.requireNonNull(who, "who == null");
    this.dir = Objects.requireNonNull(dir, "dir == null").toAbsolutePath();
    this.packages = List.copyOf(packages);
    this.imports = Objects.requireNonNull(imports, "imports == null");
    this.size = Objects.requireNonNull(size, "size == null");
  }

  /** The environment's interpreter. */
  public Path python() {
    return dir.resolve("bin/python");
  }

  /**
   * Makes the environment, or finds it made, or says why it cannot: the result an {@code
   * ExecutionCondition} returns.
   */
  public ConditionEvaluationResult prepare() {
    try {
      if (Files.isExecutable(python())
          && run(List.of(python().toString(), "-c", imports), 120, null).exitCode() == 0) {
        return ConditionEvaluationResult.enabled(packages + " are installed in " + dir);
      }
      String system =
          Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";
      System.out.println(
          who
              + ": making a virtual environment in "
              + dir
              + " and installing "
              + packages
              + " from PyPI into it ("
              + size
              + " with their dependencies; once, kept until mvn clean)");
      long start = System.nanoTime();
      Run made = run(List.of(system, "-m", "venv", "--clear", dir.toString()), 120, null);
      if (made.exitCode() != 0) {
        return ConditionEvaluationResult.disabled(
            system
                + " cannot make a virtual environment (Debian: python3-venv, which scripts/setup"
                + " installs): "
                + tail(made.output()));
      }
      List<String> pip = new ArrayList<>(pip("install"));
      pip.addAll(packages);
      Run installed = runShowingDownloads(pip, 900, start);
      if (installed.exitCode() != 0) {
        return ConditionEvaluationResult.disabled(
            "pip could not install "
                + packages
                + " from PyPI into "
                + dir
                + " (no network?): "
                + tail(installed.output()));
      }
      System.out.println(
          progress(start) + "installed; the environment holds " + megabytes(dir) + " MB");
      return ConditionEvaluationResult.enabled(packages + " installed into " + dir);
    } catch (IOException e) {
      return ConditionEvaluationResult.disabled(
          "python3 is not available (" + e.getMessage() + "); skipping " + who);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ConditionEvaluationResult.disabled("interrupted while installing " + packages);
    }
  }

  private List<String> pip(String command) {
    return List.of(
        python().toString(),
        "-m",
        "pip",
        command,
        "--no-input",
        "--disable-pip-version-check",
        "--progress-bar",
        "off",
        "--retries",
        "2",
        "--timeout",
        "30");
  }

  /** What a program did: its exit code, and its output and errors together. */
  public record Run(int exitCode, String output) {}

  /** Runs the environment's Python with {@code arguments}, in {@code home} (also its HOME). */
  public Run python(List<String> arguments, int seconds, @Nullable Path home)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(python().toString());
    command.addAll(arguments);
    return run(command, seconds, home);
  }

  /**
   * Runs a program with output and errors together, in {@code home} (also its HOME, so that no
   * user's rc files change what the clients do).
   *
   * @throws IOException if it cannot start, or does not finish within {@code seconds}
   */
  public static Run run(List<String> command, int seconds, @Nullable Path home)
      throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    if (home != null) {
      builder.environment().put("HOME", home.toString());
      builder.directory(home.toFile());
    }
    Path output = Files.createTempFile("python", ".txt");
    try {
      builder.redirectOutput(output.toFile());
      Process process = builder.start();
      if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IOException(command.get(0) + " did not finish within " + seconds + " s");
      }
      return new Run(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(output);
    }
  }

  private Run runShowingDownloads(List<String> command, int seconds, long start)
      throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    StringBuilder output = new StringBuilder();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader lines =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                  output.append(line).append('\n');
                  if (PIP_PROGRESS.matcher(line).find()) {
                    System.out.println(progress(start) + "pip: " + line.strip());
                  }
                }
              } catch (IOException e) {
                output.append("(reading pip's output failed: ").append(e).append(")\n");
              }
            },
            who + "-pip");
    reader.start();
    if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      reader.join(5_000);
      throw new IOException(command.get(0) + " did not finish within " + seconds + " s");
    }
    reader.join(10_000);
    return new Run(process.exitValue(), output.toString());
  }

  private String progress(long start) {
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
    return String.format(Locale.ROOT, "%s [%d:%02d]: ", who, seconds / 60, seconds % 60);
  }

  private static long megabytes(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum()
          / 1_000_000;
    }
  }

  /** The last three lines of a program's output, for a skip's reason. */
  public static String tail(String output) {
    List<String> lines = output.strip().lines().toList();
    return String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
  }
}
