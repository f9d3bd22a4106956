package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

final class ErrorDocumentTest {
  private BesEmulator bes;

  @BeforeEach
  void start() throws IOException {
    bes =
        BesEmulator.newBuilder()
            .builtInDatasets(Map.of("tiny.nc", new TinyDataset("tiny.nc")))
            .build();
    bes.start();
  }

  @AfterEach
  void close() {
    bes.close();
  }

  @Test
  void unknownCommand_isTheBesSyntaxError_withStatusExtension() throws IOException {
    byte[] wire;
    try (Socket socket = Exchanges.rawConnect(bes.port())) {
      wire = Exchanges.rawExchange(socket, Requests.document("u1", "<showFoo/>"));
    }
    String expected =
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
            + "<response reqID=\"u1\" reqUUID=\"uuid-u1\" xmlns=\"http://xml.opendap.org/ns/bes/1.0#\">\n"
            + "    <BES>\n"
            + "        <BESError>\n"
            + "            <Type>3</Type>\n"
            + "            <Message>Unable to find command for showFoo</Message>\n"
            + "            <Administrator>support@opendap.org</Administrator>\n"
            + "            <Location>\n"
            + "                <File>BESXMLInterface.cc</File>\n"
            + "                <Line>203</Line>\n"
            + "            </Location>\n"
            + "        </BESError>\n"
            + "    </BES>\n"
            + "</response>\n";
    assertEquals(
        List.of("x:status=error;", "d:" + expected.length(), "d:0"), Exchanges.chunks(wire));
    assertTrue(new String(wire, StandardCharsets.ISO_8859_1).contains(expected));
  }

  @Test
  void showInfo_isGoneFromTheBes() throws IOException {
    Exchanges.Answer answer =
        Exchanges.once(bes, Requests.document("i", "<showInfo node=\"/tiny.nc\"/>"));
    assertTrue(answer.isError());
    assertTrue(
        answer
            .body()
            .contains(
                "<Type>3</Type>\n            <Message>Unable to find command for showInfo</Message>"));
  }

  @Test
  void twoResponseCommands_areRefused() throws IOException {
    String body = Exchanges.once(bes, Requests.document("m", "<showVersion/><showStatus/>")).body();
    assertTrue(
        body.contains("<Message>Commands with multiple responses not supported.</Message>"), body);
    assertTrue(body.contains("<Line>238</Line>"), body);
  }

  @Test
  void malformedDocument_isDescribedLikeLibxml2() throws IOException {
    byte[] document =
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<request xmlns=\""
                + Requests.NS
                + "\" reqID=\"bad\"><showVersion></request>")
            .getBytes(StandardCharsets.UTF_8);
    Exchanges.Answer answer = Exchanges.once(bes, document);
    assertTrue(answer.isError());
    String line2 = "<request xmlns=\"" + Requests.NS + "\" reqID=\"bad\"><showVersion></request>";
    // libxml2 shows at most the 80 characters before the error position, the caret under the last.
    String shown = line2.substring(line2.length() - 80);
    String context = shown.replace("\"", "&quot;").replace("<", "&lt;").replace(">", "&gt;");
    String caret = " ".repeat(79) + "^";
    assertTrue(
        answer
            .body()
            .startsWith(
                "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
                    + "<response xmlns=\"http://xml.opendap.org/ns/bes/1.0#\">\n"),
        answer.body());
    assertTrue(
        answer
            .body()
            .contains(
                "<Message>Problem parsing the request xml document:\n"
                    + ":2: parser error : Opening and ending tag mismatch: showVersion line 2 and request\n"
                    + context
                    + "\n"
                    + caret
                    + "\n"
                    + ":2: parser error : Premature end of data in tag request line 2\n"
                    + context
                    + "\n"
                    + caret
                    + "\n</Message>"),
        answer.body());
  }

  @Test
  void missingRequestId_isFilledInLikeTheBes() throws IOException {
    byte[] document =
        ("<request xmlns=\"" + Requests.NS + "\"><showStatus/></request>")
            .getBytes(StandardCharsets.UTF_8);
    String body = Exchanges.once(bes, document).body();
    assertTrue(
        body.contains(
            "<response reqID=\"BESXMLInterface::build_data_request_plan() - NoRequestIdDetected\" "
                + "reqUUID=\"BesXmlInterface-"),
        body);
  }

  @Test
  void badConstraint_isWrappedInTheGetsResponseName() throws IOException {
    String body = Exchanges.once(bes, Requests.get("/tiny.nc", "dds", "BAD")).body();
    assertTrue(
        body.contains(
            "    <getDDS>\n        <BESError>\n            <Type>3</Type>\n"
                + "            <Message>libdap error transmitting DDS: "
                + TinyDataset.CE_ERROR
                + "</Message>"),
        body);
    assertTrue(
        body.contains("<File>BESDapTransmit.cc</File>\n                <Line>92</Line>"), body);
    String dods = Exchanges.once(bes, Requests.get("/tiny.nc", "dods", "BAD")).body();
    assertTrue(
        dods.contains("<getDODS>") && dods.contains("libdap error transmitting DataDDS: "), dods);
  }

  @Test
  void missingDataset_failsAtSetContainer_outsideTheGet() throws IOException {
    String body = Exchanges.once(bes, Requests.get("/no_such_file.nc", "dds", "")).body();
    assertTrue(
        body.contains(
            "    <BES>\n        <BESError>\n            <Type>5</Type>\n"
                + "            <Message>Failed to locate '/usr/share/hyrax/no_such_file.nc'\n</Message>"),
        body);
  }

  @Test
  void unknownGetTypeAndTransmitter_areSyntaxErrors() throws IOException {
    String type = Exchanges.once(bes, Requests.get("/tiny.nc", "ascii", "")).body();
    assertTrue(
        type.contains(
            "<Message>Command 'get.ascii' does not have a registered response handler</Message>"),
        type);
    String returnAs = Exchanges.once(bes, Requests.get("/tiny.nc", "dods", "", "netcdf-9")).body();
    assertTrue(
        returnAs.contains("<Message>Unable to find transmitter netcdf-9</Message>"), returnAs);
  }

  @Test
  void undefinedDefinition_isASyntaxError() throws IOException {
    String body =
        Exchanges.once(bes, Requests.document("g", "<get type=\"dds\" definition=\"d9\"/>")).body();
    assertTrue(body.contains("<Message>Unable to find definition d9</Message>"), body);
  }

  @Test
  void unknownBesKey_isNotFound() throws IOException {
    Exchanges.Answer answer =
        Exchanges.once(bes, Requests.document("k", "<showBesKey key=\"No.Such.Key\"/>"));
    assertTrue(answer.isError());
    assertTrue(
        answer
            .body()
            .contains(
                "<Type>5</Type>\n            "
                    + "<Message>Ouch! The Key name 'No.Such.Key' was not found in BESKeys</Message>"),
        answer.body());
  }

  @Test
  void notEmulatedCommand_saysSoAsAnInternalError() throws IOException {
    Exchanges.Answer answer = Exchanges.once(bes, Requests.show("showCatalog"));
    assertTrue(answer.isError());
    assertFalse(answer.isFatal());
    assertTrue(
        answer
            .body()
            .contains(
                "<Type>1</Type>\n            <Message>The BES emulator does not implement "
                    + "showCatalog</Message>"),
        answer.body());
  }
}
