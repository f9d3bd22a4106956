package org.olfsfastpath.web;

import java.util.Locale;

/**
 * What the bare dataset URL ({@code /opendap/nc/fnoc1.nc}, no suffix) answers: olfs.xml's {@code
 * <DatasetUrlResponse type="..."/>}, as upstream.
 */
public enum DatasetUrlResponse {
  /** The file itself when AllowDirectDataSourceAccess is set, else a 403 that says so. */
  DOWNLOAD,
  /** A 302 to the data request form (DataRequestForm decides which). */
  REQUEST_FORM,
  /** A 302 to the dataset services response, {@code .dsr}. */
  DSR;

  /** The value as olfs.xml writes it. */
  public String configName() {
    return switch (this) {
      case DOWNLOAD -> "download";
      case REQUEST_FORM -> "requestForm";
      case DSR -> "dsr";
    };
  }

  /**
   * Reads olfs.xml's value: {@code download}, {@code requestForm} or {@code dsr}, in any case.
   *
   * @throws IllegalArgumentException for any other value, naming it (upstream silently takes it for
   *     requestForm; a misspelt value should not change what users get without a word)
   */
  public static DatasetUrlResponse fromConfig(String type) {
    return switch (type.strip().toLowerCase(Locale.ROOT)) {
      case "download" -> DOWNLOAD;
      case "requestform" -> REQUEST_FORM;
      case "dsr" -> DSR;
      default ->
          throw new IllegalArgumentException(
              "DatasetUrlResponse type was \"" + type + "\", must be download, requestForm or dsr");
    };
  }
}
