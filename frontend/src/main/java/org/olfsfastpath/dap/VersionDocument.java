package org.olfsfastpath.dap;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jdom2.Element;
import org.jdom2.JDOMException;
import org.jdom2.input.SAXBuilder;
import org.jdom2.input.sax.XMLReaders;
import org.jspecify.annotations.Nullable;

/**
 * The version document ({@code /version} and {@code <dataset>.ver}): this front end's version, the
 * DAP versions it speaks, and each BES by group with what its {@code showVersion} said, as the
 * upstream OLFS combines them. Rendered from answers fetched when the front end started and
 * refreshed rarely: a version probe never costs a BES round trip.
 */
public final class VersionDocument {
  /** Content-Type of the document. */
  public static final String CONTENT_TYPE = "text/xml";

  /** Content-Description of {@code /version}, as the upstream OLFS sends it. */
  public static final String CONTENT_DESCRIPTION = "dods_version";

  private VersionDocument() {}

  /**
   * One BES as the document lists it.
   *
   * @param group the prefix of its group
   * @param name the BES, e.g. its host and port
   * @param showVersion its showVersion answer, or null when it could not be asked yet
   */
  public record Bes(String group, String name, @Nullable String showVersion) {
    public Bes {
      Objects.requireNonNull(group, "group == null");
      Objects.requireNonNull(name, "name == null");
    }
  }

  /** Renders the document for a front end of version {@code serverVersion} and no BES. */
  public static byte[] render(String serverVersion) {
    return render(serverVersion, List.of());
  }

  /** Renders the document for a front end of version {@code serverVersion} and these BES. */
  public static byte[] render(String serverVersion, List<Bes> bes) {
    Objects.requireNonNull(serverVersion, "serverVersion == null");
    Element root = new Element("HyraxCombinedVersion");
    Element olfs = new Element("OLFSComponents");
    olfs.addContent(
        new Element("lib")
            .setAttribute("name", "olfs-fastpath")
            .setAttribute("version", serverVersion));
    root.addContent(olfs);
    Element dap = new Element("DAP");
    for (String version : ResponseType.DAP_VERSIONS) {
      dap.addContent(new Element("version").setText(version));
    }
    root.addContent(dap);
    Map<String, Element> groups = new java.util.LinkedHashMap<>();
    for (Bes one : bes) {
      Element group =
          groups.computeIfAbsent(
              one.group(), prefix -> new Element("BesGroup").setAttribute("prefix", prefix));
      Element element =
          new Element("BES").setAttribute("prefix", one.group()).setAttribute("name", one.name());
      for (Element child : versionChildren(one.showVersion())) {
        element.addContent(child);
      }
      group.addContent(element);
    }
    groups.values().forEach(root::addContent);
    return PrettyXml.utf8(root, 1024);
  }

  /** The children of the showVersion element of a BES answer; none when it is not one. */
  private static List<Element> versionChildren(@Nullable String answer) {
    List<Element> children = new ArrayList<>();
    if (answer == null) {
      return children;
    }
    try {
      SAXBuilder builder = new SAXBuilder(XMLReaders.NONVALIDATING);
      builder.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      builder.setExpandEntities(false);
      Element root = builder.build(new StringReader(answer)).getRootElement();
      Element showVersion = find(root, "showVersion");
      if (showVersion != null) {
        for (Element child : showVersion.getChildren()) {
          children.add(child.clone());
        }
      }
    } catch (JDOMException | IOException e) {
      // An unreadable answer lists the BES without its components.
    }
    return children;
  }

  private static @Nullable Element find(Element element, String name) {
    if (element.getName().equals(name)) {
      return element;
    }
    for (Element child : element.getChildren()) {
      Element found = find(child, name);
      if (found != null) {
        return found;
      }
    }
    return null;
  }
}
