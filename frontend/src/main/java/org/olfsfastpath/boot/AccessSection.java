package org.olfsfastpath.boot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.access.Access;
import org.olfsfastpath.access.AccessConfig;
import org.olfsfastpath.access.AccessConfigException;
import org.olfsfastpath.access.AccessOptions;
import org.olfsfastpath.access.SessionKeys;
import org.olfsfastpath.access.UserAccessFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds, for {@link Assembly}, what olfs.xml's {@code FastPath/Access} says: login and access
 * rules from upstream's user-access.xml, with the session keys. Each refusal names the file and the
 * setting.
 */
final class AccessSection {
  private static final Logger log = LoggerFactory.getLogger(AccessSection.class);

  private AccessSection() {}

  /**
   * Login and access rules: olfs.xml's {@code FastPath/Access} and the user-access.xml it names,
   * with the session keys of its key file or the environment; null when the file has no {@code
   * FastPath/Access}, whatever else the configuration directory holds.
   *
   * @param environment where {@link SessionKeys#ENVIRONMENT} may be
   * @throws ConfigurationException naming the file and what is wrong: a missing or placeholder
   *     value, a weak or missing key, a rule that does not compile
   */
  static @Nullable Access access(
      FrontEndConfig config, String contextPath, Map<String, String> environment) {
    AccessOptions options = accessOptions(config);
    if (options == null) {
      return null;
    }
    Path directory = config.directory();
    Path file =
        directory == null ? options.file().toAbsolutePath() : directory.resolve(options.file());
    if (!Files.isRegularFile(file)) {
      throw new ConfigurationException(
          config.source()
              + ": FastPath/Access turns login on, but its user-access.xml "
              + file
              + " is not a file");
    }
    try {
      AccessConfig rules = UserAccessFile.read(file, options.loginPath(), options.logoutPath());
      Access access =
          Access.build(
              options,
              rules,
              SessionKeys.load(options.sessionKeyFile(), environment),
              contextPath,
              Clock.systemUTC());
      if (Files.exists(file.resolveSibling("memberships.xml"))) {
        log.warn(
            "olfs-fastpath: {} is not read (upstream does not read it either): memberships are"
                + " the Memberships of user-access.xml",
            file.resolveSibling("memberships.xml"));
      }
      return access;
    } catch (AccessConfigException e) {
      throw new ConfigurationException(config.source() + ": FastPath/Access: " + e.getMessage(), e);
    }
  }

  /** The options of {@code FastPath/Access}, or null when the file has none: login is off. */
  static @Nullable AccessOptions accessOptions(FrontEndConfig config) {
    LayerSpec spec = config.access();
    return spec == null
        ? null
        : SettingErrors.build(config, spec, () -> AccessOptions.from(spec.values()));
  }
}
