package org.olfsfastpath.keycloak;

import java.nio.file.Path;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A {@link KeycloakServer} for a test class: registered with {@code @RegisterExtension} and an
 * {@code @Order} before the front end's extension (whose olfs.xml names its issuer), it starts
 * before the class's first test and stops after its last; without the distribution the class skips,
 * saying why.
 */
public final class KeycloakExtension implements BeforeAllCallback, AfterAllCallback {
  private final String name;
  private @Nullable KeycloakServer server;

  public KeycloakExtension(String name) {
    this.name = Objects.requireNonNull(name, "name == null");
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    String work = System.getProperty("it.work.dir", "target/it");
    server = KeycloakServer.startOrSkip(Path.of(work, name, "keycloak"));
  }

  @Override
  public void afterAll(ExtensionContext context) {
    KeycloakServer s = server;
    server = null;
    if (s != null) {
      s.close();
    }
  }

  /** The running server. */
  public KeycloakServer server() {
    return Objects.requireNonNull(server, "not started");
  }
}
