package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.ppt.PptEndpoint;

final class ConfigLocationTest {
  private static Function<String, String> of(String key, String value) {
    return Map.of(key, value)::get;
  }

  private static final Function<String, String> NONE = key -> null;

  @Test
  void contextParameterWins_thenSystemProperty_thenEnvironment() {
    assertEquals(Optional.of(new ConfigLocation.Source(Path.of("/a.xml"), "context parameter olfs.config")),
        ConfigLocation.find(of("olfs.config", "/a.xml"), of("olfs.config", "/b.xml"),
            of("OLFS_CONFIG", "/c.xml")));
    assertEquals(Optional.of(new ConfigLocation.Source(Path.of("/b.xml"), "system property olfs.config")),
        ConfigLocation.find(of("olfs.config", " "), of("olfs.config", "/b.xml"),
            of("OLFS_CONFIG", "/c.xml")));
    assertEquals(Optional.of(new ConfigLocation.Source(Path.of("/c.xml"), "environment variable OLFS_CONFIG")),
        ConfigLocation.find(NONE, NONE, of("OLFS_CONFIG", "/c.xml")));
    assertEquals(Optional.empty(), ConfigLocation.find(NONE, NONE, NONE));
  }

  @Test
  void load_noneNamed_givesDefaults() {
    FrontEndConfig config = ConfigLocation.load(ConfigLocation.find(NONE, NONE, NONE));
    assertEquals(PptEndpoint.tcp("localhost", 10022),
        Assembly.endpoint(config, config.bes().get(0)));
  }

  @Test
  void load_readsTheNamedFile(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("olfs.xml"),
        "<OLFSConfig><FastPath><unixSocket>/tmp/bes.sock</unixSocket></FastPath></OLFSConfig>");
    FrontEndConfig config =
        ConfigLocation.load(ConfigLocation.find(NONE, of("olfs.config", file.toString()), NONE));
    assertEquals(PptEndpoint.unix(Path.of("/tmp/bes.sock")),
        Assembly.endpoint(config, config.bes().get(0)));
  }

  @Test
  void load_missingFile_fails(@TempDir Path dir) {
    ConfigurationException e = assertThrows(ConfigurationException.class,
        () -> ConfigLocation.load(
            ConfigLocation.find(NONE, NONE, of("OLFS_CONFIG", dir.resolve("x.xml").toString()))));
    assertTrue(e.getMessage().startsWith("cannot read the configuration file "), e.getMessage());
  }
}
