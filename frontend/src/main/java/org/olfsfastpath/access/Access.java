package org.olfsfastpath.access;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Login and access rules, asked by the web layer before any cache: who a request's credentials name
 * ({@link #authenticate}), what that user may have ({@link #decide}), and the login and logout
 * flows as values. Built once at start from olfs.xml's {@code FastPath/Access} and user-access.xml;
 * immutable configuration, counters in {@link #stats()}. Thread-safe.
 *
 * <p>A rule is matched against the canonical path (the context path, the decoded and normalised
 * catalog path, the suffix), the raw query string and the method, with upstream's semantics ({@link
 * PolicyDecider}). An answer is <i>restricted</i> when an anonymous request for it would not be
 * served; such answers are private to their user.
 */
public final class Access {
  /** How long a proven token or cookie is kept before it is checked again (at most its life). */
  public static final Duration VERIFIED_CACHE_TIME = Duration.ofMinutes(10);

  private final AccessOptions options;
  private final AccessConfig config;
  private final String contextPath;
  private final List<Provider> providers;
  private final AccessStats stats;
  private final Authenticator authenticator;
  private final PolicyDecider decider;
  private final Logins logins;
  private final SessionCodec codec;

  /**
   * A login begun.
   *
   * @param redirect where to send the user
   * @param loginCookie the login cookie's value, or null when none is needed (a container realm)
   */
  public record LoginStart(URI redirect, @Nullable String loginCookie) {
    @Override
    public String toString() {
      return "LoginStart[redirect=" + redirect + "]";
    }
  }

  /**
   * A login ended with a user.
   *
   * @param user the user, with roles
   * @param sessionCookie the session cookie's value
   * @param returnPath where to send the user now
   */
  public record LoginDone(Principal user, String sessionCookie, String returnPath) {
    @Override
    public String toString() {
      return "LoginDone[user=" + user + ", returnPath=" + returnPath + "]";
    }
  }

  /**
   * A provider as the login page lists it.
   *
   * @param authContext its name in URLs
   * @param description the link text
   * @param loginPath its login path below the context
   */
  public record LoginLink(String authContext, String description, String loginPath) {}

  private Access(
      AccessOptions options,
      AccessConfig config,
      SessionKeys keys,
      String contextPath,
      Clock clock) {
    this.options = options;
    this.config = config;
    this.contextPath = contextPath;
    this.stats = new AccessStats();
    ProviderHttp http = new ProviderHttp(stats);
    List<Provider> built = new ArrayList<>();
    for (ProviderConfig p : config.providers()) {
      if (p instanceof ProviderConfig.Edl edl) {
        built.add(new EdlProvider(edl, http, clock, config.maxSessionLife()));
      } else if (p instanceof ProviderConfig.Oidc oidc) {
        built.add(new OidcProvider(oidc, http, clock, config.maxSessionLife()));
      } else if (p instanceof ProviderConfig.Realm realm) {
        built.add(new RealmProvider(realm));
      }
    }
    this.providers = List.copyOf(built);
    this.codec = new SessionCodec(keys, contextPath);
    this.authenticator = new Authenticator(providers, config.memberships(), codec, stats, clock);
    this.decider = new PolicyDecider(config.policies());
    this.logins = new Logins(providers, codec, authenticator, stats, clock, contextPath);
  }

  /**
   * The access rules of {@code config} with {@code options}, sealing sessions with {@code keys},
   * for the web application at {@code contextPath} (e.g. {@code /opendap}).
   */
  public static Access build(
      AccessOptions options,
      AccessConfig config,
      SessionKeys keys,
      String contextPath,
      Clock clock) {
    return new Access(options, config, keys, contextPath, clock);
  }

  public AccessOptions options() {
    return options;
  }

  public AccessConfig config() {
    return config;
  }

  /** Who {@code credentials} name. Counts token checks and refused cookies. */
  public Authentication authenticate(Credentials credentials) {
    return authenticator.authenticate(credentials);
  }

  /**
   * What {@code who} may have: the rules for {@code method} on {@code resourceId} with {@code
   * query}. Counts refusals by reason.
   *
   * @param resourceId the canonical path with the context path, e.g. {@code
   *     /opendap/restricted/x.nc.dap}
   * @param query the raw query string, or null for none
   */
  public Decision decide(
      Authentication who, String method, String resourceId, @Nullable String query) {
    String q = query == null ? "" : query;
    if (who instanceof Authentication.InvalidToken invalid) {
      stats.refusal("invalid_token");
      return new Decision.Unauthorized(
          "Bearer realm=\""
              + contextPath
              + "\", error=\"invalid_token\", error_description=\""
              + invalid.reason().label()
              + "\"",
          "The bearer token was refused (" + invalid.reason().label() + ").");
    }
    if (who instanceof Authentication.UnsupportedScheme unsupported) {
      stats.refusal("unsupported_scheme");
      return new Decision.Forbidden(
          "The Authorization scheme '" + unsupported.scheme() + "' is not accepted here.");
    }
    if (who instanceof Authentication.KeysUnavailable down) {
      stats.refusal("keys_unavailable");
      return new Decision.Unavailable(
          "The login provider " + down.provider() + " cannot be reached to check the token.");
    }
    Principal p = who.user();
    if (p == null) {
      return anonymous(method, resourceId, q);
    }
    if (decider.allows(p, method, resourceId, q)) {
      return new Decision.Allow(
          p, config.everyoneMustHaveId() || !decider.allows(null, method, resourceId, q));
    }
    stats.refusal("forbidden");
    return new Decision.Forbidden("The user " + p.uid() + " may not read this resource.");
  }

  private Decision anonymous(String method, String resourceId, String query) {
    if (!config.everyoneMustHaveId() && decider.allows(null, method, resourceId, query)) {
      return new Decision.Allow(null, false);
    }
    stats.refusal("login_required");
    ProviderConfig fallback = config.defaultProvider();
    if (fallback != null
        && options.anonymous() == AccessOptions.Anonymous.LOGIN
        && (method.equals("GET") || method.equals("HEAD"))) {
      return new Decision.LoginRequired(loginPath(fallback.authContext()));
    }
    return new Decision.Unauthorized(
        "Bearer realm=\"" + contextPath + "\"", "This resource needs a login or a bearer token.");
  }

  /** The login page's path below the context. */
  public String loginPath() {
    return config.loginPath();
  }

  /** The logout path below the context. */
  public String logoutPath() {
    return config.logoutPath();
  }

  /** A provider's login path below the context: also its OAuth2 {@code redirect_uri}'s path. */
  public String loginPath(String authContext) {
    return config.loginPath() + "/" + authContext;
  }

  /** The providers, for the login page. */
  public List<LoginLink> providers() {
    return providers.stream()
        .map(
            p ->
                new LoginLink(
                    p.authContext(), p.config().description(), loginPath(p.authContext())))
        .toList();
  }

  /**
   * Begins a login with the provider of {@code authContext}.
   *
   * @param returnPath where the user wants to go after (checked by {@link ReturnPath})
   * @param callback the absolute URL of {@link #loginPath(String)}: the {@code redirect_uri}
   * @return null when there is no such provider
   * @throws LoginFailedException if the provider's discovery document cannot be had
   */
  public @Nullable LoginStart startLogin(
      String authContext, @Nullable String returnPath, URI callback) throws LoginFailedException {
    Provider p = logins.provider(authContext);
    return p == null ? null : logins.start(p, returnPath, callback);
  }

  /** Whether {@code authContext}'s login path takes callbacks (not a container realm's). */
  public boolean takesCallbacks(String authContext) {
    Provider p = logins.provider(authContext);
    return p != null && !(p instanceof RealmProvider);
  }

  /**
   * Ends a login: the callback {@code response} checked against {@code loginCookie}, the code
   * exchanged, the session sealed.
   *
   * @throws LoginFailedException if it yields no user, or there is no such provider
   */
  public LoginDone completeLogin(
      String authContext, URI response, @Nullable String loginCookie, URI callback)
      throws LoginFailedException {
    Provider p = logins.provider(authContext);
    if (p == null) {
      throw new LoginFailedException(LoginFailedException.Kind.BAD_STATE, "no such provider", "");
    }
    return logins.complete(p, response, loginCookie, callback);
  }

  /**
   * Where to send {@code user} after the session cookie is cleared.
   *
   * @param base the service's absolute root without the context, e.g. {@code https://host}
   */
  public URI logout(@Nullable Principal user, @Nullable String returnPath, String base) {
    return logins.logout(user, returnPath, base);
  }

  /** The session cookie's life. */
  public Duration sessionLife() {
    return config.maxSessionLife();
  }

  /** Whether the BES group of {@code prefix} is sent the EDL token and client id. */
  public boolean sendsEdlToken(String prefix) {
    for (String p : options.sendEdlToken()) {
      if (p.equals("/") || p.equals(prefix)) {
        return true;
      }
    }
    return false;
  }

  public AccessStats.Snapshot stats() {
    return stats.snapshot();
  }

  /** What the start log says: each provider, the rules, the keys (ids only), the mode. */
  public List<String> describe() {
    List<String> lines = new ArrayList<>();
    for (Provider p : providers) {
      lines.add("provider " + p.config() + " login " + contextPath + loginPath(p.authContext()));
    }
    lines.add(
        "rules: "
            + decider.size()
            + " policies, "
            + config.memberships().groups().size()
            + " groups, "
            + config.memberships().roles().size()
            + " roles"
            + (config.everyoneMustHaveId() ? ", everyone must log in" : ""));
    lines.add(
        "sessions: "
            + config.maxSessionLife()
            + ", keys "
            + codec.keyIds()
            + ", anonymous "
            + options.anonymous().name().toLowerCase(java.util.Locale.ROOT));
    lines.addAll(config.notes());
    return lines;
  }
}
