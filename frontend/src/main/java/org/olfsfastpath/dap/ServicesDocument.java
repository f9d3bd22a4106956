package org.olfsfastpath.dap;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.jdom2.Element;
import org.jdom2.Namespace;

/**
 * The dataset services response ({@code .dsr}, DAP4): what this server answers for one dataset, one
 * {@code Service} per response it offers, each with the URL that asks for it. Built from the one
 * table of responses, so it lists exactly what the server serves (the bare dataset URL and {@code
 * .file} only when direct access is allowed). No BES message.
 */
public final class ServicesDocument {
  /** The DAP4 dataset services namespace. */
  public static final Namespace DSR =
      Namespace.getNamespace("http://xml.opendap.org/ns/DAP/4.0/dataset-services#");

  private ServicesDocument() {}

  /** The responses a dataset's services document lists, in table order. */
  public static List<ResponseType> listed(boolean fileAccess) {
    return java.util.Arrays.stream(ResponseType.values())
        .filter(ResponseType::isOffered)
        .filter(t -> t != ResponseType.FILE || fileAccess)
        .toList();
  }

  /**
   * The XML document.
   *
   * @param datasetUrl the dataset's URL as the client wrote it, without a suffix: the base of every
   *     link
   * @param serverVersion this server's version
   * @param fileAccess olfs.xml AllowDirectDataSourceAccess
   */
  public static byte[] xml(String datasetUrl, String serverVersion, boolean fileAccess) {
    Element root = new Element("DatasetServices", DSR);
    root.setAttribute("base", datasetUrl, Namespace.XML_NAMESPACE);
    for (int i = ResponseType.DAP_VERSIONS.size() - 1; i >= 0; i--) {
      root.addContent(new Element("DapVersion", DSR).setText(ResponseType.DAP_VERSIONS.get(i)));
    }
    root.addContent(
        new Element("ServerSoftwareVersion", DSR).setText("olfs-fastpath-" + serverVersion));
    for (ResponseType type : listed(fileAccess)) {
      Element service =
          new Element("Service", DSR)
              .setAttribute("title", type.title())
              .setAttribute("role", role(type));
      service.addContent(
          new Element("link", DSR)
              .setAttribute("type", type.contentType())
              .setAttribute("href", datasetUrl + type.suffix())
              .setAttribute("description", type.title()));
      root.addContent(service);
    }
    return PrettyXml.utf8(root, 1024);
  }

  /** The same list as an HTML page, each service a link. */
  public static byte[] html(
      String datasetUrl, String datasetName, String serverVersion, boolean fileAccess) {
    StringBuilder page =
        new StringBuilder(4096)
            .append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"UTF-8\">")
            .append("<title>Services of ")
            .append(Html.escape(datasetName))
            .append("</title></head>\n")
            .append("<body>\n<h1>Services of ")
            .append(Html.escape(datasetName))
            .append("</h1>\n")
            .append("<table>\n<tr><th>Response</th><th>URL</th><th>Media type</th></tr>\n");
    for (ResponseType type : listed(fileAccess)) {
      String href = Html.escape(datasetUrl + type.suffix());
      page.append("<tr><td>")
          .append(Html.escape(type.title()))
          .append("</td><td><a href=\"")
          .append(href)
          .append("\">")
          .append(href)
          .append("</a></td><td>")
          .append(Html.escape(type.contentType()))
          .append("</td></tr>\n");
    }
    page.append("</table>\n<p>olfs-fastpath ")
        .append(Html.escape(serverVersion))
        .append("</p>\n</body></html>\n");
    return page.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** The service's role URI: the DAP version and the suffix. */
  static String role(ResponseType type) {
    String version =
        switch (type.model()) {
          case DAP2 -> "dap2";
          case DAP4 -> "dap4";
          case NONE -> "dap4";
        };
    return "http://services.opendap.org/"
        + version
        + "/"
        + type.suffix().substring(1).replace('.', '-').toLowerCase(Locale.ROOT);
  }
}
