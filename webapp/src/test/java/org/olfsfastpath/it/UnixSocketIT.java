package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.tomcat.FrontEndExtension;

/**
 * The WAR in a real Tomcat 11 talking to the emulator over its Unix socket, with dataRoot set to
 * the emulator's data directory: warm and cold message counts over the socket, a kept metadata
 * answer dropped when its file changes, and a deleted file seen on the very next request.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class UnixSocketIT {
  // A short socket path: Unix socket paths are limited to about 100 bytes.
  private static final Path SOCKET = temporary("bes").resolve("bes.sock");
  private static final Path DATA = temporary("UnixSocketIT-data");

  // mtimeCheckInterval 0: every hit checks the file, so a deletion shows on the next request.
  @RegisterExtension
  static final FrontEndExtension FRONT_END =
      FrontEndExtension.named("UnixSocketIT")
          .emulator(b -> b.unixSocket(SOCKET).dataDirectory(dataWithTwoFiles()))
          .olfsXml(
              started ->
                  FrontEndExtension.olfsXml(
                      "",
                      "<unixSocket>"
                          + SOCKET
                          + "</unixSocket><dataRoot>"
                          + DATA
                          + "</dataRoot><Cache mtimeCheckInterval=\"0\"/>"));

  private BesEmulator bes;
  private URI opendap;

  @BeforeAll
  void start() {
    bes = FRONT_END.bes();
    opendap = FRONT_END.opendap();
  }

  private static Path temporary(String prefix) {
    try {
      return Files.createTempDirectory(prefix);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static Path dataWithTwoFiles() {
    try {
      Files.write(DATA.resolve("keep.nc"), new byte[] {'C', 'D', 'F', 1});
      Files.write(DATA.resolve("deleteme.nc"), new byte[] {'C', 'D', 'F', 1});
      Files.write(DATA.resolve("touchme.nc"), new byte[] {'C', 'D', 'F', 1});
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return DATA;
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
  void keptAnswer_isFetchedAgain_onTheRequestAfterItsFileChanged() throws Exception {
    URI das = opendap.resolve("touchme.nc.das");
    assertEquals(200, ItSupport.get(das).statusCode());
    bes.resetCounts();
    HttpResponse<byte[]> warm = ItSupport.get(das);
    assertEquals(200, warm.statusCode());
    assertEquals(
        0,
        bes.commandCount("showNode") + bes.commandCount("get"),
        "a kept answer: " + bes.commandCounts());
    Path file = DATA.resolve("touchme.nc");
    Files.setLastModifiedTime(
        file,
        java.nio.file.attribute.FileTime.from(
            Files.getLastModifiedTime(file).toInstant().plusSeconds(5)));
    HttpResponse<byte[]> changed = ItSupport.get(das);
    assertEquals(200, changed.statusCode());
    assertEquals(
        1,
        bes.commandCount("showNode"),
        "the file check reloads the entry: " + bes.commandCounts());
    assertEquals(
        1, bes.commandCount("get"), "and its answers are fetched again: " + bes.commandCounts());
    assertEquals(new String(warm.body()), new String(changed.body()));
    bes.resetCounts();
    assertEquals(200, ItSupport.get(das).statusCode());
    assertEquals(
        0,
        bes.commandCount("showNode") + bes.commandCount("get"),
        "kept again: " + bes.commandCounts());
  }

  @Test
  void deletedFile_is404_onTheVeryNextRequest() throws Exception {
    assertEquals(200, ItSupport.get(opendap.resolve("deleteme.nc.das")).statusCode());
    assertEquals(200, ItSupport.get(opendap.resolve("deleteme.nc.das")).statusCode());
    Files.delete(DATA.resolve("deleteme.nc"));
    HttpResponse<byte[]> gone = ItSupport.get(opendap.resolve("deleteme.nc.das"));
    assertEquals(404, gone.statusCode(), ItSupport.text(gone));
    assertTrue(ItSupport.text(gone).contains("deleteme.nc"), ItSupport.text(gone));
    assertFalse(
        ItSupport.text(gone).contains(DATA.toString()), "no server path: " + ItSupport.text(gone));
  }
}
