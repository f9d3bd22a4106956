package org.olfsfastpath.ops;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.DynamicMBean;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanException;
import javax.management.MBeanInfo;
import javax.management.MBeanOperationInfo;
import javax.management.MBeanParameterInfo;
import javax.management.ReflectionException;
import org.jspecify.annotations.Nullable;

/**
 * The one JMX bean of every statistics value: each component of the record and each value it
 * derives (a public method without parameters, such as {@code hitRate()}) is a read-only attribute
 * named as a JavaBean getter would be ({@code hitCount} is {@code HitCount}, the boolean {@code
 * enabled} is {@code Enabled}), the value as one JSON object is {@code StatsJson}, and the
 * component's actions, when it has them (the caches' {@code invalidate(path)} and {@code
 * invalidateAll()}), are operations. A component may publish a document beside its value ({@link
 * #with}: the front end's whole status document, {@code StatusJson}). Every read takes a fresh
 * snapshot, so the bean shows what {@code /status} and the metrics show. {@link JmxBeans} registers
 * one per value.
 *
 * @param <S> the statistics value
 */
public final class StatsBean<S extends Record> implements DynamicMBean {
  /** The attribute that holds the whole value as JSON. */
  static final String JSON = "StatsJson";

  private final Supplier<S> stats;
  private final Function<S, String> json;
  private final @Nullable Actions actions;
  private final Class<S> type;
  private final Map<String, Method> attributes;

  /** The documents published beside the value, by attribute name ({@link #with}). */
  private final Map<String, Document> documents;

  private final MBeanInfo info;

  /**
   * A bean for a component that holds what it counts: a cache.
   *
   * @param type the record class of the value
   * @param stats takes a fresh snapshot
   * @param json the value as one JSON object
   * @param invalidate drops what is held for one catalog path, e.g. {@code /data/sst.nc}
   * @param invalidateAll drops everything held
   */
  StatsBean(
      Class<S> type,
      Supplier<S> stats,
      Function<S, String> json,
      Consumer<String> invalidate,
      Runnable invalidateAll) {
    this(type, stats, json, new Actions(invalidate, invalidateAll), Map.of());
  }

  /**
   * A read-only bean, with no operation: for a component that holds nothing to drop (the bot
   * filter, the spool).
   *
   * @param type the record class of the value
   * @param stats takes a fresh snapshot
   * @param json the value as one JSON object
   */
  StatsBean(Class<S> type, Supplier<S> stats, Function<S, String> json) {
    this(type, stats, json, null, Map.of());
  }

  /** What a component that holds what it counts can be asked to drop. */
  private record Actions(Consumer<String> invalidate, Runnable invalidateAll) {
    Actions {
      Objects.requireNonNull(invalidate, "invalidate == null");
      Objects.requireNonNull(invalidateAll, "invalidateAll == null");
    }
  }

  /** A text the component publishes beside its value, read afresh at each read. */
  private record Document(String description, Supplier<String> text) {
    Document {
      Objects.requireNonNull(description, "description == null");
      Objects.requireNonNull(text, "text == null");
    }
  }

  private StatsBean(
      Class<S> type,
      Supplier<S> stats,
      Function<S, String> json,
      @Nullable Actions actions,
      Map<String, Document> documents) {
    this.type = Objects.requireNonNull(type, "type == null");
    this.stats = Objects.requireNonNull(stats, "stats == null");
    this.json = Objects.requireNonNull(json, "json == null");
    this.actions = actions;
    this.attributes = attributes(type);
    this.documents = documents;
    List<MBeanAttributeInfo> infos = new ArrayList<>();
    attributes.forEach(
        (name, method) ->
            infos.add(
                new MBeanAttributeInfo(
                    name,
                    method.getReturnType().getName(),
                    name + " of the " + type.getSimpleName() + " snapshot",
                    true,
                    false,
                    method.getReturnType() == boolean.class)));
    infos.add(
        new MBeanAttributeInfo(
            JSON,
            String.class.getName(),
            "the whole snapshot as one JSON object",
            true,
            false,
            false));
    documents.forEach(
        (name, document) ->
            infos.add(
                new MBeanAttributeInfo(
                    name, String.class.getName(), document.description(), true, false, false)));
    this.info =
        new MBeanInfo(
            getClass().getName(),
            type.getSimpleName() + " as JMX attributes",
            infos.toArray(new MBeanAttributeInfo[0]),
            null,
            actions == null
                ? new MBeanOperationInfo[0]
                : new MBeanOperationInfo[] {
                  new MBeanOperationInfo(
                      "invalidate",
                      "drops what is held for one catalog path",
                      new MBeanParameterInfo[] {
                        new MBeanParameterInfo(
                            "path", String.class.getName(), "a catalog path, e.g. /data/sst.nc")
                      },
                      "void",
                      MBeanOperationInfo.ACTION),
                  new MBeanOperationInfo(
                      "invalidateAll",
                      "drops everything held",
                      new MBeanParameterInfo[0],
                      "void",
                      MBeanOperationInfo.ACTION)
                },
            null);
  }

  /**
   * Returns this bean with one more read-only attribute, a text the component publishes beside its
   * value: the front end's whole status document, which holds every other value too.
   *
   * @param name the attribute's name, e.g. {@code StatusJson}; not one the value has
   * @param description what the attribute holds, for a JMX console
   * @param text reads the text afresh
   * @throws IllegalArgumentException if the bean already has an attribute of that name
   */
  StatsBean<S> with(String name, String description, Supplier<String> text) {
    if (name.equals(JSON) || attributes.containsKey(name) || documents.containsKey(name)) {
      throw new IllegalArgumentException(
          "the bean of " + type.getSimpleName() + " already has an attribute " + name);
    }
    Map<String, Document> more = new LinkedHashMap<>(documents);
    more.put(name, new Document(description, text));
    return new StatsBean<>(type, stats, json, actions, Collections.unmodifiableMap(more));
  }

  /** The components, then the derived values, by attribute name. */
  private static Map<String, Method> attributes(Class<?> type) {
    Map<String, Method> byName = new LinkedHashMap<>();
    for (RecordComponent component : type.getRecordComponents()) {
      byName.put(attributeName(component.getName()), component.getAccessor());
    }
    for (Method method : type.getMethods()) {
      if (method.getParameterCount() == 0
          && !Modifier.isStatic(method.getModifiers())
          && method.getDeclaringClass() != Object.class
          && method.getDeclaringClass() != Record.class
          && isSimple(method.getReturnType())
          && !method.getName().startsWith("to")
          && !method.getName().equals("hashCode")) {
        byName.putIfAbsent(attributeName(method.getName()), method);
      }
    }
    return byName;
  }

  private static boolean isSimple(Class<?> type) {
    return type.isPrimitive() && type != void.class || type == String.class;
  }

  private static String attributeName(String name) {
    return name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
  }

  @Override
  public Object getAttribute(String name) throws AttributeNotFoundException, ReflectionException {
    Document document = documents.get(name);
    if (document != null) {
      return document.text().get();
    }
    S snapshot = stats.get();
    if (name.equals(JSON)) {
      return json.apply(snapshot);
    }
    Method method = attributes.get(name);
    if (method == null) {
      List<String> names = new ArrayList<>(attributes.keySet());
      names.add(JSON);
      names.addAll(documents.keySet());
      throw new AttributeNotFoundException(
          "no attribute " + name + "; there are " + String.join(", ", names));
    }
    return read(method, snapshot);
  }

  private static Object read(Method method, Object snapshot) throws ReflectionException {
    try {
      return method.invoke(snapshot);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new ReflectionException(e, "reading " + method.getName() + " failed");
    }
  }

  @Override
  public AttributeList getAttributes(String[] names) {
    AttributeList list = new AttributeList();
    S snapshot = stats.get();
    for (String name : names) {
      Document document = documents.get(name);
      try {
        list.add(
            new Attribute(
                name,
                document != null
                    ? document.text().get()
                    : name.equals(JSON)
                        ? json.apply(snapshot)
                        : read(Objects.requireNonNull(attributes.get(name), name), snapshot)));
      } catch (ReflectionException | NullPointerException e) {
        // As the JMX contract says: an attribute that cannot be read is left out of the list.
      }
    }
    return list;
  }

  @Override
  public void setAttribute(Attribute attribute) throws AttributeNotFoundException {
    throw new AttributeNotFoundException("every attribute is read-only: " + attribute.getName());
  }

  @Override
  public AttributeList setAttributes(AttributeList attributes) {
    return new AttributeList();
  }

  @Override
  public @Nullable Object invoke(
      String action, Object @Nullable [] params, String @Nullable [] signature)
      throws MBeanException, ReflectionException {
    int count = params == null ? 0 : params.length;
    Actions held = actions;
    if (held != null && action.equals("invalidateAll") && count == 0) {
      held.invalidateAll().run();
      return null;
    }
    if (held != null
        && action.equals("invalidate")
        && count == 1
        && params != null
        && params[0] instanceof String path) {
      held.invalidate().accept(path);
      return null;
    }
    throw new ReflectionException(
        new NoSuchMethodException(action),
        "no operation "
            + action
            + " with "
            + count
            + " parameters; "
            + (held == null
                ? "this bean has none"
                : "there are invalidate(path) and invalidateAll()"));
  }

  @Override
  public MBeanInfo getMBeanInfo() {
    return info;
  }
}
