package org.olfsfastpath.dap;

import java.util.Locale;

/**
 * Turns a request URL into a {@link DapRequest}, or refuses it before any BES message is sent.
 * Immutable and thread-safe; build one at startup.
 *
 * <p>The URL space follows Hyrax: {@code <path>.<suffix>[?<constraint>]} where {@code <path>} is
 * the BES catalog path; {@code version} or any path ending {@code .ver} for the version document;
 * a path ending {@code /} or {@code contents.html} for an HTML directory listing, and
 * {@code contents.json} for the same listing as JSON.
 *
 * <p>DAP2 constraints are the whole query string, percent-decoded once with {@code +} kept as a
 * {@code +} (the upstream OLFS hands the query string to the BES as is and libdap decodes the
 * escapes once). DAP4 constraints are the {@code dap4.ce} parameter, decoded as a form value (so
 * {@code +} is a space), as the upstream OLFS does with {@code getParameter}.
 */
public final class DapRequestParser {
  /** Default cap on the raw path plus query string, in characters. */
  public static final int DEFAULT_MAX_URL_LENGTH = 8192;
  /** Default cap on a decoded constraint expression, in characters. */
  public static final int DEFAULT_MAX_CONSTRAINT_LENGTH = 4096;

  private static final String DAP4_CE = "dap4.ce";
  private static final String DAP4_CHECKSUM = "dap4.checksum";

  private final int maxUrlLength;
  private final int maxConstraintLength;

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
      throw new IllegalArgumentException("maxConstraintLength was " + maxConstraintLength
          + ", must be > 0");
    }
    this.maxUrlLength = maxUrlLength;
    this.maxConstraintLength = maxConstraintLength;
  }

  /** A parser with the default limits. */
  public static DapRequestParser withDefaults() {
    return new DapRequestParser(DEFAULT_MAX_URL_LENGTH, DEFAULT_MAX_CONSTRAINT_LENGTH);
  }

  /**
   * Parses one request.
   *
   * @param rawPath the request path below the web application, still percent-encoded, e.g.
   *     {@code /nc/coads_climatology.nc.dds}; null or empty means {@code /}
   * @param rawQuery the query string as sent, or null
   * @throws DapRequestRejectedException 400 for traversal, control characters, malformed escapes
   *     or path parameters; 414 for an over-long URL or constraint; 404 for an unknown suffix
   */
  public DapRequest parse(String rawPath, String rawQuery) throws DapRequestRejectedException {
    String path = rawPath == null || rawPath.isEmpty() ? "/" : rawPath;
    String query = rawQuery == null ? "" : rawQuery;
    int urlLength = path.length() + (rawQuery == null ? 0 : rawQuery.length() + 1);
    if (urlLength > maxUrlLength) {
      throw new DapRequestRejectedException(414, "the URL is " + urlLength
          + " characters long, more than the limit of " + maxUrlLength);
    }
    if (!path.startsWith("/")) {
      throw new DapRequestRejectedException(400, "expected the path to start with '/'");
    }
    if (path.indexOf(';') >= 0) {
      throw new DapRequestRejectedException(400, "path parameters (';') are not allowed");
    }
    String decoded = normalize(PercentDecoding.decode(path, false, "path"));

    if (decoded.equals("/version") || decoded.equals("/version/") || decoded.endsWith(".ver")) {
      return new DapRequest.Version();
    }
    if (decoded.endsWith("/")) {
      return new DapRequest.Directory(directoryPath(decoded), false);
    }
    if (decoded.endsWith("/contents.html") || decoded.endsWith("/contents.json")) {
      String directory = decoded.substring(0, decoded.lastIndexOf('/') + 1);
      return new DapRequest.Directory(directoryPath(directory), decoded.endsWith(".json"));
    }
    ResponseType.Match match = ResponseType.match(decoded);
    String name = decoded.substring(decoded.lastIndexOf('/') + 1);
    if (match == null || name.length() <= match.suffix().length()) {
      throw new DapRequestRejectedException(404, "no DAP response for '" + visibleName(name)
          + "': expected a dataset name ending in .dds, .das, .dods, .ascii, .asc, .info, .dmr,"
          + " .dmr.xml or .dap");
    }
    String datasetPath = decoded.substring(0, decoded.length() - match.suffix().length());
    String datasetName = name.substring(0, name.length() - match.suffix().length());
    if (datasetName.equals(".") || datasetName.equals("..")) {
      // "/...dds" would otherwise name the catalog path "/..".
      throw new DapRequestRejectedException(400, "path segment '" + datasetName
          + "' is not allowed");
    }
    if (!match.type().isDap4()) {
      return new DapRequest.Dataset(datasetPath, match.type(), dap2Constraint(query), false);
    }
    return new DapRequest.Dataset(datasetPath, match.type(), dap4Constraint(query),
        dap4Checksums(query));
  }

  /** Whether {@code dap4.checksum=true} is among the parameters (as the upstream OLFS reads it). */
  private static boolean dap4Checksums(String query) throws DapRequestRejectedException {
    boolean checksums = false;
    for (String parameter : query.split("&")) {
      int eq = parameter.indexOf('=');
      if (eq > 0 && PercentDecoding.decode(parameter.substring(0, eq), true, "query parameter name")
          .equals(DAP4_CHECKSUM)) {
        checksums = PercentDecoding.decode(parameter.substring(eq + 1), true, "dap4.checksum")
            .equalsIgnoreCase("true");
      }
    }
    return checksums;
  }

  private String dap2Constraint(String query) throws DapRequestRejectedException {
    return checkConstraint(PercentDecoding.decode(query, false, "constraint"));
  }

  private String dap4Constraint(String query) throws DapRequestRejectedException {
    StringBuilder ce = new StringBuilder();
    for (String parameter : query.split("&")) {
      int eq = parameter.indexOf('=');
      String name = eq < 0 ? parameter : parameter.substring(0, eq);
      if (PercentDecoding.decode(name, true, "query parameter name").equals(DAP4_CE) && eq >= 0) {
        if (ce.length() > 0) {
          ce.append(';');
        }
        ce.append(PercentDecoding.decode(parameter.substring(eq + 1), true, "constraint"));
      }
    }
    return checkConstraint(ce.toString());
  }

  private String checkConstraint(String constraint) throws DapRequestRejectedException {
    if (constraint.length() > maxConstraintLength) {
      throw new DapRequestRejectedException(414, "the constraint is " + constraint.length()
          + " characters long, more than the limit of " + maxConstraintLength);
    }
    rejectControlCharacters(constraint, "constraint");
    return constraint;
  }

  /**
   * Collapses repeated slashes and refuses anything that could climb out of the catalog or smuggle
   * bytes past the BES: dot segments, backslashes, control characters and escapes that were
   * encoded twice.
   */
  private static String normalize(String decoded) throws DapRequestRejectedException {
    rejectControlCharacters(decoded, "path");
    if (decoded.indexOf('\\') >= 0) {
      throw new DapRequestRejectedException(400, "backslashes are not allowed in the path");
    }
    String lower = decoded.toLowerCase(Locale.ROOT);
    if (lower.contains("%2e") || lower.contains("%2f") || lower.contains("%5c")
        || lower.contains("%00") || lower.contains("%25")) {
      throw new DapRequestRejectedException(400, "doubly encoded characters are not allowed in"
          + " the path");
    }
    StringBuilder normalized = new StringBuilder(decoded.length());
    for (String segment : decoded.split("/", -1)) {
      if (segment.equals("..") || segment.equals(".")) {
        throw new DapRequestRejectedException(400, "path segment '" + segment
            + "' is not allowed");
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

  private static void rejectControlCharacters(String text, String what)
      throws DapRequestRejectedException {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
        throw new DapRequestRejectedException(400, String.format(Locale.ROOT,
            "control character 0x%02x is not allowed in the %s", (int) c, what));
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
