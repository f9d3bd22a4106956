package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

final class ConstraintTranslationTest {
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "'' | ''",
        "/COADSX | COADSX",
        "/COADSX[0:1:9];/SST[0][0:2][0:2] | COADSX[0:1:9],SST[0][0:2][0:2]",
        "COADSX[2] | COADSX[2]",
        "/g1/temp[0:3] | g1.temp[0:3]",
        "/a%20b | a%20b",
        " /x ; ; /y  | x,y",
      })
  void projectionsAndIndexSubsets_translate(String dap4, String dap2) throws Exception {
    assertEquals(dap2, ConstraintTranslation.toDap2(dap4));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"/SST|SST>2", "/SST[0:2]|SST<1", "scale(SST,2)", "/SST[i=0]", "/x\"y", "/x,y"})
  void formsWithoutADap2Equal_are400(String dap4) {
    DapRequestRejectedException e =
        assertThrows(DapRequestRejectedException.class, () -> ConstraintTranslation.toDap2(dap4));
    assertEquals(400, e.httpStatus());
    assertTrue(e.getMessage().contains(".dap.xml"), e.getMessage());
  }
}
