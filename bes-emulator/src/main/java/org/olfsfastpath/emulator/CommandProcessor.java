package org.olfsfastpath.emulator;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdom2.Document;
import org.jdom2.Element;
import org.olfsfastpath.emulator.dap.DapQuery;
import org.olfsfastpath.emulator.dap.EmulatedDataset;
import org.olfsfastpath.emulator.dap.ServerFunctions;

/**
 * The BES's XML command interpreter, as BESXMLInterface runs it: parse the whole document, apply
 * each {@code setContext} at once, check that every command exists and that at most one produces a
 * response, then execute the commands in order against the connection's {@link Session}. The first
 * failure ends the request with the BES's error document; what ran before it stays done. Shared by
 * all connections; all per-connection state lives in the session.
 */
final class CommandProcessor {

  private final Catalog catalog;
  private final CatalogCommands catalogCommands;
  private final CommandPlan planner;
  private final CaptureLibrary captures;
  private final Modules modules;
  private final ServerFunctions functions;

  CommandProcessor(Catalog catalog, CaptureLibrary captures) {
    this(catalog, captures, Modules.all(), false);
  }

  /**
   * @param modules the BES modules the emulated BES has loaded: they decide its transmitters
   * @param showInfo2009 whether to answer {@code showInfo} as the BES of January 2009 did ({@link
   *     ShowInfo2009}) rather than as today's BES, which no longer knows the command
   */
  CommandProcessor(
      Catalog catalog, CaptureLibrary captures, Modules modules, boolean showInfo2009) {
    this.catalog = catalog;
    this.captures = captures;
    this.modules = modules;
    this.functions = ServerFunctions.loadedBy(modules::has);
    this.catalogCommands = new CatalogCommands(catalog);
    this.planner = new CommandPlan(modules, showInfo2009);
  }

  /** Runs a parsed request against the connection's session and returns its answer. */
  Reply process(ParsedRequest request, Session session) {
    Document document = request.document();
    if (document == null) {
      return Reply.error(
          BesFailure.syntax(request.failure(), CommandPlan.INTERFACE, 113), RequestIds.NONE);
    }
    Element root = document.getRootElement();
    if (!root.getName().equals("request")) {
      BesFailure failure =
          BesFailure.syntax(
              "The root element should be a request element, name is " + root.getName(),
              CommandPlan.INTERFACE,
              128);
      return Reply.error(failure, RequestIds.NONE);
    }
    String rootValue = RequestDocuments.strip(root.getText());
    if (!rootValue.isEmpty()) {
      BesFailure failure =
          BesFailure.syntax(
              "The request element must not contain a value, " + rootValue,
              CommandPlan.INTERFACE,
              132);
      return Reply.error(failure, RequestIds.NONE);
    }
    Run run = new Run(session, request.ids());
    try {
      return run.execute(planner.plan(root, session));
    } catch (BesFailure failure) {
      return Reply.error(failure, request.ids());
    }
  }

  /** One request's execution against its session. */
  private final class Run {
    private final Session session;
    private final RequestIds ids;

    Run(Session session, RequestIds ids) {
      this.session = session;
      this.ids = ids;
    }

    Reply execute(List<Element> plan) throws BesFailure {
      Reply reply = Reply.empty();
      for (Element command : plan) {
        Optional<Reply> answer = executeOne(command);
        if (answer.isPresent()) {
          reply = answer.get();
        }
      }
      return reply;
    }

    private Optional<Reply> executeOne(Element command) throws BesFailure {
      String name = command.getName();
      if (!name.equals("get") && CommandNames.WITH_RESPONSE.contains(name)) {
        Optional<Reply> replay = captures.replay(CaptureLibrary.commandKey(command), ids);
        if (replay.isPresent()) {
          return replay;
        }
      }
      switch (name) {
        case "setContexts" -> setContexts(command);
        case "setContainer" -> setContainer(command);
        case "define" -> define(command);
        case "deleteContainer" -> {
          String container = command.getAttributeValue("name");
          if (!session.deleteContainer(container)) {
            throw notStored(command, "container", container, "BESDelContainerResponseHandler.cc");
          }
        }
        case "deleteContainers" -> session.deleteContainers();
        case "deleteDefinition" -> {
          String definition = command.getAttributeValue("name");
          if (!session.deleteDefinition(definition)) {
            throw notStored(command, "definition", definition, "BESDelDefResponseHandler.cc");
          }
        }
        case "deleteDefinitions" -> session.deleteDefinitions();
        case "get" -> {
          return Optional.of(get(command));
        }
        case "showNode" -> {
          return Optional.of(
              Reply.document(
                  wrap(catalogCommands.showNode(command.getAttributeValue("node", "")))));
        }
        case "showVersion" -> {
          return Optional.of(Reply.document(wrap(modules.showVersion())));
        }
        case "showStatus" -> {
          XmlElement status = new XmlElement("showStatus");
          status.child("status").text("OK");
          return Optional.of(Reply.document(wrap(status)));
        }
        case "showServiceDescriptions" -> {
          return Optional.of(Reply.document(wrap(BesFacts.showServiceDescriptions())));
        }
        case "showBesKey" -> {
          return Optional.of(
              Reply.document(wrap(catalogCommands.showBesKey(command.getAttributeValue("key")))));
        }
        case "showContext" -> {
          XmlElement show = new XmlElement("showContext");
          for (Map.Entry<String, String> context : session.contextsForDisplay()) {
            show.child("context").attribute("name", context.getKey()).text(context.getValue());
          }
          return Optional.of(Reply.document(wrap(show)));
        }
        case "buildSiteMap" -> {
          return Optional.of(Reply.payload(catalogCommands.siteMap(command), null));
        }
        case "showPathInfo" -> {
          return Optional.of(
              Reply.document(
                  wrap(catalogCommands.showPathInfo(command.getAttributeValue("node", "")))));
        }
        case ShowInfo2009.COMMAND -> {
          return Optional.of(
              Reply.document(catalogCommands.showInfo2009(command.getAttributeValue("node", ""))));
        }
        default ->
            throw BesFailure.internal(
                "The BES emulator does not implement " + name, "BesEmulator", 0);
      }
      return Optional.empty();
    }

    /**
     * The BES's failure for a delete of a {@code kind} (container, definition) that its storage
     * does not hold.
     */
    private static BesFailure notStored(Element command, String kind, String name, String handler) {
      return BesFailure.syntax(
          "Unable to delete "
              + kind
              + ". The "
              + kind
              + " \""
              + name
              + "\" does not exist in "
              + kind
              + " storage \""
              + command.getAttributeValue("space", "")
              + "\"",
          handler,
          91);
    }

    private XmlElement wrap(XmlElement body) {
      return ids.responseElement().add(body);
    }

    private void setContexts(Element command) throws BesFailure {
      for (Element child : command.getChildren()) {
        if (!child.getName().equals("context")) {
          throw BesFailure.syntax(
              "Inside setContexts, expected a 'context' but got '" + child.getName() + "'.",
              "XMLSetContextsCommand.cc",
              83);
        }
        String value = RequestDocuments.value(child);
        if (value.isEmpty()) {
          throw BesFailure.syntax(
              "The 'context' element must contain a value", "XMLSetContextsCommand.cc", 87);
        }
        String contextName = child.getAttributeValue("name", "");
        if (contextName.isEmpty()) {
          throw BesFailure.syntax(
              "The 'context' element must contain a 'name' attribute.",
              "XMLSetContextsCommand.cc",
              91);
        }
        session.setContext(contextName, value);
      }
    }

    private void setContainer(Element command) throws BesFailure {
      String realName = RequestDocuments.value(command);
      if (!captures.knowsContainer(realName)) {
        String path = realName.startsWith("/") ? realName : "/" + realName;
        if (command.getAttributeValue("type", "").isEmpty()) {
          // The BES derives the container's type from the file name, so it must look like data.
          catalog.dataset(path);
        } else {
          // A type was given (the OLFS sends type="stream" for file access): any file will do.
          catalog.entry(path);
        }
      }
      session.setContainer(command.getAttributeValue("name"), realName);
    }

    private void define(Element command) throws BesFailure {
      String defaultConstraint = RequestDocuments.childValue(command, "constraint", "");
      String defaultDap4 = RequestDocuments.childValue(command, "dap4constraint", "");
      String defaultFunction = RequestDocuments.childValue(command, "dap4function", "");
      List<Session.ContainerUse> uses = new ArrayList<>();
      for (Element container : command.getChildren("container", command.getNamespace())) {
        String containerName = container.getAttributeValue("name");
        String realName =
            session
                .container(containerName)
                .orElseThrow(
                    () ->
                        BesFailure.syntax(
                            "Could not find the container " + containerName,
                            "BESXMLDefineCommand.cc",
                            354));
        String constraint = RequestDocuments.childValue(container, "constraint", "");
        String dap4 = RequestDocuments.childValue(container, "dap4constraint", "");
        String function = RequestDocuments.childValue(container, "dap4function", "");
        uses.add(
            new Session.ContainerUse(
                containerName,
                realName,
                constraint.isEmpty() ? defaultConstraint : constraint,
                dap4.isEmpty() ? defaultDap4 : dap4,
                function.isEmpty() ? defaultFunction : function));
      }
      session.define(command.getAttributeValue("name"), uses);
    }

    private Reply get(Element command) throws BesFailure {
      String definition = command.getAttributeValue("definition");
      List<Session.ContainerUse> uses =
          session
              .definition(definition)
              .orElseThrow(
                  () ->
                      BesFailure.syntax(
                          "Unable to find definition " + definition, "BESXMLGetCommand.cc", 209));
      Session.ContainerUse use = uses.get(0);
      String type = command.getAttributeValue("type");
      String returnAs = command.getAttributeValue("returnAs", "");
      boolean dap4 = RequestDocuments.isDap4(type);
      String constraint = dap4 ? use.dap4Constraint() : use.constraint();
      Optional<Reply> replay =
          captures.replay(
              CaptureLibrary.getKey(
                  type,
                  returnAs,
                  use.realName(),
                  CaptureLibrary.withFunction(constraint, dap4 ? use.dap4Function() : ""),
                  dap4),
              ids);
      if (replay.isPresent()) {
        return replay.get();
      }
      String path = use.realName().startsWith("/") ? use.realName() : "/" + use.realName();
      if (type.equals("stream")) {
        Optional<Path> file = catalog.file(path);
        if (file.isPresent()) {
          return Reply.file(file.get(), catalog.absolute(path), ids);
        }
        Optional<byte[]> builtInFile = catalog.builtInFile(path);
        if (builtInFile.isPresent()) {
          return Reply.payload(builtInFile.get(), null);
        }
      }
      EmulatedDataset dataset;
      try {
        dataset = catalog.dataset(path);
      } catch (RuntimeException e) {
        throw BesFailure.transmitException(type, e);
      }
      if (type.equals("dap") && !use.dap4Function().isEmpty()) {
        // The BES runs a dap4function for DAP4 data only; its dmr answer ignores it.
        dataset = functions.applyTo(dataset, use.dap4Function());
      }
      String xmlBase = session.context("xml:base").orElse("");
      boolean checksums =
          session.context("dap4_checksums").map("true"::equalsIgnoreCase).orElse(false);
      return Reply.dataset(
          dataset,
          new DapQuery(type, returnAs, constraint, dap4, xmlBase, checksums, session.contexts()),
          ids);
    }
  }
}
