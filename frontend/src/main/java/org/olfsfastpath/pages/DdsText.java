package org.olfsfastpath.pages;

import java.util.List;
import org.olfsfastpath.pages.DatasetModel.Dimension;

/**
 * The lengths of a DDS's lines as libdap prints them ({@code DDS::print_constrained}): names
 * through id2www, four spaces a level, a Grid's {@code Array:} and {@code Maps:} two spaces in.
 */
final class DdsText {
  private static final String ALLOWED =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" + "0123456789-+_/.\\*";

  private DdsText() {}

  /** libdap's id2www: every character outside its allowed set as {@code %XX}. */
  static String id2www(String name) {
    StringBuilder out = new StringBuilder(name.length() + 8);
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (ALLOWED.indexOf(c) >= 0) {
        out.append(c);
      } else {
        // libdap escapes each byte of the name as the BES holds it (ISO-8859-1 in the DDX).
        out.append('%')
            .append(Character.forDigit((c >> 4) & 0xf, 16))
            .append(Character.forDigit(c & 0xf, 16));
      }
    }
    return out.toString();
  }

  /**
   * The length of {@code <indent><type> <name>[<dim> = N]...;\n} without the digits of the counts
   * N, which the size terms add for the counts selected.
   */
  static long declaration(int indent, String type, String name, List<Dimension> dimensions) {
    long length = indent + type.length() + 1 + id2www(name).length() + 2;
    for (Dimension dimension : dimensions) {
      length += 2; // [ ]
      if (!dimension.name().isEmpty()) {
        length += id2www(dimension.name()).length() + 3; // " = "
      }
    }
    return length;
  }

  /** The length of a line closing a constructor: {@code <indent>} name;\n}. */
  static long closing(int indent, String name) {
    return indent + 2 + id2www(name).length() + 2;
  }
}
