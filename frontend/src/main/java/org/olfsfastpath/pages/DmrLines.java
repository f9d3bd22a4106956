package org.olfsfastpath.pages;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.pages.DatasetModel.Variable;

/**
 * The lines of a DMR as libdap prints it (one element a line, four spaces a level), measured: the
 * Dimension declarations, each top-level variable's element, and the rest. A {@code dap} answer
 * opens with the DMR of its constraint, which libdap prints the same way with only the variables
 * asked for, the dimensions they use whole, and a sliced dimension as its size; so these lengths
 * give that DMR's length exactly for any selection the form makes.
 *
 * <p>{@link #consistent()} says whether the document is laid out that way and matches the model (no
 * groups, the same variables in the same order, one {@code Dim} line per dimension); when it is
 * not, sizes computed from it are estimates.
 */
final class DmrLines {
  /** One top-level variable's element. */
  record Block(long length, long[] dimLines, Map<String, Long> mapLines) {}

  private final long total;
  private final Map<String, Long> dimensions;
  private final Map<String, Block> blocks;
  private final boolean consistent;

  private DmrLines(
      long total, Map<String, Long> dimensions, Map<String, Block> blocks, boolean consistent) {
    this.total = total;
    this.dimensions = dimensions;
    this.blocks = blocks;
    this.consistent = consistent;
  }

  /** Measures {@code dmr}, the BES's answer from which {@code model} was read. */
  static DmrLines scan(byte[] dmr, DatasetModel model) {
    String text = new String(dmr, StandardCharsets.ISO_8859_1);
    List<String> lines = new ArrayList<>();
    int start = 0;
    while (start < text.length()) {
      int end = text.indexOf('\n', start);
      end = end < 0 ? text.length() : end + 1;
      lines.add(text.substring(start, end));
      start = end;
    }
    Map<String, Long> dimensions = new LinkedHashMap<>();
    Map<String, Block> blocks = new LinkedHashMap<>();
    List<String> names = new ArrayList<>();
    boolean consistent = true;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (!line.startsWith("    <") || line.startsWith("    </")) {
        continue;
      }
      String element = line.substring(5, elementEnd(line, 5));
      if (element.equals("Group")) {
        consistent = false;
      } else if (element.equals("Dimension")) {
        dimensions.put("/" + name(line), (long) line.length());
      } else if (!element.equals("Attribute") && line.contains(" name=\"")) {
        String name = "/" + name(line);
        long length = line.length();
        List<Long> dimLines = new ArrayList<>();
        Map<String, Long> mapLines = new HashMap<>();
        if (!line.stripTrailing().endsWith("/>")) {
          String close = "    </" + element + ">";
          int j = i + 1;
          for (; j < lines.size() && !lines.get(j).startsWith(close); j++) {
            String inner = lines.get(j);
            length += inner.length();
            if (inner.startsWith("        <Dim ")) {
              dimLines.add((long) inner.length());
            } else if (inner.startsWith("        <Map ")) {
              mapLines.put(name(inner), (long) inner.length());
            }
          }
          if (j == lines.size()) {
            consistent = false;
            break;
          }
          length += lines.get(j).length();
          i = j;
        }
        names.add(name);
        blocks.put(
            name,
            new Block(length, dimLines.stream().mapToLong(Long::longValue).toArray(), mapLines));
      }
    }
    List<String> expected = new ArrayList<>();
    for (Variable variable : model.variables()) {
      expected.add(variable.fqn());
      Block block = blocks.get(variable.fqn());
      if (block == null || block.dimLines().length != variable.dimensions().size()) {
        consistent = false;
      }
    }
    consistent &= expected.equals(names) && model.form() == FormType.DAP4;
    return new DmrLines(text.length(), dimensions, blocks, consistent);
  }

  private static int elementEnd(String line, int from) {
    int end = from;
    while (end < line.length()
        && line.charAt(end) != ' '
        && line.charAt(end) != '>'
        && line.charAt(end) != '/') {
      end++;
    }
    return end;
  }

  /** The unescaped value of the line's first name attribute, or the empty string. */
  private static String name(String line) {
    int at = line.indexOf(" name=\"");
    if (at < 0) {
      return "";
    }
    int end = line.indexOf('"', at + 7);
    return unescape(line.substring(at + 7, end < 0 ? line.length() : end));
  }

  private static String unescape(String text) {
    if (text.indexOf('&') < 0) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      int semicolon = c == '&' ? text.indexOf(';', i) : -1;
      if (semicolon < 0) {
        out.append(c);
        continue;
      }
      String entity = text.substring(i + 1, semicolon);
      switch (entity) {
        case "lt" -> out.append('<');
        case "gt" -> out.append('>');
        case "amp" -> out.append('&');
        case "quot" -> out.append('"');
        case "apos" -> out.append('\'');
        default -> {
          try {
            if (entity.startsWith("#x") || entity.startsWith("#X")) {
              out.appendCodePoint(Integer.parseInt(entity.substring(2), 16));
            } else if (entity.startsWith("#")) {
              out.appendCodePoint(Integer.parseInt(entity.substring(1)));
            } else {
              out.append('&').append(entity).append(';');
            }
          } catch (IllegalArgumentException e) {
            out.append('&').append(entity).append(';');
          }
        }
      }
      i = semicolon;
    }
    return out.toString();
  }

  /** The whole document's length in bytes. */
  long total() {
    return total;
  }

  /** Each declared dimension's line, by FQN, in document order. */
  Map<String, Long> dimensions() {
    return dimensions;
  }

  /** The element of top-level variable {@code fqn}, or null. */
  @Nullable Block block(String fqn) {
    return blocks.get(fqn);
  }

  /** Whether the lengths describe the model exactly (see the class comment). */
  boolean consistent() {
    return consistent;
  }
}
