package org.olfsfastpath.bes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.jdom2.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.olfsfastpath.testing.Captures;

/**
 * The {@code dap4function} of a DAP4 get, against the real BES exchanges recorded with one, and the
 * probe get that asks whether the BES can make a response.
 */
final class Dap4FunctionRequestTest {
  private final BesRequests requests = new BesRequests(BesContexts.defaults(), "t-");

  /**
   * The document is the one upstream's OLFS sent, byte for byte but for the reqID: the function
   * after the dap4constraint inside the define's container, its text as the client wrote it.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "get_dap_coads_dap4function_version",
        "get_dap_coads_dap4function_linear_scale",
        "error_get_dap_dap4function_unknown"
      })
  void document_isTheCapturedOne_byteForByte(String capture) throws Exception {
    String captured = Captures.request(capture);
    Element define =
        BesRequestsTest.parse(captured.getBytes(StandardCharsets.UTF_8))
            .getChild("define", BesRequests.BES_NS)
            .getChild("container", BesRequests.BES_NS);
    Element constraint = define.getChild("dap4constraint", BesRequests.BES_NS);
    GetRequest get =
        new GetRequest(
            "/coads_climatology.nc",
            BesGetType.DAP,
            constraint == null ? "" : constraint.getText(),
            "",
            false,
            List.of(),
            define.getChildText("dap4function", BesRequests.BES_NS),
            false);
    String ours =
        new String(requests.document(BesCommand.GET, get, Caller.INTERNAL), StandardCharsets.UTF_8)
            .replaceFirst("reqID=\"[^\"]*\"", "reqID=\"capture_" + capture + "\"");
    assertEquals(captured, ours.strip());
  }

  @Test
  void noFunction_noElement_andNeverWithDap2() throws Exception {
    Element container =
        BesRequestsTest.parse(
                requests.document(
                    BesCommand.GET, GetRequest.of("/a.nc", BesGetType.DAP, "x"), Caller.INTERNAL))
            .getChild("define", BesRequests.BES_NS)
            .getChild("container", BesRequests.BES_NS);
    assertEquals(
        List.of("dap4constraint"), container.getChildren().stream().map(Element::getName).toList());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new GetRequest(
                    "/a.nc", BesGetType.DODS, "", "", false, List.of(), "version()", false));
    assertTrue(e.getMessage().contains("DAP4"), e.getMessage());
  }

  /** A function no different from a constraint: its markup is text, never an element. */
  @Test
  void hostileFunction_staysText() throws Exception {
    String hostile =
        "x()</dap4function></container></define><get type=\"stream\"" + " definition=\"d1\"/><!--";
    Element root =
        BesRequestsTest.parse(
            requests.document(
                BesCommand.GET,
                new GetRequest("/a.nc", BesGetType.DAP, "", "", false, List.of(), hostile, false),
                Caller.INTERNAL));
    assertEquals(1, root.getChildren("get", BesRequests.BES_NS).size());
    assertEquals(
        hostile,
        root.getChild("define", BesRequests.BES_NS)
            .getChild("container", BesRequests.BES_NS)
            .getChildText("dap4function", BesRequests.BES_NS));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            requests.document(
                BesCommand.GET,
                new GetRequest(
                    "/a.nc", BesGetType.DAP, "", "", false, List.of(), "version(\u0001)", false),
                Caller.INTERNAL));
  }

  /** Withers and keys keep the function: a BES that serves another prefix gets it too. */
  @Test
  void withPath_keepsFunctionAndProbe() {
    GetRequest get =
        new GetRequest("/p/a.nc", BesGetType.DAP, "x", "", true, List.of(), "version()", false);
    assertEquals("version()", get.withPath("/a.nc").dap4Function());
    assertTrue(GetRequest.probe("/p/a.nc", BesGetType.DODS_GEOTIFF).withPath("/a.nc").probe());
  }

  /** The probe names no container and a definition that is never made: the BES reads no data. */
  @Test
  void probe_isOneGetWithoutDefinition() throws Exception {
    Element root =
        BesRequestsTest.parse(
            requests.document(
                BesCommand.GET,
                GetRequest.probe("/a.nc", BesGetType.DODS_NETCDF4),
                Caller.INTERNAL));
    assertEquals(
        List.of("setContext", "get"), root.getChildren().stream().map(Element::getName).toList());
    Element get = root.getChild("get", BesRequests.BES_NS);
    assertEquals("dods", get.getAttributeValue("type"));
    assertEquals("netcdf-4", get.getAttributeValue("returnAs"));
    assertEquals(TransmitterProbe.DEFINITION, get.getAttributeValue("definition"));
  }

  @Test
  void probeAnswers_readAsTheBesWordsThem() {
    assertEquals(
        Optional.of(false),
        TransmitterProbe.canMake(new BesError(3, "Unable to find transmitter geotiff", 0, "")));
    assertEquals(
        Optional.of(false),
        TransmitterProbe.canMake(
            new BesError(
                3, "Command 'get.xml_data' does not have a registered response handler", 0, "")));
    assertEquals(
        Optional.of(true),
        TransmitterProbe.canMake(
            new BesError(3, "Unable to find definition " + TransmitterProbe.DEFINITION, 0, "")));
    assertEquals(Optional.empty(), TransmitterProbe.canMake(new BesError(6, "timeout", 0, "")));
  }
}
