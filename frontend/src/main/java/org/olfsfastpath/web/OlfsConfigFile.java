package org.olfsfastpath.web;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.function.Consumer;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.JDOMException;
import org.jdom2.input.SAXBuilder;
import org.jdom2.input.sax.XMLReaders;

/**
 * Reads an olfs.xml-style file into {@link FrontEndSettings}.
 *
 * <p>From the upstream file it reads {@code OLFSConfig/BESManager/BES} ({@code prefix}, which must
 * be {@code /}, {@code host}, {@code port}, {@code timeOut} in seconds, {@code ClientPool}
 * {@code maximum} and {@code maxCmds}) and {@code BESManager/NodeCache} ({@code maxEntries},
 * {@code refreshInterval} in seconds). Everything else in an upstream file is ignored, so an
 * existing olfs.xml works as it is. Settings of our own live in {@code OLFSConfig/FastPath}:
 *
 * <pre>{@code
 * <FastPath>
 *   <unixSocket>/run/bes/bes.sock</unixSocket>      <!-- instead of host and port -->
 *   <dataRoot>/usr/share/hyrax</dataRoot>           <!-- BES catalog root, for mtime checks -->
 *   <catalogRoot>/usr/share/hyrax</catalogRoot>     <!-- as the BES names it; default dataRoot -->
 *   <Cache enabled="true" negativeTtl="30" refreshAfter="300" mtimeCheckInterval="1"/>
 *   <ClientPool acquireTimeout="5" connectTimeout="5" quickAck="true"/>
 *   <Limits maxUrlLength="8192" maxConstraintLength="4096"/>
 *   <Gzip enabled="true"/>
 *   <RetryAfter seconds="1"/>
 *   <Admin token="a secret of 16 or more characters"/>
 * </FastPath>
 * }</pre>
 *
 * <p>Durations are seconds ({@code 30}, {@code 0.5}) or carry a unit ({@code 500ms}, {@code 30s},
 * {@code 10m}). Any unusable value throws {@link ConfigurationException} naming the file, the
 * setting and the value.
 */
public final class OlfsConfigFile {
  private OlfsConfigFile() {}

  /**
   * Reads {@code file}.
   *
   * @throws ConfigurationException if the file cannot be read or parsed, or a setting is unusable
   */
  public static FrontEndSettings read(Path file) {
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
   * @throws ConfigurationException if it is not XML or a setting is unusable
   */
  public static FrontEndSettings parse(InputStream in, String source) {
    Document document;
    try {
      SAXBuilder builder = new SAXBuilder(XMLReaders.NONVALIDATING);
      // A configuration file has no business with DTDs or external entities.
      builder.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      builder.setExpandEntities(false);
      document = builder.build(in);
    } catch (JDOMException | IOException e) {
      throw new ConfigurationException(source + ": not a readable XML document: " + e.getMessage(), e);
    }
    return new Reader(source).read(document.getRootElement());
  }

  /** The elements of the FastPath section and the attributes each takes. */
  private static final Map<String, List<String>> FAST_PATH = fastPathSettings();

  private static Map<String, List<String>> fastPathSettings() {
    Map<String, List<String>> m = new LinkedHashMap<>();
    m.put("unixSocket", List.of());
    m.put("dataRoot", List.of());
    m.put("catalogRoot", List.of());
    m.put("Cache", List.of("enabled", "negativeTtl", "refreshAfter", "mtimeCheckInterval"));
    m.put("ClientPool", List.of("acquireTimeout", "connectTimeout", "quickAck"));
    m.put("Limits", List.of("maxUrlLength", "maxConstraintLength"));
    m.put("Gzip", List.of("enabled"));
    m.put("RetryAfter", List.of("seconds"));
    m.put("Admin", List.of("token"));
    return Collections.unmodifiableMap(m);
  }

  private static final class Reader {
    private final String source;
    private final FrontEndSettings.Builder builder = FrontEndSettings.newBuilder();

    Reader(String source) {
      this.source = source;
    }

    FrontEndSettings read(Element root) {
      if (!root.getName().equals("OLFSConfig")) {
        throw fail("expected the root element OLFSConfig but was " + root.getName());
      }
      Element manager = root.getChild("BESManager");
      if (manager != null) {
        readBes(manager);
        Element nodeCache = manager.getChild("NodeCache");
        if (nodeCache != null) {
          intAttribute(nodeCache, "BESManager/NodeCache@maxEntries", "maxEntries",
              builder::cacheMaxEntries);
          durationAttribute(nodeCache, "BESManager/NodeCache@refreshInterval", "refreshInterval",
              builder::cacheTtl);
        }
      }
      Element fast = root.getChild("FastPath");
      if (fast != null) {
        readFastPath(fast);
      }
      return builder.build();
    }

    private void readBes(Element manager) {
      List<Element> besList = manager.getChildren("BES");
      if (besList.size() > 1) {
        throw fail("BESManager/BES appears " + besList.size() + " times, but this front end"
            + " serves one BES: keep the one with prefix /");
      }
      if (besList.isEmpty()) {
        return;
      }
      Element bes = besList.get(0);
      String prefix = text(bes, "prefix");
      if (prefix != null && !prefix.equals("/")) {
        throw fail("BESManager/BES/prefix was '" + prefix + "', must be / (one BES)");
      }
      String host = text(bes, "host");
      if (host != null) {
        apply("BESManager/BES/host", () -> builder.besHost(host));
      }
      String port = text(bes, "port");
      if (port != null) {
        builder(port, "BESManager/BES/port", v -> builder.besPort(Integer.parseInt(v)), "an integer 1-65535");
      }
      String timeOut = text(bes, "timeOut");
      if (timeOut != null) {
        builder(timeOut, "BESManager/BES/timeOut", v -> builder.besTimeout(parseDuration(v)),
            DURATION_FORM);
      }
      Element pool = bes.getChild("ClientPool");
      if (pool != null) {
        intAttribute(pool, "BESManager/BES/ClientPool@maximum", "maximum", builder::poolMaximum);
        intAttribute(pool, "BESManager/BES/ClientPool@maxCmds", "maxCmds",
            builder::maxCommandsPerConnection);
      }
    }

    private void readFastPath(Element fast) {
      // Our own section is checked strictly, so a misspelt setting fails instead of doing nothing.
      for (Element child : fast.getChildren()) {
        List<String> attributes = FAST_PATH.get(child.getName());
        if (attributes == null) {
          throw fail("FastPath/" + child.getName() + " is not a setting; expected one of "
              + String.join(", ", FAST_PATH.keySet()));
        }
        for (org.jdom2.Attribute attribute : child.getAttributes()) {
          if (!attributes.contains(attribute.getName())) {
            throw fail("FastPath/" + child.getName() + "@" + attribute.getName()
                + " is not a setting; expected " + (attributes.isEmpty() ? "no attributes"
                : "one of " + String.join(", ", attributes)));
          }
        }
      }
      String socket = text(fast, "unixSocket");
      if (socket != null) {
        builder(socket, "FastPath/unixSocket", v -> builder.besUnixSocket(Path.of(v)), "a path");
      }
      String dataRoot = text(fast, "dataRoot");
      if (dataRoot != null) {
        builder(dataRoot, "FastPath/dataRoot", v -> builder.dataRoot(Path.of(v)), "an absolute path");
      }
      String catalogRoot = text(fast, "catalogRoot");
      if (catalogRoot != null) {
        builder(catalogRoot, "FastPath/catalogRoot", builder::catalogRoot, "an absolute path");
      }
      Element cache = fast.getChild("Cache");
      if (cache != null) {
        booleanAttribute(cache, "FastPath/Cache@enabled", "enabled", builder::cacheEnabled);
        durationAttribute(cache, "FastPath/Cache@negativeTtl", "negativeTtl", builder::negativeTtl);
        durationAttribute(cache, "FastPath/Cache@refreshAfter", "refreshAfter", builder::refreshAfter);
        durationAttribute(cache, "FastPath/Cache@mtimeCheckInterval", "mtimeCheckInterval",
            builder::mtimeCheckInterval);
      }
      Element pool = fast.getChild("ClientPool");
      if (pool != null) {
        durationAttribute(pool, "FastPath/ClientPool@acquireTimeout", "acquireTimeout",
            builder::acquireTimeout);
        durationAttribute(pool, "FastPath/ClientPool@connectTimeout", "connectTimeout",
            builder::connectTimeout);
        booleanAttribute(pool, "FastPath/ClientPool@quickAck", "quickAck", builder::quickAck);
      }
      Element limits = fast.getChild("Limits");
      if (limits != null) {
        intAttribute(limits, "FastPath/Limits@maxUrlLength", "maxUrlLength", builder::maxUrlLength);
        intAttribute(limits, "FastPath/Limits@maxConstraintLength", "maxConstraintLength",
            builder::maxConstraintLength);
      }
      Element gzip = fast.getChild("Gzip");
      if (gzip != null) {
        booleanAttribute(gzip, "FastPath/Gzip@enabled", "enabled", builder::gzip);
      }
      Element retryAfter = fast.getChild("RetryAfter");
      if (retryAfter != null) {
        intAttribute(retryAfter, "FastPath/RetryAfter@seconds", "seconds", builder::retryAfterSeconds);
      }
      Element admin = fast.getChild("Admin");
      if (admin != null && admin.getAttributeValue("token") != null) {
        String token = admin.getAttributeValue("token");
        apply("FastPath/Admin@token", () -> builder.adminToken(token));
      }
    }

    private static final String DURATION_FORM =
        "seconds (30 or 0.5) or a number with a unit (500ms, 30s, 10m)";

    private void intAttribute(Element e, String setting, String name, Consumer<Integer> setter) {
      String value = e.getAttributeValue(name);
      if (value != null) {
        builder(value, setting, v -> setter.accept(Integer.parseInt(v)), "an integer");
      }
    }

    private void durationAttribute(Element e, String setting, String name,
        Consumer<Duration> setter) {
      String value = e.getAttributeValue(name);
      if (value != null) {
        builder(value, setting, v -> setter.accept(parseDuration(v)), DURATION_FORM);
      }
    }

    private void booleanAttribute(Element e, String setting, String name, Consumer<Boolean> setter) {
      String value = e.getAttributeValue(name);
      if (value != null) {
        builder(value, setting, v -> {
          String lower = v.toLowerCase(Locale.ROOT);
          if (!lower.equals("true") && !lower.equals("false")) {
            throw new NumberFormatException(v);
          }
          setter.accept(Boolean.parseBoolean(lower));
        }, "true or false");
      }
    }

    /** Applies one value; a parse failure or a builder rejection names the setting. */
    private void builder(String raw, String setting, Consumer<String> apply, String expected) {
      String value = raw.strip();
      try {
        apply.accept(value);
      } catch (NumberFormatException | InvalidPathException | ArithmeticException e) {
        throw fail(setting + " was '" + value + "', must be " + expected);
      } catch (IllegalArgumentException e) {
        throw fail(setting + ": " + e.getMessage());
      }
    }

    private void apply(String setting, Runnable apply) {
      try {
        apply.run();
      } catch (IllegalArgumentException e) {
        throw fail(setting + ": " + e.getMessage());
      }
    }

    private static String text(Element parent, String name) {
      Element child = parent.getChild(name);
      return child == null ? null : child.getTextTrim();
    }

    private ConfigurationException fail(String message) {
      return new ConfigurationException(source + ": " + message);
    }
  }

  /**
   * Parses seconds ({@code 30}, {@code 0.5}) or a number with a unit ({@code 500ms}, {@code 30s},
   * {@code 10m}).
   *
   * @throws NumberFormatException if it is neither
   */
  static Duration parseDuration(String value) {
    String v = value.strip().toLowerCase(Locale.ROOT);
    BigDecimal millisPerUnit;
    String number;
    if (v.endsWith("ms")) {
      millisPerUnit = BigDecimal.ONE;
      number = v.substring(0, v.length() - 2);
    } else if (v.endsWith("s")) {
      millisPerUnit = BigDecimal.valueOf(1000);
      number = v.substring(0, v.length() - 1);
    } else if (v.endsWith("m")) {
      millisPerUnit = BigDecimal.valueOf(60_000);
      number = v.substring(0, v.length() - 1);
    } else {
      millisPerUnit = BigDecimal.valueOf(1000);
      number = v;
    }
    BigDecimal millis = new BigDecimal(number.strip()).multiply(millisPerUnit);
    return Duration.ofMillis(millis.longValueExact());
  }
}
