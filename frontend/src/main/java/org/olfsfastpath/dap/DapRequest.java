package org.olfsfastpath.dap;

import java.util.Objects;

/**
 * What a request URL asks for, after parsing and validation. Value-based and immutable.
 *
 * <p>Three kinds: a dataset response ({@link Dataset}), a directory listing ({@link Directory}) and
 * the server version ({@link Version}).
 */
public sealed interface DapRequest permits DapRequest.Dataset, DapRequest.Directory,
    DapRequest.Version {

  /**
   * A response about one dataset.
   *
   * @param path the BES catalog path, normalized, starting with {@code /}
   * @param type the response wanted
   * @param constraint the constraint expression, decoded, or the empty string
   * @param dap4Checksums whether a DAP4 client asked for checksums ({@code dap4.checksum=true});
   *     the BES must then be sent the {@code dap4_checksums} context, or the client finds every
   *     checksum wrong
   */
  record Dataset(String path, ResponseType type, String constraint, boolean dap4Checksums)
      implements DapRequest {
    public Dataset {
      Objects.requireNonNull(path, "path == null");
      Objects.requireNonNull(type, "type == null");
      Objects.requireNonNull(constraint, "constraint == null");
    }

    /** A request without DAP4 checksums. */
    public Dataset(String path, ResponseType type, String constraint) {
      this(path, type, constraint, false);
    }
  }

  /**
   * A listing of one catalog directory.
   *
   * @param path the BES catalog path of the directory, starting with {@code /}; {@code /} for the root
   * @param json whether the listing is wanted as JSON rather than HTML
   */
  record Directory(String path, boolean json) implements DapRequest {
    public Directory {
      Objects.requireNonNull(path, "path == null");
    }
  }

  /** The server version document. Needs no BES message. */
  record Version() implements DapRequest {}
}
