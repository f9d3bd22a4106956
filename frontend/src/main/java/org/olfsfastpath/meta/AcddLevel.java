package org.olfsfastpath.meta;

/** How strongly ACDD 1.3 asks for an attribute. */
public enum AcddLevel {
  HIGHLY_RECOMMENDED("Highly recommended", 3),
  RECOMMENDED("Recommended", 2),
  SUGGESTED("Suggested", 1);

  private final String label;
  private final int weight;

  AcddLevel(String label, int weight) {
    this.label = label;
    this.weight = weight;
  }

  /** The group's name as ACDD writes it. */
  public String label() {
    return label;
  }

  /** Its weight in the rubric's score: 3, 2 or 1, as compliance-checker's HIGH, MEDIUM, LOW. */
  public int weight() {
    return weight;
  }
}
