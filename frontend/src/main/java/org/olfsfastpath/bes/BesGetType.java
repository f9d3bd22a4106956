package org.olfsfastpath.bes;

import org.jspecify.annotations.Nullable;

/**
 * The responses a {@code <get>} command can ask for, each with the BES {@code type} and {@code
 * returnAs} attributes it needs and the contexts that go with it. ASCII is {@code type="dods"
 * returnAs="ascii"}: the BES has no {@code type="ascii"}. Whether the BES can produce one depends
 * on its modules (fileout_netcdf for netCDF, gdal for GeoTIFF and JPEG2000, fileout_json,
 * fileout_covjson, xml_data_handler); without one it answers "Unable to find transmitter".
 */
public enum BesGetType {
  DAS("das", null, Model.DAP2, false),
  DDS("dds", null, Model.DAP2, false),
  DDX("ddx", null, Model.DAP2, true),
  DODS("dods", null, Model.DAP2, false),
  ASCII("dods", "ascii", Model.DAP2, false),
  DODS_NETCDF("dods", "netcdf", Model.DAP2, false),
  DODS_NETCDF4("dods", "netcdf-4", Model.DAP2, false),
  DODS_JSON("dods", "json", Model.DAP2, false),
  DODS_IJSON("dods", "ijson", Model.DAP2, false),
  DODS_COVJSON("dods", "covjson", Model.DAP2, false),
  DODS_GEOTIFF("dods", "geotiff", Model.DAP2, false),
  DODS_JPEG2000("dods", "jpeg2000", Model.DAP2, false),
  XML_DATA("xml_data", null, Model.DAP2, true),
  INFO_PAGE("info_page", null, Model.DAP2, false),
  DMR("dmr", null, Model.DAP4, true),
  DAP("dap", null, Model.DAP4, true),
  DAP_CSV("dap", "csv", Model.DAP4, false),
  DAP_NETCDF("dap", "netcdf", Model.DAP4, false),
  DAP_NETCDF4("dap", "netcdf-4", Model.DAP4, false),
  DAP_COVJSON("dap", "covjson", Model.DAP4, false),
  /** A file as it is, whatever it holds: the BES's {@code stream} (a container of that type). */
  STREAM("stream", null, Model.NONE, false);

  /** Which constraint and contexts a get takes. */
  public enum Model {
    /** A DAP2 constraint, and the xdap_accept context. */
    DAP2,
    /** A DAP4 constraint (dap4constraint), and the dap4_checksums context. */
    DAP4,
    /** No constraint: the file as it is. */
    NONE
  }

  private final String besType;
  private final @Nullable String returnAs;
  private final Model model;
  private final boolean xmlBase;

  BesGetType(String besType, @Nullable String returnAs, Model model, boolean xmlBase) {
    this.besType = besType;
    this.returnAs = returnAs;
    this.model = model;
    this.xmlBase = xmlBase;
  }

  /** The value of the get command's {@code type} attribute. */
  public String besType() {
    return besType;
  }

  /** The value of the get command's {@code returnAs} attribute, or null when it has none. */
  public @Nullable String returnAs() {
    return returnAs;
  }

  /** Whether this is a DAP4 response (constraint sent as {@code dap4constraint}). */
  public boolean isDap4() {
    return model == Model.DAP4;
  }

  /** Which constraint and contexts the get takes. */
  public Model model() {
    return model;
  }

  /** Whether the answer names the dataset URL, so the {@code xml:base} context is sent. */
  public boolean usesXmlBase() {
    return xmlBase;
  }
}
