package org.olfsfastpath.emulator;

import java.util.Set;

/** Which BES commands produce an answer and which only change the connection's state. */
final class CommandNames {
  /** Commands that change contexts, containers or definitions and answer nothing themselves. */
  static final Set<String> WITHOUT_RESPONSE =
      Set.of(
          "setContext",
          "setContexts",
          "setContainer",
          "define",
          "deleteContainer",
          "deleteContainers",
          "deleteDefinition",
          "deleteDefinitions");

  /** Commands the emulator answers. */
  static final Set<String> WITH_RESPONSE =
      Set.of(
          "get",
          "showNode",
          "showVersion",
          "showStatus",
          "showBesKey",
          "showContext",
          "showPathInfo",
          "showServiceDescriptions",
          "buildSiteMap");

  /** Commands the BES registers that the emulator does not answer (it sends an internal error). */
  static final Set<String> NOT_EMULATED =
      Set.of("showCatalog", "showHelp", "showContainers", "showDefinitions", "showErrors");

  private CommandNames() {}

  static boolean isKnown(String name) {
    return WITH_RESPONSE.contains(name)
        || WITHOUT_RESPONSE.contains(name)
        || NOT_EMULATED.contains(name);
  }
}
