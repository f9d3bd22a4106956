package org.olfsfastpath.pages;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.pages.DatasetModel.Attribute;
import org.olfsfastpath.pages.DatasetModel.Dimension;
import org.olfsfastpath.pages.DatasetModel.Variable;

/**
 * Renders a dataset's data request form: the DAP4 form ({@code .dmr.html}) from a DMR's model, the
 * DAP2 form ({@code .html}) from a DDX's. Stateless and thread-safe.
 *
 * <p>The page lists global attributes and every variable with its type, dimensions and attributes
 * (collapsible), and in its head the JSON-LD (schema.org {@code Dataset}) it is given: the
 * discovery record's, which package {@code meta} writes from the same model. Each variable has a
 * checkbox ({@code var-<id>}) and each dimension start, stride and stop inputs ({@code
 * dim-<id>-<i>-start}, {@code -stride}, {@code -stop}) bounded by the shape, where {@code <id>} is
 * {@link FormSelection#idOf}. The data URL is in {@code constraint-url}, and each download format
 * has a button {@code button-<token>} ({@link DownloadFormat#token()}).
 *
 * <p>With JavaScript, an inline script (no other host, no framework) keeps the data URL current,
 * checks the ranges with messages in a live region, copies the URL, and makes each button open
 * {@code <dataset><suffix>?<query>}. Without it the page reads the same, and the form submits (GET)
 * to the page itself: the page then answers with the selection's URL ({@link
 * FormSelection#location}) or renders again with it and its errors.
 *
 * <p>Every name and value from the dataset is escaped; links are relative to the page, so it works
 * behind proxies and under any context path.
 */
public final class DataRequestForm {
  private DataRequestForm() {}

  /**
   * Renders the form as UTF-8 HTML.
   *
   * @param model the dataset's structure; its {@link DatasetModel#form()} chooses the form
   * @param dataset the dataset's catalog entry: its path names the page's links, its modification
   *     time and size go into JSON-LD
   * @param site the server's URL and settings
   * @param selection what the form shows as selected, {@link FormSelection#none} at first
   * @param jsonLd the schema.org JSON-LD for the page's head, HTML-safe (no {@code </script>})
   * @throws IllegalArgumentException if {@code dataset} is a directory or {@code selection} was
   *     read for another model
   */
  public static byte[] render(
      DatasetModel model, DataSource dataset, Site site, FormSelection selection, String jsonLd) {
    Objects.requireNonNull(model, "model == null");
    return render(DatasetForm.of(model, new byte[0]), dataset, site, selection, jsonLd);
  }

  /**
   * Renders the form as UTF-8 HTML, with the dataset's coordinate values beside its index ranges
   * and the size of each download.
   *
   * @param form the dataset, its coordinates and sizes; its model chooses the form
   * @param dataset the dataset's catalog entry: its path names the page's links, its modification
   *     time and size go into JSON-LD
   * @param site the server's URL and settings
   * @param selection what the form shows as selected, {@link FormSelection#none} at first
   * @param jsonLd the schema.org JSON-LD for the page's head, HTML-safe (no {@code </script>})
   * @throws IllegalArgumentException if {@code dataset} is a directory or {@code selection} was
   *     read for another model
   */
  public static byte[] render(
      DatasetForm form, DataSource dataset, Site site, FormSelection selection, String jsonLd) {
    Objects.requireNonNull(form, "form == null");
    DatasetModel model = form.model();
    Objects.requireNonNull(dataset, "dataset == null");
    Objects.requireNonNull(site, "site == null");
    Objects.requireNonNull(selection, "selection == null");
    Objects.requireNonNull(jsonLd, "jsonLd == null");
    if (dataset.isDirectory()) {
      throw new IllegalArgumentException("dataset " + dataset.path() + " is a directory");
    }
    if (selection.model() != model && !selection.model().equals(model)) {
      throw new IllegalArgumentException(
          "selection was read for dataset "
              + selection.model().name()
              + ", not for "
              + model.name());
    }
    return new Renderer(form, dataset, site, selection, jsonLd)
        .page()
        .getBytes(StandardCharsets.UTF_8);
  }

  private static final class Renderer {
    private final DatasetForm datasetForm;
    private final DatasetModel model;
    private final DataSource dataset;
    private final Site site;
    private final FormSelection selection;
    private final String name;
    private final String href;
    private final String jsonLd;
    private final StringBuilder out;

    Renderer(
        DatasetForm datasetForm,
        DataSource dataset,
        Site site,
        FormSelection selection,
        String jsonLd) {
      this.datasetForm = datasetForm;
      this.model = datasetForm.model();
      this.dataset = dataset;
      this.site = site;
      this.selection = selection;
      this.name = Markup.nameOf(dataset.path());
      this.href = Markup.href(name);
      this.jsonLd = jsonLd;
      this.out = new StringBuilder(16_384 + 4_096 * model.allVariables().size());
    }

    String page() {
      FormType form = model.form();
      Markup.head(
          out,
          name + " \u00b7 " + form.label() + " data request form",
          site.url(dataset.path()) + site.formType().suffix(),
          jsonLd);
      out.append("<header>\n");
      Markup.breadcrumbs(out, site, Markup.parentOf(dataset.path()), name);
      out.append("<h1>")
          .append(Markup.escape(name))
          .append("</h1>\n<p class=\"meta\">")
          .append(form.label())
          .append(" data request form \u00b7 ");
      FormType other = form == FormType.DAP4 ? FormType.DAP2 : FormType.DAP4;
      Markup.link(
          out,
          href + other.suffix(),
          other.label() + " form",
          "The " + other.label() + " data request form of this dataset");
      out.append(" \u00b7 metadata:");
      for (Markup.Link link : Markup.METADATA_LINKS) {
        out.append(' ');
        Markup.link(out, href + link.suffix(), link.label(), link.title());
      }
      out.append("</p>\n</header>\n<main>\n");
      form();
      out.append("</main>\n<script type=\"application/json\" id=\"form-data\">")
          .append(FormData.json(datasetForm, site))
          .append("</script>\n");
      Markup.footer(out, Markup.SCRIPT);
      return out.toString();
    }

    private void form() {
      FormType form = model.form();
      out.append("<form id=\"request\" method=\"get\" action=\"")
          .append(href)
          .append(form.suffix())
          .append("\" data-form=\"")
          .append(form == FormType.DAP4 ? "dap4" : "dap2")
          .append("\" data-dataset=\"")
          .append(href)
          .append("\" data-url=\"")
          .append(Markup.escape(site.url(dataset.path())))
          .append("\">\n");
      requestPanel();
      out.append(
          "<section aria-labelledby=\"h-global\">\n<h2 id=\"h-global\">Global attributes"
              + "</h2>\n");
      if (model.attributes().isEmpty()) {
        out.append("<p class=\"hint\">None.</p>\n");
      } else {
        attributes(model.attributes(), true);
      }
      out.append("</section>\n");
      variables();
      out.append("</form>\n");
    }

    private void requestPanel() {
      RequestPanel.write(out, datasetForm, dataset, site, selection, href);
    }

    private void variables() {
      List<Variable> all = model.allVariables();
      out.append(
              "<section aria-labelledby=\"h-vars\">\n<h2 id=\"h-vars\">Variables <span"
                  + " class=\"count\">(")
          .append(all.size())
          .append(")</span></h2>\n")
          .append(
              "<p class=\"hint\">Check variables and narrow their index ranges; with none"
                  + " checked you get the whole dataset. Indexes count from 0: start, stride (every"
                  + " n-th) and stop (included).</p>\n");
      if (!datasetForm.coordinates().axes().isEmpty()) {
        out.append(
            "<p class=\"hint\" id=\"value-rules\">Or choose by coordinate value in"
                + " <em>from</em> and <em>to</em>: a value picks the index of the nearest"
                + " coordinate value; halfway between two, the one inside the range; beyond either"
                + " end, the first or last index. Dates are written YYYY-MM-DD, with hh:mm or"
                + " hh:mm:ss after them if you like.</p>\n");
      }
      if (all.isEmpty()) {
        out.append("<p class=\"hint\">This dataset has no variables.</p>\n</section>\n");
        return;
      }
      out.append(
          "<table class=\"vars\">\n<thead><tr><th scope=\"col\"><span class=\"sr\">"
              + "Select</span></th><th scope=\"col\">Variable</th><th scope=\"col\">Type</th>"
              + "<th scope=\"col\">Dimensions</th><th scope=\"col\">Index ranges</th></tr></thead>"
              + "\n<tbody>\n");
      for (Variable variable : model.variables()) {
        row(variable, 0, "");
      }
      out.append("</tbody>\n</table>\n</section>\n");
    }

    /** A variable's row, then its members'; {@code parent} is the enclosing row's id. */
    private void row(Variable variable, int depth, String parent) {
      String id = Markup.escape(FormSelection.idOf(variable));
      out.append("<tr id=\"row-").append(id).append('"');
      if (depth > 0) {
        out.append(" class=\"d").append(Math.min(depth, 3)).append('"');
      }
      out.append(">\n<td><input type=\"checkbox\" id=\"var-")
          .append(id)
          .append("\" name=\"")
          .append(FormSelection.VARIABLE_FIELD)
          .append("\" value=\"")
          .append(Markup.escape(variable.constraintName()))
          .append("\" data-fqn=\"")
          .append(Markup.escape(variable.fqn()))
          .append('"');
      if (!parent.isEmpty()) {
        out.append(" data-parent=\"").append(parent).append('"');
      }
      out.append(" data-sizes=\"");
      List<Dimension> dims = variable.dimensions();
      for (int i = 0; i < dims.size(); i++) {
        out.append(i == 0 ? "" : " ").append(dims.get(i).size());
      }
      out.append('"')
          .append(selection.isChecked(variable) ? " checked" : "")
          .append("></td>\n")
          .append("<th scope=\"row\"><label class=\"name\" for=\"var-")
          .append(id)
          .append("\">")
          .append(Markup.escape(displayName(variable, depth)))
          .append("</label>");
      String longName = variable.attributeValue("long_name");
      if (longName != null && !longName.isBlank()) {
        out.append("<div class=\"ln\">").append(Markup.escape(longName.strip()));
        String units = variable.attributeValue("units");
        if (units != null && !units.isBlank()) {
          out.append(" (").append(Markup.escape(units.strip())).append(')');
        }
        out.append("</div>");
      }
      if (variable.attributes().isEmpty()) {
        out.append("<div class=\"ln\">no attributes</div>");
      } else {
        out.append("\n<details class=\"attrs\"><summary>Attributes (")
            .append(variable.attributes().size())
            .append(")</summary>\n");
        attributes(variable.attributes(), false);
        out.append("</details>");
      }
      out.append("</th>\n<td><code>")
          .append(Markup.escape(variable.type()))
          .append("</code></td>" + "\n<td>");
      if (dims.isEmpty()) {
        out.append("scalar");
      }
      for (int i = 0; i < dims.size(); i++) {
        out.append(i == 0 ? "" : " \u00d7 ")
            .append("<span class=\"mono\">")
            .append(Markup.escape(FormSelection.dimensionLabel(dims.get(i), i)))
            .append("&nbsp;=&nbsp;")
            .append(dims.get(i).size())
            .append("</span>");
      }
      if (!variable.maps().isEmpty()) {
        out.append("<div class=\"ln\">maps: ");
        for (int i = 0; i < variable.maps().size(); i++) {
          String map = variable.maps().get(i);
          out.append(i == 0 ? "" : ", ")
              .append(Markup.escape(map.lastIndexOf('/') == 0 ? map.substring(1) : map));
        }
        out.append("</div>");
      }
      out.append("</td>\n<td>");
      for (int i = 0; i < dims.size(); i++) {
        RangeFields.write(
            out, variable, i, datasetForm.coordinates().axis(variable, i).orElse(null), selection);
      }
      out.append("</td>\n</tr>\n");
      for (Variable member : variable.members()) {
        row(member, depth + 1, id);
      }
    }

    /** Top-level names without the DAP4 root slash (groups keep theirs); members by own name. */
    private static String displayName(Variable variable, int depth) {
      if (depth > 0) {
        return variable.name();
      }
      return variable.fqn().startsWith("/") ? variable.fqn().substring(1) : variable.fqn();
    }

    private void attributes(List<Attribute> attributes, boolean open) {
      out.append("<dl class=\"attrs\">");
      for (Attribute attribute : attributes) {
        out.append("<dt>").append(Markup.escape(attribute.name()));
        if (attribute.isContainer()) {
          out.append("</dt><dd><details class=\"attrs\"")
              .append(open ? " open" : "")
              .append("><summary>")
              .append(attribute.attributes().size())
              .append(attribute.attributes().size() == 1 ? " attribute" : " attributes")
              .append("</summary>");
          attributes(attribute.attributes(), false);
          out.append("</details></dd>\n");
        } else {
          out.append("<span class=\"t\">")
              .append(Markup.escape(attribute.type()))
              .append("</span></dt><dd>");
          List<String> values = attribute.values();
          for (int i = 0; i < values.size(); i++) {
            out.append(i == 0 ? "" : ", ").append(Markup.escape(values.get(i)));
          }
          out.append("</dd>\n");
        }
      }
      out.append("</dl>\n");
    }
  }
}
