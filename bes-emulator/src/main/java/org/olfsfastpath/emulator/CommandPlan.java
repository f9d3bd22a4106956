package org.olfsfastpath.emulator;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jdom2.Element;

/**
 * What the BES does with a request document before any command executes: every command must exist,
 * at most one may produce a response, and each must carry what its parse_request requires; each
 * {@code setContext} is applied at once. The first failure is the BES's syntax error, and nothing
 * of the plan has run.
 */
final class CommandPlan {
  static final String INTERFACE = "BESXMLInterface.cc";

  private final Modules modules;
  private final boolean showInfo2009;

  /**
   * @param modules the BES modules loaded: they decide which get types and transmitters exist
   * @param showInfo2009 whether {@code showInfo} is a command, as in the BES of January 2009
   */
  CommandPlan(Modules modules, boolean showInfo2009) {
    this.modules = modules;
    this.showInfo2009 = showInfo2009;
  }

  /** BESXMLInterface::build_data_request_plan: validates the commands, applying setContext now. */
  List<Element> plan(Element root, Session session) throws BesFailure {
    List<Element> plan = new ArrayList<>();
    boolean hasResponse = false;
    for (Element command : root.getChildren()) {
      String name = command.getName();
      if (!CommandNames.isKnown(name) && !(showInfo2009 && name.equals(ShowInfo2009.COMMAND))) {
        throw BesFailure.syntax("Unable to find command for " + name, INTERFACE, 203);
      }
      if (name.equals("setContext")) {
        String contextName = command.getAttributeValue("name", "");
        String value = RequestDocuments.value(command);
        if (contextName.isEmpty()) {
          throw BesFailure.syntax(
              "setContext command: name property missing", "BESXMLSetContextCommand.cc", 74);
        }
        if (value.isEmpty()) {
          throw BesFailure.syntax(
              "setContext command: context value missing", "BESXMLSetContextCommand.cc", 78);
        }
        session.setContext(contextName, value);
        continue;
      }
      boolean producesResponse = !CommandNames.WITHOUT_RESPONSE.contains(name);
      if (hasResponse && producesResponse) {
        throw BesFailure.syntax("Commands with multiple responses not supported.", INTERFACE, 238);
      }
      hasResponse = producesResponse;
      validate(command);
      plan.add(command);
    }
    return plan;
  }

  /** The checks each command's parse_request makes before anything executes. */
  private void validate(Element command) throws BesFailure {
    String name = command.getName();
    switch (name) {
      case "setContainer" -> {
        if (RequestDocuments.value(command).isEmpty()) {
          throw BesFailure.syntax(
              "setContainer command: container real name missing",
              "BESXMLSetContainerCommand.cc",
              82);
        }
        if (command.getAttributeValue("name", "").isEmpty()) {
          throw BesFailure.syntax(
              "setContainer command: name property missing", "BESXMLSetContainerCommand.cc", 86);
        }
      }
      case "define" -> {
        if (command.getAttributeValue("name", "").isEmpty()) {
          throw BesFailure.syntax(
              "define command: definition name missing", "BESXMLDefineCommand.cc", 97);
        }
        List<Element> containers = command.getChildren("container", command.getNamespace());
        if (containers.isEmpty()) {
          throw BesFailure.syntax(
              "define The define element must contain at least one container element",
              "BESXMLDefineCommand.cc",
              110);
        }
        for (Element container : containers) {
          if (container.getAttributeValue("name", "").isEmpty()) {
            throw BesFailure.syntax(
                "define command: container element missing name prop",
                "BESXMLDefineCommand.cc",
                212);
          }
          validateFunctions(container);
        }
      }
      case "get" -> {
        String type = command.getAttributeValue("type", "");
        if (type.isEmpty()) {
          throw BesFailure.syntax(
              "get command: Must specify data product type", "BESXMLGetCommand.cc", 87);
        }
        if (command.getAttributeValue("definition", "").isEmpty()) {
          throw BesFailure.syntax(
              "get command: Must specify definition", "BESXMLGetCommand.cc", 134);
        }
        if (!modules.isGetType(type)) {
          throw BesFailure.syntax(
              "Command 'get."
                  + type.toLowerCase(Locale.ROOT)
                  + "' does not have a registered response handler",
              "BESXMLCommand.cc",
              70);
        }
        String returnAs = command.getAttributeValue("returnAs", "");
        if (!returnAs.isEmpty() && !modules.isTransmitter(returnAs)) {
          throw BesFailure.syntax("Unable to find transmitter " + returnAs, INTERFACE, 255);
        }
      }
      case "buildSiteMap" -> {
        if (command.getAttributeValue("prefix", "").isEmpty()
            || (command.getAttributeValue("nodeSuffix", "").isEmpty()
                && command.getAttributeValue("leafSuffix", "").isEmpty())) {
          throw BesFailure.syntax(
              "Build site map must include the prefix and at least one of the "
                  + "nodeSuffix or leafSuffix attributes.",
              "SiteMapCommand.cc",
              72);
        }
      }
      case "showBesKey" -> {
        if (command.getAttributeValue("key", "").isEmpty()) {
          throw new BesFailure(
              BesFailure.SYNTAX_USER_ERROR,
              "Ouch! A Key name was not submitted with the request for a Key value from BESKeys",
              "ShowBesKeyCommand.cc",
              77,
              "BES");
        }
      }
      case "deleteContainer" -> {
        if (command.getAttributeValue("name", "").isEmpty()) {
          throw BesFailure.syntax(
              "deleteContainer command: Must specify the container to delete",
              "BESXMLDeleteContainerCommand.cc",
              74);
        }
      }
      case "deleteDefinition" -> {
        if (command.getAttributeValue("name", "").isEmpty()) {
          throw BesFailure.syntax(
              "deleteDefinition command: Must specify the definition to delete",
              "BESXMLDeleteDefinitionCommand.cc",
              74);
        }
      }
      default -> {
        // The rest take no required properties.
      }
    }
  }

  /** BESXMLDefineCommand's checks of a container's {@code dap4function} elements, in its order. */
  private static void validateFunctions(Element container) throws BesFailure {
    boolean seen = false;
    for (Element function : container.getChildren("dap4function", container.getNamespace())) {
      if (!function.getAttributes().isEmpty()) {
        throw BesFailure.syntax(
            "define command: dap4_function element should not contain properties",
            "BESXMLDefineCommand.cc",
            259);
      }
      if (RequestDocuments.value(function).isEmpty()) {
        throw BesFailure.syntax(
            "define command: dap4_function element missing value", "BESXMLDefineCommand.cc", 263);
      }
      if (seen) {
        throw BesFailure.syntax(
            "define command: container element contains multiple dap4_function elements",
            "BESXMLDefineCommand.cc",
            267);
      }
      seen = true;
    }
  }
}
