package org.olfsfastpath.emulator.dap;

import java.util.List;
import java.util.Objects;

/** A named group of attributes that belongs to no variable, such as NC_GLOBAL. Value-based. */
record AttributeContainer(String name, List<Attribute> attributes) {
  AttributeContainer {
    Objects.requireNonNull(name, "name == null");
    attributes = List.copyOf(attributes);
  }
}
