package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import org.jdom2.Document;
import org.jdom2.input.SAXBuilder;
import org.junit.jupiter.api.Test;

final class ErrorBodyTest {
  @Test
  void dap2_escapesQuotesAndBackslashes() {
    ErrorBody body = ErrorBody.render(ErrorBody.Form.DAP2, 400, "bad \"name\" in a\\b\n");
    assertEquals(
        "Error {\n    code = 400;\n    message = \"bad \\\"name\\\" in a\\\\b\";\n};\n",
        body.text());
    assertEquals("text/plain", body.contentType());
    assertEquals("dods_error", body.contentDescription());
    assertEquals(400, body.httpStatus());
  }

  @Test
  void dap2_flattensControlCharacters() {
    assertEquals(
        "Error {\n    code = 500;\n    message = \"a b c\";\n};\n",
        ErrorBody.render(ErrorBody.Form.DAP2, 500, "a\nb\u0000c").text());
  }

  @Test
  void dap4_isAnErrorDocumentWithHttpCode() throws Exception {
    ErrorBody body = ErrorBody.render(ErrorBody.Form.DAP4, 404, "no <such> & \"file\"\u0001");
    Document doc = new SAXBuilder().build(new StringReader(body.text()));
    assertEquals("Error", doc.getRootElement().getName());
    assertEquals("404", doc.getRootElement().getAttributeValue("httpcode"));
    assertEquals("no <such> & \"file\"", doc.getRootElement().getChildText("Message"));
    assertEquals("application/vnd.opendap.dap4.error+xml", body.contentType());
  }

  @Test
  void html_escapesMarkup() {
    ErrorBody body = ErrorBody.render(ErrorBody.Form.HTML, 404, "<script>alert('x')</script>");
    assertTrue(
        body.text().contains("<p>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</p>"),
        body.text());
    assertTrue(body.contentType().startsWith("text/html"));
  }

  @Test
  void html_linksToTheRequestForm_theOtherFormsAreTheSameByteForByte() {
    String form = "a%20b.nc.dmr.html";
    ErrorBody html = ErrorBody.render(ErrorBody.Form.HTML, 400, "bad", form);
    assertTrue(
        html.text()
            .contains(
                "<p>bad</p>\n<p>The dataset's <a href=\"a%20b.nc.dmr.html\">request form</a>"),
        html.text());
    assertTrue(html.text().endsWith("</p></body></html>\n"), html.text());
    for (ErrorBody.Form other : ErrorBody.Form.values()) {
      if (other != ErrorBody.Form.HTML) {
        assertEquals(
            ErrorBody.render(other, 400, "bad").text(),
            ErrorBody.render(other, 400, "bad", form).text(),
            other.name());
      }
    }
    assertEquals(
        ErrorBody.render(ErrorBody.Form.HTML, 400, "bad").text(),
        ErrorBody.render(ErrorBody.Form.HTML, 400, "bad", null).text());
  }

  @Test
  void json_escapes() {
    assertEquals(
        "{\"status\": 502, \"message\": \"a \\\"b\\\" \\\\ \\u003c\"}\n",
        ErrorBody.render(ErrorBody.Form.JSON, 502, "a \"b\" \\ <").text());
  }

  @Test
  void writeTo_writesTheSameBytes() throws Exception {
    ErrorBody body = ErrorBody.render(ErrorBody.Form.DAP2, 404, "é");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    body.writeTo(out);
    assertEquals(body.length(), out.size());
    assertEquals(body.text(), out.toString("UTF-8"));
  }

  @Test
  void chooseForm() {
    DapRequest dds = new DapRequest.Dataset("/x", ResponseType.DDS, "");
    DapRequest dmr = new DapRequest.Dataset("/x", ResponseType.DMR, "");
    DapRequest info = new DapRequest.Dataset("/x", ResponseType.INFO, "");
    String browser = "text/html,application/xhtml+xml,*/*;q=0.8";
    assertEquals(ErrorBody.Form.DAP2, ErrorBody.chooseForm(dds, null));
    assertEquals(ErrorBody.Form.DAP2, ErrorBody.chooseForm(dds, "*/*"));
    assertEquals(ErrorBody.Form.HTML, ErrorBody.chooseForm(dds, browser));
    assertEquals(ErrorBody.Form.DAP4, ErrorBody.chooseForm(dmr, null));
    assertEquals(ErrorBody.Form.HTML, ErrorBody.chooseForm(dmr, browser));
    assertEquals(ErrorBody.Form.HTML, ErrorBody.chooseForm(info, null));
    assertEquals(
        ErrorBody.Form.HTML,
        ErrorBody.chooseForm(new DapRequest.Directory("/", DapRequest.Directory.View.HTML), null));
    assertEquals(
        ErrorBody.Form.JSON,
        ErrorBody.chooseForm(
            new DapRequest.Directory("/", DapRequest.Directory.View.JSON), browser));
    assertEquals(ErrorBody.Form.DAP2, ErrorBody.chooseForm(null, null));
    assertEquals(ErrorBody.Form.HTML, ErrorBody.chooseForm(null, browser));
  }
}
