package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.tomcat.FrontEndExtension;

/**
 * {@code scripts/serve} as the benchmark harness drives it: {@code --background} starts a fresh
 * emulator and Tomcat and prints the base URL; {@code --stop} stops both. Its Tomcat takes a
 * classic DAP2 URL with raw brackets, and runs the spool's producers below short requests. A
 * directory given with {@code --webapp} is served beside the WAR, and with {@code
 * --webapp-access-log} writes Tomcat's access log as Tomcat's stock server.xml has it written.
 */
final class ServeScriptIT {
  @Test
  void background_thenStop() throws Exception {
    FrontEndExtension.required("war.file");
    Path root = Path.of(System.getProperty("project.root", ".."));
    Path state = FrontEndExtension.workDir("ServeScriptIT");
    Path serve = root.resolve("scripts/serve");
    Path files = Files.createDirectories(state.resolve("files"));
    Files.writeString(files.resolve("a.txt"), "a file\n");
    String out =
        run(
            List.of(
                "bash",
                serve.toString(),
                "--background",
                "--cache",
                "off",
                "--state-dir",
                state.toString(),
                "--webapp",
                "static=" + files,
                "--webapp-access-log"),
            state.resolve("serve.out"));
    String url =
        out.lines()
            .filter(l -> l.startsWith("http://"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("serve printed no URL:\n" + out));
    URI opendap = URI.create(url);
    int port = opendap.getPort();
    try {
      assertEquals(200, ItSupport.get(opendap.resolve("version")).statusCode());
      assertEquals(200, ItSupport.get(opendap.resolve("coads_climatology.nc.das")).statusCode());
      assertEquals(200, ItSupport.get(opendap.resolve("/static/a.txt")).statusCode());
      assertTrue(
          Files.readString(state.resolve("olfs.xml")).contains("<Cache enabled=\"false\"/>"));
      assertTrue(Files.exists(state.resolve("serve.pid")));
      String console = Files.readString(state.resolve("tomcat.log"));
      ItSupport.assertRawBracketsServed(port, console);
      // scripts/serve passes the JVM options that put the spool's producers below short requests.
      assertTrue(
          console.contains("the spool's producers run at nice 10, below short requests"),
          "no line saying the producers run at nice 10 in:\n" + console);
    } finally {
      run(
          List.of("bash", serve.toString(), "--stop", "--state-dir", state.toString()),
          state.resolve("stop.out"));
    }
    assertFalse(Files.exists(state.resolve("serve.pid")));
    // The valve writes its buffer out when Tomcat stops.
    String valveLog;
    try (var logs = Files.list(state.resolve("tomcat/logs"))) {
      Path log =
          logs.filter(p -> p.getFileName().toString().startsWith("static_access_log"))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no static_access_log file"));
      valveLog = Files.readString(log);
    }
    assertTrue(
        valveLog.contains("\"GET /static/a.txt HTTP/1.1\" 200 7"),
        "the access log of /static has no line for the file:\n" + valveLog);
    assertFalse(listening(port), "Tomcat still listens on " + port + " after --stop");
  }

  @SuppressWarnings("try") // a connection accepted is the answer; nothing is sent on it
  private static boolean listening(int port) {
    try (Socket ignored = new Socket("127.0.0.1", port)) {
      return true;
    } catch (IOException refused) {
      return false;
    }
  }

  private static String run(List<String> command, Path output) throws Exception {
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    if (!process.waitFor(300, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError(
          command + " did not finish within 300 s:\n" + Files.readString(output));
    }
    String text = Files.readString(output, StandardCharsets.UTF_8);
    assertEquals(0, process.exitValue(), command + " failed:\n" + text);
    return text;
  }
}
