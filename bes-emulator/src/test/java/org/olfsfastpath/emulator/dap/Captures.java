package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.io.StringReader;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.JDOMException;
import org.jdom2.Namespace;
import org.jdom2.input.SAXBuilder;

/**
 * Real BES exchanges recorded by the team, under {@code ${shared.dir}/bes-captures}. Tests that use
 * them are skipped where that directory does not exist.
 */
final class Captures {
  private static final Namespace BES = Namespace.getNamespace("http://xml.opendap.org/ns/bes/1.0#");

  private Captures() {}

  /** The payload the BES sent for capture {@code name}, without PPT framing. */
  static byte[] response(String name) throws IOException {
    return org.olfsfastpath.testing.Captures.response(name);
  }

  /** The BESError of an error capture. */
  record BesError(String wrapper, int type, String message, String file, int line) {}

  static BesError error(String name) throws IOException, JDOMException {
    String xml = new String(response(name), java.nio.charset.StandardCharsets.ISO_8859_1);
    Document document = new SAXBuilder().build(new StringReader(xml));
    Element wrapper = document.getRootElement().getChildren().get(0);
    Element error = wrapper.getChild("BESError", BES);
    Element location = error.getChild("Location", BES);
    return new BesError(
        wrapper.getName(),
        Integer.parseInt(error.getChildText("Type", BES)),
        error.getChildText("Message", BES),
        location.getChildText("File", BES),
        Integer.parseInt(location.getChildText("Line", BES)));
  }
}
