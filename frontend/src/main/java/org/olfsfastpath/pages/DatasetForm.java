package org.olfsfastpath.pages;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.olfsfastpath.pages.DatasetModel.Variable;

/**
 * A dataset as its request form sees it: its structure, its coordinate values (or why they are
 * missing) and the sizes of its answers. Immutable; made once per form request from the BES's DMR
 * or DDX, then given its coordinates with {@link #withCoordinates}.
 */
public final class DatasetForm {
  private final DatasetModel model;
  private final AnswerSizes sizes;
  private final CoordinateRequest coordinateRequest;
  private final Coordinates coordinates;

  private DatasetForm(
      DatasetModel model, AnswerSizes sizes, CoordinateRequest request, Coordinates coordinates) {
    this.model = model;
    this.sizes = sizes;
    this.coordinateRequest = request;
    this.coordinates = coordinates;
  }

  /**
   * The form of the dataset {@code model} describes, without coordinate values yet.
   *
   * @param description the DMR or DDX the model was read from, as the BES sent it
   */
  public static DatasetForm of(DatasetModel model, byte[] description) {
    Objects.requireNonNull(model, "model == null");
    Objects.requireNonNull(description, "description == null");
    CoordinateRequest request = CoordinateRequest.of(model);
    return new DatasetForm(
        model, AnswerSizes.of(model, description), request, request.unavailable(""));
  }

  /** The same form with {@code coordinates}, from {@link #coordinateRequest()}. */
  public DatasetForm withCoordinates(Coordinates coordinates) {
    Objects.requireNonNull(coordinates, "coordinates == null");
    return new DatasetForm(model, sizes, coordinateRequest, coordinates);
  }

  /** The dataset's structure. */
  public DatasetModel model() {
    return model;
  }

  /** The request for the coordinate values. */
  public CoordinateRequest coordinateRequest() {
    return coordinateRequest;
  }

  /** The coordinate values, or why they are not known. */
  public Coordinates coordinates() {
    return coordinates;
  }

  /**
   * The size of the answer to {@link #coordinateRequest()} in bytes, as computed from the shapes
   * (exact when the dataset's description allows, see {@link AnswerSizes}).
   */
  public long coordinateAnswerBytes() {
    List<Projection> whole = new ArrayList<>();
    for (Variable variable : coordinateRequest.variables()) {
      whole.add(Projection.whole(variable));
    }
    if (whole.isEmpty()) {
      return 0;
    }
    DownloadFormat format =
        model.form() == FormType.DAP4 ? DownloadFormat.DAP : DownloadFormat.DODS;
    return sizes.size(format, whole, false).bytes();
  }

  /** The sizes of the answers. */
  AnswerSizes sizes() {
    return sizes;
  }

  /** The size of the answer the selection asks for in {@code format}, as the page shows it. */
  AnswerSizes.Size size(DownloadFormat format, FormSelection selection) {
    return sizes.size(format, selection.projections(), false);
  }

  /**
   * Whether the download the selection asks for needs a confirmation first: its answer is larger
   * than the site's {@link Site#largeDownload()} and the person has not confirmed it.
   */
  public boolean needsConfirmation(FormSelection selection, Site site) {
    Optional<DownloadFormat> format = selection.format();
    if (format.isEmpty() || site.largeDownload() <= 0 || selection.confirmed(format.get())) {
      return false;
    }
    return size(format.get(), selection).bytes() > site.largeDownload();
  }
}
