package org.olfsfastpath.access;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * user-access.xml as read ({@link UserAccessFile}): the login and logout paths, the session's life,
 * the providers, the rules and the Memberships, and what the file holds that is not used or is read
 * differently from upstream, for the start log. Immutable.
 *
 * @param loginPath the login page's path below the context, e.g. {@code /login}; each provider's
 *     login (and OAuth2 {@code redirect_uri}) is this plus {@code /<authContext>}
 * @param logoutPath the logout path below the context, e.g. {@code /logout}
 * @param loginBanner the login page's heading
 * @param maxSessionLife how long a session lasts from its login ({@code MaxSessionLife})
 * @param everyoneMustHaveId {@code EveryOneMustHaveId}: every request needs a user
 * @param providers the identity providers in file order
 * @param policies the PDP's rules in file order
 * @param memberships the PDP's Memberships
 * @param notes what the start log says about the file: elements ignored, aliases read
 */
public record AccessConfig(
    String loginPath,
    String logoutPath,
    String loginBanner,
    Duration maxSessionLife,
    boolean everyoneMustHaveId,
    List<ProviderConfig> providers,
    List<Policy> policies,
    Memberships memberships,
    List<String> notes) {
  /** Upstream's login path below the context. */
  public static final String DEFAULT_LOGIN_PATH = "/login";

  /** Upstream's logout path below the context. */
  public static final String DEFAULT_LOGOUT_PATH = "/logout";

  /** Upstream's login banner. */
  public static final String DEFAULT_BANNER = "Welcome To The Burrow!";

  /**
   * A session's life when the file does not say: one day. Upstream's code default is 60 seconds,
   * too short to read anything, and its sample file says 7 days.
   */
  public static final Duration DEFAULT_MAX_SESSION_LIFE = Duration.ofDays(1);

  public AccessConfig {
    Objects.requireNonNull(loginPath, "loginPath == null");
    Objects.requireNonNull(logoutPath, "logoutPath == null");
    Objects.requireNonNull(loginBanner, "loginBanner == null");
    Objects.requireNonNull(maxSessionLife, "maxSessionLife == null");
    providers = List.copyOf(providers);
    policies = List.copyOf(policies);
    Objects.requireNonNull(memberships, "memberships == null");
    notes = List.copyOf(notes);
  }

  /** The default provider, or null when none is marked {@code isDefault}. */
  public @Nullable ProviderConfig defaultProvider() {
    for (ProviderConfig provider : providers) {
      if (provider.isDefault()) {
        return provider;
      }
    }
    return null;
  }

  /** The provider of {@code authContext}, or null. */
  public @Nullable ProviderConfig provider(String authContext) {
    for (ProviderConfig provider : providers) {
      if (provider.authContext().equals(authContext)) {
        return provider;
      }
    }
    return null;
  }
}
