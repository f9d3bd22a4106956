package org.olfsfastpath.dap;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesGetType;

/**
 * Every response a dataset URL can ask for, one row each: the one table a new response type is
 * added to. A row says how the URL is written (its suffix), which BES get makes the body (or that
 * the front end builds it, or refuses it), and what the client is told: Content-Type,
 * Content-Description, whether the body is a download (Content-Disposition) and in which form an
 * error comes. The 42 suffixes are the upstream OLFS's (its BesDapDispatcher responders), read for
 * behaviour; see docs/url-space.md for each and where we differ.
 */
public enum ResponseType {
  // DAP2: the constraint is the query string.
  DODS(
      ".dods",
      "DAP2 data",
      Model.DAP2,
      Source.BES,
      BesGetType.DODS,
      "application/octet-stream",
      "dods_data",
      ".dods",
      Traits.BINARY),
  ASCII(
      ".ascii",
      "DAP2 data as ASCII text",
      Model.DAP2,
      Source.BES,
      BesGetType.ASCII,
      "text/plain",
      "dods_ascii",
      null,
      Traits.TEXT),
  CSV(
      ".csv",
      "DAP2 data as CSV",
      Model.DAP2,
      Source.BES,
      BesGetType.ASCII,
      "text/csv",
      "text/csv",
      null,
      Traits.TEXT.errors(ErrorBody.Form.CSV)),
  NETCDF(
      ".nc",
      "netCDF-3 file",
      Model.DAP2,
      Source.BES,
      BesGetType.DODS_NETCDF,
      "application/x-netcdf",
      "application/x-netcdf",
      ".nc",
      Traits.NETCDF),
  NETCDF4(
      ".nc4",
      "netCDF-4 file",
      Model.DAP2,
      Source.BES,
      BesGetType.DODS_NETCDF4,
      "application/x-netcdf;ver=4",
      "application/x-netcdf;ver=4",
      ".nc4",
      Traits.NETCDF),
  XDAP(
      ".xdap",
      "DAP2 data as XML",
      Model.DAP2,
      Source.BES,
      BesGetType.XML_DATA,
      "text/xml",
      "dap_xml",
      ".xdap",
      Traits.TEXT.errors(ErrorBody.Form.DAP4)),
  TIFF(
      ".tiff",
      "GeoTIFF image",
      Model.DAP2,
      Source.BES,
      BesGetType.DODS_GEOTIFF,
      "image/tiff;application=geotiff",
      "image/tiff;application=geotiff",
      ".tiff",
      Traits.BINARY.errors(ErrorBody.Form.HTML)),
  JP2(
      ".jp2",
      "GML JPEG2000 image",
      Model.DAP2,
      Source.BES,
      BesGetType.DODS_JPEG2000,
      "image/jp2;application=gmljp2",
      "image/jp2;application=gmljp2",
      ".jp2",
      Traits.BINARY.errors(ErrorBody.Form.HTML)),
  JSON(
      ".json",
      "DAP2 data as JSON",
      Model.DAP2,
      Source.BES,
      BesGetType.DODS_JSON,
      "application/json",
      "application/json",
      ".json",
      Traits.TEXT.errors(ErrorBody.Form.JSON)),
  IJSN(
      ".ijsn",
      "DAP2 data as instance JSON",
      Model.DAP2,
      Source.BES,
      BesGetType.DODS_IJSON,
      "application/json",
      "application/json",
      ".ijsn",
      Traits.TEXT.errors(ErrorBody.Form.JSON)),
  COVJSON(
      ".covjson",
      "CoverageJSON",
      Model.DAP2,
      Source.BES,
      BesGetType.DODS_COVJSON,
      "application/prs.coverage+json",
      "application/prs.coverage+json",
      ".covjson",
      Traits.TEXT.errors(ErrorBody.Form.HTML)),
  DDX(
      ".ddx",
      "DAP2 DDX",
      Model.DAP2,
      Source.BES,
      BesGetType.DDX,
      "text/xml",
      "dods_ddx",
      null,
      Traits.METADATA.errors(ErrorBody.Form.DAP4)),
  DDS(
      ".dds",
      "DAP2 DDS",
      Model.DAP2,
      Source.BES,
      BesGetType.DDS,
      "text/plain",
      "dods_dds",
      null,
      Traits.METADATA),
  DAS(
      ".das",
      "DAP2 DAS",
      Model.DAP2,
      Source.BES,
      BesGetType.DAS,
      "text/plain",
      "dods_das",
      null,
      Traits.METADATA),
  INFO(
      ".info",
      "DAP2 dataset information page",
      Model.DAP2,
      Source.BES,
      BesGetType.INFO_PAGE,
      "text/html",
      "DAP2 Dataset Information Page",
      null,
      Traits.METADATA.errors(ErrorBody.Form.HTML)),
  FORM(
      ".html",
      "DAP2 data request form",
      Model.DAP2,
      Source.FORM,
      BesGetType.DDX,
      "text/html;charset=UTF-8",
      "text/html",
      null,
      Traits.TEXT.errors(ErrorBody.Form.HTML)),
  RDF(
      ".rdf",
      "DCAT metadata record (RDF/XML) from the DDX",
      Model.DAP2,
      Source.METADATA_RECORD,
      BesGetType.DDX,
      "application/rdf+xml",
      "dcat_rdf",
      null,
      Traits.METADATA.errors(ErrorBody.Form.HTML)),
  TTL(
      ".ttl",
      "DCAT metadata record (Turtle) from the DDX",
      Model.DAP2,
      Source.METADATA_RECORD,
      BesGetType.DDX,
      "text/turtle",
      "dcat_turtle",
      null,
      Traits.METADATA.errors(ErrorBody.Form.HTML)),
  ISO(
      ".iso",
      "ISO 19115-2 metadata record from the DDX",
      Model.DAP2,
      Source.METADATA_RECORD,
      BesGetType.DDX,
      "text/xml",
      "iso_19115_2",
      null,
      Traits.METADATA.errors(ErrorBody.Form.HTML)),
  RUBRIC(
      ".rubric",
      "ACDD 1.3 metadata rubric from the DDX",
      Model.DAP4,
      Source.METADATA_RECORD,
      BesGetType.DDX,
      "text/html;charset=UTF-8",
      "acdd_rubric",
      null,
      Traits.METADATA.errors(ErrorBody.Form.HTML)),

  // DAP4: the constraint is the dap4.ce parameter.
  DAP(
      ".dap",
      "DAP4 data",
      Model.DAP4,
      Source.BES,
      BesGetType.DAP,
      "application/vnd.opendap.dap4.data",
      "application/vnd.opendap.dap4.data",
      ".dap",
      Traits.BINARY.errors(ErrorBody.Form.DAP4)),
  DAP_CSV(
      ".dap.csv",
      "DAP4 data as CSV",
      Model.DAP4,
      Source.BES,
      BesGetType.DAP_CSV,
      "text/csv",
      "text/csv",
      ".csv",
      Traits.TEXT.errors(ErrorBody.Form.CSV)),
  DAP_XML(
      ".dap.xml",
      "DAP4 data as XML",
      Model.DAP4,
      Source.BES,
      BesGetType.XML_DATA,
      "text/xml",
      "text/xml",
      ".xml",
      Traits.TEXT.errors(ErrorBody.Form.DAP4)),
  DAP_NETCDF(
      ".dap.nc",
      "netCDF-3 file of DAP4 data",
      Model.DAP4,
      Source.BES,
      BesGetType.DAP_NETCDF,
      "application/x-netcdf",
      "application/x-netcdf",
      ".nc",
      Traits.NETCDF),
  DAP_NETCDF4(
      ".dap.nc4",
      "netCDF-4 file of DAP4 data",
      Model.DAP4,
      Source.BES,
      BesGetType.DAP_NETCDF4,
      "application/x-netcdf;ver=4",
      "application/x-netcdf;ver=4",
      ".nc4",
      Traits.NETCDF),
  DAP_COVJSON(
      ".dap.covjson",
      "CoverageJSON of DAP4 data",
      Model.DAP4,
      Source.BES,
      BesGetType.DAP_COVJSON,
      "application/prs.coverage+json",
      "application/prs.coverage+json",
      ".covjson",
      Traits.TEXT.errors(ErrorBody.Form.HTML)),
  DAP_TIFF(
      ".dap.tiff",
      "GeoTIFF of DAP4 data",
      Model.DAP4,
      Source.NOT_IMPLEMENTED,
      null,
      "image/tiff;application=geotiff",
      "",
      null,
      Traits.BINARY.errors(ErrorBody.Form.HTML)),
  DAP_JP2(
      ".dap.jp2",
      "GML JPEG2000 of DAP4 data",
      Model.DAP4,
      Source.NOT_IMPLEMENTED,
      null,
      "image/jp2;application=gmljp2",
      "",
      null,
      Traits.BINARY.errors(ErrorBody.Form.HTML)),
  DAP_JSON(
      ".dap.json",
      "DAP4 data as JSON",
      Model.DAP4,
      Source.NOT_IMPLEMENTED,
      null,
      "application/json",
      "",
      null,
      Traits.TEXT.errors(ErrorBody.Form.JSON)),
  DAP_IJSN(
      ".dap.ijsn",
      "DAP4 data as instance JSON",
      Model.DAP4,
      Source.NOT_IMPLEMENTED,
      null,
      "application/json",
      "",
      null,
      Traits.TEXT.errors(ErrorBody.Form.JSON)),
  DMR(
      ".dmr",
      "DAP4 dataset metadata (DMR)",
      Model.DAP4,
      Source.BES,
      BesGetType.DMR,
      "application/vnd.opendap.dap4.dataset-metadata+xml",
      "application/vnd.opendap.dap4.dataset-metadata+xml",
      null,
      Traits.METADATA.errors(ErrorBody.Form.DAP4)),
  DMR_XML(
      ".dmr.xml",
      "DAP4 DMR as XML",
      Model.DAP4,
      Source.BES,
      BesGetType.DMR,
      "text/xml",
      "text/xml",
      null,
      Traits.METADATA.errors(ErrorBody.Form.DAP4)),
  DMR_FORM(
      ".dmr.html",
      "DAP4 data request form",
      Model.DAP4,
      Source.FORM,
      BesGetType.DMR,
      "text/html;charset=UTF-8",
      "text/html",
      null,
      Traits.TEXT.errors(ErrorBody.Form.HTML)),
  DMR_RDF(
      ".dmr.rdf",
      "DCAT metadata record (RDF/XML) from the DMR",
      Model.DAP4,
      Source.METADATA_RECORD,
      BesGetType.DMR,
      "application/rdf+xml",
      "dcat_rdf",
      null,
      Traits.METADATA.errors(ErrorBody.Form.HTML)),
  DMR_TTL(
      ".dmr.ttl",
      "DCAT metadata record (Turtle) from the DMR",
      Model.DAP4,
      Source.METADATA_RECORD,
      BesGetType.DMR,
      "text/turtle",
      "dcat_turtle",
      null,
      Traits.METADATA.errors(ErrorBody.Form.HTML)),
  DMR_JSON(
      ".dmr.json",
      "DMR as JSON",
      Model.DAP4,
      Source.NOT_IMPLEMENTED,
      null,
      "application/json",
      "",
      null,
      Traits.TEXT.errors(ErrorBody.Form.JSON)),
  DMR_IJSN(
      ".dmr.ijsn",
      "DMR as instance JSON",
      Model.DAP4,
      Source.NOT_IMPLEMENTED,
      null,
      "application/json",
      "",
      null,
      Traits.TEXT.errors(ErrorBody.Form.JSON)),
  DMR_ISO(
      ".dmr.iso",
      "ISO 19115-2 metadata record from the DMR",
      Model.DAP4,
      Source.METADATA_RECORD,
      BesGetType.DMR,
      "text/xml",
      "iso_19115_2",
      null,
      Traits.METADATA.errors(ErrorBody.Form.HTML)),
  DMR_RUBRIC(
      ".dmr.rubric",
      "ACDD 1.3 metadata rubric from the DMR",
      Model.DAP4,
      Source.METADATA_RECORD,
      BesGetType.DMR,
      "text/html;charset=UTF-8",
      "acdd_rubric",
      null,
      Traits.METADATA.errors(ErrorBody.Form.HTML)),

  // Built by the front end, with no BES get.
  DSR(
      ".dsr",
      "dataset services",
      Model.NONE,
      Source.SERVICES,
      null,
      "application/vnd.opendap.dap4.dataset-services+xml",
      "application/vnd.opendap.dap4.dataset-services+xml",
      null,
      Traits.TEXT.errors(ErrorBody.Form.HTML)),
  DSR_XML(
      ".dsr.xml",
      "dataset services as XML",
      Model.NONE,
      Source.SERVICES,
      null,
      "text/xml",
      "text/xml",
      null,
      Traits.TEXT.errors(ErrorBody.Form.DAP4)),
  DSR_HTML(
      ".dsr.html",
      "dataset services as HTML",
      Model.NONE,
      Source.SERVICES,
      null,
      "text/html;charset=UTF-8",
      "text/html",
      null,
      Traits.TEXT.errors(ErrorBody.Form.HTML)),
  VERSION(
      ".ver",
      "server version",
      Model.NONE,
      Source.VERSION,
      null,
      "text/xml",
      "text/xml",
      null,
      Traits.TEXT.errors(ErrorBody.Form.HTML)),
  FILE(
      ".file",
      "the dataset file itself",
      Model.NONE,
      Source.FILE,
      BesGetType.STREAM,
      "application/octet-stream",
      "",
      "",
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

  /** What a row's body is like, beside its type. */
  private record Traits(
      boolean textual, boolean metadata, boolean history, ErrorBody.@Nullable Form errors) {
    static final Traits TEXT = new Traits(true, false, false, null);
    static final Traits BINARY = new Traits(false, false, false, null);
    static final Traits METADATA = new Traits(true, true, false, null);
    static final Traits NETCDF = new Traits(false, false, true, ErrorBody.Form.HTML);

    Traits errors(ErrorBody.Form form) {
      return new Traits(textual, metadata, history, form);
    }
  }

  private final String suffix;
  private final String title;
  private final Model model;
  private final Source source;
  private final @Nullable BesGetType besType;
  private final String contentType;
  private final String contentDescription;
  private final @Nullable String download;
  private final Traits traits;

  ResponseType(
      String suffix,
      String title,
      Model model,
      Source source,
      @Nullable BesGetType besType,
      String contentType,
      String contentDescription,
      @Nullable String download,
      Traits traits) {
    this.suffix = suffix;
    this.title = title;
    this.model = model;
    this.source = source;
    this.besType = besType;
    this.contentType = contentType;
    this.contentDescription = contentDescription;
    this.download = download;
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
    return source != Source.NOT_IMPLEMENTED;
  }

  /** Other suffixes that ask for this response: {@code .asc} for ASCII. */
  public List<String> aliases() {
    return this == ASCII ? List.of(".asc") : List.of();
  }

  public Model model() {
    return model;
  }

  public Source source() {
    return source;
  }

  /**
   * The BES get this response is made from (for a form, the answer it is built from).
   *
   * @throws IllegalStateException if the response needs no BES get
   */
  public BesGetType besType() {
    if (besType == null) {
      throw new IllegalStateException(this + " is not made from a BES get");
    }
    return besType;
  }

  /** The Content-Type header value. */
  public String contentType() {
    return contentType;
  }

  /** The Content-Description header value, as the upstream OLFS sends it; empty for none. */
  public String contentDescription() {
    return contentDescription;
  }

  /**
   * The suffix of the download's file name (Content-Disposition: attachment), e.g. {@code .csv} for
   * {@code .dap.csv}; empty for the dataset's own name ({@code .file}); null when the body is not a
   * download.
   */
  public @Nullable String downloadSuffix() {
    return download;
  }

  /** Whether this is a DAP4 response. */
  public boolean isDap4() {
    return model == Model.DAP4;
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
    if (traits.errors() != null) {
      return traits.errors();
    }
    return model == Model.DAP4 ? ErrorBody.Form.DAP4 : ErrorBody.Form.DAP2;
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

  /**
   * The responses whose suffix ends {@code name} (case-insensitively, as upstream), longest suffix
   * first; each leaves a non-empty name before it.
   */
  static List<Match> matches(String name) {
    Objects.requireNonNull(name, "name == null");
    String lower = name.toLowerCase(Locale.ROOT);
    return BY_LENGTH.stream()
        .filter(m -> lower.endsWith(m.suffix()) && name.length() > m.suffix().length())
        .toList();
  }

  /** Every suffix with its response, longest first. */
  private static final List<Match> BY_LENGTH =
      java.util.stream.Stream.of(values())
          .flatMap(
              t ->
                  java.util.stream.Stream.concat(
                          java.util.stream.Stream.of(t.suffix), t.aliases().stream())
                      .map(s -> new Match(t, s)))
          .sorted(java.util.Comparator.comparingInt((Match m) -> -m.suffix().length()))
          .toList();

  /** A suffix found at the end of a request path. */
  record Match(ResponseType type, String suffix) {}
}
