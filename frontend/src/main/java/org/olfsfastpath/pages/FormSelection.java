package org.olfsfastpath.pages;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.dap.PercentEncoding;
import org.olfsfastpath.pages.DatasetModel.Dimension;
import org.olfsfastpath.pages.DatasetModel.Variable;

/**
 * What a data request form submitted without JavaScript asks for: the checked variables, their
 * index ranges and the pressed download button, read from the form's query string and checked
 * against the dataset's shapes. Immutable.
 *
 * <p>A form page whose query holds a download {@link #format()} and no {@link #errors()} answers
 * with a redirect to {@link #location(String)}; otherwise it renders again with this selection,
 * showing its data URL and its errors. The page's script builds the same URLs in the browser.
 *
 * <p>Field names: each variable's checkbox is {@code var} with the variable's constraint name as
 * its value; each dimension {@code i} (from 0) of a variable has {@code dim-<id>-<i>-start}, {@code
 * -stride} and {@code -stop}, and where the dimension has coordinate values {@code -from} and
 * {@code -to} (values, see {@link DimensionRange}), where {@code <id>} is {@link #idOf(Variable)};
 * the pressed button is {@code format} with a {@link DownloadFormat#token()} value, and {@code
 * confirm} repeats that value when the person confirmed a large download.
 */
public final class FormSelection {
  /** The checkboxes' field name. */
  public static final String VARIABLE_FIELD = "var";

  /** The download buttons' field name. */
  public static final String FORMAT_FIELD = "format";

  /** The field that confirms a large download: the format's token, set by the warning. */
  public static final String CONFIRM_FIELD = "confirm";

  private final DatasetModel model;
  private final Set<String> checked;
  private final Map<String, String> fields;
  private final Map<String, String> fieldErrors;
  private final List<String> errors;
  private final @Nullable DownloadFormat format;
  private final String constraint;
  private final List<Projection> projections;
  private final List<String> notes;
  private final String confirmed;

  private FormSelection(
      DatasetModel model,
      Set<String> checked,
      Map<String, String> fields,
      Map<String, String> fieldErrors,
      List<String> errors,
      @Nullable DownloadFormat format,
      String constraint,
      List<Projection> projections,
      List<String> notes,
      String confirmed) {
    this.model = model;
    this.checked = Set.copyOf(checked);
    this.fields = Map.copyOf(fields);
    this.fieldErrors = Map.copyOf(fieldErrors);
    this.errors = List.copyOf(errors);
    this.format = format;
    this.constraint = constraint;
    this.projections = List.copyOf(projections);
    this.notes = List.copyOf(notes);
    this.confirmed = confirmed;
  }

  /** Nothing selected: the form as it first appears. */
  public static FormSelection none(DatasetModel model) {
    Objects.requireNonNull(model, "model == null");
    return new FormSelection(
        model, Set.of(), Map.of(), Map.of(), List.of(), null, "", List.of(), List.of(), "");
  }

  /**
   * Reads a form page's query string (form-encoded, UTF-8) without coordinate values. Parameters
   * that are not form fields are ignored, so any query gives a selection.
   *
   * @param model the dataset the form describes
   * @param rawQuery the query string as sent, or null
   */
  public static FormSelection parse(DatasetModel model, @Nullable String rawQuery) {
    Objects.requireNonNull(model, "model == null");
    return parse(model, CoordinateRequest.of(model).unavailable(""), rawQuery);
  }

  /**
   * Reads a form page's query string with the dataset's coordinate values, so that the {@code from}
   * and {@code to} value fields choose indexes (see {@link DimensionRange}).
   *
   * @param form the dataset the form describes, with its coordinates
   * @param rawQuery the query string as sent, or null
   */
  public static FormSelection parse(DatasetForm form, @Nullable String rawQuery) {
    Objects.requireNonNull(form, "form == null");
    return parse(form.model(), form.coordinates(), rawQuery);
  }

  private static FormSelection parse(
      DatasetModel model, Coordinates coordinates, @Nullable String rawQuery) {
    Map<String, String> fields = new HashMap<>();
    Set<String> checked = new LinkedHashSet<>();
    List<String> errors = new ArrayList<>();
    String formatToken = null;
    String confirmed = "";
    if (rawQuery != null && !rawQuery.isEmpty()) {
      for (String parameter : rawQuery.split("&")) {
        int eq = parameter.indexOf('=');
        String name;
        String value;
        try {
          name =
              URLDecoder.decode(
                  eq < 0 ? parameter : parameter.substring(0, eq), StandardCharsets.UTF_8);
          value =
              eq < 0 ? "" : URLDecoder.decode(parameter.substring(eq + 1), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
          errors.add("the query has a malformed escape in \"" + visible(parameter) + "\"");
          continue;
        }
        if (name.equals(VARIABLE_FIELD)) {
          checked.add(value);
        } else if (name.equals(FORMAT_FIELD)) {
          formatToken = value;
        } else if (name.equals(CONFIRM_FIELD)) {
          confirmed = value;
        } else if (name.startsWith("dim-")) {
          fields.put(name, value);
        }
      }
    }
    DownloadFormat format = null;
    if (formatToken != null) {
      format = DownloadFormat.byToken(model.form(), formatToken).orElse(null);
      if (format == null) {
        errors.add(
            "there is no download format \""
                + visible(formatToken)
                + "\" on the "
                + model.form().label()
                + " form");
      }
    }
    Set<String> known = new LinkedHashSet<>();
    Map<String, String> fieldErrors = new LinkedHashMap<>();
    List<String> clauses = new ArrayList<>();
    List<Projection> projections = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (Variable variable : model.variables()) {
      select(
          variable,
          false,
          new Reading(
              checked, coordinates, fields, fieldErrors, notes, clauses, projections, known));
    }
    for (String name : checked) {
      if (!known.contains(name)) {
        errors.add("there is no variable \"" + visible(name) + "\" in this dataset");
      }
    }
    errors.addAll(fieldErrors.values());
    String separator = model.form() == FormType.DAP4 ? ";" : ",";
    return new FormSelection(
        model,
        checked,
        fields,
        fieldErrors,
        errors,
        format,
        String.join(separator, clauses),
        projections,
        notes,
        confirmed);
  }

  /** What a reading of the query collects. */
  private record Reading(
      Set<String> checked,
      Coordinates coordinates,
      Map<String, String> fields,
      Map<String, String> fieldErrors,
      List<String> notes,
      List<String> clauses,
      List<Projection> projections,
      Set<String> known) {}

  /**
   * Reads {@code variable} and its members, depth first as the form lists them: a checked one gets
   * its clause, and its share of the answer unless a checked structure around it already sends it.
   */
  private static void select(Variable variable, boolean inChecked, Reading reading) {
    reading.known().add(variable.constraintName());
    boolean isChecked = reading.checked().contains(variable.constraintName());
    if (isChecked) {
      long[] counts = new long[variable.dimensions().size()];
      String clause = clause(variable, reading, counts);
      reading.clauses().add(clause);
      if (!inChecked) {
        reading
            .projections()
            .add(new Projection(variable, counts, !clause.equals(variable.constraintName())));
      }
    }
    for (Variable member : variable.members()) {
      select(member, inChecked || isChecked, reading);
    }
  }

  /**
   * A variable's projection: its constraint name, then {@code [start:stride:stop]} for each
   * dimension unless all of them ask for the whole extent. Fills {@code counts} with the number of
   * indexes selected along each dimension.
   */
  private static String clause(Variable variable, Reading reading, long[] counts) {
    StringBuilder hyperslab = new StringBuilder();
    boolean whole = true;
    List<Dimension> dimensions = variable.dimensions();
    for (int i = 0; i < dimensions.size(); i++) {
      long size = dimensions.get(i).size();
      counts[i] = size;
      if (size == 0) {
        return variable.constraintName();
      }
      long[] range =
          DimensionRange.read(
              variable,
              i,
              reading.coordinates().axis(variable, i).orElse(null),
              reading.fields(),
              reading.fieldErrors(),
              reading.notes());
      if (range == null) {
        continue;
      }
      counts[i] = Projection.count(range[0], range[1], range[2]);
      whole &= range[0] == 0 && range[1] == 1 && range[2] == size - 1;
      hyperslab
          .append('[')
          .append(range[0])
          .append(':')
          .append(range[1])
          .append(':')
          .append(range[2])
          .append(']');
    }
    return whole ? variable.constraintName() : variable.constraintName() + hyperslab;
  }

  /** The start of the names of dimension {@code d}'s fields: {@code dim-<id>-<d>-}. */
  static String fieldPrefix(Variable variable, int d) {
    return "dim-" + idOf(variable) + "-" + d + "-";
  }

  /** How messages and labels name dimension {@code index} (from 0) of a variable. */
  static String dimensionLabel(Dimension dimension, int index) {
    String name = dimension.name();
    if (name.isEmpty()) {
      return "dimension " + (index + 1);
    }
    return name.startsWith("/") && name.lastIndexOf('/') == 0 ? name.substring(1) : name;
  }

  /**
   * The id of a variable in the form's element ids and field names: its constraint name without a
   * leading slash and with {@code %} written as {@code ~}, e.g. {@code COADSX} or {@code g1/temp}.
   */
  public static String idOf(Variable variable) {
    String name = variable.constraintName();
    return (name.startsWith("/") ? name.substring(1) : name).replace('%', '~');
  }

  /** The model this selection was read for. */
  DatasetModel model() {
    return model;
  }

  /** Whether {@code variable}'s checkbox is checked. */
  boolean isChecked(Variable variable) {
    return checked.contains(variable.constraintName());
  }

  /** The submitted text of field {@code name}, or null when it was not submitted. */
  @Nullable String field(String name) {
    return fields.get(name);
  }

  /** The error of field {@code name}, or null when it has none. */
  @Nullable String fieldError(String name) {
    return fieldErrors.get(name);
  }

  /**
   * The constraint expression, e.g. {@code COADSX[0:1:5],SST} (DAP2) or {@code /COADSX[0:1:5];/SST}
   * (DAP4); empty when nothing is selected (the whole dataset). A variable whose ranges have errors
   * is projected without them.
   */
  public String constraint() {
    return constraint;
  }

  /**
   * The query string of the data URL, encoded with {@link PercentEncoding#query}: the constraint
   * itself for DAP2, {@code dap4.ce=} and the constraint for DAP4; empty when nothing is selected.
   */
  public String query() {
    if (constraint.isEmpty()) {
      return "";
    }
    String encoded = PercentEncoding.query(constraint);
    return model.form() == FormType.DAP4 ? "dap4.ce=" + encoded : encoded;
  }

  /**
   * The variables the answer carries, each once, with their counts: empty when nothing is checked
   * (the whole dataset).
   */
  List<Projection> projections() {
    return projections;
  }

  /** What the value fields selected, a sentence each ({@code from 100 selects index 40}). */
  List<String> notes() {
    return notes;
  }

  /** Whether the person confirmed a large download in {@code format}. */
  boolean confirmed(DownloadFormat format) {
    return confirmed.equals(format.token());
  }

  /** The pressed download button, if one was pressed and exists on this form. */
  public Optional<DownloadFormat> format() {
    return Optional.ofNullable(format);
  }

  /** What is wrong with the submission, in form order; empty when nothing is. */
  public List<String> errors() {
    return errors;
  }

  /**
   * Where the pressed button leads, relative to the form page: the dataset's last path segment, the
   * format's suffix and the query, e.g. {@code coads_climatology.nc.ascii?COADSX%5B0:1:5%5D}.
   *
   * @param catalogPath the dataset's catalog path, e.g. {@code /nc/coads_climatology.nc}
   * @return empty when no button was pressed or the submission has errors
   */
  public Optional<String> location(String catalogPath) {
    if (format == null || !errors.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(dataHref(catalogPath, format.suffix()));
  }

  /** The relative link of the data URL with {@code suffix}: segment, suffix, query. */
  String dataHref(String catalogPath, String suffix) {
    String segment =
        PercentEncoding.segment(catalogPath.substring(catalogPath.lastIndexOf('/') + 1));
    String query = query();
    return query.isEmpty() ? segment + suffix : segment + suffix + "?" + query;
  }

  static String visible(String text) {
    StringBuilder out = new StringBuilder(Math.min(text.length(), 80));
    for (int i = 0; i < text.length() && i < 80; i++) {
      char c = text.charAt(i);
      out.append(c < 0x20 || c == 0x7f ? '?' : c);
    }
    return text.length() > 80 ? out + "..." : out.toString();
  }
}
