package org.olfsfastpath.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.olfsfastpath.bes.BesClient;
import org.olfsfastpath.emulator.EmulatorExtension;

/**
 * The BES's administrator as the BES client reads it from the emulator, which answers as a BES 3.22
 * with its shipped bes.conf: the record's {@link Records#SERVER}. Keys are lower-cased as upstream
 * does; nothing is filled in when a key is missing.
 */
final class ServerInfoTest {
  @RegisterExtension final EmulatorExtension bes = EmulatorExtension.create(b -> {});

  @Test
  void fromTheBes_isWhatTheRecordsUse() throws Exception {
    try (BesClient client = BesClient.newBuilder().endpoint(bes.endpoint()).build()) {
      ServerInfo server =
          ServerInfo.of(
              client.showBesKey("BES.ServerAdministrator"), client.showBesKey("SupportEmail"));
      assertEquals(Records.SERVER, server);
      assertEquals("02882", server.get("postalcode"));
      assertEquals("http://www.opendap.org", server.get("website"));
    }
  }

  @Test
  void partial_keepsWhatIsThere_andInventsNothing() {
    ServerInfo server = ServerInfo.of(List.of("email:a@b.org", "no colon", "State:RI"), List.of());
    assertEquals(java.util.Map.of("email", "a@b.org", "region", "RI"), server.administrator());
    DiscoveryRecord.Party publisher = DiscoveryRecords.serverParty(server);
    assertEquals("", publisher.name());
    assertEquals("a@b.org", publisher.email());
    assertEquals(DiscoveryRecord.Party.NONE, DiscoveryRecords.serverParty(ServerInfo.NONE));
  }
}
