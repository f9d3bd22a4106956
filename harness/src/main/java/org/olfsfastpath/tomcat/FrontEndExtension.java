package org.olfsfastpath.tomcat;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.olfsfastpath.emulator.BesEmulator;
import org.olfsfastpath.emulator.BesEmulatorBuilder;

/**
 * The WAR in a real Tomcat (a process of its own) in front of a BES emulator, for a test class:
 * registered on a static field with {@code @RegisterExtension}, both start before the class's first
 * test and stop after its last. The WAR, the Tomcat distributions and the work directory come from
 * the system properties the integration-test build sets ({@code war.file}, {@code tomcat.home},
 * {@code tomcat10.home}, {@code it.work.dir}, and in webapp-javax {@code tomcat9.home} and {@code
 * jakarta.war.file}); without them the tests skip, saying why.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final FrontEndExtension frontEnd = FrontEndExtension.named("FrontEndIT")
 *     .olfsXml(bes -> FrontEndExtension.olfsXml(FrontEndExtension.tcp(bes), ""));
 * }</pre>
 */
public final class FrontEndExtension implements BeforeAllCallback, AfterAllCallback {
  /** Tomcat's heap: far more than the front end needs. */
  public static final String HEAP = "384m";

  private final String name;
  private Consumer<BesEmulatorBuilder> emulator = b -> {};
  private Function<BesEmulator, String> olfsXml = bes -> olfsXml(tcp(bes), "");
  private String tomcatHomeProperty = "tomcat.home";
  private String warProperty = "war.file";
  private @Nullable BesEmulator bes;
  private @Nullable TomcatServer tomcat;

  private FrontEndExtension(String name) {
    this.name = name;
  }

  /** A deployment whose work directory, under {@code it.work.dir}, is {@code name}. */
  public static FrontEndExtension named(String name) {
    return new FrontEndExtension(Objects.requireNonNull(name, "name == null"));
  }

  /** Configures the emulator before it starts. */
  public FrontEndExtension emulator(Consumer<BesEmulatorBuilder> configure) {
    this.emulator = Objects.requireNonNull(configure, "configure == null");
    return this;
  }

  /** The olfs.xml the front end starts with, made for the started emulator. */
  public FrontEndExtension olfsXml(Function<BesEmulator, String> config) {
    this.olfsXml = Objects.requireNonNull(config, "config == null");
    return this;
  }

  /** Runs Tomcat 10.1 instead of 11. */
  public FrontEndExtension tomcat10() {
    return tomcatHome("tomcat10.home");
  }

  /**
   * Runs the Tomcat whose home the named system property gives (default {@code tomcat.home}, Tomcat
   * 11), e.g. {@code tomcat9.home} for the javax WAR's tests.
   */
  public FrontEndExtension tomcatHome(String property) {
    this.tomcatHomeProperty = Objects.requireNonNull(property, "property == null");
    return this;
  }

  /**
   * Deploys the WAR whose path the named system property gives (default {@code war.file}, the
   * module's own), e.g. {@code jakarta.war.file} for the Jakarta WAR beside the javax one.
   */
  public FrontEndExtension war(String property) {
    this.warProperty = Objects.requireNonNull(property, "property == null");
    return this;
  }

  /** The running emulator. */
  public BesEmulator bes() {
    return Objects.requireNonNull(bes, "not started");
  }

  /** The running Tomcat. */
  public TomcatServer tomcat() {
    return Objects.requireNonNull(tomcat, "not started");
  }

  /** The web application's root, {@code http://127.0.0.1:<port>/opendap/}. */
  public URI opendap() {
    return tomcat().baseUri().resolve("opendap/");
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    Path war = required(warProperty);
    Path tomcatHome = required(tomcatHomeProperty);
    Path dir = workDir(name);
    BesEmulatorBuilder builder = BesEmulator.newBuilder();
    emulator.accept(builder);
    BesEmulator started = builder.build();
    started.start();
    bes = started;
    tomcat =
        TomcatServer.start(tomcatHome, war, dir.resolve("tomcat"), olfsXml.apply(started), HEAP);
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    try {
      if (tomcat != null) {
        tomcat.close();
      }
    } finally {
      tomcat = null;
      if (bes != null) {
        bes.close();
        bes = null;
      }
    }
  }

  /** A path named by a system property the build sets; skips the test when it is not set. */
  public static Path required(String property) {
    String value = System.getProperty(property);
    assumeTrue(
        value != null && !value.isBlank(),
        () ->
            "skipped: system property "
                + property
                + " is not set: run the integration tests with mvn verify");
    return Path.of(value);
  }

  /**
   * Launches the Tomcat whose home the system property {@code tomcatProperty} names, with the WAR
   * {@code warProperty} names and {@code olfsXml}, in the fresh working directory {@code name}, and
   * does not wait for the web application: for a start that is meant to fail (see {@link
   * TomcatServer#awaitConsole}). Skips the test when a property is not set.
   */
  public static TomcatServer launch(
      String name, String tomcatProperty, String warProperty, String olfsXml) throws IOException {
    Path tomcatHome = required(tomcatProperty);
    Path war = required(warProperty);
    return TomcatServer.launch(tomcatHome, war, workDir(name).resolve("tomcat"), olfsXml, HEAP);
  }

  /** A fresh working directory {@code name} under {@code it.work.dir}. */
  public static Path workDir(String name) throws IOException {
    Path dir = required("it.work.dir").resolve(name);
    TomcatServer.deleteRecursively(dir);
    return Files.createDirectories(dir);
  }

  /** An olfs.xml: the inner XML of the one BES element and of the FastPath section. */
  public static String olfsXml(String besXml, String fastPathXml) {
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <OLFSConfig>
          <BESManager>
            <BES>
              <prefix>/</prefix>
              %s
            </BES>
          </BESManager>
          <FastPath>
            %s
          </FastPath>
        </OLFSConfig>
        """
        .formatted(besXml, fastPathXml);
  }

  /** The BES element's inner XML for an emulator on loopback TCP. */
  public static String tcp(BesEmulator bes) {
    return "<host>127.0.0.1</host><port>" + bes.port() + "</port>";
  }
}
