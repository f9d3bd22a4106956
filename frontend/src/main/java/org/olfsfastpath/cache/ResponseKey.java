package org.olfsfastpath.cache;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.olfsfastpath.bes.GetRequest;

/**
 * Names one whole BES answer in the {@link ResponseCache}: everything that can change its bytes.
 * Value-based: two keys are equal when every component is.
 *
 * <p>The cache layer does not know DAP response types: {@code type} is an opaque name the web layer
 * chooses ({@code "das"}, {@code "dmr"}, {@code "ddx"}), and {@code contexts} holds, in a fixed
 * order of the caller's choosing, every further setting sent to the BES with the get that changes
 * the answer (e.g. {@code "xml:base=http://host/opendap/a.nc.dmr"}, {@code "dap4.checksum=true"},
 * history entries). Two requests whose gets differ in any byte sent must have different keys.
 *
 * @param group the BES group (the BES that serves the path), or the empty string when there is only
 *     one
 * @param path the normalized catalog path, as given to {@link DataSourceCache#lookup}
 * @param type the response type, an opaque name chosen by the caller
 * @param constraint the constraint expression as sent to the BES, or the empty string
 * @param contexts every further context that changes the answer, in a fixed order; copied
 */
public record ResponseKey(
    String group, String path, String type, String constraint, List<String> contexts) {
  public ResponseKey {
    Objects.requireNonNull(group, "group == null");
    Objects.requireNonNull(path, "path == null");
    Objects.requireNonNull(type, "type == null");
    Objects.requireNonNull(constraint, "constraint == null");
    contexts = List.copyOf(Objects.requireNonNull(contexts, "contexts == null"));
  }

  private static final String XML_BASE = "xml:base=";

  /** The contexts most keys have, made once rather than per request. */
  private static final String NO_XML_BASE = XML_BASE;

  private static final String CHECKSUMS = "dap4.checksum=true";
  private static final String NO_CHECKSUMS = "dap4.checksum=false";

  /** A key with no further contexts. */
  public static ResponseKey of(String group, String path, String type, String constraint) {
    return new ResponseKey(group, path, type, constraint, List.of());
  }

  /**
   * The key of exactly what {@code request} asks the BES for: its path, its get type's name ({@code
   * DAS}, {@code DMR}, {@code ASCII}: one per type and {@code returnAs}), its constraint, and as
   * contexts its {@code xml:base}, its DAP4 checksum flag, each further context, in order, and its
   * server function, if any. Two gets that send different bytes to the BES get different keys.
   *
   * @param group the BES group, or the empty string when there is only one
   * @param request the get, whose path must be the one the data-source cache is asked about
   */
  public static ResponseKey forGet(String group, GetRequest request) {
    Objects.requireNonNull(request, "request == null");
    String xmlBase = request.xmlBase().isEmpty() ? NO_XML_BASE : XML_BASE + request.xmlBase();
    String checksums = request.dap4Checksums() ? CHECKSUMS : NO_CHECKSUMS;
    List<String> contexts;
    if (request.contexts().isEmpty() && request.dap4Function().isEmpty()) {
      // The usual get: an immutable pair, which the constructor keeps without a copy.
      contexts = List.of(xmlBase, checksums);
    } else {
      contexts = new ArrayList<>(3 + request.contexts().size());
      contexts.add(xmlBase);
      contexts.add(checksums);
      for (GetRequest.Context context : request.contexts()) {
        contexts.add(context.name() + "=" + context.value());
      }
      if (!request.dap4Function().isEmpty()) {
        contexts.add("dap4.function=" + request.dap4Function());
      }
    }
    return new ResponseKey(
        group, request.path(), request.type().name(), request.constraint(), contexts);
  }

  /**
   * Whether {@code o} is a key with equal components. Written out rather than generated so that
   * comparing the contexts walks them by index: {@code List.equals} makes an iterator, which the
   * hit path would otherwise allocate whenever the JIT does not remove it.
   */
  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof ResponseKey other)) {
      return false;
    }
    if (!path.equals(other.path)
        || !type.equals(other.type)
        || !group.equals(other.group)
        || !constraint.equals(other.constraint)) {
      return false;
    }
    int size = contexts.size();
    if (size != other.contexts.size()) {
      return false;
    }
    for (int i = 0; i < size; i++) {
      if (!contexts.get(i).equals(other.contexts.get(i))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    // The contexts are an immutable list (List.copyOf), whose hashCode walks it by index.
    int hash = group.hashCode();
    hash = 31 * hash + path.hashCode();
    hash = 31 * hash + type.hashCode();
    hash = 31 * hash + constraint.hashCode();
    return 31 * hash + contexts.hashCode();
  }

  /** Approximately how many bytes the key holds: its characters, one byte each, plus headers. */
  long weight() {
    long chars = group.length() + path.length() + type.length() + constraint.length();
    for (String context : contexts) {
      chars += context.length() + 16;
    }
    return 96 + chars;
  }
}
