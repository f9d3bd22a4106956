package org.olfsfastpath.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Validator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.olfsfastpath.pages.FormType;
import org.xml.sax.SAXParseException;

/**
 * Every sample's {@code .iso} and {@code .dmr.iso} is valid ISO 19115-2 by the NGDC schemas
 * (javax.xml.validation): the rich record, the sparse ones, coads with its year-0 climatology, and
 * the hostile values. The schemas come from PyPI once ({@link IsoSchemas}); without it the test
 * skips, saying why.
 */
@ExtendWith(IsoSchemas.class)
final class IsoSchemaTest {
  static List<Object[]> cases() {
    List<Object[]> cases = new ArrayList<>();
    for (String name : Records.SAMPLES) {
      cases.add(new Object[] {name, FormType.DAP4});
      cases.add(new Object[] {name, FormType.DAP2});
    }
    return cases;
  }

  private static void validate(byte[] iso) throws Exception {
    Validator validator = IsoSchemas.schema().newValidator();
    validator.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    validator.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    validator.validate(new StreamSource(new ByteArrayInputStream(iso)));
  }

  @ParameterizedTest
  @MethodSource("cases")
  void everySamplesRecord_isValidIso19115dash2(String name, FormType form) throws Exception {
    byte[] iso = IsoWriter.write(Records.of(name, form));
    try {
      validate(iso);
    } catch (SAXParseException e) {
      String[] lines = new String(iso, StandardCharsets.UTF_8).split("\n", -1);
      throw new AssertionError(
          name
              + " line "
              + e.getLineNumber()
              + ": "
              + e.getMessage()
              + "\n"
              + lines[Math.max(0, e.getLineNumber() - 1)],
          e);
    }
  }

  /** The validation is real: year 0 as ISO 8601 writes it is not XSD 1.0, and fails. */
  @Test
  void yearZeroAsWritten_wouldFail_soItIsWrittenAsMinus0001() throws Exception {
    byte[] iso = IsoWriter.write(Records.of("coads_climatology.nc", FormType.DAP4));
    String text = new String(iso, StandardCharsets.UTF_8);
    assertEquals(
        true, text.contains("<gml:beginPosition>-0001-01-16T06:00:00Z</gml:beginPosition>"));
    byte[] broken =
        text.replace("-0001-01-16T06:00:00Z", "0000-01-16T06:00:00Z")
            .getBytes(StandardCharsets.UTF_8);
    assertThrows(SAXParseException.class, () -> validate(broken));
  }
}
