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
 * its value; each dimension {@code i} (from 0) of a variable has {@code dim-<id>-<i>-start},
 * {@code -stride} and {@code -stop}, where {@code <id>} is {@link #idOf(Variable)}; the pressed
 * button is {@code format} with a {@link DownloadFormat#token()} value.
 */
public final class FormSelection {
  /** The checkboxes' field name. */
  public static final String VARIABLE_FIELD = "var";
  /** The download buttons' field name. */
  public static final String FORMAT_FIELD = "format";

  private final DatasetModel model;
  private final Set<String> checked;
  private final Map<String, String> fields;
  private final Map<String, String> fieldErrors;
  private final List<String> errors;
  private final @Nullable DownloadFormat format;
  private final String constraint;

  private FormSelection(DatasetModel model, Set<String> checked, Map<String, String> fields,
      Map<String, String> fieldErrors, List<String> errors, @Nullable DownloadFormat format,
      String constraint) {
    this.model = model;
    this.checked = Set.copyOf(checked);
    this.fields = Map.copyOf(fields);
    this.fieldErrors = Map.copyOf(fieldErrors);
    this.errors = List.copyOf(errors);
    this.format = format;
    this.constraint = constraint;
  }

  /** Nothing selected: the form as it first appears. */
  public static FormSelection none(DatasetModel model) {
    Objects.requireNonNull(model, "model == null");
    return new FormSelection(model, Set.of(), Map.of(), Map.of(), List.of(), null, "");
  }

  /**
   * Reads a form page's query string (form-encoded, UTF-8). Parameters that are not form fields
   * are ignored, so any query gives a selection.
   *
   * @param model the dataset the form describes
   * @param rawQuery the query string as sent, or null
   */
  public static FormSelection parse(DatasetModel model, @Nullable String rawQuery) {
    Objects.requireNonNull(model, "model == null");
    Map<String, String> fields = new HashMap<>();
    Set<String> checked = new LinkedHashSet<>();
    List<String> errors = new ArrayList<>();
    String formatToken = null;
    if (rawQuery != null && !rawQuery.isEmpty()) {
      for (String parameter : rawQuery.split("&")) {
        int eq = parameter.indexOf('=');
        String name;
        String value;
        try {
          name = URLDecoder.decode(eq < 0 ? parameter : parameter.substring(0, eq),
              StandardCharsets.UTF_8);
          value = eq < 0 ? "" : URLDecoder.decode(parameter.substring(eq + 1),
              StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
          errors.add("the query has a malformed escape in \"" + visible(parameter) + "\"");
          continue;
        }
        if (name.equals(VARIABLE_FIELD)) {
          checked.add(value);
        } else if (name.equals(FORMAT_FIELD)) {
          formatToken = value;
        } else if (name.startsWith("dim-")) {
          fields.put(name, value);
        }
      }
    }
    DownloadFormat format = null;
    if (formatToken != null) {
      format = DownloadFormat.byToken(model.form(), formatToken).orElse(null);
      if (format == null) {
        errors.add("there is no download format \"" + visible(formatToken) + "\" on the "
            + model.form().label() + " form");
      }
    }
    Set<String> known = new LinkedHashSet<>();
    Map<String, String> fieldErrors = new LinkedHashMap<>();
    List<String> clauses = new ArrayList<>();
    for (Variable variable : model.allVariables()) {
      known.add(variable.constraintName());
      if (checked.contains(variable.constraintName())) {
        clauses.add(clause(variable, fields, fieldErrors));
      }
    }
    for (String name : checked) {
      if (!known.contains(name)) {
        errors.add("there is no variable \"" + visible(name) + "\" in this dataset");
      }
    }
    errors.addAll(fieldErrors.values());
    String separator = model.form() == FormType.DAP4 ? ";" : ",";
    return new FormSelection(model, checked, fields, fieldErrors, errors, format,
        String.join(separator, clauses));
  }

  /**
   * A variable's projection: its constraint name, then {@code [start:stride:stop]} for each
   * dimension unless all of them ask for the whole extent.
   */
  private static String clause(Variable variable, Map<String, String> fields,
      Map<String, String> fieldErrors) {
    String id = idOf(variable);
    StringBuilder hyperslab = new StringBuilder();
    boolean whole = true;
    List<Dimension> dimensions = variable.dimensions();
    for (int i = 0; i < dimensions.size(); i++) {
      long size = dimensions.get(i).size();
      if (size == 0) {
        return variable.constraintName();
      }
      String where = variable.fqn() + ", " + dimensionLabel(dimensions.get(i), i) + ": ";
      String prefix = "dim-" + id + "-" + i + "-";
      Long start = number(fields, prefix + "start", 0, where + "start", fieldErrors);
      if (start != null && (start < 0 || start > size - 1)) {
        fieldErrors.put(prefix + "start", where + "start " + start + " must be between 0 and "
            + (size - 1));
        start = null;
      }
      Long stride = number(fields, prefix + "stride", 1, where + "stride", fieldErrors);
      if (stride != null && stride < 1) {
        fieldErrors.put(prefix + "stride", where + "stride " + stride + " must be at least 1");
        stride = null;
      }
      Long stop = number(fields, prefix + "stop", size - 1, where + "stop", fieldErrors);
      long lowest = start == null ? 0 : start;
      if (stop != null && (stop < lowest || stop > size - 1)) {
        fieldErrors.put(prefix + "stop", where + "stop " + stop + " must be between " + lowest
            + " and " + (size - 1));
        stop = null;
      }
      if (start == null || stride == null || stop == null) {
        continue;
      }
      whole &= start == 0 && stride == 1 && stop == size - 1;
      hyperslab.append('[').append(start).append(':').append(stride).append(':').append(stop)
          .append(']');
    }
    return whole ? variable.constraintName() : variable.constraintName() + hyperslab;
  }

  private static @Nullable Long number(Map<String, String> fields, String field, long fallback,
      String what, Map<String, String> fieldErrors) {
    String text = fields.getOrDefault(field, "").strip();
    if (text.isEmpty()) {
      return fallback;
    }
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      fieldErrors.put(field, what + " \"" + visible(text) + "\" is not a whole number");
      return null;
    }
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
   * The id of a variable in the form's element ids and field names: its constraint name without
   * a leading slash and with {@code %} written as {@code ~}, e.g. {@code COADSX} or
   * {@code g1/temp}.
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
   * The constraint expression, e.g. {@code COADSX[0:1:5],SST} (DAP2) or
   * {@code /COADSX[0:1:5];/SST} (DAP4); empty when nothing is selected (the whole dataset). A
   * variable whose ranges have errors is projected without them.
   */
  public String constraint() {
    return constraint;
  }

  /**
   * The query string of the data URL, encoded with {@link PercentEncoding#query}: the constraint
   * itself for DAP2, {@code dap4.ce=} and the constraint for DAP4; empty when nothing is
   * selected.
   */
  public String query() {
    if (constraint.isEmpty()) {
      return "";
    }
    String encoded = PercentEncoding.query(constraint);
    return model.form() == FormType.DAP4 ? "dap4.ce=" + encoded : encoded;
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
   * Where the pressed button leads, relative to the form page: the dataset's last path segment,
   * the format's suffix and the query, e.g. {@code coads_climatology.nc.ascii?COADSX%5B0:1:5%5D}.
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
    String segment = PercentEncoding.segment(catalogPath.substring(catalogPath.lastIndexOf('/')
        + 1));
    String query = query();
    return query.isEmpty() ? segment + suffix : segment + suffix + "?" + query;
  }

  private static String visible(String text) {
    StringBuilder out = new StringBuilder(Math.min(text.length(), 80));
    for (int i = 0; i < text.length() && i < 80; i++) {
      char c = text.charAt(i);
      out.append(c < 0x20 || c == 0x7f ? '?' : c);
    }
    return text.length() > 80 ? out + "..." : out.toString();
  }
}
