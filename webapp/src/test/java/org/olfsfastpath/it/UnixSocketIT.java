package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.olfsfastpath.emulator.BesEmulator;

/**
 * The WAR in a real Tomcat 11 talking to the emulator over its Unix socket, with dataRoot set to
 * the emulator's data directory: warm and cold message counts over the socket, and a deleted file
 * seen on the very next request.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class UnixSocketIT {
  private Path data;
  private ItSupport.Deployment deployment;
  private BesEmulator bes;
  private URI opendap;

  @BeforeAll
  void start() throws Exception {
    data = Files.createDirectories(ItSupport.workDir("UnixSocketIT-data"));
    Files.write(data.resolve("keep.nc"), new byte[] {'C', 'D', 'F', 1});
    Files.write(data.resolve("deleteme.nc"), new byte[] {'C', 'D', 'F', 1});
    // A short socket path: Unix socket paths are limited to about 100 bytes.
    Path socket = Files.createTempDirectory("bes").resolve("bes.sock");
    // mtimeCheckInterval 0: every hit checks the file, so a deletion shows on the next request.
    deployment = ItSupport.Deployment.start("UnixSocketIT", ItSupport.tomcatHome(),
        BesEmulator.newBuilder().unixSocket(socket).dataDirectory(data).build(),
        started -> ItSupport.olfsXml("", "<unixSocket>" + socket + "</unixSocket><dataRoot>"
            + data + "</dataRoot><Cache mtimeCheckInterval=\"0\"/>"));
    bes = deployment.bes();
    opendap = deployment.opendap();
  }

  @AfterAll
  void stop() throws Exception {
    if (deployment != null) {
      deployment.close();
    }
  }

  @Test
  void overTheUnixSocket_cold2_warm1() throws Exception {
    bes.resetCounts();
    assertEquals(200, ItSupport.get(opendap.resolve("keep.nc.das")).statusCode());
    assertEquals(1, bes.commandCount("showNode"));
    assertEquals(1, bes.commandCount("get"));
    bes.resetCounts();
    assertEquals(200, ItSupport.get(opendap.resolve("keep.nc.dds")).statusCode());
    assertEquals(200, ItSupport.get(opendap.resolve("keep.nc.dods")).statusCode());
    assertEquals(0, bes.commandCount("showNode"), bes.commandCounts().toString());
    assertEquals(2, bes.commandCount("get"), bes.commandCounts().toString());
  }

  @Test
  void deletedFile_is404_onTheVeryNextRequest() throws Exception {
    assertEquals(200, ItSupport.get(opendap.resolve("deleteme.nc.das")).statusCode());
    assertEquals(200, ItSupport.get(opendap.resolve("deleteme.nc.das")).statusCode());
    Files.delete(data.resolve("deleteme.nc"));
    HttpResponse<byte[]> gone = ItSupport.get(opendap.resolve("deleteme.nc.das"));
    assertEquals(404, gone.statusCode(), ItSupport.text(gone));
    assertTrue(ItSupport.text(gone).contains("deleteme.nc"), ItSupport.text(gone));
    assertFalse(ItSupport.text(gone).contains(data.toString()), "no server path: " + ItSupport.text(gone));
  }
}
