package org.olfsfastpath.dap;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The file name a download is saved under, and its Content-Disposition header: the dataset's name
 * then the response's own suffix ({@code fnoc1.nc.dods}, {@code fnoc1.nc.csv} for {@code
 * .dap.csv}), as the upstream OLFS names them. With {@code AddFileoutTypeSuffixToDownloadFilename}
 * an extension of one to three characters is replaced ({@code fnoc1.nc} gives {@code fnoc1.nc4} for
 * {@code .nc4}). A netCDF file whose name would start with a digit gets {@code nc_} first, as
 * upstream's {@code .dap.nc} does (and without upstream's extra {@code .nc.nc}).
 */
public final class DownloadName {
  private DownloadName() {}

  /**
   * The name for {@code type}'s download of {@code datasetPath}.
   *
   * @param replaceExtension olfs.xml {@code AddFileoutTypeSuffixToDownloadFilename}
   * @throws IllegalArgumentException if the type is not a download
   */
  public static String of(String datasetPath, ResponseType type, boolean replaceExtension) {
    Objects.requireNonNull(datasetPath, "datasetPath == null");
    String suffix = type.downloadSuffix();
    if (suffix == null) {
      throw new IllegalArgumentException(type + " is not a download");
    }
    String base = datasetPath.substring(datasetPath.lastIndexOf('/') + 1);
    if (replaceExtension && !suffix.isEmpty()) {
      int dot = base.lastIndexOf('.');
      if (dot > 0 && base.length() - dot - 1 >= 1 && base.length() - dot - 1 <= 3) {
        base = base.substring(0, dot);
      }
    }
    String name = base + suffix;
    if (type == ResponseType.DAP_NETCDF && !name.isEmpty() && Character.isDigit(name.charAt(0))) {
      name = "nc_" + name;
    }
    return name;
  }

  /**
   * The Content-Disposition value: {@code attachment; filename="..."} with any character a header
   * cannot carry plainly replaced by {@code _}, and {@code filename*} (RFC 6266) naming the exact
   * UTF-8 name when it differs.
   */
  public static String contentDisposition(String name) {
    StringBuilder plain = new StringBuilder(name.length());
    boolean exact = true;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean safe = c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '%' && c != ';';
      plain.append(safe ? c : '_');
      exact &= safe;
    }
    String header = "attachment; filename=\"" + plain + "\"";
    if (exact) {
      return header;
    }
    StringBuilder encoded = new StringBuilder();
    for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xff;
      if ((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9')
          || "!#$&+-.^_`|~".indexOf(c) >= 0) {
        encoded.append((char) c);
      } else {
        encoded
            .append('%')
            .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
            .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
      }
    }
    return header + "; filename*=UTF-8''" + encoded;
  }
}
