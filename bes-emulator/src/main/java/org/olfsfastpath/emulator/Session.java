package org.olfsfastpath.emulator;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one connection's BES process remembers between requests: contexts, containers and
 * definitions live until the connection closes, exactly as in the BES's forked child process.
 * Confined to the connection's thread.
 */
final class Session {
  /**
   * A container used by a definition, with the constraints given for it and the DAP4 server
   * function expression ({@code dap4function}), or the empty string.
   */
  record ContainerUse(
      String containerName,
      String realName,
      String constraint,
      String dap4Constraint,
      String dap4Function) {
    ContainerUse(String containerName, String realName, String constraint, String dap4Constraint) {
      this(containerName, realName, constraint, dap4Constraint, "");
    }
  }

  private final Map<String, String> contexts = new LinkedHashMap<>();
  private final Map<String, String> containers = new HashMap<>();
  private final Map<String, List<ContainerUse>> definitions = new HashMap<>();

  void setContext(String name, String value) {
    contexts.put(name, value);
  }

  Optional<String> context(String name) {
    return Optional.ofNullable(contexts.get(name));
  }

  /** Every context, by name. */
  Map<String, String> contexts() {
    return Map.copyOf(contexts);
  }

  /**
   * Contexts as showContext lists them: most recently added first (the BES's hash map iterates that
   * way for the handful of contexts a front end sets).
   */
  List<Map.Entry<String, String>> contextsForDisplay() {
    List<Map.Entry<String, String>> entries = new ArrayList<>(contexts.entrySet());
    Collections.reverse(entries);
    return entries;
  }

  void setContainer(String name, String realName) {
    containers.put(name, realName);
  }

  Optional<String> container(String name) {
    return Optional.ofNullable(containers.get(name));
  }

  boolean deleteContainer(String name) {
    return containers.remove(name) != null;
  }

  void deleteContainers() {
    containers.clear();
  }

  void define(String name, List<ContainerUse> uses) {
    definitions.put(name, List.copyOf(uses));
  }

  Optional<List<ContainerUse>> definition(String name) {
    return Optional.ofNullable(definitions.get(name));
  }

  boolean deleteDefinition(String name) {
    return definitions.remove(name) != null;
  }

  void deleteDefinitions() {
    definitions.clear();
  }
}
