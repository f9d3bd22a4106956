package org.olfsfastpath.web;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tomcat's table of a response's headers ({@code org.apache.tomcat.util.http.MimeHeaders}), reached
 * from its {@code ResponseFacade}, into which {@link HeaderWriter} adds a header's name and value
 * as bytes. Found once, when this class is loaded, by name, through the web application's class
 * loader (which shows it Tomcat's classes): the front end compiles against the servlet API alone.
 * On any other container, or a Tomcat whose classes differ (the facade's {@code response} field,
 * {@code getCoyoteResponse}, {@code getMimeHeaders}, {@code MimeHeaders.getValue(String)}, {@code
 * addValue(byte[], int, int)}, {@code size()} and {@code getName(int)}, {@code
 * MessageBytes.setBytes} and {@code equalsIgnoreCase(String)}: the same in Tomcat 9, 10.1 and 11),
 * {@link #handles} is false for every class and the headers go through the servlet API.
 *
 * <p>The method handles are constants (static finals, set once and never changed), so the compiler
 * inlines them as it would direct calls; held in instance fields, each call went through a generic
 * adapter that cost more than the header it added.
 */
final class TomcatHeaderTable {
  private static final Logger LOG = LoggerFactory.getLogger(TomcatHeaderTable.class);

  static final String FACADE_NAME = "org.apache.catalina.connector.ResponseFacade";

  /** Tomcat's response facade as this web application sees it, or null outside Tomcat. */
  private static final @Nullable Class<?> FACADE;

  /** (Object facade) -> Object: the facade's MimeHeaders. */
  private static final MethodHandle HEADERS_OF;

  /** (Object headers, String name) -> Object: the header's value, or null if it has none. */
  private static final MethodHandle VALUE_OF;

  /** (Object headers, byte[] name, int offset, int length) -> Object: a new header's value. */
  private static final MethodHandle ADD_NAME;

  /** (Object value, byte[] bytes, int offset, int length) -> void. */
  private static final MethodHandle SET_BYTES;

  /** (Object headers) -> int: how many headers the table holds. */
  private static final MethodHandle SIZE_OF;

  /** (Object headers, int index, String name) -> boolean: whether that header has that name. */
  private static final MethodHandle NAMED_AT;

  private static final MethodType HEADERS_OF_TYPE =
      MethodType.methodType(Object.class, Object.class);
  private static final MethodType VALUE_OF_TYPE =
      MethodType.methodType(Object.class, Object.class, String.class);
  private static final MethodType ADD_NAME_TYPE =
      MethodType.methodType(Object.class, Object.class, byte[].class, int.class, int.class);
  private static final MethodType SET_BYTES_TYPE =
      MethodType.methodType(void.class, Object.class, byte[].class, int.class, int.class);
  private static final MethodType SIZE_OF_TYPE = MethodType.methodType(int.class, Object.class);
  private static final MethodType NAMED_AT_TYPE =
      MethodType.methodType(boolean.class, Object.class, int.class, String.class);

  static {
    Class<?> facade = null;
    MethodHandle headersOf = MethodHandles.empty(HEADERS_OF_TYPE);
    MethodHandle valueOf = MethodHandles.empty(VALUE_OF_TYPE);
    MethodHandle addName = MethodHandles.empty(ADD_NAME_TYPE);
    MethodHandle setBytes = MethodHandles.empty(SET_BYTES_TYPE);
    MethodHandle sizeOf = MethodHandles.empty(SIZE_OF_TYPE);
    MethodHandle namedAt = MethodHandles.empty(NAMED_AT_TYPE);
    try {
      ClassLoader loader = TomcatHeaderTable.class.getClassLoader();
      Class<?> found = Class.forName(FACADE_NAME, false, loader);
      Class<?> response = Class.forName("org.apache.catalina.connector.Response", false, loader);
      Class<?> coyote = Class.forName("org.apache.coyote.Response", false, loader);
      Class<?> headers = Class.forName("org.apache.tomcat.util.http.MimeHeaders", false, loader);
      Class<?> bytes = Class.forName("org.apache.tomcat.util.buf.MessageBytes", false, loader);
      MethodHandles.Lookup inside = MethodHandles.privateLookupIn(found, MethodHandles.lookup());
      MethodHandles.Lookup open = MethodHandles.publicLookup();
      headersOf =
          MethodHandles.filterReturnValue(
                  MethodHandles.filterReturnValue(
                      inside.findGetter(found, "response", response),
                      open.findVirtual(
                          response, "getCoyoteResponse", MethodType.methodType(coyote))),
                  open.findVirtual(coyote, "getMimeHeaders", MethodType.methodType(headers)))
              .asType(HEADERS_OF_TYPE);
      valueOf =
          open.findVirtual(headers, "getValue", MethodType.methodType(bytes, String.class))
              .asType(VALUE_OF_TYPE);
      addName =
          open.findVirtual(
                  headers,
                  "addValue",
                  MethodType.methodType(bytes, byte[].class, int.class, int.class))
              .asType(ADD_NAME_TYPE);
      setBytes =
          open.findVirtual(
                  bytes,
                  "setBytes",
                  MethodType.methodType(void.class, byte[].class, int.class, int.class))
              .asType(SET_BYTES_TYPE);
      sizeOf =
          open.findVirtual(headers, "size", MethodType.methodType(int.class)).asType(SIZE_OF_TYPE);
      // getName(index).equalsIgnoreCase(name), as one handle of (headers, index, name).
      namedAt =
          MethodHandles.collectArguments(
                  open.findVirtual(
                      bytes,
                      "equalsIgnoreCase",
                      MethodType.methodType(boolean.class, String.class)),
                  0,
                  open.findVirtual(headers, "getName", MethodType.methodType(bytes, int.class)))
              .asType(NAMED_AT_TYPE);
      facade = found;
    } catch (ClassNotFoundException e) {
      LOG.debug("not in Tomcat ({}): response headers go through the servlet API", e.toString());
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.info(
          "Tomcat's header table was not found ({}); response headers go through the servlet API",
          e.toString());
    }
    FACADE = facade;
    HEADERS_OF = headersOf;
    VALUE_OF = valueOf;
    ADD_NAME = addName;
    SET_BYTES = setBytes;
    SIZE_OF = sizeOf;
    NAMED_AT = namedAt;
  }

  private TomcatHeaderTable() {}

  /** Whether responses of {@code responseClass} are Tomcat's facade, whose table is reached. */
  static boolean handles(Class<?> responseClass) {
    return FACADE != null && responseClass == FACADE;
  }

  /** The header table of {@code response}, whose class this table {@link #handles}. */
  static Object headersOf(Object response) {
    try {
      return (Object) HEADERS_OF.invokeExact(response);
    } catch (Throwable t) {
      throw rethrown(t);
    }
  }

  /**
   * Adds a header to {@code headers} unless it has one of that name already, or the name is one
   * Tomcat keeps apart (Content-Type, Content-Length): those go through the servlet API.
   *
   * @return whether it was added
   */
  static boolean add(Object headers, String name, byte[] nameBytes, byte[] valueBytes) {
    try {
      return !keptApart(name)
          && (Object) VALUE_OF.invokeExact(headers, name) == null
          && append(headers, nameBytes, valueBytes);
    } catch (Throwable t) {
      throw rethrown(t);
    }
  }

  /**
   * Adds a header to {@code headers} unless one of its first {@code known} headers has that name,
   * or the name is one Tomcat keeps apart: for a caller that knows the headers after those are its
   * own and none has this name ({@link HeaderWriter}), which spares a scan of the whole table.
   *
   * @return whether it was added
   */
  static boolean addAfter(
      Object headers, int known, String name, byte[] nameBytes, byte[] valueBytes) {
    if (keptApart(name)) {
      return false;
    }
    try {
      for (int i = 0; i < known; i++) {
        if ((boolean) NAMED_AT.invokeExact(headers, i, name)) {
          return false;
        }
      }
      return append(headers, nameBytes, valueBytes);
    } catch (Throwable t) {
      throw rethrown(t);
    }
  }

  /** How many headers {@code headers} holds. */
  static int size(Object headers) {
    try {
      return (int) SIZE_OF.invokeExact(headers);
    } catch (Throwable t) {
      throw rethrown(t);
    }
  }

  private static boolean keptApart(String name) {
    char first = name.charAt(0);
    return (first == 'C' || first == 'c')
        && (name.equalsIgnoreCase("Content-Type") || name.equalsIgnoreCase("Content-Length"));
  }

  private static boolean append(Object headers, byte[] nameBytes, byte[] valueBytes)
      throws Throwable {
    Object value = (Object) ADD_NAME.invokeExact(headers, nameBytes, 0, nameBytes.length);
    SET_BYTES.invokeExact(value, valueBytes, 0, valueBytes.length);
    return true;
  }

  private static RuntimeException rethrown(Throwable t) {
    if (t instanceof RuntimeException e) {
      return e;
    }
    if (t instanceof Error e) {
      throw e;
    }
    // None of the methods reached declares a checked exception.
    return new IllegalStateException(t);
  }
}
