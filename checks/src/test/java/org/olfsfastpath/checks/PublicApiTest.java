package org.olfsfastpath.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each module's public API against the list checked in beside it ({@code <module>/api/
 * <artifactId>.api}), as OkHttp keeps its {@code .api} files: a change to what other modules (or
 * users) can call fails the build until the list is updated with it, so every such change is seen
 * in review. {@code -Dapi.update=true} rewrites the lists.
 */
final class PublicApiTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "test-support, olfs-fastpath-test-support, org.olfsfastpath.testing.report.SkipReport",
    "ppt, olfs-fastpath-ppt, org.olfsfastpath.ppt.PptOptions",
    "bes-emulator, olfs-fastpath-bes-emulator, org.olfsfastpath.emulator.BesEmulator",
    "harness, olfs-fastpath-harness, org.olfsfastpath.tomcat.TomcatServer",
    "frontend, olfs-fastpath-frontend, org.olfsfastpath.boot.FrontEndListener"
  })
  void publicApi_matchesTheCheckedInList(String module, String artifactId, String marker)
      throws Exception {
    Class<?> anchor = Class.forName(marker);
    String dump = dump(anchor);
    Path file =
        Path.of(System.getProperty("project.root", ".."))
            .resolve(module)
            .resolve("api")
            .resolve(artifactId + ".api");
    String checkedIn = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    if (!dump.equals(checkedIn) && Boolean.getBoolean("api.update")) {
      Files.createDirectories(file.getParent());
      Files.writeString(file, dump, StandardCharsets.UTF_8);
      return;
    }
    assertEquals(
        checkedIn,
        dump,
        "the public API of the "
            + module
            + " module differs from "
            + file
            + "; if the change is meant, review it and run mvn -B -pl checks -am test"
            + " -Dapi.update=true -Dtest=PublicApiTest -Dsurefire.failIfNoSpecifiedTests=false");
  }

  /** The public and protected API of every class in the module that holds {@code anchor}. */
  static String dump(Class<?> anchor) throws IOException, URISyntaxException {
    Path location = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<String> names = new ArrayList<>();
    if (Files.isDirectory(location)) {
      names.addAll(classNames(location));
    } else {
      try (FileSystem jar = FileSystems.newFileSystem(location, Map.of())) {
        names.addAll(classNames(jar.getPath("/")));
      }
    }
    names.sort(null);
    StringBuilder out = new StringBuilder();
    for (String name : names) {
      Class<?> type;
      try {
        type = Class.forName(name, false, anchor.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(e);
      }
      if (!isVisible(type)) {
        continue;
      }
      out.append(describe(type)).append(" {\n");
      List<String> members = new ArrayList<>();
      for (Field field : type.getDeclaredFields()) {
        add(members, field, field.toGenericString());
      }
      for (Constructor<?> constructor : type.getDeclaredConstructors()) {
        add(members, constructor, constructor.toGenericString());
      }
      for (Method method : type.getDeclaredMethods()) {
        if (!method.isBridge()) {
          add(members, method, method.toGenericString());
        }
      }
      members.sort(null);
      for (String member : members) {
        out.append("  ").append(member).append('\n');
      }
      out.append("}\n\n");
    }
    return out.toString();
  }

  private static List<String> classNames(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(p -> p.toString().endsWith(".class"))
          .map(p -> root.relativize(p).toString())
          .filter(n -> !n.endsWith("module-info.class") && !n.endsWith("package-info.class"))
          .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.'))
          .toList();
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /** Whether code outside the package can name the type: it and every enclosing type public. */
  private static boolean isVisible(Class<?> type) {
    if (type.isSynthetic() || type.isAnonymousClass() || type.isLocalClass()) {
      return false;
    }
    for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
      int modifiers = c.getModifiers();
      boolean nested = c.getEnclosingClass() != null;
      if (!Modifier.isPublic(modifiers) && !(nested && Modifier.isProtected(modifiers))) {
        return false;
      }
    }
    return true;
  }

  private static String describe(Class<?> type) {
    String kind =
        type.isAnnotation()
            ? "@interface"
            : type.isInterface()
                ? "interface"
                : type.isEnum() ? "enum" : type.isRecord() ? "record" : "class";
    int modifiers = type.getModifiers() & ~Modifier.INTERFACE;
    if (type.isInterface() || type.isEnum() || type.isRecord()) {
      modifiers &= ~(Modifier.ABSTRACT | Modifier.FINAL | Modifier.STATIC);
    }
    String prefix = Modifier.toString(modifiers);
    String supertype =
        type.getGenericSuperclass() != null
                && type.getSuperclass() != Object.class
                && !type.isEnum()
                && !type.isRecord()
            ? " extends " + type.getGenericSuperclass().getTypeName()
            : "";
    List<String> interfaces = new ArrayList<>();
    for (var i : type.getGenericInterfaces()) {
      interfaces.add(i.getTypeName());
    }
    return (prefix.isEmpty() ? "" : prefix + " ")
        + kind
        + " "
        + type.getName()
        + supertype
        + (interfaces.isEmpty()
            ? ""
            : (type.isInterface() ? " extends " : " implements ") + String.join(", ", interfaces));
  }

  private static void add(List<String> members, Member member, String text) {
    int modifiers = member.getModifiers();
    if (member.isSynthetic()) {
      return;
    }
    if (Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers)) {
      members.add(text);
    }
  }
}
