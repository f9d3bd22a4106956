package org.olfsfastpath.emulator.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.jdom2.Element;
import org.jdom2.input.SAXBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The datasets for the discovery records are found by their file names and served through the
 * emulator's real DAP writers: their DMR and DDX are XML a parser reads, the hostile values
 * included (the control characters an XML answer can carry, and a summary of 1 MiB).
 */
final class MetadataSamplesTest {
  private static byte[] answer(EmulatedDataset dataset, String type, boolean dap4)
      throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    dataset.write(new DapQuery(type, "", "", dap4, ""), out);
    return out.toByteArray();
  }

  private static Element parse(byte[] xml) throws Exception {
    SAXBuilder builder = new SAXBuilder();
    builder.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return builder.build(new ByteArrayInputStream(xml)).getRootElement();
  }

  @ParameterizedTest
  @ValueSource(strings = {"acdd_rich.nc", "acdd_none.nc", "acdd_none_nocf.nc", "hostile_values.nc"})
  void foundByName_andTheirDmrAndDdxParse(String name) throws Exception {
    EmulatedDataset dataset = Datasets.find("/meta/" + name);
    assertEquals(name, dataset.name());
    assertEquals("Dataset", parse(answer(dataset, "dmr", true)).getName());
    assertEquals("Dataset", parse(answer(dataset, "ddx", false)).getName());
  }

  @Test
  void rich_statesEachOfTheSixtyOneAcddAttributes_andItsTopics() throws Exception {
    Element globals = null;
    for (Element child : parse(answer(Datasets.acddRich(), "dmr", true)).getChildren()) {
      if ("NC_GLOBAL".equals(child.getAttributeValue("name"))) {
        globals = child;
      }
    }
    assertTrue(globals != null);
    List<String> names =
        globals.getChildren().stream().map(e -> e.getAttributeValue("name")).toList();
    for (String attribute :
        List.of(
            "title",
            "summary",
            "keywords",
            "Conventions",
            "id",
            "naming_authority",
            "time_coverage_start",
            "geospatial_lat_min",
            "geospatial_vertical_positive",
            "creator_type",
            "publisher_institution",
            "contributor_role",
            "metadata_link",
            "references",
            "cdm_data_type",
            "instrument_vocabulary")) {
      assertTrue(names.contains(attribute), attribute + " in " + names);
    }
    assertEquals(62, names.size(), "ACDD's 61 and ISO_Topic_Categories: " + names);
  }

  @Test
  void hostileValues_carryControlsAndAMebibyteSummary_asXmlCanCarryThem() throws Exception {
    Element root = parse(answer(Datasets.hostileValues(), "dmr", true));
    Element globals = root.getChildren().get(root.getChildren().size() - 1);
    String summary = null;
    String title = null;
    for (Element attribute : globals.getChildren()) {
      String value = attribute.getChildren().get(0).getText();
      if ("summary".equals(attribute.getAttributeValue("name"))) {
        summary = value;
      } else if ("title".equals(attribute.getAttributeValue("name"))) {
        title = value;
      }
    }
    assertTrue(summary != null && title != null);
    assertEquals(Datasets.HOSTILE_SUMMARY_LENGTH, summary.length());
    assertTrue(title.contains("\t") && title.contains("\u0085") && title.contains("\r\n"), title);
    assertTrue(title.contains("<script>alert(22)</script>"), title);
  }
}
