package org.olfsfastpath.dap;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Server-driven content negotiation on the Accept header, for a response and its alternative
 * representations ({@link ResponseType#alternatives()}): a browser asking {@code .dmr} with {@code
 * text/html} first gets the request form, a DAP client ({@code *}/{@code *} or no Accept) the
 * normative response, and a client that accepts none of them a 406.
 *
 * <p>Parsed by RFC 9110: quality values on every media range ({@code q=0} means "not this"),
 * parameters compared when the client names them, the most specific range of the header decides a
 * type's quality. The highest quality wins; a tie goes to the normative response, then to the
 * alternatives in table order. (The upstream OLFS reads only the first parameter of each range,
 * takes {@code q=0} for 1, and lets {@code text/*} match no alternative; docs/url-space.md.)
 */
public final class Negotiation {
  private Negotiation() {}

  /**
   * Chooses the representation of {@code type} for an Accept header.
   *
   * @param accept the Accept header, or null when the client sent none (the normative response)
   * @return the chosen response, or empty when the client accepts none of them (a 406)
   */
  public static Optional<ResponseType> choose(ResponseType type, @Nullable String accept) {
    if (accept == null) {
      return Optional.of(type);
    }
    List<Range> ranges = parse(accept);
    List<ResponseType> candidates = new ArrayList<>();
    candidates.add(type);
    candidates.addAll(type.alternatives());
    ResponseType best = null;
    double bestQuality = 0;
    for (ResponseType candidate : candidates) {
      double quality = quality(ranges, candidate.contentType());
      if (quality > bestQuality) {
        best = candidate;
        bestQuality = quality;
      }
    }
    return Optional.ofNullable(best);
  }

  /** The quality the ranges give {@code mediaType}: that of the most specific matching range. */
  static double quality(List<Range> ranges, String mediaType) {
    Range offered = Range.parse(mediaType);
    int bestSpecificity = -1;
    double quality = 0;
    for (Range range : ranges) {
      int specificity = range.specificityFor(offered);
      if (specificity > bestSpecificity) {
        bestSpecificity = specificity;
        quality = range.quality;
      }
    }
    return quality;
  }

  static List<Range> parse(String accept) {
    List<Range> ranges = new ArrayList<>();
    for (String item : accept.split(",")) {
      if (!item.isBlank()) {
        ranges.add(Range.parse(item));
      }
    }
    return ranges;
  }

  /** One media range of an Accept header, or one offered media type. */
  record Range(String type, String subtype, List<String> parameters, double quality) {
    static Range parse(String text) {
      String[] parts = text.split(";");
      String mime = parts[0].strip().toLowerCase(Locale.ROOT);
      int slash = mime.indexOf('/');
      String type = slash < 0 ? mime : mime.substring(0, slash).strip();
      String subtype = slash < 0 ? "*" : mime.substring(slash + 1).strip();
      List<String> parameters = new ArrayList<>();
      double quality = 1;
      for (int i = 1; i < parts.length; i++) {
        String parameter = parts[i].strip().toLowerCase(Locale.ROOT).replace(" ", "");
        if (parameter.startsWith("q=")) {
          quality = parseQuality(parameter.substring(2));
        } else if (!parameter.isEmpty()) {
          parameters.add(parameter);
        }
      }
      return new Range(type, subtype, List.copyOf(parameters), quality);
    }

    private static double parseQuality(String value) {
      try {
        double q = Double.parseDouble(value);
        return q < 0 || q > 1 || Double.isNaN(q) ? 0 : q;
      } catch (NumberFormatException e) {
        return 0;
      }
    }

    /**
     * How specifically this range names {@code offered}: -1 not at all, 0 for {@code *}/{@code *},
     * 1 for {@code type/*}, 2 for the type, 3 for the type with the parameters it names.
     */
    int specificityFor(Range offered) {
      if (type.equals("*")) {
        return parameters.isEmpty() ? 0 : -1;
      }
      if (!type.equals(offered.type)) {
        return -1;
      }
      if (subtype.equals("*")) {
        return 1;
      }
      if (!subtype.equals(offered.subtype)) {
        return -1;
      }
      if (parameters.isEmpty()) {
        return 2;
      }
      return offered.parameters.containsAll(parameters) ? 3 : -1;
    }
  }
}
