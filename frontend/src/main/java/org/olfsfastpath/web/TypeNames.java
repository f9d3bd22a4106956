package org.olfsfastpath.web;

import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.dap.DapRequest;
import org.olfsfastpath.dap.ResponseType;

/** The response type each request is counted under in the metrics, its name made once. */
final class TypeNames {
  /** Each response type's name, its suffix without the dot, by the type's ordinal. */
  private static final List<String> NAMES =
      Stream.of(ResponseType.values()).map(type -> type.suffix().substring(1)).toList();

  private TypeNames() {}

  /**
   * The response type a request is counted under: a small fixed set (the suffixes, the catalog
   * views, the site map, the version document), so the metrics stay bounded whatever the URLs.
   */
  static String of(@Nullable DapRequest request) {
    if (request instanceof DapRequest.Dataset dataset) {
      return NAMES.get(dataset.type().ordinal());
    }
    if (request instanceof DapRequest.Node) {
      return "node";
    }
    if (request instanceof DapRequest.Directory directory) {
      return switch (directory.view()) {
        case HTML -> "contents.html";
        case JSON -> "contents.json";
        case THREDDS -> "catalog.xml";
      };
    }
    if (request instanceof DapRequest.SiteMap) {
      return "sitemap";
    }
    return request instanceof DapRequest.Version ? "version" : "unknown";
  }
}
