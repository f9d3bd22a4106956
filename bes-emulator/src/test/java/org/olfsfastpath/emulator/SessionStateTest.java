package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.ppt.PptConnection;

final class SessionStateTest {
  private final TinyDataset tiny = new TinyDataset("tiny.nc");
  private BesEmulator bes;

  @BeforeEach
  void start() throws IOException {
    bes = BesEmulator.newBuilder().builtInDatasets(Map.of("tiny.nc", tiny)).build();
    bes.start();
  }

  @AfterEach
  void close() {
    bes.close();
  }

  @Test
  void contexts_persistOnTheConnection_andAreShownNewestFirst() throws IOException {
    try (PptConnection connection = Exchanges.open(bes.endpoint())) {
      Exchanges.send(
          connection,
          Requests.document(
              "c1",
              "<setContext name=\"errors\">xml</setContext><setContext name=\"uid\">someone</setContext>"));
      Exchanges.send(
          connection,
          Requests.document(
              "c2", "<setContexts><context name=\"foo\">bar</context></setContexts>"));
      String shown = Exchanges.send(connection, Requests.document("c3", "<showContext/>")).body();
      assertTrue(
          shown.contains(
              "    <showContext>\n"
                  + "        <context name=\"foo\">bar</context>\n"
                  + "        <context name=\"uid\">someone</context>\n"
                  + "        <context name=\"errors\">xml</context>\n"
                  + "    </showContext>\n"),
          shown);
    }
    try (PptConnection fresh = Exchanges.open(bes.endpoint())) {
      assertTrue(
          Exchanges.send(fresh, Requests.document("c4", "<showContext/>"))
              .body()
              .contains("<showContext/>"));
    }
  }

  @Test
  void definition_outlivesItsRequest_onTheSameConnectionOnly() throws IOException {
    byte[] define =
        Requests.document(
            "d",
            "<setContainer name=\"c\" space=\"catalog\">/tiny.nc</setContainer>"
                + "<define name=\"d1\" space=\"default\"><container name=\"c\"/></define>");
    byte[] get = Requests.document("g", "<get type=\"dds\" definition=\"d1\"/>");
    try (PptConnection connection = Exchanges.open(bes.endpoint())) {
      Exchanges.Answer defined = Exchanges.send(connection, define);
      assertFalse(defined.isError());
      assertEquals(
          "", defined.body(), "a request without a response command gets only the end chunk");
      assertEquals(tiny.dds(), Exchanges.send(connection, get).body());
    }
    try (PptConnection other = Exchanges.open(bes.endpoint())) {
      assertTrue(Exchanges.send(other, get).body().contains("Unable to find definition d1"));
    }
  }

  @Test
  void failedSetContainer_keepsNoContainer() throws IOException {
    try (PptConnection connection = Exchanges.open(bes.endpoint())) {
      assertTrue(Exchanges.send(connection, Requests.get("/missing.nc", "dds", "")).isError());
      String body =
          Exchanges.send(
                  connection,
                  Requests.document(
                      "d", "<define name=\"d2\"><container name=\"catalogContainer\"/></define>"))
              .body();
      assertTrue(body.contains("Could not find the container catalogContainer"), body);
    }
  }

  @Test
  void deleteDefinition_forgetsIt() throws IOException {
    try (PptConnection connection = Exchanges.open(bes.endpoint())) {
      assertFalse(Exchanges.send(connection, Requests.get("/tiny.nc", "dds", "")).isError());
      assertFalse(
          Exchanges.send(connection, Requests.document("x", "<deleteDefinition name=\"d1\"/>"))
              .isError());
      assertTrue(
          Exchanges.send(
                  connection, Requests.document("g", "<get type=\"dds\" definition=\"d1\"/>"))
              .body()
              .contains("Unable to find definition d1"));
    }
  }

  @Test
  void xmlBaseContext_reachesTheDataset() throws IOException {
    try (PptConnection connection = Exchanges.open(bes.endpoint())) {
      Exchanges.send(
          connection,
          Requests.document("b", "<setContext name=\"xml:base\">http://h/opendap</setContext>"));
      assertEquals(
          "dmr of tiny.nc returnAs= ce=x dap4=true base=http://h/opendap",
          Exchanges.send(connection, Requests.get("/tiny.nc", "dmr", "x")).body());
    }
  }
}
