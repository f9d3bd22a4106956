package org.olfsfastpath.web;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.olfsfastpath.boot.Assembly;
import org.olfsfastpath.boot.BesBackend;
import org.olfsfastpath.boot.FrontEndConfig;
import org.olfsfastpath.boot.OlfsConfigFile;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.ops.BesEvents;
import org.olfsfastpath.spool.Spool;

/**
 * The front end as the web benchmarks run it: the DAP servlet assembled in this process from an
 * olfs.xml naming an in-process BES emulator on loopback TCP, with no warm-up, no command timer and
 * no request timer. Close it after the benchmark.
 */
final class InProcessFrontEnd implements AutoCloseable {
  final BesEmulator emulator;
  final BesBackend backend;
  final DapServlet servlet;

  private InProcessFrontEnd(BesEmulator emulator, BesBackend backend, DapServlet servlet) {
    this.emulator = emulator;
    this.backend = backend;
    this.servlet = servlet;
  }

  /**
   * Starts the emulator and assembles the servlet.
   *
   * @param fastPathXml the FastPath section's settings beside {@code <WarmUp enabled="false"/>}
   */
  static InProcessFrontEnd start(String fastPathXml) throws IOException {
    return start(fastPathXml, AccessGate.open());
  }

  /**
   * Starts the emulator and assembles the servlet with login and access rules.
   *
   * @param gate decides each request first, as in the front end ({@link AccessGate#open()}: none)
   */
  static InProcessFrontEnd start(String fastPathXml, AccessGate gate) throws IOException {
    BesEmulator emulator = BesEmulator.newBuilder().port(0).build();
    emulator.start();
    FrontEndConfig config =
        OlfsConfigFile.parse(
            new ByteArrayInputStream(
                ("<OLFSConfig><BESManager><BES><host>127.0.0.1</host><port>"
                        + emulator.port()
                        + "</port></BES></BESManager><FastPath><WarmUp enabled=\"false\"/>"
                        + fastPathXml
                        + "</FastPath></OLFSConfig>")
                    .getBytes(StandardCharsets.UTF_8)),
            "benchmark olfs.xml");
    FrontEndSettings settings = Assembly.web(config);
    Spool spool = Assembly.spool(config, null);
    BesBackend backend =
        Assembly.backend(config, new BesEvents(BesEvents.CommandTimer.NONE), spool::hasRoom);
    DapServlet servlet =
        DapServlet.assemble(
            settings,
            backend,
            new FrontEndStats(),
            "jmh",
            null,
            new VersionService("jmh", backend::versions, backend.unaskedVersions()),
            null,
            java.time.Clock.systemUTC(),
            DapServlet.RequestTimer.NONE,
            spool,
            AnswerPolicy.defaults(),
            gate);
    return new InProcessFrontEnd(emulator, backend, servlet);
  }

  @Override
  public void close() {
    backend.close();
    emulator.close();
  }
}
