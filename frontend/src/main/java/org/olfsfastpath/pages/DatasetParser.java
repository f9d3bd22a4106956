package org.olfsfastpath.pages;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jdom2.Content;
import org.jdom2.Element;
import org.jdom2.JDOMException;
import org.jdom2.input.SAXBuilder;
import org.jdom2.input.sax.XMLReaders;
import org.jdom2.output.Format;
import org.jdom2.output.XMLOutputter;
import org.olfsfastpath.bes.BesProtocolException;
import org.olfsfastpath.pages.DatasetModel.Attribute;
import org.olfsfastpath.pages.DatasetModel.Dimension;
import org.olfsfastpath.pages.DatasetModel.Variable;

/**
 * Parses the BES's {@code dmr} answer (DAP4) or {@code ddx} answer (DAP 3.2) into a {@link
 * DatasetModel}. Elements are matched by local name, so the namespace does not matter.
 *
 * <p>Stateless and thread-safe. DOCTYPEs are refused and entities are not expanded, so a document
 * can never make the parser fetch anything.
 */
public final class DatasetParser {
  private static final Set<String> DAP4_ATOMIC =
      Set.of(
          "Char", "Byte", "Int8", "UInt8", "Int16", "UInt16", "Int32", "UInt32", "Int64", "UInt64",
          "Float32", "Float64", "String", "URL", "Opaque", "Enum");
  private static final Set<String> DAP2_ATOMIC =
      Set.of("Byte", "Int16", "UInt16", "Int32", "UInt32", "Float32", "Float64", "String", "Url");
  private static final Set<String> CONTAINERS = Set.of("Structure", "Sequence");

  private DatasetParser() {}

  /**
   * Parses a DMR.
   *
   * @throws BesProtocolException if it is not XML, not a {@code Dataset}, or a variable names a
   *     dimension that is not declared
   */
  public static DatasetModel dmr(byte[] dmr) throws BesProtocolException {
    Element root = root(dmr, "DMR");
    List<Attribute> globals = new ArrayList<>();
    List<Variable> variables = new ArrayList<>();
    new Dap4(globals, variables).group(root, "");
    return new DatasetModel(name(root), FormType.DAP4, globals, variables);
  }

  /**
   * Parses a DDX (DAP 3.2).
   *
   * @throws BesProtocolException if it is not XML, not a {@code Dataset}, or an array lacks its
   *     element type
   */
  public static DatasetModel ddx(byte[] ddx) throws BesProtocolException {
    Element root = root(ddx, "DDX");
    List<Attribute> globals = new ArrayList<>();
    List<Variable> variables = new ArrayList<>();
    for (Element child : root.getChildren()) {
      if (child.getName().equals("Attribute")) {
        globals.add(attribute(child));
      } else if (isDap2Variable(child.getName())) {
        variables.add(dap2Variable(child, ""));
      }
    }
    return new DatasetModel(name(root), FormType.DAP2, globals, variables);
  }

  /** DAP4 parsing state: the shared dimensions declared so far, by fully qualified name. */
  private static final class Dap4 {
    private final Map<String, Long> dimensions = new HashMap<>();
    private final List<Attribute> globals;
    private final List<Variable> variables;

    Dap4(List<Attribute> globals, List<Variable> variables) {
      this.globals = globals;
      this.variables = variables;
    }

    /** Reads the dataset or a group, whose FQN is {@code groupFqn} ("" for the dataset). */
    void group(Element group, String groupFqn) throws BesProtocolException {
      List<Attribute> groupAttributes = new ArrayList<>();
      for (Element child : group.getChildren()) {
        String kind = child.getName();
        if (kind.equals("Dimension")) {
          dimensions.put(groupFqn + "/" + name(child), size(child, "Dimension"));
        } else if (kind.equals("Attribute")) {
          groupAttributes.add(attribute(child));
        } else if (kind.equals("Group")) {
          group(child, groupFqn + "/" + name(child));
        } else if (DAP4_ATOMIC.contains(kind) || CONTAINERS.contains(kind)) {
          variables.add(inside(child, groupFqn, groupConstraint(groupFqn), "/", groupFqn));
        }
      }
      if (groupFqn.isEmpty()) {
        globals.addAll(0, groupAttributes);
      } else if (!groupAttributes.isEmpty()) {
        globals.add(new Attribute(groupFqn, "Container", List.of(), groupAttributes));
      }
    }

    /**
     * A variable declared in a group ({@code separator} {@code /}) or a structure ({@code .}),
     * named by its parent's names and its own.
     */
    private Variable inside(
        Element element,
        String parentFqn,
        String parentConstraint,
        String separator,
        String groupFqn)
        throws BesProtocolException {
      String name = name(element);
      return variable(
          element,
          parentFqn + separator + name,
          parentConstraint + separator + constraintSegment(name),
          groupFqn);
    }

    private Variable variable(Element element, String fqn, String constraintName, String groupFqn)
        throws BesProtocolException {
      List<Dimension> dims = new ArrayList<>();
      List<Attribute> attributes = new ArrayList<>();
      List<String> maps = new ArrayList<>();
      List<Variable> members = new ArrayList<>();
      for (Element child : element.getChildren()) {
        String kind = child.getName();
        if (kind.equals("Dim")) {
          dims.add(dim(child, fqn, groupFqn));
        } else if (kind.equals("Attribute")) {
          attributes.add(attribute(child));
        } else if (kind.equals("Map")) {
          maps.add(name(child));
        } else if (DAP4_ATOMIC.contains(kind) || CONTAINERS.contains(kind)) {
          members.add(inside(child, fqn, constraintName, ".", groupFqn));
        }
      }
      return new Variable(
          name(element),
          fqn,
          constraintName,
          element.getName(),
          dims,
          attributes,
          maps,
          members,
          List.of());
    }

    /** A {@code Dim}: anonymous with a size, or a reference to a declared dimension. */
    private Dimension dim(Element dim, String variableFqn, String groupFqn)
        throws BesProtocolException {
      String name = dim.getAttributeValue("name");
      if (name == null) {
        return new Dimension("", size(dim, "Dim"));
      }
      Long size = null;
      if (name.startsWith("/")) {
        size = dimensions.get(name);
      } else {
        // A relative name resolves in the enclosing group, then in each group around it.
        String scope = groupFqn;
        while (true) {
          size = dimensions.get(scope + "/" + name);
          if (size != null) {
            name = scope + "/" + name;
            break;
          }
          if (scope.isEmpty()) {
            break;
          }
          scope = scope.substring(0, scope.lastIndexOf('/'));
        }
      }
      if (size == null) {
        throw new BesProtocolException(
            "expected a Dimension declaration for \""
                + name
                + "\", which variable "
                + variableFqn
                + " uses, but the DMR has none");
      }
      return new Dimension(name, size);
    }

    private static String groupConstraint(String groupFqn) {
      if (groupFqn.isEmpty()) {
        return "";
      }
      StringBuilder out = new StringBuilder();
      for (String segment : groupFqn.substring(1).split("/", -1)) {
        out.append('/').append(constraintSegment(segment));
      }
      return out.toString();
    }
  }

  private static boolean isDap2Variable(String kind) {
    return DAP2_ATOMIC.contains(kind)
        || CONTAINERS.contains(kind)
        || kind.equals("Array")
        || kind.equals("Grid");
  }

  /** A DAP2 variable; {@code parent} is the enclosing structure's FQN, or "" at the top. */
  private static Variable dap2Variable(Element element, String parent) throws BesProtocolException {
    String name = name(element);
    String fqn = parent.isEmpty() ? name : parent + "." + name;
    String constraintName =
        parent.isEmpty()
            ? constraintSegment(name)
            : constraintOf(parent) + "." + constraintSegment(name);
    String kind = element.getName();
    List<Attribute> attributes = new ArrayList<>();
    List<Dimension> dims = new ArrayList<>();
    List<String> maps = new ArrayList<>();
    List<Variable> gridMaps = new ArrayList<>();
    List<Variable> members = new ArrayList<>();
    String type = kind;
    Element body = element;
    if (kind.equals("Grid")) {
      Element array = null;
      for (Element child : element.getChildren()) {
        switch (child.getName()) {
          case "Attribute" -> attributes.add(attribute(child));
          case "Array" -> array = child;
          case "Map" -> {
            maps.add(name(child));
            gridMaps.add(gridMap(child, fqn));
          }
          default -> {}
        }
      }
      if (array == null) {
        throw new BesProtocolException("expected an Array in Grid " + fqn + " but it had none");
      }
      body = array;
    }
    if (body.getName().equals("Array")) {
      Element template = null;
      for (Element child : body.getChildren()) {
        String childKind = child.getName();
        if (childKind.equals("Attribute")) {
          attributes.add(attribute(child));
        } else if (childKind.equals("dimension")) {
          String dimName = child.getAttributeValue("name");
          dims.add(new Dimension(dimName == null ? "" : dimName, size(child, "dimension")));
        } else if (template == null && isDap2Variable(childKind)) {
          template = child;
        }
      }
      if (template == null) {
        throw new BesProtocolException(
            "expected an element type in Array " + fqn + " but it had none");
      }
      type = template.getName();
      body = template;
      if (CONTAINERS.contains(type)) {
        for (Element child : template.getChildren()) {
          if (child.getName().equals("Attribute")) {
            attributes.add(attribute(child));
          }
        }
      }
    }
    if (CONTAINERS.contains(type)) {
      for (Element child : body.getChildren()) {
        if (child.getName().equals("Attribute") && body == element) {
          attributes.add(attribute(child));
        } else if (isDap2Variable(child.getName())) {
          members.add(dap2Variable(child, fqn));
        }
      }
    } else if (body == element) {
      for (Element child : element.getChildren()) {
        if (child.getName().equals("Attribute")) {
          attributes.add(attribute(child));
        }
      }
    }
    return new Variable(name, fqn, constraintName, type, dims, attributes, maps, members, gridMaps);
  }

  /** A Grid's {@code Map}: its element type and dimension, as an array would declare them. */
  private static Variable gridMap(Element map, String gridFqn) throws BesProtocolException {
    String name = name(map);
    String type = null;
    List<Dimension> dims = new ArrayList<>();
    List<Attribute> attributes = new ArrayList<>();
    for (Element child : map.getChildren()) {
      String kind = child.getName();
      if (kind.equals("dimension")) {
        String dimName = child.getAttributeValue("name");
        dims.add(new Dimension(dimName == null ? "" : dimName, size(child, "dimension")));
      } else if (kind.equals("Attribute")) {
        attributes.add(attribute(child));
      } else if (type == null && DAP2_ATOMIC.contains(kind)) {
        type = kind;
      }
    }
    if (type == null) {
      throw new BesProtocolException(
          "expected an element type in Map " + name + " of Grid " + gridFqn + " but it had none");
    }
    return new Variable(
        name,
        gridFqn + "." + name,
        constraintOf(gridFqn) + "." + constraintSegment(name),
        type,
        dims,
        attributes,
        List.of(),
        List.of(),
        List.of());
  }

  /** The constraint name of a DAP2 structure FQN ({@code a.b}): each part escaped. */
  private static String constraintOf(String fqn) {
    StringBuilder out = new StringBuilder();
    for (String part : fqn.split("\\.", -1)) {
      if (out.length() > 0) {
        out.append('.');
      }
      out.append(constraintSegment(part));
    }
    return out.toString();
  }

  /**
   * One name as a constraint expression writes it: letters, digits, {@code _} and {@code -} as they
   * are, every other character as {@code %XX} escapes of its UTF-8 bytes, which libdap decodes in
   * names of both DAP2 and DAP4 constraints (so a dot in a name is not a separator).
   */
  static String constraintSegment(String name) {
    StringBuilder out = null;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean plain =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || c == '_'
              || c == '-';
      if (!plain && out == null) {
        out = new StringBuilder(name.length() + 8).append(name, 0, i);
      }
      if (out != null) {
        if (plain) {
          out.append(c);
        } else {
          int end = Character.isHighSurrogate(c) && i + 1 < name.length() ? i + 2 : i + 1;
          for (byte b : name.substring(i, end).getBytes(StandardCharsets.UTF_8)) {
            out.append('%')
                .append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
                .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
          }
          i = end - 1;
        }
      }
    }
    return out == null ? name : out.toString();
  }

  /** An attribute: values from {@code Value} (DAP4) or {@code value} (DAP 3.2) children. */
  private static Attribute attribute(Element element) throws BesProtocolException {
    String name = name(element);
    String type = element.getAttributeValue("type", "String");
    List<String> values = new ArrayList<>();
    List<Attribute> children = new ArrayList<>();
    if (type.equals("OtherXML")) {
      XMLOutputter outputter = new XMLOutputter(Format.getCompactFormat().setOmitDeclaration(true));
      StringBuilder xml = new StringBuilder();
      for (Content content : element.getContent()) {
        if (content instanceof Element child) {
          xml.append(outputter.outputString(child));
        }
      }
      values.add(xml.toString());
    } else {
      for (Element child : element.getChildren()) {
        switch (child.getName()) {
          case "Value", "value" -> values.add(child.getAttributeValue("value", child.getText()));
          case "Attribute" -> children.add(attribute(child));
          default -> {}
        }
      }
    }
    return new Attribute(name, type, values, children);
  }

  private static Element root(byte[] document, String what) throws BesProtocolException {
    SAXBuilder builder = new SAXBuilder(XMLReaders.NONVALIDATING);
    builder.setExpandEntities(false);
    builder.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Element root;
    try {
      root = builder.build(new ByteArrayInputStream(document)).getRootElement();
    } catch (JDOMException e) {
      throw new BesProtocolException(
          "expected a "
              + what
              + " document from the BES but it did"
              + " not parse ("
              + e.getMessage()
              + ")",
          e);
    } catch (IOException e) {
      throw new BesProtocolException("reading an in-memory " + what + " failed", e);
    }
    if (!root.getName().equals("Dataset")) {
      throw new BesProtocolException(
          "expected a " + what + " whose root is <Dataset> but it was <" + root.getName() + ">");
    }
    return root;
  }

  private static String name(Element element) throws BesProtocolException {
    String name = element.getAttributeValue("name");
    if (name == null) {
      throw new BesProtocolException(
          "expected a name attribute on <" + element.getName() + "> but it had none");
    }
    return name;
  }

  private static long size(Element element, String what) throws BesProtocolException {
    String size = element.getAttributeValue("size");
    try {
      long value = Long.parseLong(size == null ? "" : size.strip());
      if (value >= 0) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new BesProtocolException(
        "expected a size >= 0 on <"
            + what
            + " name=\""
            + element.getAttributeValue("name", "")
            + "\"> but it was \""
            + size
            + "\"");
  }
}
