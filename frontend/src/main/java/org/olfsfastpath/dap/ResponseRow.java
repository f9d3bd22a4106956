package org.olfsfastpath.dap;

import org.jspecify.annotations.Nullable;

/**
 * The parts a row of {@link ResponseType} is written in, each the columns that go together: what
 * the client is told of it ({@link Headers}) and what it is like ({@link Traits}); how the body is
 * made is {@link ResponseType}'s own {@code Made}, since it is told in that type's model and
 * source.
 */
final class ResponseRow {
  private ResponseRow() {}

  /**
   * What the client is told: Content-Type, Content-Description (empty for none) and the suffix of
   * the download's file name (empty for the dataset's own name; null when the body is not a
   * download).
   */
  record Headers(String contentType, String contentDescription, @Nullable String download) {
    /** A body shown in place, not a download. */
    static Headers inline(String contentType, String contentDescription) {
      return new Headers(contentType, contentDescription, null);
    }

    /** A download whose file name ends {@code download}. */
    static Headers download(String contentType, String contentDescription, String download) {
      return new Headers(contentType, contentDescription, download);
    }
  }

  /**
   * What the body is like: text (it compresses well), metadata (small, cached by default), a netCDF
   * file whose history names the request, and the form of its errors when not its model's own.
   */
  record Traits(
      boolean textual, boolean metadata, boolean history, ErrorBody.@Nullable Form errors) {
    static final Traits TEXT = new Traits(true, false, false, null);
    static final Traits BINARY = new Traits(false, false, false, null);
    static final Traits METADATA = new Traits(true, true, false, null);
    static final Traits NETCDF = new Traits(false, false, true, ErrorBody.Form.HTML);

    Traits errors(ErrorBody.Form form) {
      return new Traits(textual, metadata, history, form);
    }
  }
}
