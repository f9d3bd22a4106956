package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * {@code showBesKey BES.ServerAdministrator} answers as a BES 3.22 with its shipped bes.conf does:
 * one {@code value} per {@code key:value} line of the key, in the configuration's order, in the
 * same document as the captured {@code showBesKey SupportEmail} answer.
 */
final class ServerAdministratorTest {
  @Test
  void serverAdministrator_isTheNineKeyValueLinesOfTheShippedBesConf() throws IOException {
    try (BesEmulator bes = BesEmulator.newBuilder().build()) {
      bes.start();
      Exchanges.Answer answer =
          Exchanges.once(
              bes, Requests.document("a", "<showBesKey key=\"BES.ServerAdministrator\"/>"));
      assertFalse(answer.isError(), answer.body());
      assertEquals(
          "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
              + "<response reqID=\"a\" reqUUID=\"uuid-a\""
              + " xmlns=\"http://xml.opendap.org/ns/bes/1.0#\">\n"
              + "    <showBesKey key=\"BES.ServerAdministrator\">\n"
              + "        <value>email:support@opendap.org</value>\n"
              + "        <value>organization:OPeNDAP Inc.</value>\n"
              + "        <value>street:165 NW Dean Knauss Dr.</value>\n"
              + "        <value>city:Narragansett</value>\n"
              + "        <value>region:RI</value>\n"
              + "        <value>postalCode:02882</value>\n"
              + "        <value>country:US</value>\n"
              + "        <value>telephone:+1.401.575.4835</value>\n"
              + "        <value>website:http://www.opendap.org</value>\n"
              + "    </showBesKey>\n"
              + "</response>\n",
          answer.body());
    }
  }
}
