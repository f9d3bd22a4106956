package org.olfsfastpath.dap;

import java.util.List;
import java.util.Objects;
import org.olfsfastpath.bes.BesGetType;

/**
 * The dataset responses the front end serves, each with its URL suffixes, the BES get it needs and
 * the headers DAP clients expect. Content-Type and Content-Description follow the upstream OLFS
 * responders, so clients that switch on them (libdap, netCDF-C) behave as they do against Hyrax.
 */
public enum ResponseType {
  DDS(List.of(".dds"), BesGetType.DDS, "text/plain", "dods_dds", true),
  DAS(List.of(".das"), BesGetType.DAS, "text/plain", "dods_das", true),
  DODS(List.of(".dods"), BesGetType.DODS, "application/octet-stream", "dods_data", false),
  ASCII(List.of(".ascii", ".asc"), BesGetType.ASCII, "text/plain", "dods_ascii", true),
  INFO(List.of(".info"), BesGetType.INFO_PAGE, "text/html", "DAP2 Dataset Information Page", true),
  DMR(List.of(".dmr"), BesGetType.DMR, "application/vnd.opendap.dap4.dataset-metadata+xml",
      "application/vnd.opendap.dap4.dataset-metadata+xml", true),
  DMR_XML(List.of(".dmr.xml"), BesGetType.DMR, "text/xml", "text/xml", true),
  DAP(List.of(".dap"), BesGetType.DAP, "application/vnd.opendap.dap4.data",
      "application/vnd.opendap.dap4.data", false);

  /** The DAP protocol versions this front end speaks, oldest first. */
  public static final List<String> DAP_VERSIONS = List.of("2.0", "3.0", "3.2", "4.0");

  private final List<String> suffixes;
  private final BesGetType besType;
  private final String contentType;
  private final String contentDescription;
  private final boolean textual;

  ResponseType(List<String> suffixes, BesGetType besType, String contentType,
      String contentDescription, boolean textual) {
    this.suffixes = suffixes;
    this.besType = besType;
    this.contentType = contentType;
    this.contentDescription = contentDescription;
    this.textual = textual;
  }

  /** The URL suffixes that ask for this response, the canonical one first. */
  public List<String> suffixes() {
    return suffixes;
  }

  /** The BES get this response is made from. */
  public BesGetType besType() {
    return besType;
  }

  /** The Content-Type header value. */
  public String contentType() {
    return contentType;
  }

  /** The Content-Description header value. */
  public String contentDescription() {
    return contentDescription;
  }

  /** Whether this is a DAP4 response (DAP4 error bodies, {@code dap4.ce} constraints). */
  public boolean isDap4() {
    return besType.isDap4();
  }

  /** The XDAP header value: the protocol version the response conforms to. */
  public String dapVersion() {
    return isDap4() ? "4.0" : "3.2";
  }

  /** Whether the body is text or XML, which compresses well (binary data does not). */
  public boolean isTextual() {
    return textual;
  }

  /**
   * Finds the response whose suffix ends {@code name}, preferring the longest suffix.
   *
   * @return the match, or null when no suffix matches
   */
  static Match match(String name) {
    Objects.requireNonNull(name, "name == null");
    Match best = null;
    for (ResponseType type : values()) {
      for (String suffix : type.suffixes) {
        if (name.endsWith(suffix) && name.length() > suffix.length()
            && (best == null || suffix.length() > best.suffix().length())) {
          best = new Match(type, suffix);
        }
      }
    }
    return best;
  }

  /** A suffix found at the end of a request path. */
  record Match(ResponseType type, String suffix) {}
}
