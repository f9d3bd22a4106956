package org.olfsfastpath.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.meta.DiscoveryRecords;
import org.olfsfastpath.meta.SchemaOrgWriter;
import org.olfsfastpath.meta.ServerInfo;
import org.olfsfastpath.testing.Captures;
import org.olfsfastpath.testing.JsonCheck;

final class DataRequestFormTest {
  private static final DataSource COADS = Samples.dataset("/nc/coads_climatology.nc", 3114044);

  private static String render(DatasetModel model, Site site, FormSelection selection) {
    return Samples.text(
        DataRequestForm.render(model, COADS, site, selection, jsonLd(model, COADS, site)));
  }

  /** The JSON-LD the web layer gives the page: the discovery record's (package meta). */
  static String jsonLd(DatasetModel model, DataSource dataset, Site site) {
    return SchemaOrgWriter.dataset(
        DiscoveryRecords.of(
            model, CoordinateRequest.of(model).unavailable(""), ServerInfo.NONE, site, dataset));
  }

  private static String render(DatasetModel model) {
    return render(model, Samples.SITE, FormSelection.none(model));
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }

  @Test
  void dap2_checkboxRangesAndButtons() throws Exception {
    String page = render(Samples.ddx());
    assertTrue(
        page.contains(
            "<input type=\"checkbox\" id=\"var-COADSX\" name=\"var\""
                + " value=\"COADSX\" data-fqn=\"COADSX\" data-sizes=\"180\">"),
        page);
    assertTrue(
        page.contains(
            "<input type=\"number\" id=\"dim-COADSX-0-start\""
                + " name=\"dim-COADSX-0-start\" min=\"0\" max=\"179\" step=\"1\" inputmode=\"numeric\""
                + " value=\"0\">"),
        page);
    assertTrue(
        page.contains(
            "id=\"dim-COADSX-0-stride\" name=\"dim-COADSX-0-stride\" min=\"1\""
                + " max=\"180\" step=\"1\" inputmode=\"numeric\" value=\"1\">"),
        page);
    assertTrue(
        page.contains(
            "id=\"dim-COADSX-0-stop\" name=\"dim-COADSX-0-stop\" min=\"0\""
                + " max=\"179\" step=\"1\" inputmode=\"numeric\" value=\"179\">"),
        page);
    assertTrue(page.contains("<label for=\"dim-SST-1-stop\">stop</label>"), page);
    assertTrue(
        page.contains(
            "<fieldset class=\"dim\" id=\"dim-SST-0\" data-label=\"TIME\">"
                + "<legend>TIME, 0 to 11</legend>"),
        page);
    for (String token : List.of("ascii", "dods", "nc", "nc4", "csv")) {
      assertTrue(page.contains("id=\"button-" + token + "\""), token);
    }
    assertTrue(
        page.contains(
            "<button type=\"submit\" name=\"format\" value=\"ascii\""
                + " id=\"button-ascii\" data-suffix=\".ascii\">ASCII <span class=\"sfx\">.ascii</span>"
                + " <span class=\"size\" id=\"size-ascii\" data-bytes=\""),
        page);
    assertFalse(page.contains("button-dap-csv"), page);
    assertTrue(
        page.contains(
            "<form id=\"request\" method=\"get\""
                + " action=\"coads_climatology.nc.html\" data-form=\"dap2\""
                + " data-dataset=\"coads_climatology.nc\""
                + " data-url=\"http://example.org/opendap/nc/coads_climatology.nc\">"),
        page);
    assertTrue(
        page.contains(
            "<input id=\"constraint-url\" type=\"text\" readonly"
                + " spellcheck=\"false\" value=\"http://example.org/opendap/nc/coads_climatology.nc\">"),
        page);
  }

  @Test
  void dap4_buttonsAndFullyQualifiedValues() throws Exception {
    String page = render(Samples.dmr());
    assertTrue(
        page.contains(
            "id=\"var-SST\" name=\"var\" value=\"/SST\" data-fqn=\"/SST\""
                + " data-sizes=\"12 180\">"),
        page);
    for (String token : List.of("dap", "dap-nc4", "dap-csv")) {
      assertTrue(page.contains("id=\"button-" + token + "\""), token);
    }
    assertTrue(page.contains("data-suffix=\".dap.csv\""), page);
    assertFalse(page.contains("button-ascii"), page);
    assertTrue(page.contains("action=\"coads_climatology.nc.dmr.html\" data-form=\"dap4\""), page);
  }

  @Test
  void readableWithoutScript_everyVariableTypeShapeAndAttribute() throws Exception {
    String page = render(Samples.dmr());
    assertTrue(
        page.contains(
            "<label class=\"name\" for=\"var-SST\">SST</label><div class=\"ln\">"
                + "SEA SURFACE TEMPERATURE (Deg C)</div>"),
        page);
    assertTrue(page.contains("<code>Float32</code>"), page);
    assertTrue(
        page.contains(
            "<span class=\"mono\">TIME&nbsp;=&nbsp;12</span> \u00d7 "
                + "<span class=\"mono\">COADSX&nbsp;=&nbsp;180</span><div class=\"ln\">maps: TIME,"
                + " COADSX</div>"),
        page);
    assertTrue(page.contains("<details class=\"attrs\"><summary>Attributes (3)</summary>"), page);
    assertTrue(
        page.contains(
            "<dt>_FillValue<span class=\"t\">Float32</span></dt>" + "<dd>-9.99999979e+33</dd>"),
        page);
    assertTrue(
        page.contains(
            "<dt>NC_GLOBAL</dt><dd><details class=\"attrs\" open><summary>"
                + "1 attribute</summary>"),
        page);
  }

  @Test
  void hostileNamesAndValuesAreText() throws Exception {
    DatasetModel model = Samples.hostile();
    String page = render(model);
    assertEquals(1, count(page, "<script>"), "only the form script");
    assertEquals(1, count(page, "<script type=\"application/ld+json\">"));
    assertEquals(1, count(page, "<script type=\"application/json\" id=\"form-data\">"));
    assertEquals(3, count(page, "</script>"));
    assertFalse(page.contains("<img"), page);
    assertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), page);
    assertTrue(
        page.contains(
            "<label class=\"name\" for=\"var-~22~3E~3Cimg~20src~3Dx~20onerror"
                + "~3Dalert~281~29~3E\">&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</label>"),
        page);
    assertTrue(
        page.contains("<title>evil&lt;script&gt;.nc \u00b7 DAP4 data request form" + "</title>")
            || page.contains("<h1>coads_climatology.nc</h1>"),
        page);
    Map<String, Object> jsonLd = JsonCheck.jsonLd(page);
    assertTrue(
        ((String) jsonLd.get("description")).startsWith("</script><script>alert(3)</script>. "),
        (String) jsonLd.get("description"));
    List<?> measured = (List<?>) jsonLd.get("variableMeasured");
    assertEquals(
        Map.of(
            "@type",
            "PropertyValue",
            "name",
            "\"><img src=x onerror=alert(1)>",
            "description",
            "<script>alert(1)</script>",
            "unitText",
            "</script><script>alert(2)</script>"),
        measured.get(0));
  }

  @Test
  void noInlineEventHandlersAndTheCspHashesMatch() throws Exception {
    String page = render(Samples.hostile());
    // Tags with their quoted attribute values removed: what is left are attribute names.
    Matcher tags =
        Pattern.compile("<[a-zA-Z][^>]*>")
            .matcher(page.replaceAll("(?s)<script[^>]*>.*?</script>", "<script></script>"));
    while (tags.find()) {
      String names = tags.group().replaceAll("\"[^\"]*\"", "\"\"");
      assertFalse(
          Pattern.compile("\\son[a-z]+=", Pattern.CASE_INSENSITIVE).matcher(names).find(),
          tags.group());
    }
    Matcher script = Pattern.compile("<script>(.*?)</script>", Pattern.DOTALL).matcher(page);
    assertTrue(script.find());
    Matcher style = Pattern.compile("<style>(.*?)</style>", Pattern.DOTALL).matcher(page);
    assertTrue(style.find());
    assertTrue(
        PageHeaders.CONTENT_SECURITY_POLICY.contains(
            "script-src 'sha256-" + sha256(script.group(1)) + "'"),
        PageHeaders.CONTENT_SECURITY_POLICY);
    assertTrue(
        PageHeaders.CONTENT_SECURITY_POLICY.contains(
            "style-src 'sha256-" + sha256(style.group(1)) + "'"),
        PageHeaders.CONTENT_SECURITY_POLICY);
    assertTrue(PageHeaders.CONTENT_SECURITY_POLICY.startsWith("default-src 'none';"));
    assertFalse(script.group(1).contains("eval("));
  }

  @Test
  void jsonLd_isASchemaOrgDatasetWithDownloads() throws Exception {
    Map<String, Object> jsonLd = JsonCheck.jsonLd(render(Samples.dmr()));
    assertEquals("https://schema.org/", jsonLd.get("@context"));
    assertEquals("Dataset", jsonLd.get("@type"));
    assertEquals("coads_climatology.nc", jsonLd.get("name"));
    assertEquals(
        "coads_climatology.nc, a dataset of 1 variable: SST (SEA SURFACE TEMPERATURE, Deg C),"
            + " served with OPeNDAP (DAP2 and DAP4) at"
            + " http://example.org/opendap/nc/coads_climatology.nc.",
        jsonLd.get("description"));
    assertEquals("http://example.org/opendap/nc/coads_climatology.nc.dmr.html", jsonLd.get("url"));
    assertEquals("http://example.org/opendap/nc/coads_climatology.nc", jsonLd.get("identifier"));
    assertEquals("2026-11-22T01:52:59Z", jsonLd.get("dateModified"));
    assertEquals(
        Map.of("@type", "DataCatalog", "name", "/nc", "url", "http://example.org/opendap/nc/"),
        jsonLd.get("includedInDataCatalog"));
    assertEquals(
        List.of(
            Map.of("@type", "PropertyValue", "name", "COADSX", "unitText", "degrees_east"),
            Map.of(
                "@type",
                "PropertyValue",
                "name",
                "SST",
                "description",
                "SEA SURFACE TEMPERATURE",
                "unitText",
                "Deg C")),
        jsonLd.get("variableMeasured"));
    List<?> distribution = (List<?>) jsonLd.get("distribution");
    assertEquals(8, distribution.size(), "every download format of both forms");
    assertEquals(
        Map.of(
            "@type",
            "DataDownload",
            "name",
            "CSV (.dap.csv)",
            "contentUrl",
            "http://example.org/opendap/nc/coads_climatology.nc.dap.csv",
            "encodingFormat",
            "text/csv"),
        distribution.get(2));
  }

  @Test
  void jsonLd_descriptionFromTitleAndSummary() throws Exception {
    DatasetModel model =
        DatasetParser.ddx(
            """
        <Dataset name="d"><Attribute name="NC_GLOBAL" type="Container">
          <Attribute name="history" type="String"><value>h</value></Attribute>
          <Attribute name="Title" type="String"><value> Winds </value></Attribute>
          <Attribute name="summary" type="String"><value>Daily winds.</value></Attribute>
        </Attribute><Int32 name="x"/></Dataset>
        """
                .getBytes(StandardCharsets.UTF_8));
    assertEquals(
        "Winds. Daily winds. coads_climatology.nc, a dataset of 1 variable: x, served with OPeNDAP"
            + " (DAP2 and DAP4) at http://example.org/opendap/nc/coads_climatology.nc.",
        JsonCheck.jsonLd(render(model)).get("description"));
  }

  @Test
  void jsonLd_fallbackDescriptionNamesTheVariables() throws Exception {
    DatasetModel model =
        DatasetParser.ddx(
            "<Dataset name=\"d\"><Int32 name=\"x\"/>"
                .concat("<Int32 name=\"y\"/></Dataset>")
                .getBytes(StandardCharsets.UTF_8));
    assertEquals(
        "coads_climatology.nc, a dataset of 2 variables: x, y, served with OPeNDAP"
            + " (DAP2 and DAP4) at http://example.org/opendap/nc/coads_climatology.nc.",
        JsonCheck.jsonLd(render(model)).get("description"));
  }

  @Test
  void fileAccess_linksAndDescribesTheSourceFile() throws Exception {
    Site site = new Site("http://example.org/opendap", FormType.DAP2, true);
    DatasetModel model = Samples.ddx();
    String page = render(model, site, FormSelection.none(model));
    assertTrue(
        page.contains(
            "<a class=\"button secondary\" id=\"link-file\""
                + " href=\"coads_climatology.nc.file\" title=\"The dataset's source file as it is stored\">"
                + "Source file <span class=\"sfx\">3.0 MiB</span></a>"),
        page);
    List<?> distribution = (List<?>) JsonCheck.jsonLd(page).get("distribution");
    assertEquals(
        Map.of(
            "@type",
            "DataDownload",
            "name",
            "Source file",
            "contentUrl",
            "http://example.org/opendap/nc/coads_climatology.nc.file",
            "contentSize",
            "3114044"),
        distribution.get(distribution.size() - 1));
    assertEquals(
        "http://example.org/opendap/nc/coads_climatology.nc.html",
        JsonCheck.jsonLd(page).get("url"));
    assertFalse(render(model).contains("coads_climatology.nc.file"));
  }

  @Test
  void linksAreRelative_breadcrumbsClimbToTheRoot() throws Exception {
    String page = render(Samples.dmr());
    assertTrue(
        page.contains(
            "<nav aria-label=\"Breadcrumb\"><ol class=\"crumbs\"><li><a"
                + " href=\"../\" title=\"The catalog root\">opendap</a></li><li><a href=\"./\""
                + " title=\"Listing of nc\">nc</a></li><li aria-current="
                + "\"page\">coads_climatology.nc</li></ol></nav>"),
        page);
    assertTrue(
        page.contains(
            "<a href=\"coads_climatology.nc.html\" title=\"The DAP2 data request"
                + " form of this dataset\">DAP2 form</a>"),
        page);
    assertTrue(
        page.contains(
            "<a href=\"coads_climatology.nc.dmr.xml\" title=\"DAP4 metadata:"
                + " the Dataset Metadata Response (.dmr.xml), XML\">DMR</a>"),
        page);
    assertTrue(
        page.contains(
            "<link rel=\"canonical\""
                + " href=\"http://example.org/opendap/nc/coads_climatology.nc.dmr.html\">"),
        page);
  }

  @Test
  void selection_isShownWithItsUrlAndErrors() throws Exception {
    DatasetModel model = Samples.ddx();
    FormSelection selection =
        FormSelection.parse(
            model,
            "var=COADSX&dim-COADSX-0-start=5&dim-COADSX-0-stop=999&var=SST&dim-SST-0-stop=0");
    String page = render(model, Samples.SITE, selection);
    assertTrue(
        page.contains(
            "id=\"var-COADSX\" name=\"var\" value=\"COADSX\""
                + " data-fqn=\"COADSX\" data-sizes=\"180\" checked>"),
        page);
    assertTrue(
        page.contains(
            "id=\"dim-COADSX-0-stop\" name=\"dim-COADSX-0-stop\" min=\"0\""
                + " max=\"179\" step=\"1\" inputmode=\"numeric\" value=\"999\" aria-invalid=\"true\">"),
        page);
    assertTrue(
        page.contains(
            "<div class=\"errors\" role=\"alert\"><p>The request has errors:"
                + "</p><ul><li>COADSX, COADSX: stop 999 must be between 5 and 179</li></ul></div>"),
        page);
    assertTrue(
        page.contains(
            "value=\"http://example.org/opendap/nc/coads_climatology.nc"
                + "?COADSX,SST%5B0:1:0%5D%5B0:1:179%5D\""),
        page);
  }

  @Test
  void zeroLengthDimensionHasNoRangeInputs() throws Exception {
    DatasetModel model =
        DatasetParser.dmr(
            ("<Dataset name=\"z\"><Dimension name=\"n\""
                    + " size=\"0\"/><Int32 name=\"v\"><Dim name=\"/n\"/></Int32></Dataset>")
                .getBytes(StandardCharsets.UTF_8));
    String page = render(model);
    assertTrue(page.contains("<div class=\"ln\">n is empty</div>"), page);
    assertFalse(page.contains("dim-v-0-start"), page);
    assertEquals("/v", FormSelection.parse(model, "var=/v&dim-v-0-start=3").constraint());
  }

  @Test
  void structureMembersAreIndentedRows() throws Exception {
    DatasetModel model =
        DatasetParser.dmr(
            ("<Dataset name=\"s\"><Structure name=\"st\">"
                    + "<Float32 name=\"lat\"/></Structure></Dataset>")
                .getBytes(StandardCharsets.UTF_8));
    String page = render(model);
    assertTrue(page.contains("<tr id=\"row-st.lat\" class=\"d1\">"), page);
    assertTrue(page.contains("<label class=\"name\" for=\"var-st.lat\">lat</label>"), page);
  }

  @Test
  void selectionOfAnotherDataset() throws Exception {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> render(Samples.dmr(), Samples.SITE, FormSelection.none(Samples.ddx())));
    assertEquals(
        "selection was read for dataset coads_climatology.nc, not for" + " coads_climatology.nc",
        e.getMessage());
  }

  @Test
  void directoryIsNotADataset() throws Exception {
    DatasetModel model = Samples.dmr();
    DataSource directory = new DataSource("/nc", false, Samples.T, 0, true, List.of());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                DataRequestForm.render(
                    model, directory, Samples.SITE, FormSelection.none(model), "{}"));
    assertEquals("dataset /nc is a directory", e.getMessage());
  }

  @Test
  void captured_coadsFormsListEveryVariable() throws Exception {
    DatasetModel dmr = DatasetParser.dmr(Captures.response("get_dmr_coads_all"));
    DatasetModel ddx = DatasetParser.ddx(Captures.response("get_ddx_coads"));
    String dap4 = render(dmr);
    String dap2 = render(ddx);
    for (String name : List.of("COADSX", "COADSY", "TIME", "SST", "AIRT", "UWND", "VWND")) {
      assertTrue(dap4.contains("id=\"var-" + name + "\""), name);
      assertTrue(dap2.contains("id=\"var-" + name + "\""), name);
    }
    assertEquals(7, ((List<?>) JsonCheck.jsonLd(dap4).get("variableMeasured")).size());
    assertTrue(
        ((String) JsonCheck.jsonLd(dap2).get("description"))
            .startsWith(
                "coads_climatology.nc, a dataset of 4 variables: SST (SEA SURFACE TEMPERATURE,"
                    + " Deg C)"));
  }

  // ------------------------------------------------------------------ values and sizes

  private static DatasetForm coads(boolean dap4) throws Exception {
    org.olfsfastpath.emulator.dap.EmulatedDataset coads =
        org.olfsfastpath.emulator.dap.Datasets.coadsClimatology();
    return Emulated.withCoordinates(
        dap4 ? Emulated.dap4Form(coads) : Emulated.dap2Form(coads), coads);
  }

  private static String render(DatasetForm form, Site site, String query) {
    return Samples.text(
        DataRequestForm.render(
            form,
            COADS,
            site,
            FormSelection.parse(form, query),
            jsonLd(form.model(), COADS, site)));
  }

  @Test
  void coordinateValues_standBesideTheIndexes_withTheRulesStated() throws Exception {
    String page = render(coads(true), Samples.SITE, "");
    assertTrue(
        page.contains(
            "<fieldset class=\"dim\" id=\"dim-SST-2\" data-label=\"COADSX\""
                + " data-axis=\"COADSX\"><legend>COADSX, 0 to 179</legend>"),
        page);
    assertTrue(
        page.contains(
            "<div class=\"row values\"><label for=\"dim-SST-2-from\">from"
                + "</label> <input type=\"text\" class=\"value\" id=\"dim-SST-2-from\""
                + " name=\"dim-SST-2-from\" spellcheck=\"false\" autocomplete=\"off\" value=\"21\">"
                + " <label for=\"dim-SST-2-to\">to</label> <input type=\"text\" class=\"value\""
                + " id=\"dim-SST-2-to\" name=\"dim-SST-2-to\" spellcheck=\"false\" autocomplete=\"off\""
                + " value=\"379\"> <span class=\"units\">degrees_east</span><input type=\"hidden\""
                + " name=\"dim-SST-2-shown\" value=\"0:179\"></div><div class=\"ln axis\">21 to 379,"
                + " step 2</div>"),
        page);
    assertTrue(page.contains("value=\"0000-01-16 06:00:00\""), page);
    assertTrue(
        page.contains(
            "<div class=\"ln axis\">0000-01-16 06:00:00 to 0000-12-16 01:20:06,"
                + " step 730.485 hour <span class=\"units\">(hour since 0000-01-01 00:00:00)</span><br>"
                + "the standard calendar has no year 0"),
        page);
    assertTrue(
        page.contains(
            "a value picks the index of the nearest coordinate value; halfway"
                + " between two, the one inside the range; beyond either end, the first or last index."),
        page);
  }

  @Test
  void sizes_forTheWholeDataset_asServed() throws Exception {
    String page = render(coads(false), Samples.SITE, "");
    byte[] dods =
        Emulated.dap2(org.olfsfastpath.emulator.dap.Datasets.coadsClimatology(), "dods", "", "");
    assertTrue(
        page.contains(
            "<span class=\"size\" id=\"size-dods\" data-bytes=\""
                + dods.length
                + "\" data-kind=\"exact\" title=\""
                + NumberText.grouped(dods.length)
                + " bytes, exactly\">3.0 MiB</span>"),
        page);
    assertTrue(page.contains("id=\"size-ascii\" data-bytes=\""), page);
    assertTrue(page.contains("data-kind=\"about\" title=\"about "), page);
    assertTrue(
        page.contains(
            "Answer sizes for the whole dataset (nothing checked): exact for"
                + " .dods, about for text and netCDF, which depend on the values. Downloads over 100 MB"
                + " ask first."),
        page);
  }

  @Test
  void theScriptsData_isJsonWithEachFormatsTermsAndTheAxes() throws Exception {
    DatasetForm form = coads(true);
    String page =
        render(form, new Site("http://example.org/opendap", FormType.DAP4, false, 5_000_000), "");
    String open = "<script type=\"application/json\" id=\"form-data\">";
    int start = page.indexOf(open) + open.length();
    Map<?, ?> data =
        (Map<?, ?>) JsonCheck.parse(page.substring(start, page.indexOf("</script>", start)));
    assertEquals(5e6, data.get("largeDownload"));
    assertEquals("5 MB", data.get("largeDownloadText"));
    Map<?, ?> dap = (Map<?, ?>) ((Map<?, ?>) data.get("formats")).get("dap");
    assertEquals(true, dap.get("chunked"));
    assertEquals("exact", dap.get("kind"));
    assertEquals(
        List.of("/TIME", "/COADSY", "/COADSX"),
        ((Map<?, ?>) ((Map<?, ?>) dap.get("vars")).get("SST")).get("dims"));
    Map<?, ?> time = (Map<?, ?>) ((Map<?, ?>) data.get("axes")).get("TIME");
    assertEquals("366", ((List<?>) time.get("values")).get(0));
    assertEquals("0000-01-16 06:00:00", ((List<?>) time.get("texts")).get(0));
    assertEquals(
        Map.of(
            "calendar",
            "standard",
            "epochDay",
            1721058.0,
            "epochSecond",
            "0",
            "secondsPerUnit",
            "3600"),
        time.get("time"));
  }

  @Test
  void aLargeDownload_isAskedAboutFirst_inThePage() throws Exception {
    Site site = new Site("http://example.org/opendap", FormType.DAP2, false, 5_000_000);
    String asked = render(coads(false), site, "format=csv");
    assertTrue(
        asked.contains(
            "<div class=\"warning\" id=\"large-download\" role=\"alert\">"
                + "<p>The CSV answer (.csv) for the whole dataset is about "),
        asked);
    assertTrue(
        asked.contains(
            "more than the 5 MB this server asks about first.</p><input"
                + " type=\"hidden\" name=\"confirm\" value=\"csv\"><button type=\"submit\""
                + " id=\"confirm-download\" name=\"format\" value=\"csv\">Download about "),
        asked);
    assertFalse(
        render(coads(false), site, "format=dods").contains("id=\"large-download\""),
        "3 MB is under the limit");
    assertFalse(
        render(coads(false), site, "format=csv&confirm=csv").contains("id=\"large-download\""));
  }

  @Test
  void valueTranslations_areListed_whenThePageIsRenderedAgain() throws Exception {
    String page =
        render(
            coads(false),
            Samples.SITE,
            "var=COADSX&dim-COADSX-0-from=100" + "&dim-COADSX-0-to=200&dim-COADSX-0-shown=0:179");
    assertTrue(
        page.contains(
            "<ul class=\"notes\" id=\"value-notes\"><li>COADSX, COADSX: from"
                + " 100 selects index 40 (101)</li><li>COADSX, COADSX: to 200 selects index 89 (199)</li>"
                + "</ul>"),
        page);
    assertTrue(
        page.contains(
            "value=\"http://example.org/opendap/nc/coads_climatology.nc"
                + "?COADSX%5B40:1:89%5D\""),
        page);
  }

  @Test
  void whyCoordinateValuesAreMissing_isSaid() throws Exception {
    DatasetForm form = Emulated.dap4Form(org.olfsfastpath.emulator.dap.Datasets.fnoc1());
    form =
        form.withCoordinates(
            form.coordinateRequest().unavailable("the BES did not send" + " them in time"));
    String page = render(form, Samples.SITE, "");
    assertTrue(
        page.contains(
            "<p class=\"hint\" id=\"coordinates-note\">Coordinate values are"
                + " not shown: the BES did not send them in time. Choose ranges by index.</p>"),
        page);
    assertFalse(page.contains("class=\"row values\""), page);
  }

  private static String sha256(String text) throws Exception {
    return Base64.getEncoder()
        .encodeToString(
            MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
  }
}
