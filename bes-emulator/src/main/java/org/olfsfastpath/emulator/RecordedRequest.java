package org.olfsfastpath.emulator;

import java.util.List;

/**
 * One request document as the emulated BES received it, for tests to assert exactly what a front
 * end sent. Value-based and immutable.
 *
 * @param connectionIndex which accepted connection carried it, counting from 0 per emulator
 * @param exchangeIndex which request on that connection it was, counting from 0: a pooled client
 *     that reuses a connection sends exchange 1, 2, ... on the same connection index
 * @param commands the command element names in document order, e.g. {@code [setContext,
 *     setContainer, define, get]}; empty if the document could not be parsed
 * @param xml the request document as received (UTF-8), without PPT framing
 * @param getType the get's {@code type} (das, dds, dods, dmr, dap, ...), or empty if no get
 * @param returnAs the get's {@code returnAs} (e.g. ascii), or empty
 * @param containerPath the catalog path the get's definition resolved to, or empty
 * @param constraint the constraint the get used (the dap4constraint for dmr and dap), or empty
 * @param failure why the document could not be parsed (the BES's message), or empty
 */
public record RecordedRequest(
    int connectionIndex,
    int exchangeIndex,
    List<String> commands,
    String xml,
    String getType,
    String returnAs,
    String containerPath,
    String constraint,
    String failure) {
  public RecordedRequest {
    if (connectionIndex < 0) {
      throw new IllegalArgumentException(
          "connectionIndex was " + connectionIndex + ", must be >= 0");
    }
    if (exchangeIndex < 0) {
      throw new IllegalArgumentException("exchangeIndex was " + exchangeIndex + ", must be >= 0");
    }
    commands = List.copyOf(commands);
  }

  /** Whether the request contained a command element with this name. */
  public boolean hasCommand(String name) {
    return commands.contains(name);
  }

  /** The response-producing command (get, showNode, ...), or empty if there was none. */
  public String responseCommand() {
    for (String command : commands) {
      if (!CommandNames.WITHOUT_RESPONSE.contains(command)) {
        return command;
      }
    }
    return "";
  }
}
