package org.olfsfastpath.meta;

/** Where a value of a discovery record came from; the rubric and the tests read it. */
public enum Origin {
  /** A global attribute of the dataset, as its provider wrote it. */
  ATTRIBUTE,
  /** Computed from the data: a coordinate's values, units or step. */
  DERIVED,
  /** The BES's configuration: its ServerAdministrator or SupportEmail. */
  SERVER,
  /** A fact standing in for a missing attribute: the dataset's name as its title, its URL. */
  DEFAULT,
  /** Nowhere: nothing was found, and nothing is invented. */
  MISSING
}
