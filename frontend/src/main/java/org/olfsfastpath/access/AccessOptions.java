package org.olfsfastpath.access;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.spec.Setting;
import org.olfsfastpath.spec.Settings;

/**
 * olfs.xml's {@code FastPath/Access}: the switch that turns login on (its presence) and the choices
 * upstream's files do not make. The defaults are here, once; docs/configuration.md shows them from
 * the settings table, and a test holds the two equal. Immutable.
 *
 * @param file user-access.xml, relative to the configuration directory unless absolute
 * @param anonymous what an anonymous request that needs a user gets
 * @param sessionKeyFile the session keys, one base64 key a line, the first encrypts; null: the
 *     environment's {@link SessionKeys#ENVIRONMENT} only
 * @param secureCookie whether the cookies are {@code Secure}
 * @param sendEdlToken the BES prefixes whose groups are sent the EDL token and client id ({@code /}
 *     every group, as upstream; empty none)
 * @param loginPath the login page's path below the context when user-access.xml's {@code
 *     EnableAuthenticationControls} names none: olfs.xml's {@code AuthenticationControls/login}, as
 *     upstream read it before 2018
 * @param logoutPath the logout path, likewise
 */
public record AccessOptions(
    Path file,
    Anonymous anonymous,
    @Nullable Path sessionKeyFile,
    SecureCookie secureCookie,
    List<String> sendEdlToken,
    String loginPath,
    String logoutPath) {
  /** The file's name when {@code file} is not set: upstream's. */
  public static final String DEFAULT_FILE = "user-access.xml";

  /** What an anonymous request that needs a user gets. */
  public enum Anonymous {
    /** A redirect to the default provider's login, as upstream (GET and HEAD only). */
    LOGIN,
    /** 401 with {@code WWW-Authenticate: Bearer}: for sites that take bearer tokens only. */
    UNAUTHORIZED;

    static Anonymous parse(String text) {
      return switch (text.strip().toLowerCase(Locale.ROOT)) {
        case "login" -> LOGIN;
        case "401" -> UNAUTHORIZED;
        default -> throw new IllegalArgumentException("must be login or 401");
      };
    }
  }

  /** Whether the session and login cookies are {@code Secure}. */
  public enum SecureCookie {
    /** When the request came over TLS (as Tomcat sees it, after a RemoteIpValve). */
    AUTO,
    ALWAYS,
    NEVER;

    static SecureCookie parse(String text) {
      return switch (text.strip().toLowerCase(Locale.ROOT)) {
        case "auto" -> AUTO;
        case "true" -> ALWAYS;
        case "false" -> NEVER;
        default -> throw new IllegalArgumentException("must be auto, true or false");
      };
    }

    /** Whether a cookie set on a request that came over TLS ({@code secure}) is Secure. */
    public boolean secure(boolean secureRequest) {
      return this == ALWAYS || this == AUTO && secureRequest;
    }
  }

  public AccessOptions {
    Objects.requireNonNull(file, "file == null");
    Objects.requireNonNull(anonymous, "anonymous == null");
    Objects.requireNonNull(secureCookie, "secureCookie == null");
    sendEdlToken = List.copyOf(sendEdlToken);
  }

  /** Every default. */
  public static AccessOptions defaults() {
    return from(Map.of());
  }

  /**
   * The options of a text spec whose keys are this record's components.
   *
   * @throws org.olfsfastpath.spec.SpecException naming the key, for an unknown key or a bad value
   */
  public static AccessOptions from(Map<String, String> spec) {
    Settings settings = new Settings("access");
    Setting<Path> file =
        settings.add(
            Setting.of("file", Path.of(DEFAULT_FILE))
                .text(
                    t -> {
                      if (t.isBlank()) {
                        throw new IllegalArgumentException("must name a file");
                      }
                      return Path.of(t.strip());
                    }));
    Setting<Anonymous> anonymous =
        settings.add(Setting.of("anonymous", Anonymous.LOGIN).text(Anonymous::parse));
    Setting<Path> keyFile =
        settings.add(
            Setting.of("sessionKeyFile", (Path) null)
                .text(Path::of)
                .check(
                    p -> {
                      if (!p.isAbsolute()) {
                        throw new IllegalArgumentException("must be an absolute path");
                      }
                      return p;
                    }));
    Setting<SecureCookie> secure =
        settings.add(Setting.of("secureCookie", SecureCookie.AUTO).text(SecureCookie::parse));
    Setting<List<String>> edl =
        settings.add(
            Setting.of("sendEdlToken", List.of("/"))
                .text(
                    t -> {
                      if (t.isBlank()) {
                        return List.of();
                      }
                      List<String> prefixes = List.of(t.strip().split("\\s+"));
                      for (String p : prefixes) {
                        if (!p.startsWith("/")) {
                          throw new IllegalArgumentException(
                              "'" + p + "' is not a BES prefix: each starts with /");
                        }
                      }
                      return prefixes;
                    }));
    Setting<String> login =
        settings.add(
            Setting.of("loginPath", AccessConfig.DEFAULT_LOGIN_PATH).text(AccessOptions::path));
    Setting<String> logout =
        settings.add(
            Setting.of("logoutPath", AccessConfig.DEFAULT_LOGOUT_PATH).text(AccessOptions::path));
    settings.apply(spec);
    return new AccessOptions(
        file.get(),
        anonymous.get(),
        keyFile.orNull(),
        secure.get(),
        edl.get(),
        login.get(),
        logout.get());
  }

  /** A path below the context, made of plain segments: {@code login} reads as {@code /login}. */
  static String path(String text) {
    String t = text.strip();
    String p = t.startsWith("/") ? t : "/" + t;
    // Plain segments, none of them . or .., so the servlet mapping is the path as written.
    if (!p.matches("(/(?!\\.\\.?(/|$))[A-Za-z0-9._~-]+)+")) {
      throw new IllegalArgumentException("'" + text + "' is not a plain path");
    }
    return p;
  }
}
