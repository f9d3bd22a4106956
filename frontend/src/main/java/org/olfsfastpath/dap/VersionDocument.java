package org.olfsfastpath.dap;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.output.Format;
import org.jdom2.output.XMLOutputter;

/**
 * The {@code /version} answer: this front end's version and the DAP versions it speaks. Built
 * without a BES message (the upstream OLFS asks the BES for showVersion; a version probe should not
 * cost a BES round trip).
 */
public final class VersionDocument {
  /** Content-Type of the document. */
  public static final String CONTENT_TYPE = "text/xml";
  /** Content-Description of the document, as the upstream OLFS sends it. */
  public static final String CONTENT_DESCRIPTION = "dods_version";

  private VersionDocument() {}

  /** Renders the document for a front end of version {@code serverVersion}. */
  public static byte[] render(String serverVersion) {
    Objects.requireNonNull(serverVersion, "serverVersion == null");
    Element root = new Element("HyraxCombinedVersion");
    Element olfs = new Element("OLFSComponents");
    olfs.addContent(new Element("lib").setAttribute("name", "olfs-fastpath")
        .setAttribute("version", serverVersion));
    root.addContent(olfs);
    Element dap = new Element("DAP");
    for (String version : ResponseType.DAP_VERSIONS) {
      dap.addContent(new Element("version").setText(version));
    }
    root.addContent(dap);
    StringWriter out = new StringWriter();
    try {
      new XMLOutputter(Format.getPrettyFormat().setEncoding("UTF-8")).output(new Document(root), out);
    } catch (IOException e) {
      throw new IllegalStateException("writing to a string cannot fail", e);
    }
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }
}
