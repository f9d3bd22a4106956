package org.olfsfastpath.pages;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.bes.BesProtocolException;
import org.olfsfastpath.emulator.dap.Datasets;
import org.olfsfastpath.pages.DatasetModel.Variable;
import org.olfsfastpath.testing.Captures;
import org.olfsfastpath.testing.Regression;

final class CoordinateRequestTest {
  private static Variable variable(DatasetModel model, String name) {
    return model.allVariables().stream()
        .filter(v -> v.name().equals(name))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void dap4Form_asksForEveryCoordinateInOneDapAnswer() throws Exception {
    DatasetForm form = Emulated.dap4Form(Datasets.coadsClimatology());
    CoordinateRequest request = form.coordinateRequest();
    assertTrue(request.dap4());
    assertEquals("/COADSX;/COADSY;/TIME", request.constraint());
    assertEquals(282, request.valueCount());
    Coordinates coordinates =
        Emulated.withCoordinates(form, Datasets.coadsClimatology()).coordinates();
    DatasetModel model = form.model();
    Axis x = coordinates.axis(variable(model, "SST"), 2).orElseThrow();
    assertEquals("/COADSX", x.variable().fqn());
    assertEquals("21 to 379, step 2", x.summary());
    assertEquals(
        "/TIME", coordinates.axis(variable(model, "SST"), 0).orElseThrow().variable().fqn());
    assertEquals(
        "/COADSX", coordinates.axis(variable(model, "COADSX"), 0).orElseThrow().variable().fqn());
    assertEquals("", coordinates.note());
  }

  /**
   * The form's data lists the axes in the dataset's order, the same in every JVM: Map.copyOf's
   * order, which varies from one JVM to the next, made the same form's bytes differ between two
   * front ends (Tomcat9IT compares them).
   */
  @Test
  @Regression(
      "6c53439: Coordinates kept its axes in Map.copyOf's order, which a JVM chooses at"
          + " random when it starts, so two front ends wrote the same request form differently")
  void axes_keepTheDatasetsOrder_inEveryJvm() throws Exception {
    DatasetForm form = Emulated.dap4Form(Datasets.coadsClimatology());
    Coordinates read = Emulated.withCoordinates(form, Datasets.coadsClimatology()).coordinates();
    assertEquals(List.of("/COADSX", "/COADSY", "/TIME"), List.copyOf(read.axes().keySet()));
    // Twelve axes given in order come out in order: a random order would match one time in
    // 479 million.
    Axis axis = read.axes().get("/COADSX");
    Map<String, Axis> given = new LinkedHashMap<>();
    for (int i = 0; i < 12; i++) {
      given.put("/axis" + (char) ('l' - i), axis);
    }
    assertEquals(
        List.copyOf(given.keySet()),
        List.copyOf(new Coordinates(form.coordinateRequest(), given, "").axes().keySet()));
  }

  @Test
  void dap2Form_asksForTheGridsMapsAsArraysInOneDodsAnswer() throws Exception {
    DatasetForm form = Emulated.dap2Form(Datasets.coadsClimatology());
    CoordinateRequest request = form.coordinateRequest();
    assertFalse(request.dap4());
    assertEquals("COADSX,COADSY,TIME", request.constraint());
    Coordinates coordinates =
        Emulated.withCoordinates(form, Datasets.coadsClimatology()).coordinates();
    Axis y = coordinates.axis(variable(form.model(), "SST"), 1).orElseThrow();
    assertEquals("-89 to 89, step 2", y.summary());
  }

  @Test
  void aDimensionWithoutACoordinateVariable_hasNoValues() throws Exception {
    DatasetForm form = Emulated.dap4Form(Datasets.fnoc1());
    assertEquals("/lat;/lon;/time", form.coordinateRequest().constraint());
    Coordinates coordinates = Emulated.withCoordinates(form, Datasets.fnoc1()).coordinates();
    Variable u = variable(form.model(), "u");
    assertEquals(Optional.empty(), coordinates.axis(u, 0), "time_a has no variable of its own");
    assertEquals("50 to 10, step -2.5", coordinates.axis(u, 1).orElseThrow().summary());
    Axis time = coordinates.axis(variable(form.model(), "time"), 0).orElseThrow();
    assertEquals(
        "no dates: the epoch \"base_time\" is not a date this server reads", time.timeNote());
  }

  @Test
  void int16AndFloat32ValuesInXdr_andCheckedSums() throws Exception {
    DatasetForm dap2 = Emulated.dap2Form(Datasets.fnoc1());
    Coordinates coordinates = Emulated.withCoordinates(dap2, Datasets.fnoc1()).coordinates();
    assertEquals(
        "-60 to -10, step 2.5",
        coordinates.axis(variable(dap2.model(), "lon"), 0).orElseThrow().summary());
    DatasetForm dap4 = Emulated.dap4Form(Datasets.coadsClimatology());
    byte[] withSums =
        Emulated.dap4(
            Datasets.coadsClimatology(), "dap", dap4.coordinateRequest().constraint(), true);
    assertEquals(
        "21 to 379, step 2",
        dap4.coordinateRequest().read(withSums).axes().get("/COADSX").summary());
  }

  @Test
  void aTruncatedOrWrongAnswer_isAProtocolError() throws Exception {
    DatasetForm form = Emulated.dap4Form(Datasets.coadsClimatology());
    CoordinateRequest request = form.coordinateRequest();
    byte[] answer = Emulated.dap4(Datasets.coadsClimatology(), "dap", request.constraint(), false);
    BesProtocolException cut =
        assertThrows(
            BesProtocolException.class,
            () -> request.read(Arrays.copyOf(answer, answer.length - 9)));
    assertTrue(cut.getMessage().startsWith("expected a DAP4 chunk of"), cut.getMessage());
    DatasetForm dap2 = Emulated.dap2Form(Datasets.coadsClimatology());
    byte[] dds = Emulated.dap2(Datasets.coadsClimatology(), "dds", "", "COADSX");
    BesProtocolException noData =
        assertThrows(BesProtocolException.class, () -> dap2.coordinateRequest().read(dds));
    assertEquals(
        "expected a dods answer with a \"Data:\" line after its DDS but it had none",
        noData.getMessage());
  }

  @Test
  void aDap4ErrorChunk_isReportedWithItsMessage() throws Exception {
    DatasetModel model = Samples.dmr();
    byte[] message = "<Error><Message>no</Message></Error>".getBytes();
    byte[] answer = new byte[4 + message.length];
    answer[0] = 0x06;
    answer[3] = (byte) message.length;
    System.arraycopy(message, 0, answer, 4, message.length);
    BesProtocolException e =
        assertThrows(BesProtocolException.class, () -> CoordinateRequest.of(model).read(answer));
    assertEquals(
        "the dap answer was an error: <Error><Message>no</Message></Error>", e.getMessage());
  }

  @Test
  void captured_realBesAnswers_giveTheSameValues() throws Exception {
    DatasetModel dmr = DatasetParser.dmr(Captures.response("get_dmr_coads_all"));
    DatasetModel ddx = DatasetParser.ddx(Captures.response("get_ddx_coads"));
    double[] expected = new double[180];
    for (int i = 0; i < expected.length; i++) {
      expected[i] = 21 + 2 * i;
    }
    // The captured answers hold COADSX alone: read them as a request for COADSX.
    DatasetModel dmrX =
        new DatasetModel(dmr.name(), dmr.form(), dmr.attributes(), dmr.variables().subList(0, 1));
    DatasetModel ddxX =
        new DatasetModel(ddx.name(), ddx.form(), ddx.attributes(), ddx.variables().subList(0, 1));
    Axis dap =
        CoordinateRequest.of(dmrX)
            .read(Captures.response("get_dap_coads_COADSX"))
            .axes()
            .get("/COADSX");
    Axis dods =
        CoordinateRequest.of(ddxX)
            .read(Captures.response("get_dods_coads_COADSX"))
            .axes()
            .get("COADSX");
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i], dap.value(i));
      assertEquals(expected[i], dods.value(i));
    }
    assertArrayEquals(new int[] {1, 1}, new int[] {dap.direction(), dods.direction()});
  }
}
