package org.olfsfastpath.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.DynamicMBean;
import javax.management.MBeanInfo;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.olfsfastpath.testing.Regression;

/**
 * The start-up check of the container's connectors (issue 27, raw brackets): read from connector
 * beans as Tomcat registers them, with their attributes named as Tomcat names them; one warning
 * naming each connector that refuses raw {@code [ ] { } | ^ "} in a query and the fix, nothing when
 * they all take them, nothing when there is no Tomcat connector to read.
 */
final class RawQueryCharsTest {
  private static final String HTTP = "org.apache.coyote.http11.Http11NioProtocol";

  private final MBeanServer server = MBeanServerFactory.newMBeanServer();

  /** A connector bean: the attributes Tomcat's ConnectorMBean answers, by their names. */
  private void connector(String name, Map<String, Object> attributes) throws Exception {
    server.registerMBean(
        new DynamicMBean() {
          @Override
          public Object getAttribute(String attribute) throws AttributeNotFoundException {
            if (!attributes.containsKey(attribute)) {
              throw new AttributeNotFoundException(attribute);
            }
            return attributes.get(attribute);
          }

          @Override
          public void setAttribute(Attribute attribute) {
            throw new UnsupportedOperationException();
          }

          @Override
          public AttributeList getAttributes(String[] names) {
            return new AttributeList();
          }

          @Override
          public AttributeList setAttributes(AttributeList list) {
            throw new UnsupportedOperationException();
          }

          @Override
          public Object invoke(String action, Object[] params, String[] signature) {
            throw new UnsupportedOperationException();
          }

          @Override
          public MBeanInfo getMBeanInfo() {
            return new MBeanInfo(getClass().getName(), "a connector", null, null, null, null);
          }
        },
        new ObjectName(name));
  }

  private Optional<String> warning() throws Exception {
    return RawQueryChars.warning(RawQueryChars.connectors(server));
  }

  @Test
  @Regression(
      "issue 27: a connector without relaxedQueryChars answered ?SST[0:1:0] with Tomcat's bare 400"
          + " and nothing told the operator why")
  void aConnectorWithoutTheSetting_isNamedInOneWarning_withTheFix() throws Exception {
    // Unset, Tomcat's bean answers null for it (the protocol's property), as here.
    Map<String, Object> unset = new java.util.HashMap<>();
    unset.put("protocolHandlerClassName", HTTP);
    unset.put("relaxedQueryChars", null);
    connector("Catalina:type=Connector,port=8080", unset);
    String warning = warning().orElseThrow();
    assertTrue(
        warning.startsWith(
            "olfs-fastpath: the connector on port 8080 (Catalina:type=Connector,port=8080) refuses"
                + " [ ] { } | ^ \" (relaxedQueryChars unset) unencoded in a query"),
        warning);
    assertTrue(warning.contains("Add " + RawQueryChars.SETTING + " to that <Connector>"), warning);
    assertEquals(1, warning.lines().count(), "one line");
  }

  @Test
  void aConnectorThatTakesThemAll_isNoWarning_andSaidOnce() throws Exception {
    connector(
        "Catalina:type=Connector,port=8080,address=\"127.0.0.1\"",
        Map.of("protocolHandlerClassName", HTTP, "relaxedQueryChars", "[]|{}^\\`\"<>"));
    List<RawQueryChars.Connector> connectors = RawQueryChars.connectors(server);
    assertEquals(Optional.empty(), RawQueryChars.warning(connectors));
    assertEquals(
        Optional.of(
            "olfs-fastpath: raw [ ] { } | ^ \" in a query reach the front end through the"
                + " connector on port 8080"),
        RawQueryChars.allTaken(connectors));
  }

  @Test
  void aConnectorThatTakesSome_isNamedWithWhatItRefuses() throws Exception {
    connector(
        "Catalina:type=Connector,port=8080",
        Map.of("protocolHandlerClassName", HTTP, "relaxedQueryChars", "[]"));
    connector(
        "Catalina:type=Connector,port=8443",
        Map.of("protocolHandlerClassName", HTTP, "relaxedQueryChars", "[]|{}^\""));
    String warning = warning().orElseThrow();
    assertTrue(
        warning.contains(
            "port 8080 (Catalina:type=Connector,port=8080) refuses { } | ^ \""
                + " (relaxedQueryChars=\"[]\")"),
        warning);
    assertTrue(!warning.contains("8443"), "the other takes them: " + warning);
  }

  @Test
  void noTomcatConnector_anAjpOne_orOneThatCannotBeRead_isNotJudged() throws Exception {
    assertEquals(Optional.empty(), warning(), "no connector bean: another container");
    connector(
        "Catalina:type=Connector,port=8009",
        Map.of("protocolHandlerClassName", "org.apache.coyote.ajp.AjpNioProtocol"));
    connector("Catalina:type=Connector,port=8081", Map.of());
    assertEquals(Optional.empty(), warning());
    assertEquals(List.of(), RawQueryChars.connectors(server));
    assertEquals(Optional.empty(), RawQueryChars.allTaken(List.of()));
  }
}
