package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.tomcat.FrontEndExtension;

/**
 * Byte ranges through a real Tomcat (RFC 9110): a download cut at 20 MiB and resumed with {@code
 * curl -C -} equals the whole 40 MiB answer, and resuming the complete file is no error; {@code
 * Range: bytes=0-99} is a 206 of the first 100 bytes; a range past the end is a 416 naming the
 * length; an answer kept in memory takes ranges too. The file streams from the BES ({@code
 * stream}), as without a data root.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class RangesIT {
  private static final int SIZE = 40 << 20;
  private static final int CUT = 20 << 20;
  private static final Path CURL = Path.of("/usr/bin/curl");

  @RegisterExtension
  static final FrontEndExtension FRONT_END =
      FrontEndExtension.named("RangesIT").emulator(b -> b.dataDirectory(data()));

  private static byte[] whole;
  private URI big;

  private static Path data() {
    try {
      Path data = FrontEndExtension.workDir("RangesIT-data");
      byte[] bytes = new byte[SIZE];
      new Random(28).nextBytes(bytes);
      whole = bytes;
      Files.write(data.resolve("big.bin"), bytes);
      return data;
    } catch (IOException e) {
      throw new IllegalStateException("cannot make the data directory", e);
    }
  }

  @BeforeAll
  void start() {
    big = FRONT_END.opendap().resolve("big.bin");
  }

  @Test
  void firstHundredBytes_are206() throws Exception {
    HttpResponse<byte[]> r = ItSupport.get(big, "Range", "bytes=0-99");
    assertEquals(206, r.statusCode(), ItSupport.text(r));
    assertEquals("bytes 0-99/" + SIZE, r.headers().firstValue("Content-Range").orElse(""));
    assertEquals("100", r.headers().firstValue("Content-Length").orElse(""));
    assertArrayEquals(Arrays.copyOf(whole, 100), r.body());
    assertEquals("bytes", r.headers().firstValue("Accept-Ranges").orElse(""));
  }

  @Test
  void aRangePastTheEnd_is416_namingTheLength() throws Exception {
    HttpResponse<byte[]> r = ItSupport.get(big, "Range", "bytes=" + SIZE + "-");
    assertEquals(416, r.statusCode());
    assertEquals("bytes */" + SIZE, r.headers().firstValue("Content-Range").orElse(""));
    assertEquals("no-store", r.headers().firstValue("Cache-Control").orElse(""));
  }

  @Test
  void curlResume_ofACutDownload_equalsTheWhole_andAgainIsNoError() throws Exception {
    assumeTrue(Files.isExecutable(CURL), CURL + " is not installed (Debian package curl)");
    Path dir = FrontEndExtension.workDir("RangesIT-curl");
    Path part = dir.resolve("big.bin");
    // The first 20 MiB, as a download that broke off.
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    HttpResponse<InputStream> r =
        client.send(
            HttpRequest.newBuilder(big).timeout(Duration.ofSeconds(60)).build(),
            HttpResponse.BodyHandlers.ofInputStream());
    assertEquals(200, r.statusCode());
    try (InputStream in = r.body();
        OutputStream out = Files.newOutputStream(part)) {
      out.write(in.readNBytes(CUT));
    }
    assertEquals(CUT, Files.size(part));

    assertEquals(0, curl(dir, "-C", "-", "-o", part.toString(), big.toString()));
    assertArrayEquals(whole, Files.readAllBytes(part), "the resumed download equals the whole");
    // curl asks for bytes=SIZE-, gets a 416 for a complete file, and says it is done.
    assertEquals(0, curl(dir, "-C", "-", "-o", part.toString(), big.toString()));
    assertEquals(SIZE, Files.size(part));
  }

  @Test
  void aKeptAnswer_takesRangesToo() throws Exception {
    URI das = FRONT_END.opendap().resolve("coads_climatology.nc.das");
    byte[] full = ItSupport.get(das).body();
    HttpResponse<byte[]> r = ItSupport.get(das, "Range", "bytes=-10");
    assertEquals(206, r.statusCode());
    assertArrayEquals(Arrays.copyOfRange(full, full.length - 10, full.length), r.body());
    assertEquals(
        "bytes " + (full.length - 10) + "-" + (full.length - 1) + "/" + full.length,
        r.headers().firstValue("Content-Range").orElse(""));
  }

  private static int curl(Path dir, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(CURL.toString(), "-sS", "--max-time", "120"));
    command.addAll(List.of(args));
    Process process =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("curl.log").toFile())
            .start();
    if (!process.waitFor(150, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IOException("curl did not finish within 150 s");
    }
    int rc = process.exitValue();
    if (rc != 0) {
      System.out.println(Files.readString(dir.resolve("curl.log"), StandardCharsets.UTF_8));
    }
    return rc;
  }
}
