package org.olfsfastpath.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.spec.SpecConflictException;
import org.olfsfastpath.spec.SpecException;

/**
 * A layer's refusal named by the keys its exception carries: the settings' places and raw values
 * come from the keys, never from matching the message's text.
 */
final class LayerSpecTest {
  private static final OlfsSetting TTL =
      new OlfsSetting(
          "BESManager/NodeCache@refreshInterval",
          OlfsSetting.Layer.CACHE,
          "ttl",
          OlfsSetting.Kind.DURATION,
          "m",
          "600 s",
          "600");
  private static final OlfsSetting REFRESH =
      new OlfsSetting(
          "FastPath/Cache@refreshAfter",
          OlfsSetting.Layer.CACHE,
          "refreshAfter",
          OlfsSetting.Kind.DURATION,
          "m",
          "300 s",
          "300");

  private final LayerSpec spec = new LayerSpec();

  {
    spec.put(TTL, "10");
    spec.put(REFRESH, "20");
  }

  @Test
  void aConflict_namesEachSettingOfItsKeys_inTheFilesOrder() {
    SpecConflictException conflict =
        new SpecConflictException(List.of("refreshAfter", "ttl"), "they do not agree");

    ConfigurationException e = spec.refused("olfs.xml", conflict);

    assertEquals(
        "olfs.xml: BESManager/NodeCache@refreshInterval='10',"
            + " FastPath/Cache@refreshAfter='20': they do not agree",
        e.getMessage());
    assertSame(conflict, e.getCause());
  }

  @Test
  void aConflict_namesOnlyItsKeys_evenWhenTheMessageNamesOthers() {
    ConfigurationException e =
        spec.refused(
            "olfs.xml",
            new SpecConflictException(List.of("ttl"), "ttl is shorter than refreshAfter"));

    assertEquals(
        "olfs.xml: BESManager/NodeCache@refreshInterval='10': ttl is shorter than"
            + " refreshAfter",
        e.getMessage());
  }

  @Test
  void aRefusalWithoutKeys_namesNoSetting_whateverItsMessageSays() {
    ConfigurationException e =
        spec.refused("olfs.xml", new IllegalStateException("ttl and refreshAfter"));

    assertEquals("olfs.xml: ttl and refreshAfter", e.getMessage());
  }

  @Test
  void oneValue_namesItsPlaceAndRawValue() {
    ConfigurationException e =
        spec.refused("olfs.xml", new SpecException("ttl", "10", "must be longer"));

    assertEquals(
        "olfs.xml: BESManager/NodeCache@refreshInterval was '10': must be longer", e.getMessage());
  }
}
