package org.olfsfastpath.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.pages.FormType;
import org.olfsfastpath.testing.JsonCheck;

/**
 * Google Dataset Search's required Dataset properties, and the recommended ones the record can
 * give, checked on every sample: a name, a description of 50 to 5000 characters, absolute URLs,
 * DataDownloads with a content URL, a box of four numbers south west north east, an ISO 8601
 * interval, a catalog with a name.
 */
final class SchemaOrgWriterTest {
  static List<String> samples() {
    return Records.SAMPLES;
  }

  @ParameterizedTest
  @MethodSource("samples")
  @SuppressWarnings("unchecked")
  void googlesRequiredProperties(String name) throws Exception {
    Map<String, Object> d =
        (Map<String, Object>)
            JsonCheck.parse(SchemaOrgWriter.dataset(Records.of(name, FormType.DAP4)));
    assertEquals("https://schema.org/", d.get("@context"));
    assertEquals("Dataset", d.get("@type"));
    assertTrue(!((String) d.get("name")).isBlank());
    int length = ((String) d.get("description")).length();
    assertTrue(length >= 50 && length <= 5000, name + ": " + length);
    assertTrue(((String) d.get("url")).startsWith("http://localhost:8080/opendap/data/"));
    for (Object download : (List<Object>) d.get("distribution")) {
      Map<String, Object> dd = (Map<String, Object>) download;
      assertEquals("DataDownload", dd.get("@type"));
      assertTrue(((String) dd.get("contentUrl")).startsWith("http://"));
    }
    Map<String, Object> catalog = (Map<String, Object>) d.get("includedInDataCatalog");
    assertEquals("/data", catalog.get("name"));
    if (d.containsKey("spatialCoverage")) {
      String box =
          (String)
              ((Map<String, Object>) ((Map<String, Object>) d.get("spatialCoverage")).get("geo"))
                  .get("box");
      String[] v = box.split(" ");
      assertEquals(4, v.length, box);
      double s = Double.parseDouble(v[0]);
      double n = Double.parseDouble(v[2]);
      assertTrue(s <= n && s >= -90 && n <= 90, box);
      assertTrue(
          Math.abs(Double.parseDouble(v[1])) <= 180 && Math.abs(Double.parseDouble(v[3])) <= 180,
          box);
    }
    if (d.containsKey("temporalCoverage")) {
      assertTrue(
          ((String) d.get("temporalCoverage")).matches("-?\\d{4}-\\d\\d-\\d\\d[^/]*/-?\\d{4}-.*"));
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void coads_boxTimeAndFactsSentence() throws Exception {
    Map<String, Object> d =
        (Map<String, Object>)
            JsonCheck.parse(
                SchemaOrgWriter.dataset(Records.of("coads_climatology.nc", FormType.DAP4)));
    assertEquals(
        "-89 -180 89 180",
        ((Map<String, Object>) ((Map<String, Object>) d.get("spatialCoverage")).get("geo"))
            .get("box"));
    assertEquals("0000-01-16T06:00:00Z/0000-12-16T01:20:06Z", d.get("temporalCoverage"));
    assertTrue(
        ((String) d.get("description"))
            .startsWith(
                "coads_climatology.nc, a dataset of 4 variables: SST (SEA SURFACE TEMPERATURE, Deg C)"),
        (String) d.get("description"));
    assertEquals("Organization", ((Map<String, Object>) d.get("publisher")).get("@type"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void catalog_listsDatasets_withTheServersPublisher() {
    DataSource dir =
        new DataSource(
            "/nc",
            false,
            Instant.EPOCH,
            0,
            true,
            List.of(
                new DataSource.Child("a b.nc", true, Instant.EPOCH, 10, false),
                new DataSource.Child("sub", false, Instant.EPOCH, 0, true)));
    Map<String, Object> c =
        (Map<String, Object>)
            JsonCheck.parse(SchemaOrgWriter.catalog(dir, Records.SITE, Records.SERVER));
    assertEquals("DataCatalog", c.get("@type"));
    assertEquals("http://localhost:8080/opendap/nc/", c.get("url"));
    List<Object> datasets = (List<Object>) c.get("dataset");
    assertEquals(1, datasets.size());
    assertEquals(
        "http://localhost:8080/opendap/nc/a%20b.nc.dmr.html",
        ((Map<String, Object>) datasets.get(0)).get("url"));
    assertEquals("OPeNDAP Inc.", ((Map<String, Object>) c.get("publisher")).get("name"));
  }
}
