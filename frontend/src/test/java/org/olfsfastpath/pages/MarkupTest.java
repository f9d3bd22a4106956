package org.olfsfastpath.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.testing.Regression;

final class MarkupTest {
  @Test
  @Regression(
      "2c646ff: the buttons' display rule showed the buttons a page hides with the hidden "
          + "attribute")
  void styleSheet_keepsHiddenElementsHidden() {
    // The buttons' display rule would otherwise show what the script hides (Update data URL)
    // and, with scripts off, the Copy button that only works with them (seen in BrowserIT).
    assertTrue(Markup.CSS.contains("[hidden] { display: none !important; }"), Markup.CSS);
  }

  @Test
  void humanSize_bytesThenBinaryUnitsWithOneDecimal() {
    assertEquals("0 B", Markup.humanSize(0));
    assertEquals("1023 B", Markup.humanSize(1023));
    assertEquals("1.0 KiB", Markup.humanSize(1024));
    assertEquals("1.5 KiB", Markup.humanSize(1536));
    assertEquals("1023.9 KiB", Markup.humanSize(1024 * 1023 + 900));
    assertEquals("1.0 MiB", Markup.humanSize(1024 * 1024 - 1));
    assertEquals("3.0 MiB", Markup.humanSize(3114044));
    assertEquals("8.0 EiB", Markup.humanSize(Long.MAX_VALUE));
  }

  @Test
  void exactSize_groupsThousands() {
    assertEquals("1 byte", Markup.exactSize(1));
    assertEquals("999 bytes", Markup.exactSize(999));
    assertEquals("1,000 bytes", Markup.exactSize(1000));
    assertEquals("3,114,044 bytes", Markup.exactSize(3114044));
  }

  @Test
  void segmentsAndParents() {
    assertEquals(List.of(), Markup.segments("/"));
    assertEquals(List.of("nc", "sub"), Markup.segments("/nc/sub/"));
    assertEquals("/", Markup.parentOf("/a.nc"));
    assertEquals("/nc", Markup.parentOf("/nc/a.nc"));
    assertEquals("a.nc", Markup.nameOf("/nc/a.nc"));
  }

  @Test
  void rootLabel_isTheServicePathsLastSegmentOrTheHost() {
    assertEquals("opendap", Markup.rootLabel(Samples.SITE));
    assertEquals(
        "data server",
        Markup.rootLabel(new Site("http://h/x/data%20server", FormType.DAP4, false)));
    assertEquals("h.example", Markup.rootLabel(new Site("http://h.example", FormType.DAP4, false)));
  }

  @Test
  void up_countsLevels() {
    assertEquals("./", Markup.up(0));
    assertEquals("../../", Markup.up(2));
  }
}
