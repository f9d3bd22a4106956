package org.olfsfastpath.meta;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.pages.DatasetModel;
import org.olfsfastpath.pages.DatasetModel.Attribute;

/**
 * A dataset's global attributes as ACDD reads them, from wherever the BES puts them: at the root,
 * in the netCDF handler's {@code NC_GLOBAL} container (both the DDX and the DMR have coads's
 * there), then in any other {@code *_GLOBAL} container (the HDF5 handler's {@code HDF5_GLOBAL}).
 * The first non-blank value of a name wins; a name is matched exactly, else without regard to case
 * ({@code Title} for {@code title}). A value of several parts is joined with {@code ", "}. DAP4
 * groups' attributes and {@code DODS_EXTRA} are not global attributes.
 */
final class Globals {
  /** A global's value as the dataset has it, and where it was found. */
  record Global(String value, String source) {}

  private final Map<String, Global> exact = new LinkedHashMap<>();
  private final Map<String, Global> folded = new LinkedHashMap<>();

  Globals(DatasetModel model) {
    List<Attribute> containers = new ArrayList<>();
    for (Attribute attribute : model.attributes()) {
      if (!attribute.isContainer()) {
        add(attribute, "");
      } else if (attribute.name().equals("NC_GLOBAL")) {
        containers.add(0, attribute);
      } else if (attribute.name().toUpperCase(Locale.ROOT).endsWith("_GLOBAL")) {
        containers.add(attribute);
      }
    }
    for (Attribute container : containers) {
      for (Attribute attribute : container.attributes()) {
        if (!attribute.isContainer()) {
          add(attribute, container.name() + ".");
        }
      }
    }
  }

  private void add(Attribute attribute, String prefix) {
    List<String> parts = new ArrayList<>();
    for (String value : attribute.values()) {
      if (!value.isBlank()) {
        parts.add(value.strip());
      }
    }
    if (parts.isEmpty()) {
      return;
    }
    Global global = new Global(String.join(", ", parts), prefix + attribute.name());
    exact.putIfAbsent(attribute.name(), global);
    folded.putIfAbsent(attribute.name().toLowerCase(Locale.ROOT), global);
  }

  /** The global named {@code name}, or null. */
  @Nullable Global get(String name) {
    Global global = exact.get(name);
    return global != null ? global : folded.get(name.toLowerCase(Locale.ROOT));
  }

  /** How many global attributes with a value the dataset has. */
  int count() {
    return exact.size();
  }
}
