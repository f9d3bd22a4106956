package org.olfsfastpath.dap;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Names the part of a constraint that a BES constraint error is about, where it can be known.
 * libdap says that the expression "referenced a identifier not found in the dataset" or that "At
 * least one of the start, stride or stop specified do not match the array variable", without saying
 * which (real BES 3.22 answers, in the captures beside the project). The request's own constraint
 * often tells: with one name in it, that name is the one the dataset lacks; with one index subset,
 * that subset is the one that does not fit. With several, the message lists them; a message that
 * already quotes one of them (libdap's DAP4 messages do: "For 'SST', the index stop value ...") is
 * left as it is.
 */
public final class ConstraintErrors {
  /** libdap's words for a name the dataset lacks (ce_expr.yy, D4ConstraintEvaluator.cc). */
  private static final List<String> NOT_FOUND =
      List.of(
          "referenced a identifier not found in the dataset",
          "referenced a array, grid or sequence not found in the dataset",
          "referenced a variable that was not found in the dataset");

  /** libdap's words for an index subset that does not fit its variable (Array.cc, ce_expr.yy). */
  private static final List<String> BAD_INDEX =
      List.of(
          "at least one of the start, stride or stop",
          "the start value of an array index is past the stop value",
          "the number of dimensions in the constraint must match",
          "expected an array index",
          "does not match its rank",
          "is greater than the number of elements in the array");

  /** The most items a message lists, and the longest it quotes whole. */
  private static final int MOST_ITEMS = 5;

  private static final int LONGEST_ITEM = 80;

  private ConstraintErrors() {}

  /**
   * The BES's message with the constraint's part it is about named in front, when the message is
   * one of libdap's constraint errors that do not name it; otherwise the message as it is.
   *
   * @param message the BES's message, already fit to show (see {@link BesMessages#scrub})
   * @param request the dataset request the BES answered with that error
   */
  public static String explain(String message, DapRequest.Dataset request) {
    String constraint = request.constraint().strip();
    if (constraint.isEmpty()) {
      return message;
    }
    boolean dap4 = request.type().model() == ResponseType.Model.DAP4;
    String lower = message.toLowerCase(Locale.ROOT);
    List<String> clauses = projections(constraint, dap4);
    if (clauses.isEmpty()) {
      return message;
    }
    if (NOT_FOUND.stream().anyMatch(lower::contains)) {
      Set<String> names = new LinkedHashSet<>();
      for (String clause : clauses) {
        names.add(name(clause, dap4));
      }
      if (quotesAny(message, names)) {
        return message;
      }
      return names.size() == 1
          ? quoted(names) + " is not a variable of this dataset. The BES said: " + message
          : "one of "
              + quoted(names)
              + " is not a variable of this dataset. The BES said: "
              + message;
    }
    if (BAD_INDEX.stream().anyMatch(lower::contains)) {
      List<String> subsets = new ArrayList<>();
      Set<String> names = new LinkedHashSet<>();
      for (String clause : clauses) {
        if (clause.indexOf('[') > 0) {
          subsets.add(clause);
          names.add(name(clause, dap4));
        }
      }
      if (subsets.isEmpty() || quotesAny(message, names)) {
        return message;
      }
      return subsets.size() == 1
          ? "the index subset "
              + quoted(subsets)
              + " does not fit "
              + quoted(names)
              + ". The BES said: "
              + message
          : "one of the index subsets "
              + quoted(subsets)
              + " does not fit its variable. The BES said: "
              + message;
    }
    return message;
  }

  /**
   * The projection clauses of a constraint: DAP2's comma-separated list before the first {@code &}
   * (the selections after it), DAP4's semicolon-separated one; separators inside brackets,
   * parentheses or braces do not count. Empty when a clause calls a function or filters (its names
   * are arguments, not variables of the projection), so that nothing is named on a guess.
   */
  static List<String> projections(String constraint, boolean dap4) {
    String projection = constraint;
    if (!dap4) {
      int selection = constraint.indexOf('&');
      if (selection == 0) {
        return List.of();
      }
      projection = selection < 0 ? constraint : constraint.substring(0, selection);
    }
    char separator = dap4 ? ';' : ',';
    List<String> clauses = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i <= projection.length(); i++) {
      char c = i < projection.length() ? projection.charAt(i) : separator;
      if (c == '[' || c == '(' || c == '{') {
        depth++;
      } else if (c == ']' || c == ')' || c == '}') {
        depth--;
      } else if (c == separator && depth <= 0) {
        String clause = projection.substring(start, i).strip();
        if (!clause.isEmpty()) {
          clauses.add(clause);
        }
        start = i + 1;
      }
    }
    for (String clause : clauses) {
      int bracket = clause.indexOf('[');
      String head = bracket < 0 ? clause : clause.substring(0, bracket);
      if (head.isEmpty() || head.contains("(") || clause.contains("|") || clause.contains("{")) {
        return List.of();
      }
    }
    return clauses;
  }

  /** The variable a clause names: up to its first index subset, DAP4's leading slash taken off. */
  private static String name(String clause, boolean dap4) {
    int bracket = clause.indexOf('[');
    String name = (bracket < 0 ? clause : clause.substring(0, bracket)).strip();
    return dap4 && name.startsWith("/") && name.length() > 1 ? name.substring(1) : name;
  }

  private static boolean quotesAny(String message, Set<String> names) {
    for (String name : names) {
      if (message.contains("'" + name + "'") || message.contains("'/" + name + "'")) {
        return true;
      }
    }
    return false;
  }

  /**
   * The items quoted and listed, each cut at {@link #LONGEST_ITEM} characters and the list after
   * {@link #MOST_ITEMS}, so that a long constraint does not make a long message.
   */
  private static String quoted(Collection<String> items) {
    StringBuilder out = new StringBuilder();
    int shown = 0;
    for (String item : items) {
      if (shown == MOST_ITEMS) {
        return out.append(" and ").append(items.size() - shown).append(" more").toString();
      }
      String cut = item.length() > LONGEST_ITEM ? item.substring(0, LONGEST_ITEM) + "..." : item;
      out.append(shown++ == 0 ? "" : ", ").append('\'').append(cut).append('\'');
    }
    return out.toString();
  }
}
