package org.olfsfastpath.pages;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The responses a data request form offers as download buttons: {@code .dap}, {@code .dap.nc4},
 * {@code .dap.csv} on the DAP4 form; {@code .ascii}, {@code .dods}, {@code .nc}, {@code .nc4},
 * {@code .csv} on the DAP2 form.
 */
public enum DownloadFormat {
  DAP(FormType.DAP4, ".dap", "dap", "DAP4 binary", "application/vnd.opendap.dap4.data"),
  DAP_NC4(FormType.DAP4, ".dap.nc4", "dap-nc4", "NetCDF-4", "application/x-netcdf;ver=4"),
  DAP_CSV(FormType.DAP4, ".dap.csv", "dap-csv", "CSV", "text/csv"),
  ASCII(FormType.DAP2, ".ascii", "ascii", "ASCII", "text/plain"),
  DODS(FormType.DAP2, ".dods", "dods", "DAP2 binary", "application/octet-stream"),
  NC(FormType.DAP2, ".nc", "nc", "NetCDF-3", "application/x-netcdf"),
  NC4(FormType.DAP2, ".nc4", "nc4", "NetCDF-4", "application/x-netcdf;ver=4"),
  CSV(FormType.DAP2, ".csv", "csv", "CSV", "text/csv");

  private final FormType form;
  private final String suffix;
  private final String token;
  private final String label;
  private final String mediaType;

  DownloadFormat(FormType form, String suffix, String token, String label, String mediaType) {
    this.form = form;
    this.suffix = suffix;
    this.token = token;
    this.label = label;
    this.mediaType = mediaType;
  }

  /** The form that offers it. */
  public FormType form() {
    return form;
  }

  /** The URL suffix, e.g. {@code .dap.csv}. */
  public String suffix() {
    return suffix;
  }

  /**
   * The value of the form's {@code format} parameter when its button is pressed, e.g. {@code
   * dap-csv}; the button's id is {@code button-} followed by it.
   */
  public String token() {
    return token;
  }

  /** What the button says, e.g. {@code CSV}. */
  public String label() {
    return label;
  }

  /** The media type JSON-LD gives as its encoding format. */
  public String mediaType() {
    return mediaType;
  }

  /** The formats of {@code form}, in button order. */
  public static List<DownloadFormat> of(FormType form) {
    List<DownloadFormat> formats = new ArrayList<>();
    for (DownloadFormat format : values()) {
      if (format.form == form) {
        formats.add(format);
      }
    }
    return List.copyOf(formats);
  }

  /** The format of {@code form} whose {@link #token()} is {@code token}, if any. */
  public static Optional<DownloadFormat> byToken(FormType form, String token) {
    for (DownloadFormat format : values()) {
      if (format.form == form && format.token.equals(token)) {
        return Optional.of(format);
      }
    }
    return Optional.empty();
  }
}
