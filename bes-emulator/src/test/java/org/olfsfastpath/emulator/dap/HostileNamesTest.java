package org.olfsfastpath.emulator.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.Namespace;
import org.jdom2.input.SAXBuilder;
import org.junit.jupiter.api.Test;

/**
 * The dataset whose names are markup: its DMR and DDX are libxml2's escaping of the names and
 * values (an XML reader gets them back unchanged), its DAS and DDS libdap's id2www and escattr.
 */
final class HostileNamesTest {
  private static final String VARIABLE = "<script>alert(2)</script>\"'";

  private static String text(String type, boolean dap4) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Datasets.hostile().write(new DapQuery(type, "", "", dap4, ""), out);
    return out.toString(StandardCharsets.ISO_8859_1);
  }

  private static Element parse(String xml) throws Exception {
    SAXBuilder builder = new SAXBuilder();
    builder.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document document = builder.build(new StringReader(xml));
    return document.getRootElement();
  }

  @Test
  void fileName_andFind() {
    assertEquals("hostile\"'<img src=x onerror=alert(1)>.nc", Datasets.HOSTILE_FILE_NAME);
    assertEquals(Datasets.HOSTILE_FILE_NAME, Datasets.hostile().name());
    assertEquals(
        Datasets.HOSTILE_FILE_NAME, Datasets.find("/xss/" + Datasets.HOSTILE_FILE_NAME).name());
  }

  @Test
  void dmr_escapesNamesAndValuesAsLibxml2() throws Exception {
    String dmr = text("dmr", true);
    assertEquals(
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
            + "<Dataset xmlns=\"http://xml.opendap.org/ns/DAP/4.0#\" dapVersion=\"4.0\" dmrVersion=\"1.0\""
            + " name=\"hostile&quot;'&lt;img src=x onerror=alert(1)&gt;.nc\">\n"
            + "    <Dimension name=\"x\" size=\"4\"/>\n"
            + "    <Float64 name=\"x\">\n"
            + "        <Dim name=\"/x\"/>\n"
            + "        <Attribute name=\"units\" type=\"String\">\n"
            + "            <Value>m</Value>\n"
            + "        </Attribute>\n"
            + "    </Float64>\n"
            + "    <Float32 name=\"&lt;script&gt;alert(2)&lt;/script&gt;&quot;'\">\n"
            + "        <Dim name=\"/x\"/>\n"
            + "        <Attribute name=\"long_name\" type=\"String\">\n"
            + "            <Value>&lt;script&gt;alert(3)&lt;/script&gt; &quot;double&quot; 'single' &amp; more"
            + "</Value>\n"
            + "        </Attribute>\n"
            + "        <Attribute name=\"units\" type=\"String\">\n"
            + "            <Value>&lt;i&gt;K&lt;/i&gt;</Value>\n"
            + "        </Attribute>\n"
            + "        <Attribute name=\"on&quot;'&lt;b&gt;x\" type=\"String\">\n"
            + "            <Value>&quot;'&gt;&lt;img src=x onerror=alert(5)&gt;</Value>\n"
            + "        </Attribute>\n"
            + "        <Map name=\"/x\"/>\n"
            + "    </Float32>\n"
            + "    <Attribute name=\"NC_GLOBAL\" type=\"Container\">\n"
            + "        <Attribute name=\"title\" type=\"String\">\n"
            + "            <Value>&lt;/script&gt;&lt;script&gt;alert(4)&lt;/script&gt;</Value>\n"
            + "        </Attribute>\n"
            + "        <Attribute name=\"summary\" type=\"String\">\n"
            + "            <Value>&quot;'&gt;&lt;img src=x onerror=alert(6)&gt;</Value>\n"
            + "        </Attribute>\n"
            + "    </Attribute>\n"
            + "</Dataset>\n",
        dmr);

    Namespace dap4 = Namespace.getNamespace(DmrWriter.NAMESPACE);
    Element root = parse(dmr);
    assertEquals(Datasets.HOSTILE_FILE_NAME, root.getAttributeValue("name"));
    Element variable = root.getChildren("Float32", dap4).get(0);
    assertEquals(VARIABLE, variable.getAttributeValue("name"));
    List<Element> attributes = variable.getChildren("Attribute", dap4);
    assertEquals(
        "<script>alert(3)</script> \"double\" 'single' & more",
        attributes.get(0).getChildText("Value", dap4));
    assertEquals("on\"'<b>x", attributes.get(2).getAttributeValue("name"));
  }

  @Test
  void ddx_escapesNamesAndValuesAsLibxml2() throws Exception {
    String ddx = text("ddx", false);
    String grid =
        "    <Grid name=\"&lt;script&gt;alert(2)&lt;/script&gt;&quot;'\">\n"
            + "        <Array name=\"&lt;script&gt;alert(2)&lt;/script&gt;&quot;'\">\n"
            + "            <Attribute name=\"long_name\" type=\"String\">\n"
            + "                <value>&lt;script&gt;alert(3)&lt;/script&gt; &quot;double&quot; 'single'"
            + " &amp; more</value>\n"
            + "            </Attribute>\n"
            + "            <Attribute name=\"units\" type=\"String\">\n"
            + "                <value>&lt;i&gt;K&lt;/i&gt;</value>\n"
            + "            </Attribute>\n"
            + "            <Attribute name=\"on&quot;'&lt;b&gt;x\" type=\"String\">\n"
            + "                <value>&quot;'&gt;&lt;img src=x onerror=alert(5)&gt;</value>\n"
            + "            </Attribute>\n"
            + "            <Float32/>\n"
            + "            <dimension name=\"x\" size=\"4\"/>\n"
            + "        </Array>\n"
            + "        <Map name=\"x\">\n";
    assertEquals(true, ddx.contains(grid), ddx);
    assertEquals(
        true,
        ddx.startsWith(
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
                + "<Dataset name=\"hostile&quot;'&lt;img src=x onerror=alert(1)&gt;.nc\" "),
        ddx);
    assertEquals(
        true,
        ddx.contains(
            "        <Attribute name=\"title\" type=\"String\">\n"
                + "            <value>&lt;/script&gt;&lt;script&gt;alert(4)&lt;/script&gt;</value>\n"),
        ddx);

    Namespace dap3 = Namespace.getNamespace("http://xml.opendap.org/ns/DAP/3.2#");
    Element root = parse(ddx);
    assertEquals(Datasets.HOSTILE_FILE_NAME, root.getAttributeValue("name"));
    Element array = root.getChild("Grid", dap3).getChild("Array", dap3);
    assertEquals(VARIABLE, array.getAttributeValue("name"));
    assertEquals(
        "\"'><img src=x onerror=alert(5)>",
        array.getChildren("Attribute", dap3).get(2).getChildText("value", dap3));
  }

  @Test
  void dasAndDds_escapeNamesAsLibdap() throws Exception {
    assertEquals(
        "Attributes {\n"
            + "    x {\n"
            + "        String units \"m\";\n"
            + "    }\n"
            + "    %3cscript%3ealert%282%29%3c/script%3e%22%27 {\n"
            + "        String long_name \"<script>alert(3)</script> \\\"double\\\" 'single' & more\";\n"
            + "        String units \"<i>K</i>\";\n"
            + "        String on%22%27%3cb%3ex \"\\\"'><img src=x onerror=alert(5)>\";\n"
            + "    }\n"
            + "    NC_GLOBAL {\n"
            + "        String title \"</script><script>alert(4)</script>\";\n"
            + "        String summary \"\\\"'><img src=x onerror=alert(6)>\";\n"
            + "    }\n"
            + "}\n",
        text("das", false));
    assertEquals(
        "Dataset {\n"
            + "    Float64 x[x = 4];\n"
            + "    Grid {\n"
            + "      Array:\n"
            + "        Float32 %3cscript%3ealert%282%29%3c/script%3e%22%27[x = 4];\n"
            + "      Maps:\n"
            + "        Float64 x[x = 4];\n"
            + "    } %3cscript%3ealert%282%29%3c/script%3e%22%27;\n"
            + "} hostile%22%27%3cimg%20src%3dx%20onerror%3dalert%281%29%3e.nc;\n",
        text("dds", false));
  }

  @Test
  void values_answerAConstraintThatNamesTheVariableEscaped() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Datasets.hostile()
        .write(
            new DapQuery(
                "dods", "ascii", "%3Cscript%3Ealert%282%29%3C/script%3E%22%27[1:2]", false, ""),
            out);
    String ascii = out.toString(StandardCharsets.ISO_8859_1);
    assertEquals(true, ascii.contains(", 0.5, 1\n"), ascii);
  }
}
