package org.olfsfastpath.boot;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jdom2.Attribute;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.JDOMException;
import org.jdom2.input.SAXBuilder;
import org.jdom2.input.sax.XMLReaders;
import org.jspecify.annotations.Nullable;

/**
 * Reads an olfs.xml-style file into a {@link FrontEndConfig}, following the one table of settings,
 * {@link OlfsSettings}. The reader only finds values and records where each came from; the layers
 * that take them validate them ({@link Assembly}).
 *
 * <p>An upstream Hyrax olfs.xml works as it is: {@code BESManager} and the other upstream settings
 * of the table mean what they mean upstream, and every other element of an upstream file is ignored
 * and named ({@link IgnoredSettings}). Our own section, {@code FastPath}, is checked strictly: an
 * unknown element or attribute fails the start.
 */
public final class OlfsConfigFile {
  private OlfsConfigFile() {}

  /**
   * Reads {@code file}.
   *
   * @throws ConfigurationException if the file cannot be read or parsed, or names an unknown
   *     FastPath setting
   */
  public static FrontEndConfig read(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      return parse(in, file.toString());
    } catch (IOException e) {
      throw new ConfigurationException("cannot read the configuration file " + file + ": " + e, e);
    }
  }

  /**
   * Parses an olfs.xml document.
   *
   * @param source names the document in messages, e.g. its path
   * @throws ConfigurationException if it is not XML or names an unknown FastPath setting
   */
  public static FrontEndConfig parse(InputStream in, String source) {
    Document document;
    try {
      SAXBuilder builder = new SAXBuilder(XMLReaders.NONVALIDATING);
      // A configuration file has no business with DTDs or external entities.
      builder.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      builder.setExpandEntities(false);
      document = builder.build(in);
    } catch (JDOMException | IOException e) {
      throw new ConfigurationException(
          source + ": not a readable XML document: " + e.getMessage(), e);
    }
    return read(document.getRootElement(), source);
  }

  /** The configuration of a file with no settings at all: one BES at localhost:10022. */
  public static FrontEndConfig defaults() {
    return read(new Element("OLFSConfig"), "the built-in defaults");
  }

  private static FrontEndConfig read(Element root, String source) {
    if (!root.getName().equals("OLFSConfig")) {
      throw new ConfigurationException(
          source + ": expected the root element OLFSConfig but was " + root.getName());
    }
    Element fastPath = root.getChild(OlfsSettings.FAST_PATH);
    if (fastPath != null) {
      checkFastPath(fastPath, source);
    }
    LayerSpec groups = new LayerSpec();
    LayerSpec cache = new LayerSpec();
    LayerSpec responseCache = new LayerSpec();
    LayerSpec spool = new LayerSpec();
    LayerSpec web = new LayerSpec();
    LayerSpec logs = new LayerSpec();
    LayerSpec httpCache = new LayerSpec();
    LayerSpec cors = new LayerSpec();
    // Settings outside the BES elements; FastPath/ClientPool ones go into every BES's specs.
    List<OlfsSetting> forEveryBes = new ArrayList<>();
    for (OlfsSetting setting : OlfsSettings.ALL) {
      if (setting.perBes()) {
        continue;
      }
      switch (setting.layer()) {
        case GROUP -> copy(setting, value(root, setting), groups);
        case CACHE -> copy(setting, value(root, setting), cache);
        case RESPONSE_CACHE -> copy(setting, value(root, setting), responseCache);
        case SPOOL -> copy(setting, value(root, setting), spool);
        case WEB -> copy(setting, value(root, setting), web);
        case LOGS -> copy(setting, value(root, setting), logs);
        case HTTP_CACHE -> copy(setting, value(root, setting), httpCache);
        case CORS -> copy(setting, value(root, setting), cors);
        case BOT_FILTER -> {} // Lists of values: BotFilterSection.read reads them.
        default -> forEveryBes.add(setting);
      }
    }
    Element manager = root.getChild("BESManager");
    List<Element> besElements = manager == null ? List.of() : manager.getChildren("BES");
    List<FrontEndConfig.Bes> bes = new ArrayList<>();
    for (Element element : besElements.isEmpty() ? List.of(new Element("BES")) : besElements) {
      FrontEndConfig.Bes one =
          new FrontEndConfig.Bes(
              new LayerSpec(), new LayerSpec(), new LayerSpec(), new LayerSpec());
      for (OlfsSetting setting : forEveryBes) {
        copy(setting, value(root, setting), target(one, setting));
      }
      for (OlfsSetting setting : OlfsSettings.ALL) {
        if (setting.perBes()) {
          copy(setting, value(element, setting.pathInBes(), setting), target(one, setting));
        }
      }
      bes.add(one);
    }
    return new FrontEndConfig(
        source,
        bes,
        groups,
        cache,
        responseCache,
        spool,
        web,
        logs,
        httpCache,
        cors,
        BotFilterSection.read(root),
        IgnoredSettings.find(root));
  }

  private static LayerSpec target(FrontEndConfig.Bes bes, OlfsSetting setting) {
    return switch (setting.layer()) {
      case ENDPOINT -> bes.endpoint();
      case ROUTING -> bes.routing();
      case PPT -> bes.ppt();
      case BES -> bes.client();
      default -> throw new IllegalArgumentException(setting + " is not a per-BES setting");
    };
  }

  private static void copy(OlfsSetting setting, @Nullable String value, LayerSpec spec) {
    if (value != null) {
      spec.put(setting, value);
    }
  }

  private static @Nullable String value(Element root, OlfsSetting setting) {
    return value(root, setting.path(), setting);
  }

  /** The raw value at {@code path} below {@code from}, or null when the file does not set it. */
  private static @Nullable String value(Element from, String path, OlfsSetting setting) {
    int at = path.indexOf('@');
    Element element = from;
    String elements = at < 0 ? path : path.substring(0, at);
    for (String name : elements.isEmpty() ? new String[0] : elements.split("/")) {
      element = element.getChild(name);
      if (element == null) {
        return null;
      }
    }
    if (at >= 0) {
      return element.getAttributeValue(path.substring(at + 1));
    }
    return switch (setting.kind()) {
      case FLAG -> "true";
      case HYRAX_SIZE -> hyraxSize(element.getTextTrim(), element.getAttributeValue("units"));
      default -> element.getTextTrim();
    };
  }

  /**
   * Upstream's size, a whole number with a {@code units} attribute, as a size spec: {@code 2} with
   * {@code units="G"} is {@code 2GiB}. Upstream meant powers of 1024 (its code multiplies by {@code
   * 2^10}, which in Java is 8; docs/configuration.md). A value the spec grammar refuses is passed
   * on as written, so the refusal names it.
   */
  private static String hyraxSize(String number, @Nullable String units) {
    if (!number.chars().allMatch(Character::isDigit) || number.isEmpty()) {
      return number;
    }
    String unit = units == null || units.isBlank() ? "K" : units.strip().toUpperCase(Locale.ROOT);
    return switch (unit) {
      case "B" -> number;
      case "K" -> number + "KiB";
      case "M" -> number + "MiB";
      case "G" -> number + "GiB";
      case "T" ->
          new java.math.BigInteger(number).multiply(java.math.BigInteger.valueOf(1024)) + "GiB";
      default -> number + " (units \"" + units + "\", expected B, K, M, G or T)";
    };
  }

  /** Refuses any element or attribute of our own section that the table does not name. */
  private static void checkFastPath(Element fastPath, String source) {
    Set<String> elements = OlfsSettings.fastPathElements();
    for (Element child : fastPath.getChildren()) {
      if (!elements.contains(child.getName())) {
        throw new ConfigurationException(
            source
                + ": FastPath/"
                + child.getName()
                + " is not a setting; expected one of "
                + String.join(", ", elements));
      }
      List<String> attributes = OlfsSettings.fastPathAttributes(child.getName());
      for (Attribute attribute : child.getAttributes()) {
        if (!attributes.contains(attribute.getName())) {
          throw new ConfigurationException(
              source
                  + ": FastPath/"
                  + child.getName()
                  + "@"
                  + attribute.getName()
                  + " is not a setting; expected "
                  + (attributes.isEmpty()
                      ? "no attributes"
                      : "one of " + String.join(", ", attributes)));
        }
      }
    }
  }
}
