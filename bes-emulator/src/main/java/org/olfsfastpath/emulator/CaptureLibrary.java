package org.olfsfastpath.emulator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.jdom2.Attribute;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.JDOMException;
import org.olfsfastpath.emulator.dap.XmlText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Recorded BES exchanges ({@code NAME.request.xml} with {@code NAME.wire}) replayed when a request
 * asks the same thing: for a get, the same container path, type, returnAs, constraint and server
 * function; for any other command, the same command with the same attributes. The replay keeps the
 * recording's chunks and extensions and puts the live request's reqID and reqUUID in place of the
 * recorded ones. Immutable after loading; shared by all connections.
 */
final class CaptureLibrary {
  private static final Logger log = LoggerFactory.getLogger(CaptureLibrary.class);

  private record Capture(String name, RequestIds ids, List<Frame> frames) {}

  private final Map<String, Capture> byKey;
  private final Set<String> containers;

  private CaptureLibrary(Map<String, Capture> byKey, Set<String> containers) {
    this.byKey = Map.copyOf(byKey);
    this.containers = Set.copyOf(containers);
  }

  static CaptureLibrary empty() {
    return new CaptureLibrary(Map.of(), Set.of());
  }

  /**
   * Loads every {@code NAME.request.xml} that has a {@code NAME.wire} beside it. Recordings whose
   * request cannot be parsed or keyed (a malformed document) are skipped with a log line.
   *
   * @throws IOException if the directory cannot be listed
   */
  static CaptureLibrary load(Path directory) throws IOException {
    Map<String, Capture> byKey = new HashMap<>();
    Set<String> containers = new HashSet<>();
    List<Path> requests = new ArrayList<>();
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory, "*.request.xml")) {
      stream.forEach(requests::add);
    }
    requests.sort(null);
    for (Path request : requests) {
      String file = request.getFileName().toString();
      String name = file.substring(0, file.length() - ".request.xml".length());
      Path wire = directory.resolve(name + ".wire");
      if (!Files.isRegularFile(wire)) {
        log.debug("capture {} has no .wire recording; skipped", name);
        continue;
      }
      try {
        Document document = RequestDocuments.parse(Files.readAllBytes(request));
        Optional<String> key = keyOf(document.getRootElement(), containers);
        if (key.isEmpty()) {
          log.debug("capture {} asks for no response; skipped", name);
          continue;
        }
        Element root = document.getRootElement();
        RequestIds ids =
            new RequestIds(
                root.getAttributeValue("reqID", ""), root.getAttributeValue("reqUUID", ""));
        Capture previous =
            byKey.put(key.get(), new Capture(name, ids, Frame.parse(Files.readAllBytes(wire))));
        if (previous != null) {
          log.info(
              "captures {} and {} answer the same request; replaying {}",
              previous.name(),
              name,
              name);
        }
      } catch (JDOMException | IOException e) {
        log.info("capture {} cannot be replayed: {}", name, e.getMessage());
      }
    }
    log.info("loaded {} replayable BES captures from {}", byKey.size(), directory);
    return new CaptureLibrary(byKey, containers);
  }

  int size() {
    return byKey.size();
  }

  /** Whether some recorded request used this container path (setContainer then accepts it). */
  boolean knowsContainer(String realName) {
    return containers.contains(realName);
  }

  /** The recorded answer for {@code key}, with the live request's ids. */
  Optional<Reply> replay(String key, RequestIds ids) {
    Capture capture = byKey.get(key);
    if (capture == null) {
      return Optional.empty();
    }
    List<Frame> frames = new ArrayList<>(capture.frames().size());
    for (Frame frame : capture.frames()) {
      frames.add(
          frame.isData()
              ? new Frame(frame.type(), substituteIds(frame.payload(), capture.ids(), ids))
              : frame);
    }
    return Optional.of(Reply.frames(frames));
  }

  /** The key of a get: what the BES was asked for, independent of names and ids. */
  static String getKey(
      String type, String returnAs, String realName, String constraint, boolean dap4) {
    return "get|"
        + type
        + "|"
        + returnAs
        + "|"
        + realName
        + "|"
        + (dap4 ? "dap4:" : "dap2:")
        + constraint;
  }

  /** A constraint with the server function sent beside it, as one part of a get's key. */
  static String withFunction(String constraint, String dap4Function) {
    return dap4Function.isEmpty() ? constraint : constraint + "|dap4function:" + dap4Function;
  }

  /** The key of any other response command: its name and attributes. */
  static String commandKey(Element command) {
    Map<String, String> attributes = new TreeMap<>();
    for (Attribute attribute : command.getAttributes()) {
      attributes.put(attribute.getName(), attribute.getValue());
    }
    return command.getName() + "|" + attributes;
  }

  private static Optional<String> keyOf(Element root, Set<String> containers) {
    Map<String, String> containerPaths = new HashMap<>();
    Map<String, Session.ContainerUse> definitions = new HashMap<>();
    for (Element command : root.getChildren()) {
      switch (command.getName()) {
        case "setContext",
            "setContexts",
            "deleteContainer",
            "deleteContainers",
            "deleteDefinition",
            "deleteDefinitions" -> {}
        case "setContainer" -> {
          String realName = RequestDocuments.value(command);
          containerPaths.put(command.getAttributeValue("name", ""), realName);
          containers.add(realName);
        }
        case "define" -> {
          Element container = command.getChild("container", command.getNamespace());
          if (container != null) {
            String containerName = container.getAttributeValue("name", "");
            definitions.put(
                command.getAttributeValue("name", ""),
                new Session.ContainerUse(
                    containerName,
                    containerPaths.getOrDefault(containerName, ""),
                    RequestDocuments.childValue(
                        container,
                        "constraint",
                        RequestDocuments.childValue(command, "constraint", "")),
                    RequestDocuments.childValue(
                        container,
                        "dap4constraint",
                        RequestDocuments.childValue(command, "dap4constraint", "")),
                    RequestDocuments.childValue(
                        container,
                        "dap4function",
                        RequestDocuments.childValue(command, "dap4function", ""))));
          }
        }
        case "get" -> {
          Session.ContainerUse use = definitions.get(command.getAttributeValue("definition", ""));
          if (use == null) {
            return Optional.empty();
          }
          String type = command.getAttributeValue("type", "");
          boolean dap4 = RequestDocuments.isDap4(type);
          return Optional.of(
              getKey(
                  type,
                  command.getAttributeValue("returnAs", ""),
                  use.realName(),
                  dap4 ? withFunction(use.dap4Constraint(), use.dap4Function()) : use.constraint(),
                  dap4));
        }
        default -> {
          return Optional.of(commandKey(command));
        }
      }
    }
    return Optional.empty();
  }

  private static byte[] substituteIds(byte[] payload, RequestIds recorded, RequestIds live) {
    String text = new String(payload, StandardCharsets.ISO_8859_1);
    String replaced = text;
    if (!recorded.reqId().isEmpty()) {
      replaced =
          replaced.replace(
              "reqID=\"" + attribute(recorded.reqId()) + "\"",
              "reqID=\"" + attribute(live.reqId()) + "\"");
    }
    if (!recorded.reqUuid().isEmpty()) {
      replaced =
          replaced.replace(
              "reqUUID=\"" + attribute(recorded.reqUuid()) + "\"",
              "reqUUID=\"" + attribute(live.reqUuid()) + "\"");
    }
    return replaced.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static String attribute(String value) {
    StringBuilder out = new StringBuilder();
    XmlText.attribute(value, out);
    return out.toString();
  }
}
