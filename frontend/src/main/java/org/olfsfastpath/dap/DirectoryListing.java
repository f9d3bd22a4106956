package org.olfsfastpath.dap;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.json.Json;

/**
 * Renders a catalog directory, as the BES's showNode described it, as a JSON document for tools
 * ({@code contents.json}); the HTML listing for people is the pages package's {@code CatalogPage}.
 */
public final class DirectoryListing {
  /** Content-Type of {@link #json}. */
  public static final String JSON_TYPE = "application/json";

  /** Content-Description of a listing, as the upstream OLFS sends it. */
  public static final String CONTENT_DESCRIPTION = "dap_directory";

  private DirectoryListing() {}

  /** Renders {@code directory} as JSON: its path, modification time and entries in BES order. */
  public static byte[] json(DataSource directory) {
    Objects.requireNonNull(directory, "directory == null");
    StringBuilder out = new StringBuilder(256 + 160 * directory.children().size());
    out.append("{\"path\": ")
        .append(Json.quote(directory.path()))
        .append(", \"lastModified\": ")
        .append(Json.quote(timestamp(directory.lastModified())))
        .append(", \"entries\": [");
    String separator = "\n  ";
    for (DataSource.Child child : directory.children()) {
      out.append(separator)
          .append("{\"name\": ")
          .append(Json.quote(child.name()))
          .append(", \"isDirectory\": ")
          .append(child.isDirectory())
          .append(", \"isData\": ")
          .append(child.isData())
          .append(", \"size\": ")
          .append(child.size())
          .append(", \"lastModified\": ")
          .append(Json.quote(timestamp(child.lastModified())))
          .append('}');
      separator = ",\n  ";
    }
    out.append(directory.children().isEmpty() ? "]}\n" : "\n]}\n");
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static String timestamp(Instant instant) {
    return DateTimeFormatter.ISO_INSTANT.format(instant);
  }
}
