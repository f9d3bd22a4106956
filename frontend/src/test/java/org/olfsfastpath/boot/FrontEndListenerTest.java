package org.olfsfastpath.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.Servlet;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletRegistration;
import java.io.ByteArrayInputStream;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.ops.StatusServlet;
import org.olfsfastpath.web.DapServlet;

final class FrontEndListenerTest {
  private final Map<String, Servlet> servlets = new LinkedHashMap<>();
  private final Map<String, List<String>> mappings = new LinkedHashMap<>();
  private final Map<String, Boolean> asyncSupported = new LinkedHashMap<>();
  private final List<String> filters = new ArrayList<>();
  private final List<Object> listeners = new ArrayList<>();
  @TempDir Path tempDir;

  private ServletContext context(String contextPath, String configFile) {
    return (ServletContext)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {ServletContext.class},
            (proxy, m, args) ->
                switch (m.getName()) {
                  case "getInitParameter" -> args[0].equals("olfs.config") ? configFile : null;
                  case "getContextPath" -> contextPath;
                  case "getAttribute" ->
                      args[0].equals(ServletContext.TEMPDIR) ? tempDir.toFile() : null;
                  case "getResourceAsStream" ->
                      new ByteArrayInputStream("version=9.9.9\n".getBytes());
                  case "getServerInfo" -> "Apache Tomcat/11.0.0";
                  case "getMajorVersion" -> 6;
                  case "getMinorVersion" -> 1;
                  case "addListener" -> {
                    listeners.add(args[0]);
                    yield null;
                  }
                  case "addServlet" -> {
                    String name = (String) args[0];
                    servlets.put(name, (Servlet) args[1]);
                    yield registration(name);
                  }
                  case "addFilter" -> {
                    filters.add((String) args[0]);
                    yield filterRegistration();
                  }
                  default -> throw new UnsupportedOperationException(m.getName());
                });
  }

  private jakarta.servlet.FilterRegistration.Dynamic filterRegistration() {
    return (jakarta.servlet.FilterRegistration.Dynamic)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {jakarta.servlet.FilterRegistration.Dynamic.class},
            (proxy, m, args) -> null);
  }

  private ServletRegistration.Dynamic registration(String name) {
    return (ServletRegistration.Dynamic)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {ServletRegistration.Dynamic.class},
            (proxy, m, args) -> {
              if (m.getName().equals("addMapping")) {
                mappings
                    .computeIfAbsent(name, k -> new ArrayList<>())
                    .addAll(List.of((String[]) args[0]));
                return java.util.Set.of();
              }
              if (m.getName().equals("setAsyncSupported")) {
                asyncSupported.put(name, (Boolean) args[0]);
                return null;
              }
              throw new UnsupportedOperationException(m.getName());
            });
  }

  @Test
  void startup_registersServletsAndBeans_shutdownRemovesThem(@TempDir Path dir) throws Exception {
    // Nothing listens on the BES port: startup must not need the BES.
    Path config =
        Files.writeString(
            dir.resolve("olfs.xml"),
            "<OLFSConfig><BESManager><BES><host>127.0.0.1</host><port>9</port></BES></BESManager></OLFSConfig>");
    ServletContext context = context("/listener-test", config.toString());
    FrontEndListener listener = new FrontEndListener();
    listener.start(context);
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    ObjectName frontEnd =
        new ObjectName("org.olfsfastpath:type=FrontEnd,context=\"/listener-test\"");
    ObjectName cache =
        new ObjectName("org.olfsfastpath:type=DataSourceCache,context=\"/listener-test\"");
    ObjectName bots = new ObjectName("org.olfsfastpath:type=BotFilter,context=\"/listener-test\"");
    ObjectName pool = new ObjectName("org.olfsfastpath:type=BesPool,context=\"/listener-test\"");
    ObjectName group =
        new ObjectName("org.olfsfastpath:type=BesGroup,context=\"/listener-test\",prefix=\"/\"");
    try {
      assertInstanceOf(DapServlet.class, servlets.get("dap"));
      assertInstanceOf(StatusServlet.class, servlets.get("status"));
      assertEquals(List.of("/"), mappings.get("dap"));
      assertEquals(Map.of("dap", true), asyncSupported, "long answers stream on after service");
      assertEquals(List.of("/status", "/status/*"), mappings.get("status"));
      assertEquals(List.of("accessLog"), filters, "every request has its id and access line");
      assertTrue(server.isRegistered(frontEnd));
      assertTrue(server.isRegistered(cache));
      assertEquals(false, server.getAttribute(bots, "Enabled"), "no BotFilter in the file");
      assertEquals(0L, server.getAttribute(frontEnd, "Requests"));
      String status = (String) server.getAttribute(frontEnd, "StatusJson");
      assertTrue(status.contains("\"pool\""), status);
      assertTrue(status.contains("\"botFilter\": {\n    \"enabled\": false"), status);
      server.invoke(frontEnd, "invalidateAll", new Object[0], new String[0]);
      // The pools added up and each group have a bean of their own (the warm-up may be trying
      // the BES meanwhile, so only the types of its figures are certain).
      assertInstanceOf(Integer.class, server.getAttribute(pool, "Total"));
      assertInstanceOf(Long.class, server.getAttribute(pool, "Exhausted"));
      assertEquals("/", server.getAttribute(group, "Prefix"));
      assertInstanceOf(Boolean.class, server.getAttribute(group, "Down"));
      String groupJson = (String) server.getAttribute(group, "StatsJson");
      assertTrue(groupJson.contains("\"bes\":[{\"bes\":\"127.0.0.1:9\""), groupJson);
    } finally {
      listener.contextDestroyed(new ServletContextEvent(context));
    }
    assertFalse(server.isRegistered(frontEnd));
    assertFalse(server.isRegistered(cache));
    assertFalse(server.isRegistered(bots));
    assertFalse(server.isRegistered(pool));
    assertFalse(server.isRegistered(group));
  }

  /** What the container runs: the front end built at onStartup, its listener added to stop it. */
  @Test
  void initializer_buildsTheFrontEnd_andAddsItsListener(@TempDir Path dir) throws Exception {
    Path config =
        Files.writeString(
            dir.resolve("olfs.xml"),
            "<OLFSConfig><BESManager><BES><host>127.0.0.1</host><port>9</port></BES></BESManager></OLFSConfig>");
    ServletContext context = context("/initializer-test", config.toString());
    new FrontEndInitializer().onStartup(null, context);
    assertEquals(1, listeners.size(), listeners.toString());
    FrontEndListener listener = assertInstanceOf(FrontEndListener.class, listeners.get(0));
    try {
      assertInstanceOf(DapServlet.class, servlets.get("dap"));
      assertEquals(List.of("/"), mappings.get("dap"));
      assertTrue(
          ManagementFactory.getPlatformMBeanServer()
              .isRegistered(
                  new ObjectName("org.olfsfastpath:type=FrontEnd,context=\"/initializer-test\"")));
    } finally {
      listener.contextDestroyed(new ServletContextEvent(context));
    }
  }

  @Test
  void badConfiguration_failsTheStart_namingTheSetting(@TempDir Path dir) throws Exception {
    Path config =
        Files.writeString(
            dir.resolve("olfs.xml"),
            "<OLFSConfig><BESManager><NodeCache maxEntries=\"many\"/></BESManager></OLFSConfig>");
    FrontEndListener listener = new FrontEndListener();
    ConfigurationException e =
        assertThrows(
            ConfigurationException.class, () -> listener.start(context("/bad", config.toString())));
    assertEquals(
        config + ": BESManager/NodeCache@maxEntries was 'many': must be an integer",
        e.getMessage());
    assertTrue(servlets.isEmpty());
  }

  @Test
  void layersBelowRefuseACombination_failsTheStart(@TempDir Path dir) throws Exception {
    // refreshAfter must be shorter than the time to live.
    Path config =
        Files.writeString(
            dir.resolve("olfs.xml"),
            "<OLFSConfig><BESManager>"
                + "<NodeCache refreshInterval=\"10\"/></BESManager><FastPath><Cache refreshAfter=\"20\"/>"
                + "</FastPath></OLFSConfig>");
    FrontEndListener listener = new FrontEndListener();
    ConfigurationException e =
        assertThrows(
            ConfigurationException.class,
            () -> listener.start(context("/bad2", config.toString())));
    assertEquals(
        config
            + ": BESManager/NodeCache@refreshInterval='10', FastPath/Cache@refreshAfter"
            + "='20': refreshAfter (PT20S) must be shorter than ttl (PT10S)",
        e.getMessage());
  }
}
