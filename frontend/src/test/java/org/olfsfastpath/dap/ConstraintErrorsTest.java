package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

final class ConstraintErrorsTest {
  /** A real BES 3.22's answer to a name the dataset lacks (capture error_get_dds_bad_ce). */
  private static final String NO_SUCH_IDENTIFIER =
      "libdap error transmitting DDS: Constraint expression parse error: the expression referenced"
          + " a identifier not found in the dataset.";

  /** libdap's answer to an index subset past the end of its array (Array::add_constraint). */
  private static final String BAD_SLICE =
      "libdap error transmitting DDS: Invalid constraint parameters: At least one of the start,"
          + " stride or stop specified do not match the array variable.";

  private static DapRequest.Dataset dds(String constraint) {
    return new DapRequest.Dataset("/coads_climatology.nc", ResponseType.DDS, constraint);
  }

  @Test
  void theOneNameOfTheConstraint_isTheOneTheDatasetLacks() {
    assertEquals(
        "'NOPE' is not a variable of this dataset. The BES said: " + NO_SUCH_IDENTIFIER,
        ConstraintErrors.explain(NO_SUCH_IDENTIFIER, dds("NOPE")));
    assertEquals(
        "'NOPE' is not a variable of this dataset. The BES said: " + NO_SUCH_IDENTIFIER,
        ConstraintErrors.explain(NO_SUCH_IDENTIFIER, dds("NOPE[0:1:2]")));
  }

  @Test
  void withSeveralNames_theyAreListed_noneIsBlamed() {
    assertEquals(
        "one of 'COADSX', 'NOPE' is not a variable of this dataset. The BES said: "
            + NO_SUCH_IDENTIFIER,
        ConstraintErrors.explain(NO_SUCH_IDENTIFIER, dds("COADSX,NOPE[0:1:1],COADSX")));
  }

  @Test
  void aLongConstraint_makesNoLongMessage() {
    String many = "a,b,c,d,e,f,g," + "x".repeat(200);
    assertEquals(
        "one of 'a', 'b', 'c', 'd', 'e' and 3 more is not a variable of this dataset. The BES"
            + " said: "
            + NO_SUCH_IDENTIFIER,
        ConstraintErrors.explain(NO_SUCH_IDENTIFIER, dds(many)));
    assertEquals(
        "'"
            + "x".repeat(80)
            + "...' is not a variable of this dataset. The BES said: "
            + NO_SUCH_IDENTIFIER,
        ConstraintErrors.explain(NO_SUCH_IDENTIFIER, dds("x".repeat(200))));
  }

  @Test
  void theOneIndexSubset_isTheOneThatDoesNotFit() {
    assertEquals(
        "the index subset 'SST[0:1:99999]' does not fit 'SST'. The BES said: " + BAD_SLICE,
        ConstraintErrors.explain(BAD_SLICE, dds("COADSX,SST[0:1:99999]")));
    assertEquals(
        "one of the index subsets 'COADSX[0:1:2]', 'SST[0:1:99999]' does not fit its variable."
            + " The BES said: "
            + BAD_SLICE,
        ConstraintErrors.explain(BAD_SLICE, dds("COADSX[0:1:2],SST[0:1:99999]")));
  }

  @Test
  void dap4Constraints_areReadAsDap4() {
    DapRequest.Dataset dap =
        new DapRequest.Dataset("/coads_climatology.nc", ResponseType.DAP, "/NOPE;");
    String notFound =
        "The constraint expression referenced a variable that was not found in the dataset.";
    assertEquals(
        "'NOPE' is not a variable of this dataset. The BES said: " + notFound,
        ConstraintErrors.explain(notFound, dap));
  }

  @Test
  void aMessageThatNamesTheVariable_isLeftAsItIs() {
    String stop =
        "For 'SST', the index stop value is greater than the number of elements in the Array";
    DapRequest.Dataset dap =
        new DapRequest.Dataset("/coads_climatology.nc", ResponseType.DAP, "/SST[0:1:99999]");
    assertEquals(stop, ConstraintErrors.explain(stop, dap));
  }

  @Test
  void otherMessages_functions_selections_andNoConstraint_areLeftAsTheyAre() {
    assertEquals(
        "Unable to find transmitter geotiff",
        ConstraintErrors.explain("Unable to find transmitter geotiff", dds("NOPE")));
    assertEquals(
        NO_SUCH_IDENTIFIER,
        ConstraintErrors.explain(NO_SUCH_IDENTIFIER, dds("linear_scale(SST,1,2)")));
    assertEquals(NO_SUCH_IDENTIFIER, ConstraintErrors.explain(NO_SUCH_IDENTIFIER, dds("&a>1")));
    assertEquals(NO_SUCH_IDENTIFIER, ConstraintErrors.explain(NO_SUCH_IDENTIFIER, dds("")));
  }

  @Test
  void projections_splitOutsideBrackets_andStopAtTheSelections() {
    assertEquals(
        List.of("a[0:1:2]", "b.c"), ConstraintErrors.projections("a[0:1:2], b.c&b.c>1", false));
    assertEquals(List.of("/a[0:1][2]", "/b"), ConstraintErrors.projections("/a[0:1][2];/b", true));
    assertEquals(List.of(), ConstraintErrors.projections("/s{x;y}", true));
  }
}
