package org.olfsfastpath.boot;

import java.nio.file.Path;
import java.util.Optional;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.spec.SpecException;

/**
 * Where each BES of an olfs.xml file listens, as Hyrax reads it: its Unix socket when one is set,
 * else its host and port, each with Hyrax's default. Read apart from {@link Assembly}, which wires
 * the client that connects there.
 */
final class BesEndpoints {
  /** The BES port when the file names none, as in Hyrax. */
  static final int DEFAULT_PORT = 10022;

  static final String DEFAULT_HOST = "localhost";

  private BesEndpoints() {}

  /**
   * Where one BES listens: its Unix socket when one is set, else host and port.
   *
   * @throws ConfigurationException naming the setting, if a value is unusable
   */
  static PptEndpoint endpoint(FrontEndConfig config, FrontEndConfig.Bes bes) {
    LayerSpec spec = bes.endpoint();
    String socket = spec.raw("unixSocket");
    if (socket != null) {
      return SettingErrors.build(
          config,
          spec,
          () ->
              SettingErrors.parse("unixSocket", socket, value -> PptEndpoint.unix(Path.of(value))));
    }
    String host = Optional.ofNullable(spec.raw("host")).orElse(DEFAULT_HOST);
    String port = spec.raw("port");
    return SettingErrors.build(
        config,
        spec,
        () -> {
          if (host.isBlank()) {
            throw new SpecException("host", host, "must name the BES machine");
          }
          int number = port == null ? DEFAULT_PORT : SettingErrors.intValue("port", port);
          try {
            return PptEndpoint.tcp(host.strip(), number);
          } catch (IllegalArgumentException e) {
            throw new SpecException(
                "port", String.valueOf(port), String.valueOf(e.getMessage()), e);
          }
        });
  }
}
