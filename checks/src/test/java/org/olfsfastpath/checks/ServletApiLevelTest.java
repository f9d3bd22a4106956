package org.olfsfastpath.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.AccessTarget;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The front end uses only Servlet 4.0's API (Tomcat 9), though it is compiled against Jakarta
 * Servlet 6.0: the javax WAR is the same classes with {@code jakarta.} rewritten to {@code javax.},
 * so a type or member that Servlet 4.0 lacks would compile here and fail in Tomcat 9 at run time.
 * For every servlet type the front end names and every servlet method, constructor or field it
 * reaches, the same name must exist in {@code javax.servlet-api} 4.0.1, with the same parameter
 * types (themselves renamed).
 */
final class ServletApiLevelTest {
  private static final String JAKARTA = "jakarta.servlet";
  private static final String JAVAX = "javax.servlet";

  private static final JavaClasses FRONT_END =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("org.olfsfastpath");

  @Test
  void everyServletTypeTheFrontEndNames_existsInServlet40() {
    Set<String> missing = new TreeSet<>();
    int seen = 0;
    for (JavaClass c : FRONT_END) {
      for (Dependency dependency : c.getDirectDependenciesFromSelf()) {
        String name = dependency.getTargetClass().getBaseComponentType().getName();
        if (name.startsWith(JAKARTA + ".")) {
          seen++;
          if (javax(name) == null) {
            missing.add(name + " (used by " + c.getName() + ")");
          }
        }
      }
    }
    assertTrue(seen > 50, "only " + seen + " servlet dependencies seen: is web in the import?");
    assertEquals(Set.of(), missing, "servlet types Tomcat 9 does not have");
  }

  @Test
  void everyServletMemberTheFrontEndReaches_existsInServlet40() {
    List<String> missing = new ArrayList<>();
    int seen = 0;
    for (JavaClass c : FRONT_END) {
      for (JavaAccess<?> access : c.getAccessesFromSelf()) {
        AccessTarget target = access.getTarget();
        String owner = target.getOwner().getName();
        if (!owner.startsWith(JAKARTA + ".")) {
          continue;
        }
        seen++;
        if (!existsInServlet40(target)) {
          missing.add(target.getFullName() + " (from " + access.getOrigin().getFullName() + ")");
        }
      }
    }
    assertTrue(seen > 50, "only " + seen + " servlet accesses seen: is web in the import?");
    assertEquals(List.of(), missing, "servlet members Tomcat 9 does not have");
  }

  private static boolean existsInServlet40(AccessTarget target) {
    Class<?> owner = javax(target.getOwner().getName());
    if (owner == null) {
      return false;
    }
    if (target instanceof AccessTarget.FieldAccessTarget) {
      return hasField(owner, target.getName());
    }
    AccessTarget.CodeUnitAccessTarget code = (AccessTarget.CodeUnitAccessTarget) target;
    List<Class<?>> parameters = new ArrayList<>();
    for (JavaClass parameter : code.getRawParameterTypes()) {
      Class<?> type = load(parameter);
      if (type == null) {
        return false;
      }
      parameters.add(type);
    }
    Class<?>[] types = parameters.toArray(Class<?>[]::new);
    try {
      if (target instanceof AccessTarget.ConstructorCallTarget) {
        owner.getDeclaredConstructor(types);
      } else {
        findMethod(owner, target.getName(), types);
      }
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /** The method in the class, its superclasses or its interfaces (where a call may resolve). */
  private static void findMethod(Class<?> owner, String name, Class<?>[] types)
      throws NoSuchMethodException {
    for (Class<?> c = owner; c != null; c = c.getSuperclass()) {
      try {
        c.getDeclaredMethod(name, types);
        return;
      } catch (NoSuchMethodException notHere) {
        for (Class<?> i : c.getInterfaces()) {
          try {
            findMethod(i, name, types);
            return;
          } catch (NoSuchMethodException notThere) {
            // keep looking
          }
        }
      }
    }
    if (owner.isInterface()) {
      Object.class.getMethod(name, types); // an interface reaches Object's methods too
      return;
    }
    throw new NoSuchMethodException(owner.getName() + "." + name);
  }

  private static boolean hasField(Class<?> owner, String name) {
    for (Class<?> c = owner; c != null; c = c.getSuperclass()) {
      try {
        c.getDeclaredField(name);
        return true;
      } catch (NoSuchFieldException notHere) {
        for (Class<?> i : c.getInterfaces()) {
          if (hasField(i, name)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** A parameter type as Tomcat 9 sees it: servlet types renamed, arrays kept. */
  private static Class<?> load(JavaClass type) {
    if (type.isArray()) {
      Class<?> component = load(type.getComponentType());
      return component == null ? null : component.arrayType();
    }
    if (type.isPrimitive()) {
      return type.reflect();
    }
    String name = type.getName();
    return name.startsWith(JAKARTA + ".") ? javax(name) : forName(name);
  }

  private static Class<?> javax(String jakartaName) {
    return forName(JAVAX + jakartaName.substring(JAKARTA.length()));
  }

  private static Class<?> forName(String name) {
    try {
      return Class.forName(name, false, ServletApiLevelTest.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      return null;
    }
  }
}
