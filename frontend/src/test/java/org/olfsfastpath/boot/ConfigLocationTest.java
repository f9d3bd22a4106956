package org.olfsfastpath.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
    assertEquals(
        Optional.of(new ConfigLocation.Source(Path.of("/a.xml"), "context parameter olfs.config")),
        ConfigLocation.find(
            of("olfs.config", "/a.xml"), of("olfs.config", "/b.xml"), of("OLFS_CONFIG", "/c.xml")));
    assertEquals(
        Optional.of(new ConfigLocation.Source(Path.of("/b.xml"), "system property olfs.config")),
        ConfigLocation.find(
            of("olfs.config", " "), of("olfs.config", "/b.xml"), of("OLFS_CONFIG", "/c.xml")));
    assertEquals(
        Optional.of(
            new ConfigLocation.Source(Path.of("/c.xml"), "environment variable OLFS_CONFIG")),
        ConfigLocation.find(NONE, NONE, of("OLFS_CONFIG", "/c.xml")));
    assertEquals(Optional.empty(), ConfigLocation.find(NONE, NONE, NONE));
  }

  @Test
  void load_noneNamed_givesDefaults() {
    FrontEndConfig config = ConfigLocation.load(ConfigLocation.find(NONE, NONE, NONE));
    assertEquals(
        PptEndpoint.tcp("localhost", 10022), BesEndpoints.endpoint(config, config.bes().get(0)));
  }

  @Test
  void load_readsTheNamedFile(@TempDir Path dir) throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("olfs.xml"),
            "<OLFSConfig><FastPath><unixSocket>/tmp/bes.sock</unixSocket></FastPath></OLFSConfig>");
    FrontEndConfig config =
        ConfigLocation.load(ConfigLocation.find(NONE, of("olfs.config", file.toString()), NONE));
    assertEquals(
        PptEndpoint.unix(Path.of("/tmp/bes.sock")),
        BesEndpoints.endpoint(config, config.bes().get(0)));
  }

  @Test
  void load_missingFile_fails(@TempDir Path dir) {
    ConfigurationException e =
        assertThrows(
            ConfigurationException.class,
            () ->
                ConfigLocation.load(
                    ConfigLocation.find(
                        NONE, NONE, of("OLFS_CONFIG", dir.resolve("x.xml").toString()))));
    assertTrue(e.getMessage().startsWith("cannot read the configuration file "), e.getMessage());
  }

  // ------------------------------------------------------------ upstream's directories

  /** Every directory as it is on disk, but {@code unreadable} and {@code unwritable} (root can). */
  private static ConfigDirectories.Access access(Path unreadable, Path unwritable) {
    return new ConfigDirectories.Access(
        Files::exists,
        Files::isDirectory,
        path -> !path.equals(unreadable) && Files.isReadable(path),
        path -> !path.equals(unwritable) && Files.isWritable(path));
  }

  private static Function<String, String> dirs(Path... dirs) {
    return of(
        ConfigDirectories.PROPERTY,
        String.join(
            java.io.File.pathSeparator,
            java.util.Arrays.stream(dirs).map(Path::toString).toList()));
  }

  @Test
  void upstreamsDirectories_areTheDefaultList() {
    assertEquals(
        List.of(Path.of("/etc/olfs"), Path.of("/usr/share/olfs")),
        ConfigDirectories.directories(NONE));
    assertEquals(
        List.of(Path.of("/a"), Path.of("/b")),
        ConfigDirectories.directories(of(ConfigDirectories.PROPERTY, "/a:/b")));
  }

  @Test
  void namedFile_winsOverTheDirectories(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("olfs.xml"), "<OLFSConfig/>");
    ConfigLocation.Lookup lookup =
        ConfigLocation.locate(
            NONE,
            key -> key.equals(ConfigLocation.NAME) ? "/named.xml" : dirs(dir).apply(key),
            NONE,
            ConfigDirectories.Access.FILES);
    assertEquals(Path.of("/named.xml"), lookup.source().orElseThrow().file());
    assertTrue(
        lookup.logLine().contains("named by the system property olfs.config"), lookup.logLine());
  }

  @Test
  void firstUsableDirectory_isTheOne(@TempDir Path root) throws Exception {
    Path etc = Files.createDirectories(root.resolve("etc/olfs"));
    Path share = Files.createDirectories(root.resolve("share/olfs"));
    Files.writeString(etc.resolve("olfs.xml"), "<OLFSConfig/>");
    Files.writeString(share.resolve("olfs.xml"), "<OLFSConfig/>");
    ConfigLocation.Lookup lookup =
        ConfigLocation.locate(NONE, dirs(etc, share), NONE, ConfigDirectories.Access.FILES);
    assertEquals(etc.resolve("olfs.xml"), lookup.source().orElseThrow().file());
    assertTrue(
        lookup
            .logLine()
            .startsWith("olfs-fastpath: configuration " + etc.resolve("olfs.xml") + " ("),
        lookup.logLine());
  }

  @Test
  void missingDirectory_isPassedOver(@TempDir Path root) throws Exception {
    Path share = Files.createDirectories(root.resolve("share/olfs"));
    Files.writeString(share.resolve("olfs.xml"), "<OLFSConfig/>");
    ConfigLocation.Lookup lookup =
        ConfigLocation.locate(
            NONE, dirs(root.resolve("etc/olfs"), share), NONE, ConfigDirectories.Access.FILES);
    assertEquals(share.resolve("olfs.xml"), lookup.source().orElseThrow().file());
    assertTrue(
        lookup.logLine().contains(root.resolve("etc/olfs") + ": does not exist"), lookup.logLine());
  }

  /** As upstream: a directory Tomcat's user cannot both read and write is passed over. */
  @Test
  void unreadableOrUnwritableDirectory_isPassedOver(@TempDir Path root) throws Exception {
    Path etc = Files.createDirectories(root.resolve("etc/olfs"));
    Path share = Files.createDirectories(root.resolve("share/olfs"));
    Path third = Files.createDirectories(root.resolve("third"));
    for (Path dir : List.of(etc, share, third)) {
      Files.writeString(dir.resolve("olfs.xml"), "<OLFSConfig/>");
    }
    ConfigLocation.Lookup lookup =
        ConfigLocation.locate(NONE, dirs(etc, share, third), NONE, access(etc, share));
    assertEquals(third.resolve("olfs.xml"), lookup.source().orElseThrow().file());
    assertTrue(lookup.logLine().contains(etc + ": not readable by user"), lookup.logLine());
    assertTrue(lookup.logLine().contains(share + ": not writable by user"), lookup.logLine());
  }

  @Test
  void aFileWhereADirectoryShouldBe_isPassedOver(@TempDir Path root) throws Exception {
    Path file = Files.writeString(root.resolve("olfs"), "not a directory");
    ConfigLocation.Lookup lookup =
        ConfigLocation.locate(NONE, dirs(file), NONE, ConfigDirectories.Access.FILES);
    assertEquals(Optional.empty(), lookup.source());
    assertTrue(lookup.logLine().contains(file + ": not a directory"), lookup.logLine());
  }

  /**
   * Upstream would copy its bundled configuration into the chosen directory and use that; the
   * defaults are that configuration here, and nothing is written.
   */
  @Test
  void usableDirectoryWithoutFile_endsTheSearch_withTheDefaults(@TempDir Path root)
      throws Exception {
    Path etc = Files.createDirectories(root.resolve("etc/olfs"));
    Path share = Files.createDirectories(root.resolve("share/olfs"));
    Files.writeString(share.resolve("olfs.xml"), "<OLFSConfig/>");
    ConfigLocation.Lookup lookup =
        ConfigLocation.locate(NONE, dirs(etc, share), NONE, ConfigDirectories.Access.FILES);
    assertEquals(Optional.empty(), lookup.source());
    assertTrue(
        lookup.logLine().endsWith("holds no olfs.xml): using the defaults"), lookup.logLine());
    assertEquals(List.of(), java.util.Arrays.asList(etc.toFile().list()));
  }

  @Test
  void nothingFound_saysWhereItLooked(@TempDir Path root) {
    ConfigLocation.Lookup lookup =
        ConfigLocation.locate(
            NONE, dirs(root.resolve("a"), root.resolve("b")), NONE, ConfigDirectories.Access.FILES);
    assertEquals(Optional.empty(), lookup.source());
    assertEquals(
        "olfs-fastpath: no configuration named (context parameter or system property"
            + " olfs.config, or environment variable OLFS_CONFIG) or found in the configuration"
            + " directories ("
            + root.resolve("a")
            + ": does not exist; "
            + root.resolve("b")
            + ": does not exist): using the defaults",
        lookup.logLine());
  }

  @Test
  void foundFile_isRead(@TempDir Path root) throws Exception {
    Files.writeString(
        root.resolve("olfs.xml"),
        "<OLFSConfig><FastPath><unixSocket>/tmp/bes.sock</unixSocket></FastPath></OLFSConfig>");
    FrontEndConfig config =
        ConfigLocation.load(
            ConfigLocation.locate(NONE, dirs(root), NONE, ConfigDirectories.Access.FILES).source());
    assertEquals(
        PptEndpoint.unix(Path.of("/tmp/bes.sock")),
        BesEndpoints.endpoint(config, config.bes().get(0)));
  }
}
