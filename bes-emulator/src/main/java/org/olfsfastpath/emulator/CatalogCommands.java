package org.olfsfastpath.emulator;

import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import org.jdom2.Element;

/**
 * The commands answered from the catalog alone, as the BES answers them: showNode, showPathInfo,
 * buildSiteMap, showBesKey and, when asked for, the showInfo of 2009.
 */
final class CatalogCommands {
  /** showNode's time format, strftime "%FT%T%Z" in UTC. */
  static final DateTimeFormatter NODE_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'GMT'", Locale.ROOT)
          .withZone(ZoneOffset.UTC);

  private final Catalog catalog;

  CatalogCommands(Catalog catalog) {
    this.catalog = catalog;
  }

  /** The 2009 BES's showInfo of {@code node} ({@link ShowInfo2009}). */
  XmlElement showInfo2009(String node) throws BesFailure {
    String path = node.startsWith("/") ? node : "/" + node;
    CatalogEntry entry = catalog.entry(path);
    int count = entry.isNode() ? catalog.children(path).size() : 0;
    String shown = entry.isNode() ? path.replaceAll("(?<=.)/+$", "") : node;
    return ShowInfo2009.answer(shown, entry, count);
  }

  /**
   * BESCatalogDirectory::get_site_map: each directory's node line, then its sub-directories, then
   * its data files; plain text, one URL a line. The filename attribute is ignored.
   */
  byte[] siteMap(Element command) throws BesFailure {
    String prefix = command.getAttributeValue("prefix", "");
    if (prefix.endsWith("/")) {
      prefix = prefix.substring(0, prefix.length() - 1);
    }
    String catalogName = command.getAttributeValue("catalog", "");
    if (!catalogName.isEmpty() && !catalogName.equals("catalog")) {
      prefix = prefix + "/" + catalogName;
    }
    StringBuilder out = new StringBuilder(1024);
    siteMap(
        out,
        prefix,
        command.getAttributeValue("nodeSuffix", ""),
        command.getAttributeValue("leafSuffix", ""),
        "/");
    return out.toString().getBytes(StandardCharsets.ISO_8859_1);
  }

  private void siteMap(
      StringBuilder out, String prefix, String nodeSuffix, String leafSuffix, String path)
      throws BesFailure {
    if (!nodeSuffix.isEmpty()) {
      out.append(prefix).append(path).append(nodeSuffix).append('\n');
    }
    List<CatalogEntry> children = catalog.children(path);
    for (CatalogEntry child : children) {
      if (child.isNode()) {
        siteMap(out, prefix, nodeSuffix, leafSuffix, path + child.name() + "/");
      }
    }
    if (!leafSuffix.isEmpty()) {
      for (CatalogEntry child : children) {
        if (!child.isNode() && child.isData()) {
          out.append(prefix).append(path).append(child.name()).append(leafSuffix).append('\n');
        }
      }
    }
  }

  XmlElement showNode(String path) throws BesFailure {
    CatalogEntry entry = catalog.entry(path);
    XmlElement show = new XmlElement("showNode");
    if (!entry.isNode()) {
      show.add(leafItem(path, entry));
      return show;
    }
    List<CatalogEntry> children = catalog.children(path);
    XmlElement node =
        show.child("node")
            .attribute("count", Integer.toString(children.size()))
            .attribute("lastModified", NODE_TIME.format(entry.lastModified()))
            .attribute("name", path);
    for (CatalogEntry child : children) {
      if (child.isNode()) {
        node.child("item")
            .attribute("lastModified", NODE_TIME.format(child.lastModified()))
            .attribute("name", child.name())
            .attribute("type", "node");
      } else {
        node.add(leafItem(child.name(), child));
      }
    }
    return show;
  }

  private static XmlElement leafItem(String name, CatalogEntry entry) {
    return new XmlElement("item")
        .attribute("isData", Boolean.toString(entry.isData()))
        .attribute("lastModified", NODE_TIME.format(entry.lastModified()))
        .attribute("name", name)
        .attribute("size", Long.toString(entry.size()))
        .attribute("type", "leaf");
  }

  XmlElement showBesKey(String key) throws BesFailure {
    List<String> values =
        BesFacts.besKey(key, catalog.absolute("/").replaceAll("/$", ""))
            .orElseThrow(
                () ->
                    new BesFailure(
                        BesFailure.NOT_FOUND_ERROR,
                        "Ouch! The Key name '" + key + "' was not found in BESKeys",
                        "ShowBesKeyCommand.cc",
                        156,
                        "BES"));
    XmlElement show = new XmlElement("showBesKey").attribute("key", key);
    for (String value : values) {
      show.child("value").text(value);
    }
    return show;
  }

  /** The longest existing prefix of the path, and what is left of it. */
  XmlElement showPathInfo(String path) throws BesFailure {
    String normalized = path.startsWith("/") ? path : "/" + path;
    String[] parts = normalized.split("/");
    String valid = "";
    CatalogEntry validEntry = catalog.entry("/");
    int used = 0;
    for (int i = 1; i < parts.length; i++) {
      if (parts[i].isEmpty()) {
        used = i;
        continue;
      }
      String candidate = valid + "/" + parts[i];
      try {
        CatalogEntry entry = catalog.entry(candidate);
        valid = candidate;
        validEntry = entry;
        used = i;
        if (!entry.isNode()) {
          break;
        }
      } catch (BesFailure notThere) {
        break;
      }
    }
    StringBuilder remainder = new StringBuilder();
    for (int i = used + 1; i < parts.length; i++) {
      remainder.append('/').append(parts[i]);
    }
    XmlElement show = new XmlElement("showPathInfo");
    XmlElement info = show.child("PathInfo").attribute("path", path);
    info.child("validPath")
        .attribute("access", "true")
        .attribute("isData", Boolean.toString(validEntry.isData()))
        .attribute("isDir", Boolean.toString(validEntry.isNode()))
        .attribute("isFile", Boolean.toString(!validEntry.isNode()))
        .attribute("lastModified", Long.toString(validEntry.lastModified().getEpochSecond()))
        .attribute("size", Long.toString(validEntry.size()))
        .text(valid.isEmpty() ? "/" : valid);
    info.child("remainder").text(remainder.toString());
    return show;
  }
}
