package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@code dap4function} of a define, as the BES reads it, and the probe get the front end sends
 * to learn whether a module is loaded.
 */
final class Dap4FunctionCommandTest {
  private BesEmulator bes;

  @BeforeEach
  void start() throws IOException {
    bes = BesEmulator.newBuilder().build();
    bes.start();
  }

  @AfterEach
  void close() {
    bes.close();
  }

  private static byte[] dap(String containerChildren) {
    return Requests.document(
        "f",
        "<setContext name=\"errors\">xml</setContext>"
            + "<setContainer name=\"c\" space=\"catalog\">/coads_climatology.nc</setContainer>"
            + "<define name=\"d1\" space=\"default\"><container name=\"c\">"
            + containerChildren
            + "</container></define><get type=\"dap\" definition=\"d1\"/>");
  }

  @Test
  void function_answersItsResults() throws IOException {
    Exchanges.Answer answer = Exchanges.once(bes, dap("<dap4function>version()</dap4function>"));
    assertFalse(answer.isError(), answer.body());
    assertTrue(answer.body().contains("name=\"function_results\""), answer.body());
  }

  @Test
  void emptyFunction_isTheDefinesError() throws IOException {
    Exchanges.Answer answer = Exchanges.once(bes, dap("<dap4function> </dap4function>"));
    assertTrue(answer.isError());
    assertTrue(
        answer
            .body()
            .contains(
                "<Message>define command: dap4_function element missing" + " value</Message>"),
        answer.body());
  }

  @Test
  void twoFunctions_isTheDefinesError() throws IOException {
    Exchanges.Answer answer =
        Exchanges.once(
            bes,
            dap("<dap4function>version()</dap4function><dap4function>version()</dap4function>"));
    assertTrue(answer.isError());
    assertTrue(answer.body().contains("contains multiple dap4_function elements"), answer.body());
  }

  /**
   * The server functions run on the generated large datasets as on the small ones: linear_scale of
   * a constrained row of a {@code /dars/} plane is the shared formula, scaled, as Float64.
   */
  @Test
  void function_onALargeGeneratedDataset_scalesItsValues() throws IOException {
    Exchanges.Answer answer =
        Exchanges.once(
            bes,
            Requests.document(
                "f",
                "<setContext name=\"errors\">xml</setContext>"
                    + "<setContainer name=\"c\" space=\"catalog\">/dars/float32_190x1000.nc"
                    + "</setContainer><define name=\"d1\" space=\"default\"><container name=\"c\">"
                    + "<dap4constraint>data[3][0:4]</dap4constraint>"
                    + "<dap4function>linear_scale(data,2,1)</dap4function></container></define>"
                    + "<get type=\"dap\" definition=\"d1\"/>"));
    assertFalse(answer.isError(), answer.body());
    ByteBuffer response = ByteBuffer.wrap(answer.body().getBytes(StandardCharsets.ISO_8859_1));
    String dmr = null;
    ByteBuffer data = ByteBuffer.allocate(response.remaining()).order(ByteOrder.LITTLE_ENDIAN);
    while (response.hasRemaining()) {
      byte[] chunk = new byte[response.getInt() & 0xffffff];
      response.get(chunk);
      if (dmr == null) {
        dmr = new String(chunk, StandardCharsets.ISO_8859_1);
      } else {
        data.put(chunk);
      }
    }
    assertTrue(
        dmr.contains("name=\"function_results\"") && dmr.contains("<Float64 name=\"data\">"), dmr);
    data.flip();
    for (int lon = 0; lon < 5; lon++) {
      // The formula of scripts/dars for [time=3][lon], as the Float32 the dataset holds.
      double value = (float) (((7 * 3 + lon) % 1000) * 0.1);
      assertEquals(value * 2 + 1, data.getDouble(), "data[3][" + lon + "]");
    }
    assertFalse(data.hasRemaining());
  }

  /** The front end's module probe: a get whose definition was never made. */
  @Test
  void probe_missingModule_orMissingDefinition() throws IOException {
    Exchanges.Answer geotiff =
        Exchanges.once(
            bes,
            Requests.document(
                "p",
                "<setContext name=\"errors\">xml</setContext>"
                    + "<get type=\"dods\" definition=\"olfs_fastpath_probe\" returnAs=\"geotiff\"/>"));
    assertTrue(
        geotiff.body().contains("<Message>Unable to find transmitter geotiff</Message>"),
        geotiff.body());
    Exchanges.Answer ascii =
        Exchanges.once(
            bes,
            Requests.document(
                "p",
                "<setContext name=\"errors\">xml</setContext>"
                    + "<get type=\"dods\" definition=\"olfs_fastpath_probe\" returnAs=\"ascii\"/>"));
    assertTrue(
        ascii
            .body()
            .contains("<Message>Unable to find definition olfs_fastpath_probe" + "</Message>"),
        ascii.body());
    assertEquals(0, bes.commandCount("showNode"));
  }
}
