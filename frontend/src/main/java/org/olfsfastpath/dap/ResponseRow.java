package org.olfsfastpath.dap;

import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesGetType;
import org.olfsfastpath.dap.ResponseType.Model;
import org.olfsfastpath.dap.ResponseType.Source;

/**
 * The parts a row of {@link ResponseType} is written in, each the columns that go together: how the
 * body is made ({@link Made}), what the client is told of it ({@link Headers}) and what it is like
 * ({@link Traits}).
 */
final class ResponseRow {
  private ResponseRow() {}

  /**
   * How the body is made: the model of its constraint and errors, where it comes from and the BES
   * get it is made from (for a form, the answer it is built from), if any.
   */
  record Made(Model model, Source source, @Nullable BesGetType besType) {
    /** Streamed from the BES get {@code type}. */
    static Made bes(Model model, BesGetType type) {
      return new Made(model, Source.BES, type);
    }

    /** A data request form, built from the BES answer {@code type}. */
    static Made form(Model model, BesGetType type) {
      return new Made(model, Source.FORM, type);
    }

    /** Built here with no BES get and no constraint: the services or version document. */
    static Made here(Source source) {
      return new Made(Model.NONE, source, null);
    }

    /** The dataset file itself, streamed from the BES. */
    static Made file() {
      return new Made(Model.NONE, Source.FILE, BesGetType.STREAM);
    }

    /** A discovery metadata record, built here from the BES answer {@code type}. */
    static Made record(Model model, BesGetType type) {
      return new Made(model, Source.METADATA_RECORD, type);
    }

    /** A form no BES can produce: a 501 that says so. */
    static Made notImplemented(Model model) {
      return new Made(model, Source.NOT_IMPLEMENTED, null);
    }
  }

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
