package org.olfsfastpath.pages;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.olfsfastpath.dap.ResponseType;

/**
 * The responses a data request form offers as download buttons: {@code .dap}, {@code .dap.nc4},
 * {@code .dap.csv} on the DAP4 form; {@code .ascii}, {@code .dods}, {@code .nc}, {@code .nc4},
 * {@code .csv} on the DAP2 form. Each is a row of {@link ResponseType}, whose suffix and media type
 * it gives; the form that offers it is the row's DAP model, the button's token its suffix.
 */
public enum DownloadFormat {
  DAP(ResponseType.DAP, "DAP4 binary"),
  DAP_NC4(ResponseType.DAP_NETCDF4, "NetCDF-4"),
  DAP_CSV(ResponseType.DAP_CSV, "CSV"),
  ASCII(ResponseType.ASCII, "ASCII"),
  DODS(ResponseType.DODS, "DAP2 binary"),
  NC(ResponseType.NETCDF, "NetCDF-3"),
  NC4(ResponseType.NETCDF4, "NetCDF-4"),
  CSV(ResponseType.CSV, "CSV");

  private final ResponseType type;
  private final String label;

  DownloadFormat(ResponseType type, String label) {
    this.type = type;
    this.label = label;
  }

  /** The response it downloads. */
  public ResponseType type() {
    return type;
  }

  /** The form that offers it: the DAP4 form a DAP4 response, the DAP2 form a DAP2 one. */
  public FormType form() {
    return type.isDap4() ? FormType.DAP4 : FormType.DAP2;
  }

  /** The URL suffix, e.g. {@code .dap.csv}. */
  public String suffix() {
    return type.suffix();
  }

  /**
   * The value of the form's {@code format} parameter when its button is pressed, the suffix without
   * its leading dot and with a hyphen for each further dot, e.g. {@code dap-csv}; the button's id
   * is {@code button-} followed by it.
   */
  public String token() {
    return type.suffix().substring(1).replace('.', '-');
  }

  /** What the button says, e.g. {@code CSV}. */
  public String label() {
    return label;
  }

  /** The media type JSON-LD gives as its encoding format: the response's Content-Type. */
  public String mediaType() {
    return type.contentType();
  }

  /** The formats of {@code form}, in button order. */
  public static List<DownloadFormat> of(FormType form) {
    List<DownloadFormat> formats = new ArrayList<>();
    for (DownloadFormat format : values()) {
      if (format.form() == form) {
        formats.add(format);
      }
    }
    return List.copyOf(formats);
  }

  /** The format of {@code form} whose {@link #token()} is {@code token}, if any. */
  public static Optional<DownloadFormat> byToken(FormType form, String token) {
    for (DownloadFormat format : values()) {
      if (format.form() == form && format.token().equals(token)) {
        return Optional.of(format);
      }
    }
    return Optional.empty();
  }
}
