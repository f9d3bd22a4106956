package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

final class BesMessagesTest {
  @Test
  void catalogRoot_isRemoved() {
    assertEquals(
        "Failed to locate '/no_such_file.nc'",
        BesMessages.scrub(
            "Failed to locate '/usr/share/hyrax/no_such_file.nc'\n",
            "/no_such_file.nc",
            "/usr/share/hyrax"));
    assertEquals(
        "Failed to locate '/nc/x.nc'",
        BesMessages.scrub(
            "Failed to locate '/usr/share/hyrax/nc/x.nc'", null, "/usr/share/hyrax/"));
  }

  @Test
  void unknownRoot_pathEndingInCatalogPath_becomesCatalogPath() {
    assertEquals(
        "Failed to locate '/nc/x.nc'",
        BesMessages.scrub("Failed to locate '/srv/data/hyrax/nc/x.nc'", "/nc/x.nc", null));
  }

  @Test
  void otherAbsolutePaths_becomeTheirLastSegment() {
    assertEquals(
        "cannot open netcdf.conf (see handler.log)",
        BesMessages.scrub(
            "cannot open /etc/bes/netcdf.conf (see /var/log/bes/handler.log)", "/x.nc", null));
  }

  @Test
  void messagesWithoutPaths_areUnchanged() {
    String message =
        "libdap error transmitting DDS: Constraint expression parse error: the"
            + " expression referenced a identifier not found in the dataset.";
    assertEquals(message, BesMessages.scrub(message, "/coads_climatology.nc", "/usr/share/hyrax"));
    assertEquals("value 1/2 and a/b", BesMessages.scrub("value 1/2 and a/b", null, null));
  }

  @Test
  void longMessages_areCut() {
    String scrubbed = BesMessages.scrub("x".repeat(5000), null, null);
    assertEquals(1027, scrubbed.length());
  }
}
