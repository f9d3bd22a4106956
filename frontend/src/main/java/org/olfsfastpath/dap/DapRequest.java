package org.olfsfastpath.dap;

import java.util.List;
import java.util.OptionalInt;

/**
 * What a request URL asks for, after parsing and validation, before the catalog is asked about it.
 * Value-based and immutable.
 *
 * <p>A URL that names a catalog node ({@link Node}) may be read several ways: {@code x.nc.nc} is
 * the netCDF download of {@code x.nc}, or the file {@code x.nc.nc} itself. The parser lists the
 * readings; the catalog decides (the first reading whose dataset exists wins, as upstream).
 */
public sealed interface DapRequest
    permits DapRequest.Dataset,
        DapRequest.Node,
        DapRequest.Directory,
        DapRequest.Version,
        DapRequest.SiteMap {

  /**
   * A response about one dataset.
   *
   * @param path the BES catalog path of the dataset, normalized, starting with {@code /}
   * @param type the response wanted
   * @param constraint the constraint expression, decoded, or the empty string
   * @param dap4Checksums whether a DAP4 client asked for checksums ({@code dap4.checksum=true});
   *     the BES must then be sent the {@code dap4_checksums} context, or the client finds every
   *     checksum wrong
   * @param suffix the suffix as the URL wrote it (case kept), to take off the URL for xml:base
   * @param query the raw query string (a form's state, and what a download's history names), or the
   *     empty string
   * @param dap4Function the DAP4 server function expression ({@code dap4.function}), decoded, or
   *     the empty string; only DAP4 responses of the BES carry one
   */
  record Dataset(
      String path,
      ResponseType type,
      String constraint,
      boolean dap4Checksums,
      String suffix,
      String query,
      String dap4Function)
      implements DapRequest {

    /** A request without a server function. */
    public Dataset(
        String path,
        ResponseType type,
        String constraint,
        boolean dap4Checksums,
        String suffix,
        String query) {
      this(path, type, constraint, dap4Checksums, suffix, query, "");
    }

    /** A request for {@code type} with its canonical suffix and no query. */
    public Dataset(String path, ResponseType type, String constraint) {
      this(path, type, constraint, false, type.suffix(), "");
    }

    /** The same request answered as {@code other} (a representation chosen by Accept). */
    public Dataset as(ResponseType other) {
      return new Dataset(
          path,
          other,
          constraint,
          dap4Checksums,
          suffix,
          query,
          other.model() == ResponseType.Model.DAP4 ? dap4Function : "");
    }
  }

  /**
   * A path naming a catalog node: a dataset response ({@code readings}, in order), else the bare
   * dataset, a plain file, or a directory written without its trailing slash.
   *
   * @param path the whole path, normalized
   * @param readings the dataset responses the path may ask for, longest suffix first
   */
  record Node(String path, List<Dataset> readings) implements DapRequest {
    public Node {
      readings = List.copyOf(readings);
    }
  }

  /**
   * A view of one catalog directory.
   *
   * @param path the BES catalog path of the directory, starting with {@code /}; {@code /} for the
   *     root
   * @param view which view of it
   */
  record Directory(String path, View view) implements DapRequest {
    /** The views of a directory. */
    public enum View {
      /** {@code <dir>/}, {@code contents.html}, {@code catalog.html}: the HTML listing. */
      HTML,
      /** {@code contents.json}: the listing as JSON. */
      JSON,
      /** {@code catalog.xml}: the THREDDS catalog. */
      THREDDS
    }
  }

  /** The server version document ({@code /version}). */
  record Version() implements DapRequest {}

  /**
   * The site map: {@code /robots.txt} and {@code /siteMap/} (the index, {@code file} empty) or one
   * of its files, {@code /siteMap/smap_N.txt} ({@code file} = N).
   */
  record SiteMap(OptionalInt file, boolean robots) implements DapRequest {}
}
