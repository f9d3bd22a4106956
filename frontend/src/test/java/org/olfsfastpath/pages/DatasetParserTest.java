package org.olfsfastpath.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.bes.BesProtocolException;
import org.olfsfastpath.pages.DatasetModel.Attribute;
import org.olfsfastpath.pages.DatasetModel.Dimension;
import org.olfsfastpath.pages.DatasetModel.Variable;
import org.olfsfastpath.testing.Captures;

final class DatasetParserTest {
  private static DatasetModel dmr(String text) throws BesProtocolException {
    return DatasetParser.dmr(text.getBytes(StandardCharsets.UTF_8));
  }

  private static DatasetModel ddx(String text) throws BesProtocolException {
    return DatasetParser.ddx(text.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void dmr_variablesWithTypesDimensionsAttributesAndMaps() throws Exception {
    DatasetModel model = Samples.dmr();
    assertEquals("coads_climatology.nc", model.name());
    assertEquals(FormType.DAP4, model.form());
    assertEquals(2, model.variables().size());
    Variable sst = model.variables().get(1);
    assertEquals(
        new Variable(
            "SST",
            "/SST",
            "/SST",
            "Float32",
            List.of(new Dimension("/TIME", 12), new Dimension("/COADSX", 180)),
            List.of(
                new Attribute("long_name", "String", List.of("SEA SURFACE TEMPERATURE"), List.of()),
                new Attribute("units", "String", List.of("Deg C"), List.of()),
                new Attribute("_FillValue", "Float32", List.of("-9.99999979e+33"), List.of())),
            List.of("/TIME", "/COADSX"),
            List.of(),
            List.of()),
        sst);
    assertEquals(
        List.of(
            new Attribute(
                "NC_GLOBAL",
                "Container",
                List.of(),
                List.of(new Attribute("history", "String", List.of("FERRET V4.30"), List.of())))),
        model.attributes());
  }

  @Test
  void dmr_groupVariablesHaveTheirFullyQualifiedNames() throws Exception {
    DatasetModel model =
        dmr(
            """
        <Dataset name="g.h5">
          <Dimension name="x" size="2"/>
          <Group name="g1">
            <Dimension name="y" size="4"/>
            <Attribute name="title" type="String"><Value>inner</Value></Attribute>
            <Group name="g2">
              <Int16 name="t"><Dim name="y"/><Dim name="x"/><Dim size="7"/></Int16>
            </Group>
          </Group>
          <Attribute name="title" type="String"><Value>outer</Value></Attribute>
        </Dataset>
        """);
    Variable t = model.variables().get(0);
    assertEquals("/g1/g2/t", t.fqn());
    assertEquals("/g1/g2/t", t.constraintName());
    assertEquals(
        List.of(new Dimension("/g1/y", 4), new Dimension("/x", 2), new Dimension("", 7)),
        t.dimensions());
    assertEquals(
        List.of("title", "/g1"), model.attributes().stream().map(Attribute::name).toList());
    assertEquals("inner", model.attributes().get(1).attributes().get(0).values().get(0));
  }

  @Test
  void dmr_structureMembersUseTheDotSeparator() throws Exception {
    DatasetModel model =
        dmr(
            """
        <Dataset name="s.nc">
          <Structure name="station">
            <Float32 name="lat"/>
            <String name="a.b"/>
          </Structure>
        </Dataset>
        """);
    Variable station = model.variables().get(0);
    assertEquals("Structure", station.type());
    assertEquals(
        List.of("/station.lat", "/station.a.b"),
        station.members().stream().map(Variable::fqn).toList());
    assertEquals(
        List.of("/station.lat", "/station.a%2Eb"),
        station.members().stream().map(Variable::constraintName).toList());
    assertEquals(3, model.allVariables().size());
  }

  @Test
  void dmr_undeclaredDimension() {
    BesProtocolException e =
        assertThrows(
            BesProtocolException.class,
            () ->
                dmr(
                    "<Dataset name=\"d\"><Int32 name=\"v\"><Dim name=\"/nope\"/></Int32></Dataset>"));
    assertEquals(
        "expected a Dimension declaration for \"/nope\", which variable /v uses, but the"
            + " DMR has none",
        e.getMessage());
  }

  @Test
  void dmr_otherXmlAttributeIsText() throws Exception {
    DatasetModel model =
        dmr(
            """
        <Dataset name="d"><Attribute name="x" type="OtherXML"><a b="1">t</a></Attribute></Dataset>
        """);
    assertEquals(List.of("<a b=\"1\">t</a>"), model.attributes().get(0).values());
  }

  @Test
  void dmr_refusesDoctype() {
    BesProtocolException e =
        assertThrows(
            BesProtocolException.class,
            () ->
                dmr(
                    "<!DOCTYPE Dataset [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                        + "<Dataset name=\"&x;\"/>"));
    assertTrue(
        e.getMessage()
            .startsWith("expected a DMR document from the BES but it did not" + " parse ("),
        e.getMessage());
  }

  @Test
  void dmr_rootMustBeDataset() {
    BesProtocolException e =
        assertThrows(BesProtocolException.class, () -> dmr("<Error><Message>no</Message></Error>"));
    assertEquals("expected a DMR whose root is <Dataset> but it was <Error>", e.getMessage());
  }

  @Test
  void ddx_gridIsItsArrayWithTheNamesOfItsMaps() throws Exception {
    DatasetModel model = Samples.ddx();
    assertEquals(FormType.DAP2, model.form());
    Variable sst = model.variables().get(1);
    assertEquals("SST", sst.constraintName());
    assertEquals("Float32", sst.type());
    assertEquals(
        List.of(new Dimension("TIME", 12), new Dimension("COADSX", 180)), sst.dimensions());
    assertEquals(List.of("TIME", "COADSX"), sst.maps());
    assertEquals("Deg C", sst.attributeValue("units"));
    Variable coadsx = model.variables().get(0);
    assertEquals(
        new Variable(
            "COADSX",
            "COADSX",
            "COADSX",
            "Float64",
            List.of(new Dimension("COADSX", 180)),
            List.of(new Attribute("units", "String", List.of("degrees_east"), List.of())),
            List.of(),
            List.of(),
            List.of()),
        coadsx);
  }

  @Test
  void ddx_structuresArraysOfStructuresAndOddNames() throws Exception {
    DatasetModel model =
        ddx(
            """
        <Dataset name="d">
          <Structure name="s">
            <Attribute name="a" type="String"><value>1</value></Attribute>
            <Int32 name="m n"/>
          </Structure>
          <Array name="recs">
            <Structure name="recs"><Float64 name="v"/></Structure>
            <dimension size="5"/>
          </Array>
          <Int32 name="scalar"/>
        </Dataset>
        """);
    Variable s = model.variables().get(0);
    assertEquals(1, s.attributes().size());
    assertEquals("s.m n", s.members().get(0).fqn());
    assertEquals("s.m%20n", s.members().get(0).constraintName());
    Variable recs = model.variables().get(1);
    assertEquals("Structure", recs.type());
    assertEquals(List.of(new Dimension("", 5)), recs.dimensions());
    assertEquals("recs.v", recs.members().get(0).constraintName());
    assertEquals(List.of(), model.variables().get(2).dimensions());
  }

  @Test
  void ddx_arrayWithoutElementType() {
    BesProtocolException e =
        assertThrows(
            BesProtocolException.class,
            () ->
                ddx(
                    "<Dataset name=\"d\"><Array name=\"a\"><dimension size=\"2\"/></Array></Dataset>"));
    assertEquals("expected an element type in Array a but it had none", e.getMessage());
  }

  @Test
  void ddx_badDimensionSize() {
    BesProtocolException e =
        assertThrows(
            BesProtocolException.class,
            () ->
                ddx(
                    "<Dataset name=\"d\"><Array name=\"a\"><Int32/><dimension name=\"n\" size=\"-1\"/>"
                        + "</Array></Dataset>"));
    assertEquals(
        "expected a size >= 0 on <dimension name=\"n\"> but it was \"-1\"", e.getMessage());
  }

  @Test
  void constraintSegment_escapesAllButLettersDigitsUnderscoreAndHyphen() {
    assertEquals("COADSX", DatasetParser.constraintSegment("COADSX"));
    assertEquals("a_b-c", DatasetParser.constraintSegment("a_b-c"));
    assertEquals("a%20b%2Ec%5B0%5D", DatasetParser.constraintSegment("a b.c[0]"));
    assertEquals("%C3%A9%F0%9F%8C%8A", DatasetParser.constraintSegment("\u00e9\ud83c\udf0a"));
  }

  @Test
  void captured_coadsDmrAndDdxDescribeTheSameVariables() throws Exception {
    DatasetModel dmr = DatasetParser.dmr(Captures.response("get_dmr_coads_all"));
    DatasetModel ddx = DatasetParser.ddx(Captures.response("get_ddx_coads"));
    assertEquals(
        List.of("COADSX", "COADSY", "TIME", "SST", "AIRT", "UWND", "VWND"),
        dmr.variables().stream().map(Variable::name).toList());
    assertEquals(
        dmr.variables().stream().map(Variable::name).toList(),
        ddx.variables().stream().map(Variable::name).toList());
    for (int i = 0; i < dmr.variables().size(); i++) {
      Variable four = dmr.variables().get(i);
      Variable two = ddx.variables().get(i);
      assertEquals(four.type(), two.type(), four.name());
      assertEquals(
          four.dimensions().stream().map(Dimension::size).toList(),
          two.dimensions().stream().map(Dimension::size).toList(),
          four.name());
      assertEquals(four.attributes(), two.attributes(), four.name());
    }
    assertEquals(dmr.attributes(), ddx.attributes());
  }

  @Test
  void captured_fnoc1() throws Exception {
    DatasetModel dmr = DatasetParser.dmr(Captures.response("get_dmr_fnoc1"));
    DatasetModel ddx = DatasetParser.ddx(Captures.response("get_ddx_fnoc1"));
    assertEquals(
        List.of("u", "v", "lat", "lon", "time"),
        ddx.variables().stream().map(Variable::name).toList());
    assertEquals(
        ddx.variables().stream().map(Variable::name).toList(),
        dmr.variables().stream().map(Variable::name).toList());
    assertEquals(
        List.of(16L, 17L, 21L),
        dmr.variables().get(0).dimensions().stream().map(Dimension::size).toList());
  }
}
