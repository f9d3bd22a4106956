package org.olfsfastpath.emulator.dap;

import java.util.ArrayList;
import java.util.List;

/**
 * A small dataset whose global attribute values are hostile to the discovery records: markup in
 * every field a record or page shows, the control characters a BES's XML answers can carry (TAB, LF
 * and CR escaped, DEL and the C1 controls as they are), a summary of 1 MiB, and values of the wrong
 * kind (a date that is not one, an id with blanks, a URL that runs script). A file of its own
 * rather than more of {@link HostileNames}, whose answers other tests hold byte for byte and whose
 * pages would each grow by a megabyte. Each would-be script alerts its own number, from 20 on.
 *
 * <p>What the BES's XML cannot carry at all (C0 controls other than white space, U+FFFE, lone
 * surrogates) never reaches the front end from it; the records' cleaning of those is tested on
 * models built in the tests.
 */
final class HostileValues {
  static final String FILE_NAME = "hostile_values.nc";

  /** The size of the summary, in characters. */
  static final int SUMMARY_LENGTH = 1 << 20;

  private HostileValues() {}

  static DatasetModel model() {
    Dimension lon = new Dimension("lon", 4);
    String markup = "<b>bold</b> & \"quoted\" 'single' <script>alert(20)</script> ";
    StringBuilder summary = new StringBuilder(SUMMARY_LENGTH);
    while (summary.length() < SUMMARY_LENGTH) {
      summary.append(markup).append('\u009f').append('\t');
    }
    summary.setLength(SUMMARY_LENGTH);
    return new DatasetModel(
        FILE_NAME,
        List.of(
            Variable.coordinate(
                lon,
                DapType.FLOAT32,
                Values.computed(i -> 10 * i),
                Attribute.string("units", "degrees_east")),
            new Variable(
                "v",
                DapType.FLOAT32,
                List.of(lon),
                List.of(
                    Attribute.string("long_name", "</script><script>alert(21)</script>\u0085"),
                    Attribute.string("units", "<i>K</i>\u007f"),
                    Attribute.string("coverage_content_type", "<b>image</b>")),
                Values.computed(i -> i))),
        List.of(new AttributeContainer("NC_GLOBAL", globals(summary.toString()))));
  }

  /** The global attributes, in order: each name and its hostile value. */
  private static List<Attribute> globals(String summary) {
    String[][] values = {
      {"title", "</title><script>alert(22)</script>\t\u0085 caf\u00e9 \u4e2d\u6587\r\nend"},
      {"summary", summary},
      {"keywords", "a<script>alert(23)</script>, b\u0085c, d\te, ]]>, -->"},
      {"license", "<a href=\"javascript:alert(24)\">MIT</a>"},
      {"creator_name", "\"><img src=x onerror=alert(25)>"},
      {"creator_url", "javascript:alert(26)"},
      {"creator_email", "\"><svg onload=alert(27)>@example.org"},
      {"date_created", "yesterday <b>"},
      {"id", "has blanks <i>"},
      {"geospatial_lat_min", "north-ish"},
      {"Conventions", "CF-1.8 <b>"}
    };
    List<Attribute> attributes = new ArrayList<>();
    for (String[] value : values) {
      attributes.add(Attribute.string(value[0], value[1]));
    }
    return attributes;
  }
}
