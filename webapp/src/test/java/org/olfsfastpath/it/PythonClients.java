package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * pydap beside siphon, xarray and netCDF4 in the virtual environment {@link SiphonIT} makes under
 * {@code target/siphon-venv} (kept until {@code mvn clean}): installed from PyPI once, the first
 * time a test needs it. Without python3's venv module or PyPI the test skips, saying which.
 */
final class PythonClients {
  /** What pip adds: pydap, whose sessions send a bearer token. */
  static final List<String> PYDAP = List.of("pydap");

  private PythonClients() {}

  /** The environment's python, with pydap, xarray and netCDF4 importable. */
  static Path venvWithPydap() throws IOException, InterruptedException {
    String work = System.getProperty("it.work.dir");
    assumeTrue(work != null, "it.work.dir is not set: run the integration tests with mvn verify");
    Path venv = Path.of(work).getParent().resolve("siphon-venv");
    Path python = venv.resolve("bin/python");
    Path home = Files.createTempDirectory("pip-home");
    if (!Files.isExecutable(python)) {
      String system =
          Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";
      LoginSupport.Run made =
          LoginSupport.run(
              home, Duration.ofSeconds(120), List.of(system, "-m", "venv", venv.toString()));
      assumeTrue(
          made.exitCode() == 0,
          "python3 cannot make a virtual environment (Debian: python3-venv): " + made.output());
    }
    if (importable(python, home)) {
      return python;
    }
    List<String> pip =
        new ArrayList<>(
            List.of(
                python.toString(),
                "-m",
                "pip",
                "install",
                "--no-input",
                "--disable-pip-version-check",
                "--progress-bar",
                "off",
                "--retries",
                "2",
                "--timeout",
                "30"));
    pip.addAll(SiphonIT.PACKAGES);
    pip.addAll(PYDAP);
    System.out.println("installing " + pip.subList(11, pip.size()) + " from PyPI into " + venv);
    LoginSupport.Run installed = LoginSupport.run(home, Duration.ofSeconds(900), pip);
    assumeTrue(
        installed.exitCode() == 0,
        "pip could not install pydap from PyPI (no network?): " + installed.output());
    assumeTrue(importable(python, home), "pydap still cannot be imported");
    return python;
  }

  private static boolean importable(Path python, Path home)
      throws IOException, InterruptedException {
    return LoginSupport.run(
                home,
                Duration.ofSeconds(120),
                List.of(python.toString(), "-c", "import pydap.net, xarray, netCDF4"))
            .exitCode()
        == 0;
  }
}
