package org.olfsfastpath.bes;

import org.jdom2.Element;

/**
 * The {@code <dap4function>} element of a DAP4 get, as the upstream OLFS writes it (its {@code
 * BesApi.getDap4RequestDocument}): inside the define's {@code <container>}, after the {@code
 * <dap4constraint>}, its text the {@code dap4.function} parameter as the client sent it, decoded
 * once. Unlike a constraint, its spaces are not written as {@code %20}: upstream does not, and the
 * BES reads the text with {@code www2id}, which decodes escapes but leaves {@code %20}. The text is
 * XML text set through JDOM2, so no value can add or change an element.
 */
final class Dap4Function {
  static final String ELEMENT = "dap4function";

  private Dap4Function() {}

  /**
   * Adds the function to the container element of a define, when there is one.
   *
   * @throws IllegalArgumentException if the text holds a character XML 1.0 cannot carry
   */
  static void addTo(Element container, String function) {
    if (function.isEmpty()) {
      return;
    }
    BesRequests.checkXmlText("dap4.function", function);
    container.addContent(new Element(ELEMENT, BesRequests.BES_NS).setText(function));
  }
}
