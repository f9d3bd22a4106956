package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

final class DownloadNameTest {
  @ParameterizedTest(name = "{0} {1} replace={2}")
  @CsvSource({
    "/nc/fnoc1.nc, DODS, false, fnoc1.nc.dods",
    "/nc/fnoc1.nc, DAP, false, fnoc1.nc.dap",
    "/nc/fnoc1.nc, NETCDF, false, fnoc1.nc.nc",
    "/nc/fnoc1.nc, NETCDF4, false, fnoc1.nc.nc4",
    "/nc/fnoc1.nc, DAP_CSV, false, fnoc1.nc.csv",
    "/nc/fnoc1.nc, DAP_XML, false, fnoc1.nc.xml",
    "/nc/fnoc1.nc, DAP_NETCDF4, false, fnoc1.nc.nc4",
    "/nc/fnoc1.nc, JSON, false, fnoc1.nc.json",
    "/nc/fnoc1.nc, FILE, false, fnoc1.nc",
    "/nc/fnoc1.nc, FILE, true, fnoc1.nc",
    // AddFileoutTypeSuffixToDownloadFilename: an extension of 1 to 3 characters is replaced
    "/nc/fnoc1.nc, NETCDF4, true, fnoc1.nc4",
    "/nc/fnoc1.nc, NETCDF, true, fnoc1.nc",
    "/h/file.hdf, NETCDF, true, file.nc",
    "/h/fi.h5, NETCDF, true, fi.nc",
    "/h/file.html, NETCDF, true, file.html.nc",
    "/h/x.hdf5, NETCDF4, true, x.hdf5.nc4",
    "/h/noextension, NETCDF, true, noextension.nc",
    // a netCDF file named from a DAP4 request never starts with a digit (netCDF names cannot)
    "/d/1990.nc, DAP_NETCDF, false, nc_1990.nc.nc",
    "/d/1990.nc, NETCDF, false, 1990.nc.nc",
  })
  void names(String path, ResponseType type, boolean replace, String expected) {
    assertEquals(expected, DownloadName.of(path, type, replace));
  }

  @Test
  void notADownload_isRefused() {
    assertThrows(
        IllegalArgumentException.class, () -> DownloadName.of("/x.nc", ResponseType.DDS, false));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "fnoc1.nc.dods | attachment; filename=\"fnoc1.nc.dods\"",
        "a\"b.nc | attachment; filename=\"a_b.nc\"; filename*=UTF-8''a%22b.nc",
        "\u00e9t\u00e9.nc | attachment; filename=\"_t_.nc\"; filename*=UTF-8''%C3%A9t%C3%A9.nc",
        "a;b%c.nc | attachment; filename=\"a_b_c.nc\"; filename*=UTF-8''a%3Bb%25c.nc",
      })
  void contentDisposition(String name, String header) {
    assertEquals(header, DownloadName.contentDisposition(name));
  }
}
