package org.olfsfastpath.log;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The olfsLog context upstream sends with EnableCombinedLog: nine fields in upstream's order,
 * joined by the BES log's mark, each made safe as in the access log.
 */
final class CombinedLogTest {
  @Test
  void nineFields_inUpstreamsOrder() {
    String value =
        CombinedLog.of(
            new RequestFields(
                "127.0.0.1",
                "curl/7.88.1",
                null,
                "bob|&|x",
                1795889440970L,
                "3f2b-uuid",
                "GET",
                "/opendap/coads_climatology.nc.ascii",
                "COADSX%5B0:1:3%5D"));
    assertEquals(
        "127.0.0.1|&|curl#7#88#1|&|-|&|bob#&#x|&|1795889440970|&|3f2b-uuid|&|HTTP-GET"
            + "|&|/opendap/coads_climatology.nc.ascii|&|COADSX#5B0:1:3#5D",
        value);
    assertEquals(9, value.split("\\|&\\|", -1).length);
  }
}
