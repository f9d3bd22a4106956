package org.olfsfastpath.emulator;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
  /** showNode's time format, strftime "%FT%T%Z" in UTC. */
  static final DateTimeFormatter NODE_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'GMT'", Locale.ROOT)
          .withZone(ZoneOffset.UTC);

  private static final String INTERFACE = "BESXMLInterface.cc";

  private final Catalog catalog;
  private final CaptureLibrary captures;
  private final Modules modules;
  private final ServerFunctions functions;
  private final boolean showInfo2009;

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
    this.showInfo2009 = showInfo2009;
  }

  /** Runs a parsed request against the connection's session and returns its answer. */
  Reply process(ParsedRequest request, Session session) {
    Document document = request.document();
    if (document == null) {
      return Reply.error(BesFailure.syntax(request.failure(), INTERFACE, 113), RequestIds.NONE);
    }
    Element root = document.getRootElement();
    if (!root.getName().equals("request")) {
      BesFailure failure =
          BesFailure.syntax(
              "The root element should be a request element, name is " + root.getName(),
              INTERFACE,
              128);
      return Reply.error(failure, RequestIds.NONE);
    }
    String rootValue = RequestDocuments.strip(root.getText());
    if (!rootValue.isEmpty()) {
      BesFailure failure =
          BesFailure.syntax(
              "The request element must not contain a value, " + rootValue, INTERFACE, 132);
      return Reply.error(failure, RequestIds.NONE);
    }
    Run run = new Run(session, request.ids());
    try {
      return run.execute(plan(root, session));
    } catch (BesFailure failure) {
      return Reply.error(failure, request.ids());
    }
  }

  /** BESXMLInterface::build_data_request_plan: validates the commands, applying setContext now. */
  private List<Element> plan(Element root, Session session) throws BesFailure {
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
            throw BesFailure.syntax(
                "Unable to delete container. The container \""
                    + container
                    + "\" does not exist in container storage \""
                    + command.getAttributeValue("space", "")
                    + "\"",
                "BESDelContainerResponseHandler.cc",
                91);
          }
        }
        case "deleteContainers" -> session.deleteContainers();
        case "deleteDefinition" -> {
          String definition = command.getAttributeValue("name");
          if (!session.deleteDefinition(definition)) {
            throw BesFailure.syntax(
                "Unable to delete definition. The definition \""
                    + definition
                    + "\" does not exist in definition storage \""
                    + command.getAttributeValue("space", "")
                    + "\"",
                "BESDelDefResponseHandler.cc",
                91);
          }
        }
        case "deleteDefinitions" -> session.deleteDefinitions();
        case "get" -> {
          return Optional.of(get(command));
        }
        case "showNode" -> {
          return Optional.of(Reply.document(wrap(showNode(command.getAttributeValue("node", "")))));
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
          return Optional.of(Reply.document(wrap(showBesKey(command.getAttributeValue("key")))));
        }
        case "showContext" -> {
          XmlElement show = new XmlElement("showContext");
          for (Map.Entry<String, String> context : session.contextsForDisplay()) {
            show.child("context").attribute("name", context.getKey()).text(context.getValue());
          }
          return Optional.of(Reply.document(wrap(show)));
        }
        case "buildSiteMap" -> {
          return Optional.of(Reply.payload(siteMap(command), null));
        }
        case "showPathInfo" -> {
          return Optional.of(
              Reply.document(wrap(showPathInfo(command.getAttributeValue("node", "")))));
        }
        case ShowInfo2009.COMMAND -> {
          String node = command.getAttributeValue("node", "");
          String path = node.startsWith("/") ? node : "/" + node;
          CatalogEntry entry = catalog.entry(path);
          int count = entry.isNode() ? catalog.children(path).size() : 0;
          String shown = entry.isNode() ? path.replaceAll("(?<=.)/+$", "") : node;
          return Optional.of(Reply.document(ShowInfo2009.answer(shown, entry, count)));
        }
        default ->
            throw BesFailure.internal(
                "The BES emulator does not implement " + name, "BesEmulator", 0);
      }
      return Optional.empty();
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

    /**
     * BESCatalogDirectory::get_site_map: each directory's node line, then its sub-directories, then
     * its data files; plain text, one URL a line. The filename attribute is ignored.
     */
    private byte[] siteMap(Element command) throws BesFailure {
      String prefix = command.getAttributeValue("prefix", "");
      if (prefix.endsWith("/")) {
        prefix = prefix.substring(0, prefix.length() - 1);
      }
      String catalogName = command.getAttributeValue("catalog", "");
      if (!catalogName.isEmpty() && !catalogName.equals("catalog")) {
        prefix = prefix + "/" + catalogName;
      }
      StringBuilder out = new StringBuilder(1024);
      siteMap(
          out,
          prefix,
          command.getAttributeValue("nodeSuffix", ""),
          command.getAttributeValue("leafSuffix", ""),
          "/");
      return out.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private void siteMap(
        StringBuilder out, String prefix, String nodeSuffix, String leafSuffix, String path)
        throws BesFailure {
      if (!nodeSuffix.isEmpty()) {
        out.append(prefix).append(path).append(nodeSuffix).append('\n');
      }
      List<CatalogEntry> children = catalog.children(path);
      for (CatalogEntry child : children) {
        if (child.isNode()) {
          siteMap(out, prefix, nodeSuffix, leafSuffix, path + child.name() + "/");
        }
      }
      if (!leafSuffix.isEmpty()) {
        for (CatalogEntry child : children) {
          if (!child.isNode() && child.isData()) {
            out.append(prefix).append(path).append(child.name()).append(leafSuffix).append('\n');
          }
        }
      }
    }

    private XmlElement showNode(String path) throws BesFailure {
      CatalogEntry entry = catalog.entry(path);
      XmlElement show = new XmlElement("showNode");
      if (!entry.isNode()) {
        show.add(leafItem(path, entry));
        return show;
      }
      List<CatalogEntry> children = catalog.children(path);
      XmlElement node =
          show.child("node")
              .attribute("count", Integer.toString(children.size()))
              .attribute("lastModified", NODE_TIME.format(entry.lastModified()))
              .attribute("name", path);
      for (CatalogEntry child : children) {
        if (child.isNode()) {
          node.child("item")
              .attribute("lastModified", NODE_TIME.format(child.lastModified()))
              .attribute("name", child.name())
              .attribute("type", "node");
        } else {
          node.add(leafItem(child.name(), child));
        }
      }
      return show;
    }

    private XmlElement leafItem(String name, CatalogEntry entry) {
      return new XmlElement("item")
          .attribute("isData", Boolean.toString(entry.isData()))
          .attribute("lastModified", NODE_TIME.format(entry.lastModified()))
          .attribute("name", name)
          .attribute("size", Long.toString(entry.size()))
          .attribute("type", "leaf");
    }

    private XmlElement showBesKey(String key) throws BesFailure {
      List<String> values =
          BesFacts.besKey(key, catalog.absolute("/").replaceAll("/$", ""))
              .orElseThrow(
                  () ->
                      new BesFailure(
                          BesFailure.NOT_FOUND_ERROR,
                          "Ouch! The Key name '" + key + "' was not found in BESKeys",
                          "ShowBesKeyCommand.cc",
                          156,
                          "BES"));
      XmlElement show = new XmlElement("showBesKey").attribute("key", key);
      for (String value : values) {
        show.child("value").text(value);
      }
      return show;
    }

    /** The longest existing prefix of the path, and what is left of it. */
    private XmlElement showPathInfo(String path) throws BesFailure {
      String normalized = path.startsWith("/") ? path : "/" + path;
      String[] parts = normalized.split("/");
      String valid = "";
      CatalogEntry validEntry = catalog.entry("/");
      int used = 0;
      for (int i = 1; i < parts.length; i++) {
        if (parts[i].isEmpty()) {
          used = i;
          continue;
        }
        String candidate = valid + "/" + parts[i];
        try {
          CatalogEntry entry = catalog.entry(candidate);
          valid = candidate;
          validEntry = entry;
          used = i;
          if (!entry.isNode()) {
            break;
          }
        } catch (BesFailure notThere) {
          break;
        }
      }
      StringBuilder remainder = new StringBuilder();
      for (int i = used + 1; i < parts.length; i++) {
        remainder.append('/').append(parts[i]);
      }
      XmlElement show = new XmlElement("showPathInfo");
      XmlElement info = show.child("PathInfo").attribute("path", path);
      info.child("validPath")
          .attribute("access", "true")
          .attribute("isData", Boolean.toString(validEntry.isData()))
          .attribute("isDir", Boolean.toString(validEntry.isNode()))
          .attribute("isFile", Boolean.toString(!validEntry.isNode()))
          .attribute("lastModified", Long.toString(validEntry.lastModified().getEpochSecond()))
          .attribute("size", Long.toString(validEntry.size()))
          .text(valid.isEmpty() ? "/" : valid);
      info.child("remainder").text(remainder.toString());
      return show;
    }
  }
}
