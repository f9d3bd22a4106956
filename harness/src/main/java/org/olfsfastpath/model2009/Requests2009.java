package org.olfsfastpath.model2009;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.Namespace;
import org.jdom2.output.Format;
import org.jdom2.output.XMLOutputter;
import org.jspecify.annotations.Nullable;

/**
 * The BES request documents of the OLFS of January 2009, built as it built them: JDOM, the BES
 * namespace, a reqID naming the thread, and pretty-printed output.
 *
 * <ul>
 *   <li>{@code showInfo}: {@code <setContext name="errors">xml</setContext>} then {@code <showInfo
 *       node="/path"/>}, nothing else.
 *   <li>A data request: contexts {@code xdap_accept} (2.0 when the client sent no XDAP-Accept),
 *       {@code dap_explicit_containers}=no and {@code errors} (xml for ASCII, dap2 for the DAP2
 *       responses), then {@code setContainer name="catalogContainer" space="catalog"}, {@code
 *       define name="d1" space="default"} with the constraint, then the {@code get}. The 2009 OLFS
 *       asked for ASCII with {@code <get type="ascii" .../>}; today's BES (and the emulator) know
 *       that only as {@code <get type="dods" ... returnAs="ascii"/>}, which is what this sends.
 * </ul>
 */
final class Requests2009 {
  static final Namespace BES_NS = Namespace.getNamespace("http://xml.opendap.org/ns/bes/1.0#");

  /** The DAP version the 2009 OLFS put in xdap_accept when the client named none. */
  static final String DEFAULT_XDAP_ACCEPT = "2.0";

  private Requests2009() {}

  static byte[] showInfo(String node) {
    Element request = request();
    request.addContent(setContext("errors", "xml"));
    request.addContent(new Element("showInfo", BES_NS).setAttribute("node", node));
    return serialize(request);
  }

  /**
   * @param response one of {@link Response}
   * @param constraint the DAP2 constraint, or empty
   */
  static byte[] get(String dataset, Response response, String constraint) {
    Element request = request();
    request.addContent(setContext("xdap_accept", DEFAULT_XDAP_ACCEPT));
    request.addContent(setContext("dap_explicit_containers", "no"));
    request.addContent(setContext("errors", response == Response.ASCII ? "xml" : "dap2"));
    request.addContent(
        new Element("setContainer", BES_NS)
            .setAttribute("name", "catalogContainer")
            .setAttribute("space", "catalog")
            .setText(dataset));
    Element container = new Element("container", BES_NS).setAttribute("name", "catalogContainer");
    if (!constraint.isEmpty()) {
      container.addContent(new Element("constraint", BES_NS).setText(constraint));
    }
    request.addContent(
        new Element("define", BES_NS)
            .setAttribute("name", "d1")
            .setAttribute("space", "default")
            .addContent(container));
    Element get =
        new Element("get", BES_NS)
            .setAttribute("type", response.getType)
            .setAttribute("definition", "d1");
    if (!response.returnAs.isEmpty()) {
      get.setAttribute("returnAs", response.returnAs);
    }
    request.addContent(get);
    return serialize(request);
  }

  private static Element request() {
    Thread thread = Thread.currentThread();
    return new Element("request", BES_NS)
        .setAttribute("reqID", "[" + thread.getName() + ":" + thread.getId() + ":bes_request]");
  }

  private static Element setContext(String name, String value) {
    return new Element("setContext", BES_NS).setAttribute("name", name).setText(value);
  }

  private static byte[] serialize(Element request) {
    return new XMLOutputter(Format.getPrettyFormat())
        .outputString(new Document(request))
        .getBytes(StandardCharsets.UTF_8);
  }

  /** The DAP2 responses the model serves, by URL suffix. */
  enum Response {
    ASCII("dods", "ascii", "text/plain; charset=ISO-8859-1"),
    DAS("das", "", "text/plain; charset=ISO-8859-1"),
    DDS("dds", "", "text/plain; charset=ISO-8859-1"),
    DODS("dods", "", "application/octet-stream");

    final String getType;
    final String returnAs;
    final String contentType;

    Response(String getType, String returnAs, String contentType) {
      this.getType = getType;
      this.returnAs = returnAs;
      this.contentType = contentType;
    }

    /** The response a URL ending {@code .suffix} asks for: the suffix is the name in lower case. */
    static @Nullable Response forSuffix(String suffix) {
      for (Response r : values()) {
        if (r.name().toLowerCase(Locale.ROOT).equals(suffix)) {
          return r;
        }
      }
      return null;
    }
  }
}
