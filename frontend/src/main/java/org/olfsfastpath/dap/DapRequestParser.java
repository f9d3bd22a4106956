package org.olfsfastpath.dap;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;

/**
 * Turns a request URL into a {@link DapRequest}, or refuses it before any BES message is sent.
 * Thread-safe; build one at startup. It keeps its answers to the URLs it read last ({@link
 * RecentUrls}): the same URL always gets the same answer, and a warm one is not parsed again.
 *
 * <p>The URL space follows Hyrax: {@code <path>.<suffix>[?<constraint>]} where {@code <path>} is
 * the BES catalog path and the suffix one of {@link ResponseType}'s (in any case, as upstream);
 * {@code /version}; a path ending {@code /}, {@code contents.html} or {@code catalog.html} for an
 * HTML directory listing, {@code contents.json} for the same listing as JSON and {@code
 * catalog.xml} for the THREDDS catalog; {@code /robots.txt} and {@code /siteMap/} for the site map.
 * Everything also answers under {@code /hyrax/}, where upstream's redirects send users.
 *
 * <p>DAP2 constraints are the whole query string, percent-decoded once with {@code +} kept as a
 * {@code +} (the upstream OLFS hands the query string to the BES as is and libdap decodes the
 * escapes once). DAP4 constraints are the {@code dap4.ce} parameter, decoded as a form value (so
 * {@code +} is a space), as the upstream OLFS does with {@code getParameter}; so is {@code
 * dap4.function}, the server function expression a DAP4 response of the BES carries.
 *
 * <p>{@code dap4.async} is taken and dropped, and the answer sent at once: upstream passes it to
 * the BES as the get's {@code async} attribute, which the BES ignores unless {@code store_result}
 * is set too, so upstream answers such a request at once as well, as DAP4 lets a server do. A
 * response of the BES asked with {@code dap4.store_result}, which needs the BES's stored results
 * and a place to serve them from, is refused with 501. {@code dap4.checksum} is taken as upstream
 * takes it: its first value, {@code true} in any case. The client's request id parameter ({@code
 * a-api-request-uuid}) and {@code dap4.async} are left out of a DAP2 constraint, where upstream
 * leaves them: a unique id in each constraint would keep every answer out of the response cache,
 * and could act as a selection on a Sequence.
 */
public final class DapRequestParser {
  /** Default cap on the raw path plus query string, in characters. */
  public static final int DEFAULT_MAX_URL_LENGTH = 8192;

  /** Default cap on a decoded constraint expression, in characters. */
  public static final int DEFAULT_MAX_CONSTRAINT_LENGTH = 4096;

  private static final String DAP4_CE = "dap4.ce";
  private static final String HYRAX = "/hyrax";
  private static final String DAP4_FUNCTION = "dap4.function";

  /**
   * The query parameter upstream gives a meaning this front end does not offer: answering as if it
   * were absent would be a wrong answer, so a response of the BES asked with it is a 501.
   */
  private static final String NOT_OFFERED = "dap4.store_result";

  /**
   * Parameters that are not part of a DAP2 constraint, though written among its clauses: the
   * client's request id, which names the request in the logs, and the DAP4 async request, which is
   * answered at once.
   */
  private static final List<String> NOT_CONSTRAINTS = List.of("a-api-request-uuid", "dap4.async");

  /** The first letters of each of {@link #NOT_CONSTRAINTS}: a query without them has none. */
  private static final List<String> NOT_CONSTRAINT_PREFIXES =
      NOT_CONSTRAINTS.stream().map(name -> name.substring(0, 6)).toList();

  private final int maxUrlLength;
  private final int maxConstraintLength;
  private final RecentUrls recent = new RecentUrls();

  /**
   * @param maxUrlLength the longest raw path plus query string accepted (414 beyond)
   * @param maxConstraintLength the longest decoded constraint accepted (414 beyond)
   * @throws IllegalArgumentException if a limit is not positive
   */
  public DapRequestParser(int maxUrlLength, int maxConstraintLength) {
    if (maxUrlLength <= 0) {
      throw new IllegalArgumentException("maxUrlLength was " + maxUrlLength + ", must be > 0");
    }
    if (maxConstraintLength <= 0) {
      throw new IllegalArgumentException(
          "maxConstraintLength was " + maxConstraintLength + ", must be > 0");
    }
    this.maxUrlLength = maxUrlLength;
    this.maxConstraintLength = maxConstraintLength;
  }

  /** A parser with the default limits. */
  public static DapRequestParser withDefaults() {
    return new DapRequestParser(DEFAULT_MAX_URL_LENGTH, DEFAULT_MAX_CONSTRAINT_LENGTH);
  }

  /**
   * Parses one GET (or HEAD) request.
   *
   * @param rawPath the request path below the web application, still percent-encoded, e.g. {@code
   *     /nc/coads_climatology.nc.dds}; null or empty means {@code /}
   * @param rawQuery the query string as sent, or null
   * @throws DapRequestRejectedException 400 for traversal, control characters, malformed escapes or
   *     path parameters; 414 for an over-long URL or constraint; 404 for an unknown site map file
   */
  public DapRequest parse(@Nullable String rawPath, @Nullable String rawQuery)
      throws DapRequestRejectedException {
    return parse(rawPath, rawQuery, null);
  }

  /**
   * Parses one request, with the body of a POST in {@code application/x-www-form-urlencoded} form:
   * its {@code ce} fields add to a DAP2 constraint, its {@code dap4.ce} fields to a DAP4 one, as
   * upstream's HttpPost. The URL limits apply to the URL; a constraint from a body is bounded by
   * the body's own limit, which the caller enforces.
   *
   * @param formBody the body, or null for a GET
   * @throws DapRequestRejectedException as {@link #parse(String, String)}
   */
  public DapRequest parse(
      @Nullable String rawPath, @Nullable String rawQuery, @Nullable String formBody)
      throws DapRequestRejectedException {
    if (formBody != null || rawPath == null) {
      return read(rawPath, rawQuery, formBody);
    }
    DapRequest known = recent.get(rawPath, rawQuery);
    if (known == null) {
      known = read(rawPath, rawQuery, null);
      recent.put(rawPath, rawQuery, known);
    }
    return known;
  }

  private DapRequest read(
      @Nullable String rawPath, @Nullable String rawQuery, @Nullable String formBody)
      throws DapRequestRejectedException {
    String path = rawPath == null || rawPath.isEmpty() ? "/" : rawPath;
    String query = rawQuery == null ? "" : rawQuery;
    int urlLength = path.length() + (rawQuery == null ? 0 : rawQuery.length() + 1);
    if (urlLength > maxUrlLength) {
      throw new DapRequestRejectedException(
          414,
          "the URL is " + urlLength + " characters long, more than the limit of " + maxUrlLength);
    }
    if (!path.startsWith("/")) {
      throw new DapRequestRejectedException(400, "expected the path to start with '/'");
    }
    if (path.indexOf(';') >= 0) {
      throw new DapRequestRejectedException(400, "path parameters (';') are not allowed");
    }
    String decoded = canonical(path);
    FormParameters parameters = new FormParameters(query, formBody == null ? "" : formBody);

    if (decoded.equals("/version") || decoded.equals("/version/")) {
      return new DapRequest.Version();
    }
    if (decoded.equals("/robots.txt")) {
      return new DapRequest.SiteMap(OptionalInt.empty(), true);
    }
    if (decoded.equals("/siteMap/") || decoded.equals("/siteMap")) {
      return new DapRequest.SiteMap(OptionalInt.empty(), false);
    }
    if (decoded.startsWith("/siteMap/")) {
      return new DapRequest.SiteMap(siteMapFile(decoded.substring("/siteMap/".length())), false);
    }
    if (decoded.endsWith("/")) {
      return new DapRequest.Directory(directoryPath(decoded), DapRequest.Directory.View.HTML);
    }
    int nameStart = decoded.lastIndexOf('/') + 1;
    DapRequest.Directory.View view = directoryView(decoded, nameStart);
    if (view != null) {
      return new DapRequest.Directory(directoryPath(decoded.substring(0, nameStart)), view);
    }
    // A catalog node, read as each response whose suffix ends the name.
    List<SuffixMatch> matches = SuffixMatch.in(decoded, nameStart);
    if (matches.size() == 1) {
      // Most names end with one suffix: no list to build and copy.
      return new DapRequest.Node(
          decoded, List.of(reading(decoded, nameStart, matches.get(0), query, parameters)));
    }
    List<DapRequest.Dataset> readings = new ArrayList<>(matches.size());
    for (SuffixMatch match : matches) {
      readings.add(reading(decoded, nameStart, match, query, parameters));
    }
    return new DapRequest.Node(decoded, readings);
  }

  /**
   * The path as every decision about it sees it: percent-decoded, normalized ({@code .} and {@code
   * ..} segments and doubled slashes as {@link #parse} resolves or refuses them) and without the
   * {@code /hyrax} alias, e.g. {@code /restricted/x.nc.dap} for {@code
   * /hyrax/data/..//restr%69cted/x.nc.dap}. Access rules are matched against it, so that no
   * spelling of a path reaches what its plain spelling may not.
   *
   * @param rawPath the request path below the web application, still percent-encoded
   * @throws DapRequestRejectedException as {@link #parse} refuses the path
   */
  public String canonicalPath(@Nullable String rawPath) throws DapRequestRejectedException {
    String path = rawPath == null || rawPath.isEmpty() ? "/" : rawPath;
    if (!path.startsWith("/")) {
      throw new DapRequestRejectedException(400, "expected the path to start with '/'");
    }
    return canonical(path);
  }

  private static String canonical(String path) throws DapRequestRejectedException {
    return withoutHyraxPrefix(normalize(PercentDecoding.decode(path, false, "path")));
  }

  /** The reading of the path {@code decoded} whose last segment starts at {@code nameStart}. */
  private DapRequest.Dataset reading(
      String decoded, int nameStart, SuffixMatch match, String query, FormParameters parameters)
      throws DapRequestRejectedException {
    int suffixStart = decoded.length() - match.suffix().length();
    int nameLength = suffixStart - nameStart;
    if (nameLength <= 2 && decoded.startsWith(nameLength == 1 ? "." : "..", nameStart)) {
      // "/...dds" would otherwise name the catalog path "/..".
      throw new DapRequestRejectedException(
          400, "path segment '" + decoded.substring(nameStart, suffixStart) + "' is not allowed");
    }
    // The suffix as written: the table's own string when the client wrote it in lower case.
    String written =
        decoded.startsWith(match.suffix(), suffixStart)
            ? match.suffix()
            : decoded.substring(suffixStart);
    return reading(decoded.substring(0, suffixStart), match.type(), written, query, parameters);
  }

  /** One reading of a node's path as a dataset response, with its constraint and function. */
  private DapRequest.Dataset reading(
      String datasetPath, ResponseType type, String suffix, String query, FormParameters parameters)
      throws DapRequestRejectedException {
    boolean fromBes = type.source() == ResponseType.Source.BES;
    if (fromBes && parameters.has(NOT_OFFERED)) {
      throw new DapRequestRejectedException(
          501,
          NOT_OFFERED
              + " is not offered by this server:"
              + " it answers every request at once and keeps no results; ask without "
              + NOT_OFFERED);
    }
    boolean dap4 = type.model() == ResponseType.Model.DAP4;
    String constraint =
        !fromBes ? "" : dap4 ? dap4Constraint(parameters) : dap2Constraint(query, parameters);
    // As upstream, dap4.function goes to the BES with every DAP4 response it makes; a DAP2
    // response takes the whole query string as its constraint, dap4.function included.
    String function = fromBes && dap4 ? dap4Function(parameters) : "";
    boolean checksums = type.isDap4() && parameters.checksums();
    return new DapRequest.Dataset(
        datasetPath, type, constraint, checksums, suffix, query, function);
  }

  /**
   * The directory view the last segment of the path (from {@code nameStart}) names: {@code
   * contents.html} and {@code catalog.html}, {@code contents.json}, {@code catalog.xml}; null for
   * any other name.
   */
  private static DapRequest.Directory.@Nullable View directoryView(String decoded, int nameStart) {
    int length = decoded.length() - nameStart;
    if (length < "catalog.xml".length() || length > "contents.html".length()) {
      return null;
    }
    String name = decoded.substring(nameStart);
    return switch (name) {
      case "contents.html", "catalog.html" -> DapRequest.Directory.View.HTML;
      case "contents.json" -> DapRequest.Directory.View.JSON;
      case "catalog.xml" -> DapRequest.Directory.View.THREDDS;
      default -> null;
    };
  }

  /** The URL space also lives under {@code /hyrax/}, where upstream's own redirects send users. */
  private static String withoutHyraxPrefix(String path) {
    if (path.equals(HYRAX)) {
      return "/";
    }
    return path.startsWith(HYRAX + "/") ? path.substring(HYRAX.length()) : path;
  }

  private static OptionalInt siteMapFile(String name) throws DapRequestRejectedException {
    if (name.startsWith("smap_") && name.endsWith(".txt")) {
      String digits = name.substring("smap_".length(), name.length() - ".txt".length());
      if (!digits.isEmpty() && digits.length() < 8 && digits.chars().allMatch(Character::isDigit)) {
        return OptionalInt.of(Integer.parseInt(digits));
      }
    }
    throw new DapRequestRejectedException(
        404, "no site map file '" + visibleName(name) + "': expected smap_N.txt");
  }

  private String dap2Constraint(String query, FormParameters parameters)
      throws DapRequestRejectedException {
    String fromUrl =
        checkConstraint(PercentDecoding.decode(withoutParameters(query), false, "constraint"));
    if (!parameters.hasBody()) {
      return fromUrl;
    }
    String fromBody = String.join(",", parameters.bodyValues("ce"));
    rejectControlCharacters(fromBody, "constraint");
    if (fromUrl.isEmpty() || fromBody.isEmpty()) {
      return fromUrl + fromBody;
    }
    return fromUrl + "," + fromBody;
  }

  /**
   * The query string without the clauses that name one of {@link #NOT_CONSTRAINTS}, with or without
   * a value; the query itself when it has none.
   */
  private static String withoutParameters(String query) throws DapRequestRejectedException {
    boolean any = false;
    for (String prefix : NOT_CONSTRAINT_PREFIXES) {
      any |= query.contains(prefix);
    }
    if (!any) {
      return query;
    }
    StringBuilder kept = new StringBuilder(query.length());
    for (String clause : query.split("&", -1)) {
      int eq = clause.indexOf('=');
      String name =
          PercentDecoding.decode(eq < 0 ? clause : clause.substring(0, eq), true, "query");
      if (NOT_CONSTRAINTS.contains(name)) {
        continue;
      }
      if (kept.length() > 0) {
        kept.append('&');
      }
      kept.append(clause);
    }
    return kept.toString();
  }

  private String dap4Constraint(FormParameters parameters) throws DapRequestRejectedException {
    List<String> urlValues = parameters.urlValues(DAP4_CE);
    List<String> bodyValues = parameters.bodyValues(DAP4_CE);
    if (urlValues.isEmpty() && bodyValues.isEmpty()) {
      return "";
    }
    String fromUrl = checkConstraint(String.join(";", urlValues));
    String fromBody = String.join(";", bodyValues);
    rejectControlCharacters(fromBody, "constraint");
    if (fromUrl.isEmpty() || fromBody.isEmpty()) {
      return fromUrl + fromBody;
    }
    return fromUrl + ";" + fromBody;
  }

  /**
   * The DAP4 server function expression: the {@code dap4.function} values of the URL, then of a
   * POST body, joined with {@code ;} (which separates functions in the expression), bounded like a
   * constraint.
   */
  private String dap4Function(FormParameters parameters) throws DapRequestRejectedException {
    List<String> fromUrl = parameters.urlValues(DAP4_FUNCTION);
    List<String> fromBody = parameters.bodyValues(DAP4_FUNCTION);
    if (fromUrl.isEmpty() && fromBody.isEmpty()) {
      return "";
    }
    List<String> values = new ArrayList<>(fromUrl);
    values.addAll(fromBody);
    values.removeIf(String::isBlank);
    String function = String.join(";", values);
    if (function.length() > maxConstraintLength) {
      throw new DapRequestRejectedException(
          414,
          "the server function expression is "
              + function.length()
              + " characters long, more than the limit of "
              + maxConstraintLength);
    }
    rejectControlCharacters(function, "server function expression");
    return function;
  }

  private String checkConstraint(String constraint) throws DapRequestRejectedException {
    if (constraint.length() > maxConstraintLength) {
      throw new DapRequestRejectedException(
          414,
          "the constraint is "
              + constraint.length()
              + " characters long, more than the limit of "
              + maxConstraintLength);
    }
    rejectControlCharacters(constraint, "constraint");
    return constraint;
  }

  /**
   * Collapses repeated slashes and refuses anything that could climb out of the catalog or smuggle
   * bytes past the BES: dot segments, backslashes, control characters and escapes that were encoded
   * twice.
   */
  private static String normalize(String decoded) throws DapRequestRejectedException {
    rejectControlCharacters(decoded, "path");
    if (decoded.indexOf('\\') >= 0) {
      throw new DapRequestRejectedException(400, "backslashes are not allowed in the path");
    }
    if (decoded.indexOf('%') >= 0) {
      String lower = decoded.toLowerCase(Locale.ROOT);
      if (lower.contains("%2e")
          || lower.contains("%2f")
          || lower.contains("%5c")
          || lower.contains("%00")
          || lower.contains("%25")) {
        throw new DapRequestRejectedException(
            400, "doubly encoded characters are not allowed in" + " the path");
      }
    }
    if (isNormal(decoded)) {
      return decoded;
    }
    StringBuilder normalized = new StringBuilder(decoded.length());
    for (String segment : decoded.split("/", -1)) {
      if (segment.equals("..") || segment.equals(".")) {
        throw new DapRequestRejectedException(400, "path segment '" + segment + "' is not allowed");
      }
      if (!segment.isEmpty()) {
        normalized.append('/').append(segment);
      }
    }
    if (decoded.endsWith("/") || normalized.length() == 0) {
      normalized.append('/');
    }
    return normalized.toString();
  }

  /**
   * Whether {@link #normalize} would return the path as it is: it starts with a slash and has no
   * empty segment but a trailing one, and no dot segment. Most paths are, and need no copy.
   */
  private static boolean isNormal(String path) {
    if (!path.startsWith("/")) {
      return false;
    }
    int length = path.length();
    int segmentStart = 1;
    for (int i = 1; i <= length; i++) {
      if (i == length || path.charAt(i) == '/') {
        int segment = i - segmentStart;
        if (segment == 0 && i < length
            || segment == 1 && path.charAt(segmentStart) == '.'
            || segment == 2 && path.startsWith("..", segmentStart)) {
          return false;
        }
        segmentStart = i + 1;
      }
    }
    return true;
  }

  private static void rejectControlCharacters(String text, String what)
      throws DapRequestRejectedException {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
        throw new DapRequestRejectedException(
            400,
            String.format(
                Locale.ROOT, "control character 0x%02x is not allowed in the %s", (int) c, what));
      }
    }
  }

  /** The catalog path of a directory: no trailing slash, except the root itself. */
  private static String directoryPath(String withSlash) {
    return withSlash.length() > 1 ? withSlash.substring(0, withSlash.length() - 1) : "/";
  }

  private static String visibleName(String name) {
    return name.length() > 80 ? name.substring(0, 80) + "..." : name;
  }
}
