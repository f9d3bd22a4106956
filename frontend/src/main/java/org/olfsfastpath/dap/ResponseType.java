package org.olfsfastpath.dap;

import java.util.List;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesGetType;
import org.olfsfastpath.dap.ResponseRow.Headers;
import org.olfsfastpath.dap.ResponseRow.Made;
import org.olfsfastpath.dap.ResponseRow.Traits;

/**
 * Every response a dataset URL can ask for, one row each: the one table a new response type is
 * added to. A row says how the URL is written (its suffix), which BES get makes the body (or that
 * the front end builds it, or refuses it), and what the client is told: Content-Type,
 * Content-Description, whether the body is a download (Content-Disposition) and in which form an
 * error comes. The 42 suffixes are the upstream OLFS's (its BesDapDispatcher responders), read for
 * behaviour; see docs/url-space.md for each and where we differ. A row is written in the parts
 * {@link ResponseRow} names (how the body is made, its headers, its traits); a request path's
 * suffix is looked up by {@link SuffixMatch}.
 */
public enum ResponseType {
  // DAP2: the constraint is the query string.
  DODS(
      ".dods",
      "DAP2 data",
      Made.bes(Model.DAP2, BesGetType.DODS),
      Headers.download("application/octet-stream", "dods_data", ".dods"),
      Traits.BINARY),
  ASCII(
      ".ascii",
      "DAP2 data as ASCII text",
      Made.bes(Model.DAP2, BesGetType.ASCII),
      Headers.inline("text/plain", "dods_ascii"),
      Traits.TEXT),
  CSV(
      ".csv",
      "DAP2 data as CSV",
      Made.bes(Model.DAP2, BesGetType.ASCII),
      Headers.inline("text/csv", "text/csv"),
      Traits.TEXT.errors(ErrorBody.Form.CSV)),
  NETCDF(
      ".nc",
      "netCDF-3 file",
      Made.bes(Model.DAP2, BesGetType.DODS_NETCDF),
      Headers.download("application/x-netcdf", "application/x-netcdf", ".nc"),
      Traits.NETCDF),
  NETCDF4(
      ".nc4",
      "netCDF-4 file",
      Made.bes(Model.DAP2, BesGetType.DODS_NETCDF4),
      Headers.download("application/x-netcdf;ver=4", "application/x-netcdf;ver=4", ".nc4"),
      Traits.NETCDF),
  XDAP(
      ".xdap",
      "DAP2 data as XML",
      Made.bes(Model.DAP2, BesGetType.XML_DATA),
      Headers.download("text/xml", "dap_xml", ".xdap"),
      Traits.TEXT.errors(ErrorBody.Form.DAP4)),
  TIFF(
      ".tiff",
      "GeoTIFF image",
      Made.bes(Model.DAP2, BesGetType.DODS_GEOTIFF),
      Headers.download("image/tiff;application=geotiff", "image/tiff;application=geotiff", ".tiff"),
      Traits.BINARY.errors(ErrorBody.Form.HTML)),
  JP2(
      ".jp2",
      "GML JPEG2000 image",
      Made.bes(Model.DAP2, BesGetType.DODS_JPEG2000),
      Headers.download("image/jp2;application=gmljp2", "image/jp2;application=gmljp2", ".jp2"),
      Traits.BINARY.errors(ErrorBody.Form.HTML)),
  JSON(
      ".json",
      "DAP2 data as JSON",
      Made.bes(Model.DAP2, BesGetType.DODS_JSON),
      Headers.download("application/json", "application/json", ".json"),
      Traits.TEXT.errors(ErrorBody.Form.JSON)),
  IJSN(
      ".ijsn",
      "DAP2 data as instance JSON",
      Made.bes(Model.DAP2, BesGetType.DODS_IJSON),
      Headers.download("application/json", "application/json", ".ijsn"),
      Traits.TEXT.errors(ErrorBody.Form.JSON)),
  COVJSON(
      ".covjson",
      "CoverageJSON",
      Made.bes(Model.DAP2, BesGetType.DODS_COVJSON),
      Headers.download(
          "application/prs.coverage+json", "application/prs.coverage+json", ".covjson"),
      Traits.TEXT.errors(ErrorBody.Form.HTML)),
  DDX(
      ".ddx",
      "DAP2 DDX",
      Made.bes(Model.DAP2, BesGetType.DDX),
      Headers.inline("text/xml", "dods_ddx"),
      Traits.METADATA.errors(ErrorBody.Form.DAP4)),
  DDS(
      ".dds",
      "DAP2 DDS",
      Made.bes(Model.DAP2, BesGetType.DDS),
      Headers.inline("text/plain", "dods_dds"),
      Traits.METADATA),
  DAS(
      ".das",
      "DAP2 DAS",
      Made.bes(Model.DAP2, BesGetType.DAS),
      Headers.inline("text/plain", "dods_das"),
      Traits.METADATA),
  INFO(
      ".info",
      "DAP2 dataset information page",
      Made.bes(Model.DAP2, BesGetType.INFO_PAGE),
      Headers.inline("text/html", "DAP2 Dataset Information Page"),
      Traits.METADATA.errors(ErrorBody.Form.HTML)),
  FORM(
      ".html",
      "DAP2 data request form",
      Made.form(Model.DAP2, BesGetType.DDX),
      Headers.inline("text/html;charset=UTF-8", "text/html"),
      Traits.TEXT.errors(ErrorBody.Form.HTML)),
  RDF(
      ".rdf",
      "DCAT metadata record (RDF/XML) from the DDX",
      Made.record(Model.DAP2, BesGetType.DDX),
      Headers.inline("application/rdf+xml", "dcat_rdf"),
      Traits.METADATA.errors(ErrorBody.Form.HTML)),
  TTL(
      ".ttl",
      "DCAT metadata record (Turtle) from the DDX",
      Made.record(Model.DAP2, BesGetType.DDX),
      Headers.inline("text/turtle", "dcat_turtle"),
      Traits.METADATA.errors(ErrorBody.Form.HTML)),
  ISO(
      ".iso",
      "ISO 19115-2 metadata record from the DDX",
      Made.record(Model.DAP2, BesGetType.DDX),
      Headers.inline("text/xml", "iso_19115_2"),
      Traits.METADATA.errors(ErrorBody.Form.HTML)),
  RUBRIC(
      ".rubric",
      "ACDD 1.3 metadata rubric from the DDX",
      Made.record(Model.DAP4, BesGetType.DDX),
      Headers.inline("text/html;charset=UTF-8", "acdd_rubric"),
      Traits.METADATA.errors(ErrorBody.Form.HTML)),

  // DAP4: the constraint is the dap4.ce parameter.
  DAP(
      ".dap",
      "DAP4 data",
      Made.bes(Model.DAP4, BesGetType.DAP),
      Headers.download(
          "application/vnd.opendap.dap4.data", "application/vnd.opendap.dap4.data", ".dap"),
      Traits.BINARY.errors(ErrorBody.Form.DAP4)),
  DAP_CSV(
      ".dap.csv",
      "DAP4 data as CSV",
      Made.bes(Model.DAP4, BesGetType.DAP_CSV),
      Headers.download("text/csv", "text/csv", ".csv"),
      Traits.TEXT.errors(ErrorBody.Form.CSV)),
  DAP_XML(
      ".dap.xml",
      "DAP4 data as XML",
      Made.bes(Model.DAP4, BesGetType.XML_DATA),
      Headers.download("text/xml", "text/xml", ".xml"),
      Traits.TEXT.errors(ErrorBody.Form.DAP4)),
  DAP_NETCDF(
      ".dap.nc",
      "netCDF-3 file of DAP4 data",
      Made.bes(Model.DAP4, BesGetType.DAP_NETCDF),
      Headers.download("application/x-netcdf", "application/x-netcdf", ".nc"),
      Traits.NETCDF),
  DAP_NETCDF4(
      ".dap.nc4",
      "netCDF-4 file of DAP4 data",
      Made.bes(Model.DAP4, BesGetType.DAP_NETCDF4),
      Headers.download("application/x-netcdf;ver=4", "application/x-netcdf;ver=4", ".nc4"),
      Traits.NETCDF),
  DAP_COVJSON(
      ".dap.covjson",
      "CoverageJSON of DAP4 data",
      Made.bes(Model.DAP4, BesGetType.DAP_COVJSON),
      Headers.download(
          "application/prs.coverage+json", "application/prs.coverage+json", ".covjson"),
      Traits.TEXT.errors(ErrorBody.Form.HTML)),
  DAP_TIFF(
      ".dap.tiff",
      "GeoTIFF of DAP4 data",
      Made.notImplemented(Model.DAP4),
      Headers.inline("image/tiff;application=geotiff", ""),
      Traits.BINARY.errors(ErrorBody.Form.HTML)),
  DAP_JP2(
      ".dap.jp2",
      "GML JPEG2000 of DAP4 data",
      Made.notImplemented(Model.DAP4),
      Headers.inline("image/jp2;application=gmljp2", ""),
      Traits.BINARY.errors(ErrorBody.Form.HTML)),
  DAP_JSON(
      ".dap.json",
      "DAP4 data as JSON",
      Made.notImplemented(Model.DAP4),
      Headers.inline("application/json", ""),
      Traits.TEXT.errors(ErrorBody.Form.JSON)),
  DAP_IJSN(
      ".dap.ijsn",
      "DAP4 data as instance JSON",
      Made.notImplemented(Model.DAP4),
      Headers.inline("application/json", ""),
      Traits.TEXT.errors(ErrorBody.Form.JSON)),
  DMR(
      ".dmr",
      "DAP4 dataset metadata (DMR)",
      Made.bes(Model.DAP4, BesGetType.DMR),
      Headers.inline(
          "application/vnd.opendap.dap4.dataset-metadata+xml",
          "application/vnd.opendap.dap4.dataset-metadata+xml"),
      Traits.METADATA.errors(ErrorBody.Form.DAP4)),
  DMR_XML(
      ".dmr.xml",
      "DAP4 DMR as XML",
      Made.bes(Model.DAP4, BesGetType.DMR),
      Headers.inline("text/xml", "text/xml"),
      Traits.METADATA.errors(ErrorBody.Form.DAP4)),
  DMR_FORM(
      ".dmr.html",
      "DAP4 data request form",
      Made.form(Model.DAP4, BesGetType.DMR),
      Headers.inline("text/html;charset=UTF-8", "text/html"),
      Traits.TEXT.errors(ErrorBody.Form.HTML)),
  DMR_RDF(
      ".dmr.rdf",
      "DCAT metadata record (RDF/XML) from the DMR",
      Made.record(Model.DAP4, BesGetType.DMR),
      Headers.inline("application/rdf+xml", "dcat_rdf"),
      Traits.METADATA.errors(ErrorBody.Form.HTML)),
  DMR_TTL(
      ".dmr.ttl",
      "DCAT metadata record (Turtle) from the DMR",
      Made.record(Model.DAP4, BesGetType.DMR),
      Headers.inline("text/turtle", "dcat_turtle"),
      Traits.METADATA.errors(ErrorBody.Form.HTML)),
  DMR_JSON(
      ".dmr.json",
      "DMR as JSON",
      Made.notImplemented(Model.DAP4),
      Headers.inline("application/json", ""),
      Traits.TEXT.errors(ErrorBody.Form.JSON)),
  DMR_IJSN(
      ".dmr.ijsn",
      "DMR as instance JSON",
      Made.notImplemented(Model.DAP4),
      Headers.inline("application/json", ""),
      Traits.TEXT.errors(ErrorBody.Form.JSON)),
  DMR_ISO(
      ".dmr.iso",
      "ISO 19115-2 metadata record from the DMR",
      Made.record(Model.DAP4, BesGetType.DMR),
      Headers.inline("text/xml", "iso_19115_2"),
      Traits.METADATA.errors(ErrorBody.Form.HTML)),
  DMR_RUBRIC(
      ".dmr.rubric",
      "ACDD 1.3 metadata rubric from the DMR",
      Made.record(Model.DAP4, BesGetType.DMR),
      Headers.inline("text/html;charset=UTF-8", "acdd_rubric"),
      Traits.METADATA.errors(ErrorBody.Form.HTML)),

  // Built by the front end, with no BES get.
  DSR(
      ".dsr",
      "dataset services",
      Made.here(Source.SERVICES),
      Headers.inline(
          "application/vnd.opendap.dap4.dataset-services+xml",
          "application/vnd.opendap.dap4.dataset-services+xml"),
      Traits.TEXT.errors(ErrorBody.Form.HTML)),
  DSR_XML(
      ".dsr.xml",
      "dataset services as XML",
      Made.here(Source.SERVICES),
      Headers.inline("text/xml", "text/xml"),
      Traits.TEXT.errors(ErrorBody.Form.DAP4)),
  DSR_HTML(
      ".dsr.html",
      "dataset services as HTML",
      Made.here(Source.SERVICES),
      Headers.inline("text/html;charset=UTF-8", "text/html"),
      Traits.TEXT.errors(ErrorBody.Form.HTML)),
  VERSION(
      ".ver",
      "server version",
      Made.here(Source.VERSION),
      Headers.inline("text/xml", "text/xml"),
      Traits.TEXT.errors(ErrorBody.Form.HTML)),
  FILE(
      ".file",
      "the dataset file itself",
      Made.file(),
      Headers.download("application/octet-stream", "", ""),
      Traits.BINARY.errors(ErrorBody.Form.HTML));

  /** The DAP protocol versions this front end speaks, oldest first. */
  public static final List<String> DAP_VERSIONS = List.of("2.0", "3.0", "3.2", "4.0");

  /** Where a constraint comes from, and which error body a DAP client can read. */
  public enum Model {
    /** The constraint is the query string; errors as DAP2 {@code Error} objects. */
    DAP2,
    /** The constraint is the {@code dap4.ce} parameter; errors as DAP4 documents. */
    DAP4,
    /** No constraint. */
    NONE
  }

  /** How the body is made. */
  public enum Source {
    /** Streamed from one BES get. */
    BES,
    /** A data request form, built from a BES dmr or ddx answer. */
    FORM,
    /** The dataset services response, built here with no BES get. */
    SERVICES,
    /** The version document, with the BES's version as fetched at start. */
    VERSION,
    /**
     * A discovery metadata record (ISO 19115-2, DCAT, the ACDD rubric), built here from a BES dmr
     * or ddx answer and the dataset's coordinate values, kept in the response cache.
     */
    METADATA_RECORD,
    /** The dataset file itself, streamed from the BES as it is when direct access is allowed. */
    FILE,
    /**
     * A form the upstream OLFS lists but no BES can produce (fileout_json and gdal have no DAP4
     * transmitter): a 501 that says so, not a 500.
     */
    NOT_IMPLEMENTED
  }

  private final String suffix;
  private final String title;
  private final Made made;
  private final Headers headers;
  private final Traits traits;

  ResponseType(String suffix, String title, Made made, Headers headers, Traits traits) {
    this.suffix = suffix;
    this.title = title;
    this.made = made;
    this.headers = headers;
    this.traits = traits;
  }

  /** The URL suffix, lower case, e.g. {@code .dap.csv}. */
  public String suffix() {
    return suffix;
  }

  /** What the response is, in a few words (the dataset services response lists it so). */
  public String title() {
    return title;
  }

  /** Whether this server answers it (not a 404 or 501 that says why not). */
  public boolean isOffered() {
    return made.source() != Source.NOT_IMPLEMENTED;
  }

  /** Other suffixes that ask for this response: {@code .asc} for ASCII. */
  public List<String> aliases() {
    return this == ASCII ? List.of(".asc") : List.of();
  }

  public Model model() {
    return made.model();
  }

  public Source source() {
    return made.source();
  }

  /**
   * The BES get this response is made from (for a form, the answer it is built from).
   *
   * @throws IllegalStateException if the response needs no BES get
   */
  public BesGetType besType() {
    BesGetType besType = made.besType();
    if (besType == null) {
      throw new IllegalStateException(this + " is not made from a BES get");
    }
    return besType;
  }

  /** The Content-Type header value. */
  public String contentType() {
    return headers.contentType();
  }

  /** The Content-Description header value, as the upstream OLFS sends it; empty for none. */
  public String contentDescription() {
    return headers.contentDescription();
  }

  /**
   * The suffix of the download's file name (Content-Disposition: attachment), e.g. {@code .csv} for
   * {@code .dap.csv}; empty for the dataset's own name ({@code .file}); null when the body is not a
   * download.
   */
  public @Nullable String downloadSuffix() {
    return headers.download();
  }

  /** Whether this is a DAP4 response. */
  public boolean isDap4() {
    return made.model() == Model.DAP4;
  }

  /** The XDAP header value: the protocol version the response conforms to. */
  public String dapVersion() {
    return isDap4() ? "4.0" : "3.2";
  }

  /** Whether the body is text or XML, which compresses well (binary data does not). */
  public boolean isTextual() {
    return traits.textual();
  }

  /** Whether the body is metadata: small, asked for on every open, cached by default. */
  public boolean isMetadata() {
    return traits.metadata();
  }

  /** Whether the BES writes a netCDF file whose history should name the request. */
  public boolean writesHistory() {
    return traits.history();
  }

  /** The form an error to this request takes (a DAP client reads only its own). */
  public ErrorBody.Form errorForm() {
    ErrorBody.Form errors = traits.errors();
    if (errors != null) {
      return errors;
    }
    return isDap4() ? ErrorBody.Form.DAP4 : ErrorBody.Form.DAP2;
  }

  /**
   * The other representations a request for this normative response may get by its Accept header,
   * after this one: {@code .dmr} may answer its form to a browser, {@code .dap} any of its
   * encodings, {@code .dsr} its XML or HTML form, {@code .rdf} and {@code .dmr.rdf} their Turtle.
   */
  public List<ResponseType> alternatives() {
    return switch (this) {
      case DMR -> List.of(DMR_XML, DMR_FORM);
      case DAP -> List.of(DAP_CSV, DAP_XML, DAP_NETCDF, DAP_NETCDF4, DAP_COVJSON);
      case DSR -> List.of(DSR_XML, DSR_HTML);
      case RDF -> List.of(TTL);
      case DMR_RDF -> List.of(DMR_TTL);
      default -> List.of();
    };
  }
}
