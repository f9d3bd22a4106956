package org.olfsfastpath.boot;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.jspecify.annotations.Nullable;

/**
 * Whether the servlet container lets the characters classic DAP URLs carry raw in their query reach
 * the front end: {@code ?SST[0:1:0][0:1:9][0:1:9]} as a scientist types it (curl -g, IDL, Ferret,
 * older libdap clients), a DAP4 constraint's braces and bars, a quoted string. Tomcat refuses each
 * of {@code [ ] { } | ^ "} unencoded in a query with its own bare 400, before the web application
 * sees the request, unless its HTTP connector names it in {@code relaxedQueryChars}; that attribute
 * is not visible through the Servlet API, but Tomcat (9, 10.1, 11, Debian's tomcat10 alike)
 * registers each connector in the JVM's MBean server as {@code
 * <engine>:type=Connector,port=N[,address=A]} with it as an attribute. Read once at start, never on
 * the request path; a container that registers no such bean (another container, embedded use) is
 * not judged.
 */
final class RawQueryChars {
  /** What a DAP2 or DAP4 query may hold raw that Tomcat refuses unless its connector relaxes it. */
  static final String NEEDED = "[]{}|^\"";

  /** The connector attribute scripts/serve and the tests set, as docs/configuration.md gives it. */
  static final String SETTING = "relaxedQueryChars=\"[]|{}^&#x5c;&#x60;&quot;&lt;&gt;\"";

  /**
   * One HTTP connector as its bean shows it.
   *
   * @param bean the bean's name, e.g. {@code Catalina:type=Connector,port=8080}
   * @param port its port, as the bean's name gives it
   * @param relaxed its {@code relaxedQueryChars}; null when unset
   */
  record Connector(String bean, String port, @Nullable String relaxed) {
    /** The characters of {@link #NEEDED} it refuses, in that order; empty when none. */
    String refused() {
      String allowed = relaxed == null ? "" : relaxed;
      StringBuilder refused = new StringBuilder();
      for (char c : NEEDED.toCharArray()) {
        if (allowed.indexOf(c) < 0) {
          refused.append(c);
        }
      }
      return refused.toString();
    }
  }

  private RawQueryChars() {}

  /**
   * The HTTP connectors {@code server} holds beans of (an AJP connector takes its request line from
   * the web server in front and is left out), by bean name; none when the container registers none.
   * A bean that cannot be read is left out too: no judgment without a reading.
   */
  static List<Connector> connectors(MBeanServer server) throws JMException {
    Set<ObjectName> names = server.queryNames(new ObjectName("*:type=Connector,*"), null);
    List<Connector> connectors = new ArrayList<>();
    for (ObjectName name : names) {
      String port = name.getKeyProperty("port");
      if (port == null) {
        continue;
      }
      try {
        Object protocol = server.getAttribute(name, "protocolHandlerClassName");
        if (!(protocol instanceof String handler) || !handler.contains(".http11.")) {
          continue;
        }
        Object relaxed = server.getAttribute(name, "relaxedQueryChars");
        connectors.add(
            new Connector(name.toString(), port, relaxed instanceof String chars ? chars : null));
      } catch (JMException | RuntimeException unreadable) {
        // A bean of another make, or one going away: not this check's to judge.
      }
    }
    connectors.sort((a, b) -> a.bean().compareTo(b.bean()));
    return connectors;
  }

  /**
   * The one warning for the connectors that refuse some of {@link #NEEDED}, naming each and the
   * fix; empty when none does (or none was seen).
   */
  static Optional<String> warning(List<Connector> connectors) {
    List<Connector> refusing =
        connectors.stream().filter(connector -> !connector.refused().isEmpty()).toList();
    if (refusing.isEmpty()) {
      return Optional.empty();
    }
    String which =
        refusing.stream()
            .map(
                connector ->
                    "the connector on port "
                        + connector.port()
                        + " ("
                        + connector.bean()
                        + ") refuses "
                        + spaced(connector.refused())
                        + (connector.relaxed() == null
                            ? " (relaxedQueryChars unset)"
                            : " (relaxedQueryChars=\"" + connector.relaxed() + "\")"))
            .collect(Collectors.joining("; "));
    return Optional.of(
        "olfs-fastpath: "
            + which
            + " unencoded in a query: Tomcat answers a classic DAP2 URL such as"
            + " ?SST[0:1:0][0:1:9][0:1:9] (curl -g, IDL, Ferret, older libdap clients) with its own"
            + " 400 before it reaches this front end. Add "
            + SETTING
            + " to "
            + (refusing.size() == 1 ? "that <Connector>" : "those <Connector>s")
            + " in server.xml and restart Tomcat (docs/configuration.md, \"Raw brackets in DAP2"
            + " URLs\")");
  }

  /** The line logged when every connector seen takes them; empty when none was seen. */
  static Optional<String> allTaken(List<Connector> connectors) {
    if (connectors.isEmpty() || connectors.stream().anyMatch(c -> !c.refused().isEmpty())) {
      return Optional.empty();
    }
    return Optional.of(
        "olfs-fastpath: raw "
            + spaced(NEEDED)
            + " in a query reach the front end through "
            + connectors.stream()
                .map(connector -> "the connector on port " + connector.port())
                .collect(Collectors.joining(", ")));
  }

  private static String spaced(String chars) {
    return chars.chars().mapToObj(c -> String.valueOf((char) c)).collect(Collectors.joining(" "));
  }
}
