package org.olfsfastpath.bes;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.jdom2.Document;
import org.jdom2.Element;
import org.jdom2.Namespace;
import org.jdom2.output.Format;
import org.jdom2.output.LineSeparator;
import org.jdom2.output.XMLOutputter;
import org.jspecify.annotations.Nullable;

/**
 * Builds BES request documents with JDOM2, in the element order the upstream OLFS sends them, and
 * serializes them to UTF-8 bytes ready for {@link org.olfsfastpath.ppt.PptConnection#send}.
 *
 * <p>Every value that may come from a URL (catalog path, constraint, xml:base) is set as element
 * text or attribute value and escaped by JDOM2's outputter, never concatenated: {@code <}, {@code
 * &}, quotes and {@code ]]>} are carried as data and cannot change the command. Characters that XML
 * 1.0 cannot carry at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF) are rejected with an
 * {@link IllegalArgumentException} naming the value and the index of the first one.
 *
 * <p>Thread-safe: holds only immutable settings, a shared outputter whose format is never changed
 * after construction, and an atomic request counter.
 */
final class BesRequests {
  static final Namespace BES_NS = Namespace.getNamespace("http://xml.opendap.org/ns/bes/1.0#");

  /** Container and definition names as the OLFS uses them; the BES only needs them to match. */
  static final String CONTAINER = "catalogContainer";

  static final String CATALOG_SPACE = "catalog";
  static final String DEFINITION = "d1";
  static final String DEFINITION_SPACE = "default";

  /** The DAP2 protocol version the OLFS advertises with every DAP2 request. */
  static final String XDAP_ACCEPT = "3.2";

  private final BesContexts contexts;
  private final String reqIdPrefix;
  private final AtomicLong requestCounter = new AtomicLong();
  private final XMLOutputter outputter;

  BesRequests(BesContexts contexts, String reqIdPrefix) {
    this.contexts = Objects.requireNonNull(contexts, "contexts == null");
    this.reqIdPrefix = Objects.requireNonNull(reqIdPrefix, "reqIdPrefix == null");
    // Raw: no whitespace added between elements, so a text value is sent exactly as given.
    Format format =
        Format.getRawFormat()
            .setEncoding(StandardCharsets.UTF_8.name())
            .setLineSeparator(LineSeparator.NL);
    this.outputter = new XMLOutputter(format);
  }

  /**
   * The request document of one command for {@code caller}: the {@code request} element with the
   * request's id, the timeout context, then the command's own part ({@link BesCommand}).
   *
   * @throws IllegalArgumentException if a value from the argument holds a character XML 1.0 cannot
   *     carry
   */
  <A> byte[] document(BesCommand<A, ?> command, A argument, Caller caller) {
    Objects.requireNonNull(command, "command == null");
    Objects.requireNonNull(argument, "argument == null");
    Element request = newRequest(caller.requestId());
    addTimeoutContext(request);
    command.write(argument, new BesCommand.Draft(request, caller, contexts));
    return serialize(request);
  }

  /**
   * The data request's part: contexts, {@code setContainer}, {@code define} and {@code get}, in the
   * OLFS's order (bes_timeout first, as the OLFS inserts it at position 0 before sending).
   *
   * @throws IllegalArgumentException if the path, constraint or xml:base holds a character XML 1.0
   *     cannot carry
   */
  static void writeGet(GetRequest get, BesCommand.Draft draft) {
    Objects.requireNonNull(get, "get == null");
    BesGetType type = get.type();
    checkXmlText("path", get.path());
    checkXmlText("constraint", get.constraint());
    checkXmlText("xmlBase", get.xmlBase());
    Element request = draft.request();
    BesContexts contexts = draft.contexts();
    if (get.probe()) {
      // No container, no define: the BES reads the get and stops at the missing definition.
      request.addContent(setContext("errors", "xml"));
      Element probe =
          new Element("get", BES_NS)
              .setAttribute("type", type.besType())
              .setAttribute("definition", TransmitterProbe.DEFINITION);
      if (type.returnAs() != null) {
        probe.setAttribute("returnAs", type.returnAs());
      }
      request.addContent(probe);
      return;
    }
    // Contexts of the request itself (the history entries of a netCDF download) come right after
    // bes_timeout, where the OLFS inserts them.
    for (GetRequest.Context context : get.contexts()) {
      request.addContent(setContext(context.name(), context.value()));
    }
    if (!type.isDap4()) {
      request.addContent(setContext("xdap_accept", XDAP_ACCEPT));
    }
    request.addContent(setContext("dap_explicit_containers", "no"));
    request.addContent(setContext("errors", "xml"));
    if (type.usesXmlBase() && !get.xmlBase().isEmpty()) {
      request.addContent(setContext("xml:base", get.xmlBase()));
    }
    if (contexts.maxResponseSize() >= 0) {
      request.addContent(
          setContext("max_response_size", Long.toString(contexts.maxResponseSize())));
    }
    if (contexts.maxVariableSize() >= 0) {
      request.addContent(
          setContext("max_variable_size", Long.toString(contexts.maxVariableSize())));
    }
    BesUser user = draft.caller().user();
    request.addContent(setContext("uid", user.anonymous() ? contexts.uid() : user.uid()));
    // After uid, as upstream's NgapBesApi adds them (once here, where upstream repeats uid): the
    // NGAP BES signs its URLs with them. The token is a secret: never logged.
    String edlToken = user.edlToken();
    if (contexts.sendEdlToken() && edlToken != null) {
      String clientId = user.edlClientId();
      if (clientId != null) {
        request.addContent(setContext("edl_client_application_id", clientId));
      }
      request.addContent(setContext("edl_auth_token", "Bearer " + edlToken));
    }
    if (type.isDap4()) {
      request.addContent(setContext("dap4_checksums", Boolean.toString(get.dap4Checksums())));
    }
    // The request's own contexts (a line for the BES's log), which change nothing of the answer.
    for (GetRequest.Context context : draft.caller().contexts()) {
      request.addContent(setContext(context.name(), context.value()));
    }
    Element container = setContainer(CONTAINER, CATALOG_SPACE, get.path());
    if (type == BesGetType.STREAM) {
      container.setAttribute("type", "stream");
    }
    request.addContent(container);
    // The OLFS asks for the info page and a file without a constraint.
    String constraint =
        type == BesGetType.INFO_PAGE || type == BesGetType.STREAM ? "" : get.constraint();
    Element define = define(DEFINITION, DEFINITION_SPACE, CONTAINER, constraint, type.isDap4());
    if (type.isDap4()) {
      Dap4Function.addTo(define.getChild("container", BES_NS), get.dap4Function());
    }
    request.addContent(define);
    Element getElement =
        new Element("get", BES_NS)
            .setAttribute("type", type.besType())
            .setAttribute("definition", DEFINITION);
    if (type.returnAs() != null) {
      getElement.setAttribute("returnAs", type.returnAs());
    }
    request.addContent(getElement);
  }

  /** {@code <setContext name="...">value</setContext>}. */
  static Element setContext(String name, String value) {
    checkXmlText("context " + name, value);
    return new Element("setContext", BES_NS).setAttribute("name", name).setText(value);
  }

  /** {@code <setContainer name="..." space="...">path</setContainer>}. */
  static Element setContainer(String name, String space, String path) {
    checkXmlText("path", path);
    return new Element("setContainer", BES_NS)
        .setAttribute("name", name)
        .setAttribute("space", space)
        .setText(path);
  }

  /**
   * {@code <define name space><container name><constraint|dap4constraint/></container></define>};
   * the constraint element is left out when the constraint is empty, as the OLFS does.
   */
  static Element define(
      String name, String space, String container, String constraint, boolean dap4) {
    checkXmlText("constraint", constraint);
    Element containerElement = new Element("container", BES_NS).setAttribute("name", container);
    if (!constraint.isEmpty()) {
      // The OLFS sends spaces as %20 so the libdap constraint scanners, which split words on
      // spaces and decode %20 inside them, see names and values with spaces whole.
      String encoded = constraint.indexOf(' ') < 0 ? constraint : constraint.replace(" ", "%20");
      containerElement.addContent(
          new Element(dap4 ? "dap4constraint" : "constraint", BES_NS).setText(encoded));
    }
    return new Element("define", BES_NS)
        .setAttribute("name", name)
        .setAttribute("space", space)
        .addContent(containerElement);
  }

  /**
   * The {@code request} element, named for the HTTP request it serves ({@code reqID} and {@code
   * reqUUID}, which the BES joins as its log lines' request id), or for the front end's own command
   * by this client's prefix and count.
   */
  private Element newRequest(@Nullable RequestId id) {
    Element request = new Element("request", BES_NS);
    if (id == null) {
      return request.setAttribute("reqID", reqIdPrefix + requestCounter.incrementAndGet());
    }
    return request.setAttribute("reqID", id.id()).setAttribute("reqUUID", id.uuid());
  }

  private void addTimeoutContext(Element request) {
    if (contexts.besTimeoutSeconds() > 0) {
      request.addContent(setContext("bes_timeout", Long.toString(contexts.besTimeoutSeconds())));
    }
  }

  private byte[] serialize(Element request) {
    // A StringWriter then one encode costs about half of writing through an OutputStreamWriter,
    // which allocates an encoder and an 8 KiB buffer per document.
    StringWriter text = new StringWriter(768);
    try {
      outputter.output(new Document(request), text);
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory failed", e);
    }
    // JDOM2 closes an empty element with " />", the OLFS's documents with "/>": the same to the
    // BES, but the exact bytes keep our documents comparable with recorded ones. Text and
    // attribute values never hold a raw '>' (JDOM2 escapes it), so only tags are changed.
    String xml = text.toString();
    if (xml.indexOf(" />") >= 0) {
      xml = xml.replace(" />", "/>");
    }
    return xml.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Rejects text that XML 1.0 cannot carry, naming the value and the first offending index. JDOM2
   * would reject it too, but without saying which value or where.
   */
  static void checkXmlText(String what, String value) {
    Objects.requireNonNull(value, what + " == null");
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c >= 0x20 && c < 0xD800) {
        continue;
      }
      if (c == '\t' || c == '\n' || c == '\r' || (c >= 0xE000 && c <= 0xFFFD)) {
        continue;
      }
      if (Character.isHighSurrogate(c)
          && i + 1 < value.length()
          && Character.isLowSurrogate(value.charAt(i + 1))) {
        i++;
        continue;
      }
      throw new IllegalArgumentException(
          String.format(
              Locale.US,
              "%s has character U+%04X at index %d, which XML 1.0 cannot carry",
              what,
              (int) c,
              i));
    }
  }
}
