package org.olfsfastpath.emulator.dap;

import java.util.List;

/**
 * A small dataset whose file name, variable name, attribute names and values hold markup and
 * quotes, for checking that every page built from it escapes them. A BES serves such names as they
 * are (from a netCDF file's attributes, or a variable renamed by NcML); its XML answers carry them
 * escaped by libxml2 and its DAP2 text answers %-escape the names.
 *
 * <p>Each would-be script calls {@code alert} with its own number, so a test that sees one fire
 * knows which page part let it through.
 */
final class HostileNames {
  /** A file name a directory may hold: markup and quotes but no slash. */
  static final String FILE_NAME = "hostile\"'<img src=x onerror=alert(1)>.nc";

  /** The data variable's name (a Grid over {@code x} in DAP2). */
  static final String VARIABLE = "<script>alert(2)</script>\"'";

  /** The data variable's long_name. */
  static final String LONG_NAME = "<script>alert(3)</script> \"double\" 'single' & more";

  /** The global title, which a page may also put into its JSON-LD block. */
  static final String TITLE = "</script><script>alert(4)</script>";

  /** An attribute whose name is markup. */
  static final String ATTRIBUTE_NAME = "on\"'<b>x";

  private static final int SIZE = 4;

  private HostileNames() {}

  static DatasetModel model() {
    Dimension x = new Dimension("x", SIZE);
    return new DatasetModel(
        FILE_NAME,
        List.of(
            Variable.coordinate(
                x, DapType.FLOAT64, Values.computed(i -> 10 * i), Attribute.string("units", "m")),
            new Variable(
                VARIABLE,
                DapType.FLOAT32,
                List.of(x),
                List.of(
                    Attribute.string("long_name", LONG_NAME),
                    Attribute.string("units", "<i>K</i>"),
                    Attribute.string(ATTRIBUTE_NAME, "\"'><img src=x onerror=alert(5)>")),
                Values.computed(i -> 0.5 * i))),
        List.of(
            new AttributeContainer(
                "NC_GLOBAL",
                List.of(
                    Attribute.string("title", TITLE),
                    Attribute.string("summary", "\"'><img src=x onerror=alert(6)>")))));
  }
}
