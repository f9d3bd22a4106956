package org.olfsfastpath.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.testing.PythonVenv;
import org.olfsfastpath.tomcat.FrontEndExtension;

/**
 * DAP4 checksums through a real Tomcat, as clients ask for them: with {@code dap4.checksum=true} in
 * the URL, the front end sends the BES {@code dap4_checksums=true} and passes the answer on
 * unchanged, so the CRC-32 after the variable's bytes is the BES's, checked here (0xc770b048 for
 * COADSX, as the real BES's capture has it). netCDF-C 4.9.3 (inside the current netCDF4 wheel)
 * reads the values exactly through such a URL; it does not check Hyrax's CRCs itself (its data
 * response infers checksums only from a {@code _DAP4_Checksum_CRC32} attribute the BES does not
 * send), which is why the CRC is checked here.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class Dap4ChecksumIT {
  /** The CRC-32 of COADSX's 180 doubles in the real BES's capture. */
  private static final long COADSX_CRC = 0xc770b048L;

  @RegisterExtension
  static final FrontEndExtension FRONT_END = FrontEndExtension.named("Dap4ChecksumIT");

  private URI opendap;

  @BeforeAll
  void start() {
    opendap = FRONT_END.opendap();
  }

  /** The data of a DAP4 answer: its chunks after the DMR's, without their headers. */
  private static byte[] data(byte[] answer) {
    ByteBuffer in = ByteBuffer.wrap(answer).order(ByteOrder.BIG_ENDIAN);
    ByteArrayOutputStream data = new ByteArrayOutputStream();
    boolean first = true;
    while (in.remaining() >= 4) {
      int header = in.getInt();
      int length = header & 0x00ffffff;
      byte[] chunk = new byte[length];
      in.get(chunk);
      if (!first) {
        data.writeBytes(chunk);
      }
      first = false;
      if ((header >>> 24 & 1) != 0) {
        break;
      }
    }
    return data.toByteArray();
  }

  @Test
  void theBessCrc_reachesTheClientUnchanged_andMatchesTheBytes() throws Exception {
    HttpResponse<byte[]> r =
        ItSupport.get(
            opendap.resolve("coads_climatology.nc.dap?dap4.ce=COADSX&dap4.checksum=true"));
    assertEquals(200, r.statusCode(), ItSupport.text(r));
    byte[] data = data(r.body());
    assertEquals(180 * 8 + 4, data.length);
    CRC32 crc = new CRC32();
    crc.update(data, 0, 180 * 8);
    long trailer =
        ByteBuffer.wrap(data, 180 * 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt() & 0xffffffffL;
    assertEquals(crc.getValue(), trailer, "the CRC-32 after COADSX is its bytes'");
    assertEquals(COADSX_CRC, trailer, "and the real BES's, as its capture has it");

    // Without the parameter: the same values and no CRC.
    byte[] plain =
        data(ItSupport.get(opendap.resolve("coads_climatology.nc.dap?dap4.ce=COADSX")).body());
    assertEquals(180 * 8, plain.length);
    assertTrue(Arrays.equals(plain, Arrays.copyOf(data, 180 * 8)));
  }

  @Test
  @ExtendWith(SiphonIT.NeedsSiphon.class)
  void netcdf4_readsExactValues_withChecksumsAsked() throws Exception {
    Path home = FrontEndExtension.workDir("Dap4ChecksumIT-home");
    Path script = home.resolve("netcdf4_read.py");
    try (InputStream in = Dap4ChecksumIT.class.getResourceAsStream("/netcdf4_read.py")) {
      Files.copy(in, script);
    }
    String url = opendap + "coads_climatology.nc?dap4.checksum=true#dap4";
    PythonVenv.Run read =
        SiphonIT.venv().python(List.of(script.toString(), url, "COADSX"), 180, home);
    assertEquals(0, read.exitCode(), read.output());
    String values =
        read.output().lines().filter(l -> l.startsWith("values\t")).findFirst().orElseThrow();
    double[] actual =
        Arrays.stream(values.substring(7).split(",")).mapToDouble(Double::parseDouble).toArray();
    byte[] data =
        data(ItSupport.get(opendap.resolve("coads_climatology.nc.dap?dap4.ce=COADSX")).body());
    ByteBuffer doubles = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(180, actual.length, read.output());
    for (int i = 0; i < 180; i++) {
      assertEquals(doubles.getDouble(i * 8), actual[i], 0.0, "COADSX[" + i + "]");
    }
  }
}
