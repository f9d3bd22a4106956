package org.olfsfastpath.access;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jdom2.Element;
import org.jdom2.JDOMException;
import org.jdom2.input.SAXBuilder;
import org.jdom2.input.sax.XMLReaders;
import org.jspecify.annotations.Nullable;

/**
 * Reads upstream's user-access.xml ({@code <UserAuthenticationAndAccess>}, which upstream's
 * IdFilter and PEPFilter both read) with upstream's meaning, so that an operator's file works as it
 * is: the login controls, {@code MaxSessionLife}, {@code EveryOneMustHaveId}, each {@code
 * IdProvider} and the {@code PolicyDecisionPoint} with its {@code Policy} rules and {@code
 * Memberships}. Upstream class names are recognised by name and never loaded. What would make a
 * restricted site open or unusable stops the start: a placeholder left from upstream's sample
 * ({@code EDL_CLIENT_ID} ...), a missing required child, a pattern that does not compile, a second
 * default provider, a remote PDP, no PDP at all. What upstream ignores or reads under another name
 * is read as said in docs/security.md and named in {@link AccessConfig#notes()}.
 */
public final class UserAccessFile {
  static final String EDL_CLASS = "opendap.auth.UrsIdP";
  static final String REALM_CLASS = "opendap.auth.TomcatRealmIdP";
  static final String OIDC_CLASS = "org.olfsfastpath.access.OidcIdP";
  static final String SIMPLE_PDP = "opendap.auth.SimplePDP";
  static final String REGEX_POLICY = "opendap.auth.RegexPolicy";

  /** A value left from upstream's sample file, which would send users to no real provider. */
  private static final Pattern PLACEHOLDER = Pattern.compile("EDL_[A-Z_]+");

  /** EDL's published key sets by host (not on an EDL page: as NASA's own clients use them). */
  private static final Map<String, String> EDL_JWKS =
      Map.of(
          "urs.earthdata.nasa.gov", "/.well-known/edl_ops_jwks.json",
          "uat.urs.earthdata.nasa.gov", "/.well-known/edl_uat_jwks.json",
          "sit.urs.earthdata.nasa.gov", "/.well-known/edl_sit_jwks.json");

  private final Path file;
  private final List<String> notes = new ArrayList<>();

  private UserAccessFile(Path file) {
    this.file = file;
  }

  /**
   * Reads {@code file}.
   *
   * @throws AccessConfigException naming the file and the element, if it cannot be used
   */
  public static AccessConfig read(Path file) {
    return read(file, AccessConfig.DEFAULT_LOGIN_PATH, AccessConfig.DEFAULT_LOGOUT_PATH);
  }

  /**
   * {@link #read(Path)}, with the login and logout paths used when {@code
   * EnableAuthenticationControls} names none (olfs.xml's {@code AuthenticationControls}).
   */
  public static AccessConfig read(Path file, String loginPath, String logoutPath) {
    Element root;
    try {
      SAXBuilder builder = new SAXBuilder(XMLReaders.NONVALIDATING);
      builder.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      builder.setExpandEntities(false);
      root = builder.build(file.toFile()).getRootElement();
    } catch (JDOMException | IOException e) {
      throw new AccessConfigException(file + ": cannot be read: " + e.getMessage(), e);
    }
    return new UserAccessFile(file).parse(root, loginPath, logoutPath);
  }

  private AccessConfig parse(Element root, String defaultLogin, String defaultLogout) {
    if (!root.getName().equals("UserAuthenticationAndAccess")) {
      throw refused(root.getName(), "the root element must be UserAuthenticationAndAccess");
    }
    String login = defaultLogin;
    String logout = defaultLogout;
    String banner = AccessConfig.DEFAULT_BANNER;
    Duration life = AccessConfig.DEFAULT_MAX_SESSION_LIFE;
    boolean everyone = false;
    List<ProviderConfig> providers = new ArrayList<>();
    List<Policy> policies = null;
    Memberships memberships = Memberships.NONE;
    for (Element e : root.getChildren()) {
      switch (e.getName()) {
        case "EnableAuthenticationControls" -> {
          login = path(e, "login", login);
          logout = path(e, "logout", logout);
          String text = e.getChildTextTrim("LoginBanner");
          banner = text != null ? text : banner;
        }
        case "MaxSessionLife" -> life = sessionLife(e);
        case "EveryOneMustHaveId" -> everyone = true;
        case "ShowUserInfoOnProfilePage" ->
            notes.add(
                "ShowUserInfoOnProfilePage is ignored: the login page shows the user id only,"
                    + " never a token");
        case "EnableGuestProfile" ->
            notes.add("EnableGuestProfile is ignored: there is no guest login here");
        case "UseReturnToUrlPostLogout" ->
            notes.add(
                "UseReturnToUrlPostLogout at the top is ignored, as upstream reads it only inside"
                    + " an IdProvider: move it there");
        case "IdProvider" -> providers.add(provider(e));
        case "PolicyDecisionPoint" -> {
          if (policies != null) {
            throw refused("PolicyDecisionPoint", "there may be only one");
          }
          String pdp = e.getAttributeValue("class", "");
          if (!pdp.equals(SIMPLE_PDP)) {
            throw refused(
                "PolicyDecisionPoint@class",
                "'" + pdp + "' is not supported; only " + SIMPLE_PDP + " (rules in this file)");
          }
          policies = new ArrayList<>();
          for (Element p : e.getChildren("Policy")) {
            policies.add(policy(p));
          }
          Element m = e.getChild("Memberships");
          if (m == null) {
            throw refused("PolicyDecisionPoint", "Memberships is required (as upstream)");
          }
          memberships = memberships(m);
        }
        default -> notes.add(e.getName() + " is not an element of user-access.xml: ignored");
      }
    }
    if (policies == null) {
      throw refused(
          "PolicyDecisionPoint", "is required: without rules nothing could be decided safely");
    }
    Set<String> contexts = new LinkedHashSet<>();
    int defaults = 0;
    for (ProviderConfig p : providers) {
      if (!contexts.add(p.authContext())) {
        throw refused("IdProvider/authContext", "'" + p.authContext() + "' is used twice");
      }
      defaults += p.isDefault() ? 1 : 0;
    }
    if (defaults > 1) {
      throw refused("IdProvider/isDefault", "only one provider may be the default");
    }
    return new AccessConfig(
        login, logout, banner, life, everyone, providers, policies, memberships, notes);
  }

  private String path(Element controls, String child, String fallback) {
    String text = controls.getChildTextTrim(child);
    if (text == null || text.isEmpty()) {
      return fallback;
    }
    try {
      return AccessOptions.path(text);
    } catch (IllegalArgumentException e) {
      throw refused("EnableAuthenticationControls/" + child, String.valueOf(e.getMessage()));
    }
  }

  private Duration sessionLife(Element e) {
    long value;
    try {
      value = Long.parseLong(e.getTextTrim());
    } catch (NumberFormatException x) {
      throw refused("MaxSessionLife", "'" + e.getTextTrim() + "' is not a whole number");
    }
    if (value <= 0) {
      throw refused("MaxSessionLife", "must be positive");
    }
    // Upstream reads the units by their first letters and falls back to seconds.
    String units = e.getAttributeValue("units", "seconds").toLowerCase(Locale.ROOT);
    if (units.startsWith("mil")) {
      return Duration.ofMillis(value);
    } else if (units.startsWith("s")) {
      return Duration.ofSeconds(value);
    } else if (units.startsWith("min")) {
      return Duration.ofMinutes(value);
    } else if (units.startsWith("h")) {
      return Duration.ofHours(value);
    } else if (units.startsWith("d")) {
      return Duration.ofDays(value);
    } else if (units.startsWith("w")) {
      return Duration.ofDays(7 * value);
    }
    notes.add("MaxSessionLife@units '" + units + "' is not known: seconds, as upstream");
    return Duration.ofSeconds(value);
  }

  private ProviderConfig provider(Element e) {
    String kind = e.getAttributeValue("class", "");
    boolean isDefault = e.getChild("isDefault") != null;
    boolean returnToPage = e.getChild("UseReturnToUrlPostLogout") != null;
    for (Element child : e.getChildren()) {
      if (PLACEHOLDER.matcher(child.getTextTrim()).matches()) {
        throw refused(
            "IdProvider/" + child.getName(),
            "still holds upstream's placeholder '" + child.getTextTrim() + "': set the real value");
      }
    }
    switch (kind) {
      case EDL_CLASS -> {
        String context = text(e, "authContext", "urs");
        URI url = uri(e, "UrsUrl", required(e, "UrsUrl"));
        String keys = e.getChildTextTrim("UrsClientAppPublicKeys");
        if (keys == null && e.getChildTextTrim("UrsClientPublicKeys") != null) {
          keys = e.getChildTextTrim("UrsClientPublicKeys");
          notes.add(
              "IdProvider/UrsClientPublicKeys is read as UrsClientAppPublicKeys (upstream's sample"
                  + " spells it so, and upstream never reads it)");
        }
        String jwks = e.getChildTextTrim("UrsJwksUrl");
        URI jwksUrl = jwks != null ? uri(e, "UrsJwksUrl", jwks) : knownJwks(url);
        boolean remote = e.getChild("RemoteTokenCheck") != null;
        if (keys == null && jwksUrl == null && !remote) {
          throw refused(
              "IdProvider[" + context + "]",
              "bearer tokens could not be checked: set UrsJwksUrl, UrsClientAppPublicKeys or"
                  + " RemoteTokenCheck");
        }
        Set<String> accepted = new LinkedHashSet<>();
        for (Element a : e.getChildren("AcceptedClientId")) {
          accepted.add(a.getTextTrim());
        }
        return new ProviderConfig.Edl(
            context,
            text(e, "description", "NASA Earthdata Login"),
            isDefault,
            returnToPage,
            url,
            required(e, "UrsClientId"),
            required(e, "UrsClientAuthCode"),
            keys,
            jwksUrl,
            accepted,
            remote,
            e.getChild("RejectUnsupportedAuthzSchemes") != null);
      }
      case OIDC_CLASS -> {
        String clientId = required(e, "ClientId");
        return new ProviderConfig.Oidc(
            required(e, "authContext"),
            text(e, "description", "OpenID Connect"),
            isDefault,
            returnToPage,
            uri(e, "Issuer", required(e, "Issuer")),
            clientId,
            secret(e),
            text(e, "Audience", clientId),
            text(e, "UidClaim", "preferred_username"),
            text(e, "GroupsClaim", "groups"),
            List.of(text(e, "Scope", "openid profile email").split("\\s+")));
      }
      case REALM_CLASS -> {
        // Upstream's class adds the context path twice to its login path; here it is the
        // container's user, found wherever the container asked for it.
        return new ProviderConfig.Realm(
            text(e, "authContext", "realm"),
            text(e, "description", "Tomcat Realm Authentication"),
            isDefault,
            returnToPage);
      }
      default ->
          throw refused(
              "IdProvider@class",
              "'"
                  + kind
                  + "' is not supported; one of "
                  + EDL_CLASS
                  + ", "
                  + OIDC_CLASS
                  + ", "
                  + REALM_CLASS);
    }
  }

  private String secret(Element e) {
    String inline = e.getChildTextTrim("ClientSecret");
    String fileName = e.getChildTextTrim("ClientSecretFile");
    if ((inline == null) == (fileName == null)) {
      throw refused(
          "IdProvider/ClientSecret", "give exactly one of ClientSecret, ClientSecretFile");
    }
    if (inline != null) {
      return inline;
    }
    Path secretFile = file.resolveSibling(fileName);
    try {
      String s = Files.readString(secretFile, StandardCharsets.UTF_8).strip();
      if (s.isEmpty()) {
        throw refused("IdProvider/ClientSecretFile", secretFile + " is empty");
      }
      return s;
    } catch (IOException x) {
      throw refused("IdProvider/ClientSecretFile", secretFile + " cannot be read");
    }
  }

  private static @Nullable URI knownJwks(URI ursUrl) {
    String host = ursUrl.getHost();
    String path = host == null ? null : EDL_JWKS.get(host.toLowerCase(Locale.ROOT));
    return path == null ? null : ursUrl.resolve(path);
  }

  private Policy policy(Element p) {
    String kind = p.getAttributeValue("class", "");
    if (!kind.equals(REGEX_POLICY)) {
      throw refused("Policy@class", "'" + kind + "' is not supported; only " + REGEX_POLICY);
    }
    String query = p.getChildTextTrim("query");
    if (query == null && p.getChildTextTrim("queryString") != null) {
      query = p.getChildTextTrim("queryString");
      notes.add(
          "Policy/queryString is read as query (upstream reads only query, so there it allows any"
              + " query)");
    }
    Set<String> methods = new LinkedHashSet<>();
    for (Element a : p.getChildren("allowedAction")) {
      String m = a.getTextTrim();
      if (!Policy.METHODS.contains(m)) {
        throw refused("Policy/allowedAction", "'" + m + "' is not one of " + Policy.METHODS);
      }
      methods.add(m);
    }
    if (methods.isEmpty()) {
      throw refused("Policy", "needs at least one allowedAction");
    }
    return new Policy(
        pattern(p, "role", required(p, "role")),
        pattern(p, "resource", required(p, "resource")),
        pattern(p, "query", query != null ? query : Policy.ANY_QUERY),
        methods);
  }

  private Memberships memberships(Element m) {
    Map<String, List<Memberships.Member>> groups = new LinkedHashMap<>();
    Map<String, Set<String>> roles = new LinkedHashMap<>();
    for (Element g : m.getChildren("group")) {
      String id = attribute(g, "group", "id");
      List<Memberships.Member> members = new ArrayList<>(groups.getOrDefault(id, List.of()));
      for (Element u : g.getChildren("user")) {
        members.add(
            new Memberships.Member(
                either(u, "id", "idPattern"), either(u, "authContext", "authContextPattern")));
      }
      if (members.isEmpty()) {
        throw refused("Memberships/group[" + id + "]", "needs at least one user (as upstream)");
      }
      groups.put(id, List.copyOf(members));
    }
    for (Element r : m.getChildren("role")) {
      String id = attribute(r, "role", "id");
      Set<String> held = new LinkedHashSet<>(roles.getOrDefault(id, Set.of()));
      for (Element g : r.getChildren("group")) {
        held.add(attribute(g, "role/group", "id"));
      }
      roles.put(id, Set.copyOf(held));
    }
    return new Memberships(groups, roles);
  }

  /** Exactly one of a literal (quoted) and a pattern attribute, as upstream. */
  private Pattern either(Element user, String literal, String pattern) {
    String l = user.getAttributeValue(literal);
    String p = user.getAttributeValue(pattern);
    if ((l == null) == (p == null)) {
      throw refused("Memberships/group/user", "give exactly one of " + literal + ", " + pattern);
    }
    return l != null ? Pattern.compile(Pattern.quote(l)) : pattern(user, pattern, p);
  }

  private Pattern pattern(Element e, String name, String regex) {
    try {
      return Pattern.compile(regex);
    } catch (PatternSyntaxException x) {
      throw refused(
          e.getName() + "/" + name,
          "'" + regex + "' is not a regular expression: " + x.getDescription());
    }
  }

  private String attribute(Element e, String where, String name) {
    String v = e.getAttributeValue(name);
    if (v == null || v.isBlank()) {
      throw refused("Memberships/" + where, "needs an " + name + " attribute");
    }
    return v;
  }

  private URI uri(Element e, String child, String text) {
    try {
      URI u = new URI(text);
      String scheme = u.getScheme();
      if (u.getHost() == null
          || !("https".equalsIgnoreCase(scheme) || "http".equalsIgnoreCase(scheme))) {
        throw refused(e.getName() + "/" + child, "'" + text + "' is not an absolute http(s) URL");
      }
      return u;
    } catch (URISyntaxException x) {
      throw refused(e.getName() + "/" + child, "'" + text + "' is not a URL");
    }
  }

  private String required(Element e, String child) {
    String v = e.getChildTextTrim(child);
    if (v == null || v.isEmpty()) {
      throw refused(e.getName() + "/" + child, "is required");
    }
    return v;
  }

  private static String text(Element e, String child, String fallback) {
    String v = e.getChildTextTrim(child);
    return v == null || v.isEmpty() ? fallback : v;
  }

  private AccessConfigException refused(String where, String why) {
    return new AccessConfigException(file + ": " + where + " " + why);
  }
}
