package org.olfsfastpath.emulator;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The answer of the BES of January 2009 (the 3.7 line, XML info) to {@code showInfo}, the command
 * the OLFS of that time sent up to four times per data request to learn whether a path was a
 * dataset and when it last changed. Today's BES no longer has the command (removed in 2018); the
 * emulator answers it this way only when built with {@link BesEmulatorBuilder#showInfo2009(boolean)
 * showInfo2009(true)}.
 *
 * <p>The document has the shape that BES's catalog response handler wrote through its XML info
 * object: the command's name as the root element, a {@code response} element without a namespace,
 * and one {@code dataset} with {@code name}, {@code size} and {@code lastmodified} ({@code date}
 * {@code %Y-%m-%d} and {@code time} {@code %T}, UTC) children; attributes in {@code std::map}
 * order. A directory also carries {@code count}, the number of entries under it. For example:
 *
 * <pre>{@code
 * <?xml version="1.0" encoding="ISO-8859-1"?>
 * <showInfo>
 *     <response>
 *         <dataset isData="true" thredds_collection="false">
 *             <name>/coads_climatology.nc</name>
 *             <size>3114044</size>
 *             <lastmodified>
 *                 <date>2025-01-01</date>
 *                 <time>00:00:00</time>
 *             </lastmodified>
 *         </dataset>
 *     </response>
 * </showInfo>
 * }</pre>
 *
 * <p>The 2009 writer set no indentation; the emulator writes the same elements with the indentation
 * of its other answers. The reqID of the request is not echoed: that BES had none.
 */
final class ShowInfo2009 {
  /** The command's element name. */
  static final String COMMAND = "showInfo";

  private static final DateTimeFormatter DATE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);

  private ShowInfo2009() {}

  /**
   * The whole answer document for {@code name} (the node as the request gave it).
   *
   * @param childCount the entries under a directory; ignored for a file
   */
  static XmlElement answer(String name, CatalogEntry entry, int childCount) {
    XmlElement root = new XmlElement(COMMAND);
    XmlElement dataset =
        root.child("response")
            .child("dataset")
            .attribute("isData", Boolean.toString(!entry.isNode() && entry.isData()))
            .attribute("thredds_collection", Boolean.toString(entry.isNode()));
    dataset.child("name").text(name);
    dataset.child("size").text(Long.toString(entry.size()));
    XmlElement modified = dataset.child("lastmodified");
    modified.child("date").text(DATE.format(entry.lastModified()));
    modified.child("time").text(TIME.format(entry.lastModified()));
    if (entry.isNode()) {
      dataset.child("count").text(Integer.toString(childCount));
    }
    return root;
  }
}
