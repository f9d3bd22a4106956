package org.olfsfastpath.access;

import java.net.URI;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One {@code <IdProvider>} of user-access.xml as read: what every provider has (upstream's {@code
 * IdProvider} children) and what its kind adds. Immutable; the {@code toString} of a kind that
 * holds a secret hides it.
 */
public sealed interface ProviderConfig
    permits ProviderConfig.Edl, ProviderConfig.Oidc, ProviderConfig.Realm {

  /** The provider's name in URLs ({@code <ctx>/login/<authContext>}) and in the Memberships. */
  String authContext();

  /** The link text of the login page. */
  String description();

  /** Whether anonymous requests that need a user are sent to this provider. */
  boolean isDefault();

  /** Whether logout returns to the page the user was on (the return path) rather than the root. */
  boolean returnToPageAfterLogout();

  /**
   * NASA Earthdata Login, upstream's {@code opendap.auth.UrsIdP}.
   *
   * @param ursUrl {@code UrsUrl}, e.g. {@code https://urs.earthdata.nasa.gov}
   * @param clientId {@code UrsClientId}
   * @param clientAuthCode {@code UrsClientAuthCode}: base64 of {@code client_id:password}, sent as
   *     it is in {@code Authorization: Basic}
   * @param publicKeys {@code UrsClientAppPublicKeys} (a JWKS as JSON), or null
   * @param jwksUrl {@code UrsJwksUrl}, or for EDL's three hosts their published JWKS, or null
   * @param acceptedClientIds {@code AcceptedClientId}s: the token's {@code client_id} must be one
   *     (empty: any)
   * @param remoteTokenCheck {@code RemoteTokenCheck}: ask EDL about a token that fails locally
   * @param rejectUnsupportedSchemes {@code RejectUnsupportedAuthzSchemes}
   */
  record Edl(
      String authContext,
      String description,
      boolean isDefault,
      boolean returnToPageAfterLogout,
      URI ursUrl,
      String clientId,
      String clientAuthCode,
      @Nullable String publicKeys,
      @Nullable URI jwksUrl,
      Set<String> acceptedClientIds,
      boolean remoteTokenCheck,
      boolean rejectUnsupportedSchemes)
      implements ProviderConfig {
    /** The issuer EDL writes in its tokens. */
    public static final String ISSUER = "Earthdata Login";

    public Edl {
      Objects.requireNonNull(ursUrl, "ursUrl == null");
      Objects.requireNonNull(clientId, "clientId == null");
      Objects.requireNonNull(clientAuthCode, "clientAuthCode == null");
      acceptedClientIds = Set.copyOf(acceptedClientIds);
    }

    @Override
    public String toString() {
      return "Edl[authContext="
          + authContext
          + ", ursUrl="
          + ursUrl
          + ", clientId="
          + clientId
          + ", jwks="
          + (jwksUrl != null ? jwksUrl : publicKeys != null ? "UrsClientAppPublicKeys" : "none")
          + ", remoteTokenCheck="
          + remoteTokenCheck
          + ", default="
          + isDefault
          + "]";
    }
  }

  /**
   * Any OpenID Connect provider, found by its issuer's discovery document.
   *
   * @param issuer {@code Issuer}, e.g. {@code https://login.example.org/realms/data}
   * @param clientId {@code ClientId}
   * @param clientSecret {@code ClientSecret} or the content of {@code ClientSecretFile}
   * @param audience {@code Audience}: what a bearer token's {@code aud} must hold
   * @param uidClaim {@code UidClaim}: the claim that is the uid
   * @param groupsClaim {@code GroupsClaim}: the claim that lists the user's groups
   * @param scopes {@code Scope}: the scopes asked for at login
   */
  record Oidc(
      String authContext,
      String description,
      boolean isDefault,
      boolean returnToPageAfterLogout,
      URI issuer,
      String clientId,
      String clientSecret,
      String audience,
      String uidClaim,
      String groupsClaim,
      List<String> scopes)
      implements ProviderConfig {
    public Oidc {
      Objects.requireNonNull(issuer, "issuer == null");
      Objects.requireNonNull(clientId, "clientId == null");
      Objects.requireNonNull(clientSecret, "clientSecret == null");
      scopes = List.copyOf(scopes);
    }

    @Override
    public String toString() {
      return "Oidc[authContext="
          + authContext
          + ", issuer="
          + issuer
          + ", clientId="
          + clientId
          + ", audience="
          + audience
          + ", uidClaim="
          + uidClaim
          + ", groupsClaim="
          + groupsClaim
          + ", default="
          + isDefault
          + "]";
    }
  }

  /**
   * The servlet container's own login (a Tomcat realm and a {@code security-constraint}),
   * upstream's {@code opendap.auth.TomcatRealmIdP}: the user is the container's.
   */
  record Realm(
      String authContext, String description, boolean isDefault, boolean returnToPageAfterLogout)
      implements ProviderConfig {}
}
