package org.olfsfastpath.meta;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.emulator.dap.Datasets;
import org.olfsfastpath.pages.FormType;

/**
 * The rubric names every attribute a dataset lacks with the NcML line that adds it (with the value
 * when the data give it), scores a complete dataset fully, and says what is wrong with a wrong one.
 */
final class RubricWriterTest {
  private static String page(String name) throws Exception {
    return new String(
        RubricWriter.write(Records.of(name, FormType.DAP4), Records.SITE), StandardCharsets.UTF_8);
  }

  @Test
  void none_namesEveryAttribute_missingOrDerived_withItsNcmlLine() throws Exception {
    String page = page(Datasets.ACDD_NONE_FILE_NAME);
    for (AcddTerm term : AcddTerm.values()) {
      String row = row(page, term);
      assertTrue(row.contains(">missing</td>") || row.contains(">derived</td>"), term + ": " + row);
      assertTrue(row.contains("&lt;attribute name=&quot;" + term.attribute() + "&quot;"), row);
    }
    assertTrue(
        row(page, AcddTerm.GEOSPATIAL_LON_MIN)
            .contains(
                "&lt;attribute name=&quot;geospatial_lon_min&quot; type=&quot;double&quot;"
                    + " value=&quot;100&quot;/&gt;"),
        row(page, AcddTerm.GEOSPATIAL_LON_MIN));
    assertTrue(page.contains("Total: <strong>0 %</strong>"), page);
    assertTrue(page.contains("<pre class=\"ncml\">"), "the lines together, to paste");
  }

  @Test
  void rich_scoresEveryGroupFully() throws Exception {
    String page = page(Datasets.ACDD_RICH_FILE_NAME);
    assertTrue(page.contains("Total: <strong>100 %</strong>"), page);
    assertTrue(
        page.contains(
            "<tr><th scope=\"row\">Highly recommended</th><td class=\"num\">4</td><td"
                + " class=\"num\">0</td><td class=\"num\">0</td><td class=\"num\">0</td><td"
                + " class=\"num\">4</td></tr>"),
        page);
    assertTrue(page.contains("20 of 20 variable attributes stated"), page);
  }

  @Test
  void wrongValues_sayWhatIsWrong() throws Exception {
    String page = page(Datasets.HOSTILE_VALUES_FILE_NAME);
    assertTrue(row(page, AcddTerm.DATE_CREATED).contains("not an ISO 8601 date"), page);
    assertTrue(row(page, AcddTerm.ID).contains("has blanks"));
    assertTrue(row(page, AcddTerm.CREATOR_URL).contains("not an http or https URL"));
    assertTrue(row(page, AcddTerm.SUMMARY).contains("cut from 1,048,576 to 5000 characters"));
  }

  @Test
  void coads_climatologyInYearZero_isNoted() throws Exception {
    String page = page("coads_climatology.nc");
    assertTrue(page.contains("astronomical years (year 0 a leap year)"), page);
    assertTrue(
        row(page, AcddTerm.TIME_COVERAGE_START).contains("value=&quot;0000-01-16T06:00:00Z&quot;"),
        row(page, AcddTerm.TIME_COVERAGE_START));
  }

  private static String row(String page, AcddTerm term) {
    int start = page.indexOf("<tr id=\"a-" + term.attribute() + "\">");
    assertTrue(start >= 0, "no row for " + term);
    return page.substring(start, page.indexOf("</tr>", start));
  }
}
