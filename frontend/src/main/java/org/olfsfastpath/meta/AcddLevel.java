package org.olfsfastpath.meta;

import java.util.Locale;

/** How strongly ACDD 1.3 asks for an attribute. */
public enum AcddLevel {
  HIGHLY_RECOMMENDED(3),
  RECOMMENDED(2),
  SUGGESTED(1);

  private final int weight;

  AcddLevel(int weight) {
    this.weight = weight;
  }

  /** The group's name as ACDD writes it, e.g. {@code Highly recommended}: the constant's name. */
  public String label() {
    return name().charAt(0) + name().substring(1).toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  /** Its weight in the rubric's score: 3, 2 or 1, as compliance-checker's HIGH, MEDIUM, LOW. */
  public int weight() {
    return weight;
  }
}
