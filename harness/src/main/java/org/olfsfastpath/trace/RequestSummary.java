package org.olfsfastpath.trace;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What one PPT request asked for, as the trace reports it.
 *
 * @param command the response-producing command ({@code get}, {@code showNode}, ...), or {@code
 *     setContext} for a request of contexts alone, {@code PPT_EXIT_NOW}, {@code handshake}, or
 *     {@code ?} when the request could not be read
 * @param summary one human-readable line, such as {@code get type=dods returnAs=ascii
 *     container=/coads_climatology.nc constraint=COADSX}
 * @param arguments the command element's attributes, in document order
 * @param container the catalog path(s) behind the command's definition, comma-separated, or null
 * @param constraint the constraint(s) of that definition (DAP2 or DAP4), or null
 * @param contexts names of the contexts the request set, in order
 * @param requestId the request's {@code reqID}, or null
 */
public record RequestSummary(
    String command,
    String summary,
    Map<String, String> arguments,
    @Nullable String container,
    @Nullable String constraint,
    List<String> contexts,
    @Nullable String requestId) {

  public RequestSummary {
    Objects.requireNonNull(command, "command == null");
    Objects.requireNonNull(summary, "summary == null");
    arguments = Collections.unmodifiableMap(new LinkedHashMap<>(arguments));
    contexts = List.copyOf(contexts);
  }

  /** A summary of a command with no arguments, such as {@code PPT_EXIT_NOW}. */
  static RequestSummary of(String command, String summary) {
    return new RequestSummary(command, summary, Map.of(), null, null, List.of(), null);
  }
}
