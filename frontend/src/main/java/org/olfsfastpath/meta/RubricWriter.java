package org.olfsfastpath.meta;

import static org.olfsfastpath.pages.PageFrame.escape;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.olfsfastpath.meta.DiscoveryRecord.Finding;
import org.olfsfastpath.meta.DiscoveryRecord.GeoBox;
import org.olfsfastpath.meta.DiscoveryRecord.State;
import org.olfsfastpath.meta.DiscoveryRecord.TimeSpan;
import org.olfsfastpath.meta.DiscoveryRecord.VariableInfo;
import org.olfsfastpath.pages.FormType;
import org.olfsfastpath.pages.PageFrame;
import org.olfsfastpath.pages.Site;

/**
 * Writes the {@code .rubric} and {@code .dmr.rubric} page: how complete a dataset's discovery
 * metadata is by ACDD 1.3, per group, attribute by attribute, with what catalogs see of it and, for
 * each attribute missing or wrong, the NcML line that would add it (the value filled in when the
 * data give it). The score weighs a highly recommended attribute 3, a recommended one 2 and a
 * suggested one 1, as compliance-checker does, and counts only attributes the dataset states
 * correctly; the page shows the plain counts too. Stateless.
 */
public final class RubricWriter {
  /** How much of a value the page shows. */
  private static final int SHOWN = 200;

  private RubricWriter() {}

  /** The page as UTF-8 HTML. */
  public static byte[] write(DiscoveryRecord record, Site site) {
    StringBuilder out = new StringBuilder(32_768);
    String name = record.identity().name();
    String from = record.identity().form() == FormType.DAP4 ? "DMR" : "DDX";
    String suffix = record.identity().form() == FormType.DAP4 ? ".dmr" : "";
    PageFrame.begin(
        out,
        site,
        record.identity().path(),
        name + " \u00b7 discovery metadata rubric (ACDD 1.3)",
        record.identity().datasetUrl() + suffix + ".rubric",
        SchemaOrgWriter.dataset(record));
    String href = PageFrame.href(record.identity().path());
    out.append("<h1>")
        .append(escape(record.title().orElse(name)))
        .append("</h1>\n<p class=\"meta\">Discovery metadata of ")
        .append(escape(name))
        .append(" by the Attribute Convention for Data Discovery 1.3, from its ")
        .append(from)
        .append(" \u00b7 the records: <a href=\"")
        .append(href)
        .append(suffix)
        .append(".iso\">ISO 19115-2</a> \u00b7 <a href=\"")
        .append(href)
        .append(suffix)
        .append(".rdf\">DCAT (RDF)</a> \u00b7 <a href=\"")
        .append(href)
        .append(site.formType().suffix())
        .append("\">request form</a></p>\n</header>\n<main class=\"rubric\">\n");
    score(out, record);
    catalogs(out, record);
    for (AcddLevel level : AcddLevel.values()) {
      group(out, record, level);
    }
    variables(out, record);
    ncml(out, record);
    if (!record.notes().isEmpty()) {
      out.append("<h2>Notes</h2>\n<ul class=\"notes\">\n");
      for (String note : record.notes()) {
        out.append("<li>").append(escape(note)).append("</li>\n");
      }
      out.append("</ul>\n");
    }
    out.append("</main>\n");
    PageFrame.end(out);
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void score(StringBuilder out, DiscoveryRecord record) {
    int earned = 0;
    int possible = 0;
    out.append(
        "<h2 id=\"score\">Score</h2>\n<table>\n<thead><tr><th scope=\"col\">Group</th>"
            + "<th scope=\"col\" class=\"num\">Present</th><th scope=\"col\" class=\"num\">Derived"
            + " from the data</th><th scope=\"col\" class=\"num\">Wrong</th><th scope=\"col\""
            + " class=\"num\">Missing</th><th scope=\"col\" class=\"num\">Of</th></tr></thead>"
            + "\n<tbody>\n");
    for (AcddLevel level : AcddLevel.values()) {
      int[] counts = new int[State.values().length];
      int total = 0;
      for (Finding finding : record.findings()) {
        if (finding.term().level() == level) {
          counts[finding.state().ordinal()]++;
          total++;
        }
      }
      earned += level.weight() * counts[State.PRESENT.ordinal()];
      possible += level.weight() * total;
      out.append("<tr><th scope=\"row\">").append(level.label()).append("</th>");
      for (State state : new State[] {State.PRESENT, State.DERIVED, State.INVALID, State.MISSING}) {
        out.append("<td class=\"num\">").append(counts[state.ordinal()]).append("</td>");
      }
      out.append("<td class=\"num\">").append(total).append("</td></tr>\n");
    }
    out.append("</tbody>\n</table>\n<p id=\"total\">Total: <strong>")
        .append(Math.round(100.0 * earned / possible))
        .append(" %</strong> (")
        .append(earned)
        .append(" of ")
        .append(possible)
        .append(
            " points: each attribute stated correctly counts 3 when highly recommended, 2 when"
                + " recommended, 1 when suggested; derived values count nothing).</p>\n");
  }

  private static void catalogs(StringBuilder out, DiscoveryRecord record) {
    out.append("<h2>What catalogs see</h2>\n<dl>\n");
    item(out, "Identifier", record.identity().fileIdentifier());
    item(out, "Title", record.title());
    GeoBox box = record.extent().box().value();
    out.append("<dt>Box</dt><dd>")
        .append(
            box == null
                ? "none: " + escape(record.extent().box().source())
                : "west "
                    + Extents.number(box.west(), false)
                    + ", east "
                    + Extents.number(box.east(), false)
                    + ", south "
                    + Extents.number(box.south(), false)
                    + ", north "
                    + Extents.number(box.north(), false)
                    + " ("
                    + origin(record.extent().box())
                    + ")")
        .append("</dd>\n");
    TimeSpan time = record.extent().time().value();
    out.append("<dt>Time</dt><dd>")
        .append(
            time == null
                ? "none: " + escape(record.extent().time().source())
                : escape(time.start().text())
                    + " to "
                    + escape(time.end().text())
                    + " ("
                    + origin(record.extent().time())
                    + ")")
        .append("</dd>\n");
    int length = record.text(AcddTerm.SUMMARY).length();
    out.append("<dt>Google Dataset Search</dt><dd>")
        .append(
            length >= SchemaOrgWriter.MIN_DESCRIPTION
                ? "name and a description from the summary: its required properties are met"
                : "name and a description of "
                    + (length == 0 ? "facts" : "the title, the short summary and facts")
                    + ", since the summary is not 50 characters long; a summary of 50 to 5000"
                    + " characters would describe the data better")
        .append("</dd>\n</dl>\n");
  }

  private static void item(StringBuilder out, String label, Field<String> field) {
    out.append("<dt>")
        .append(label)
        .append("</dt><dd><code>")
        .append(escape(shown(field.orElse(""))))
        .append("</code> (")
        .append(origin(field))
        .append(")</dd>\n");
  }

  private static String origin(Field<?> field) {
    return switch (field.origin()) {
      case ATTRIBUTE -> "from " + escape(field.source());
      case DERIVED -> "derived from " + escape(field.source());
      case SERVER -> "from the BES's " + escape(field.source());
      case DEFAULT -> "the " + escape(field.source()) + ", for want of an attribute";
      case MISSING -> "missing";
    };
  }

  private static void group(StringBuilder out, DiscoveryRecord record, AcddLevel level) {
    String id = level.name().toLowerCase(Locale.ROOT).replace('_', '-');
    out.append("<h2 id=\"")
        .append(id)
        .append("\">")
        .append(level.label())
        .append(
            "</h2>\n<table>\n<thead><tr><th scope=\"col\">Attribute</th><th scope=\"col\">"
                + "State</th><th scope=\"col\">Value</th><th scope=\"col\">Goes to</th>"
                + "<th scope=\"col\">To add</th></tr></thead>\n<tbody>\n");
    for (Finding finding : record.findings()) {
      AcddTerm term = finding.term();
      if (term.level() != level) {
        continue;
      }
      Field<String> field = record.field(term);
      out.append("<tr id=\"a-")
          .append(term.attribute())
          .append("\"><th scope=\"row\"><code>")
          .append(term.attribute())
          .append("</code></th><td class=\"state ")
          .append(finding.state().name().toLowerCase(Locale.ROOT))
          .append("\">")
          .append(label(finding.state()))
          .append("</td><td>");
      String value = field.orElse("");
      if (!value.isEmpty()) {
        out.append(escape(shown(value)));
        if (value.length() > SHOWN) {
          out.append(" <span class=\"hint\">(first ").append(SHOWN).append(" characters)</span>");
        }
      }
      for (String note : field.notes()) {
        out.append("<div class=\"hint\">").append(escape(note)).append("</div>");
      }
      if (!finding.detail().isEmpty()) {
        out.append("<div class=\"hint\">")
            .append(finding.state() == State.DERIVED ? "from " : "")
            .append(escape(finding.detail()))
            .append("</div>");
      }
      out.append("</td><td>");
      targets(out, term);
      out.append("</td><td>");
      if (finding.state() != State.PRESENT) {
        out.append("<code>").append(escape(ncmlLine(finding))).append("</code>");
        if (!term.hint().isEmpty() && finding.suggestion().isEmpty()) {
          out.append("<div class=\"hint\">").append(escape(term.hint())).append("</div>");
        }
      }
      out.append("</td></tr>\n");
    }
    out.append("</tbody>\n</table>\n");
  }

  private static void targets(StringBuilder out, AcddTerm term) {
    String[][] targets = {
      {"ISO", term.iso()}, {"DCAT", term.dcat()}, {"schema.org", term.schemaOrg()}
    };
    boolean any = false;
    for (String[] target : targets) {
      if (!target[1].isEmpty()) {
        out.append(any ? "<br>" : "").append(target[0]).append(": ").append(escape(target[1]));
        any = true;
      }
    }
    if (!any) {
      out.append("<span class=\"hint\">the rubric only</span>");
    }
  }

  private static String label(State state) {
    return switch (state) {
      case PRESENT -> "present";
      case DERIVED -> "derived";
      case MISSING -> "missing";
      case INVALID -> "wrong";
    };
  }

  private static String ncmlLine(Finding finding) {
    AcddTerm term = finding.term();
    String value = finding.suggestion().isEmpty() ? "..." : finding.suggestion();
    return "<attribute name=\""
        + term.attribute()
        + "\""
        + (term.numeric() && !finding.suggestion().isEmpty() ? " type=\"double\"" : "")
        + " value=\""
        + value.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;")
        + "\"/>";
  }

  private static void variables(StringBuilder out, DiscoveryRecord record) {
    out.append(
        "<h2 id=\"variables\">Variables</h2>\n<p class=\"hint\">ACDD 1.3 highly recommends"
            + " long_name, standard_name and units on every variable, and coverage_content_type"
            + " on data variables.</p>\n<table>\n<thead><tr><th scope=\"col\">Variable</th>"
            + "<th scope=\"col\">long_name</th><th scope=\"col\">standard_name</th>"
            + "<th scope=\"col\">units</th><th scope=\"col\">coverage_content_type</th></tr>"
            + "</thead>\n<tbody>\n");
    int stated = 0;
    int asked = 0;
    for (VariableInfo v : record.variables()) {
      if (v.role() == DiscoveryRecord.Role.BOUNDS) {
        continue;
      }
      out.append("<tr><th scope=\"row\"><code>").append(escape(shown(v.name()))).append("</code>");
      out.append(v.coordinate() ? " <span class=\"hint\">coordinate</span>" : "").append("</th>");
      String[] values = {
        v.longName(), v.standardName(), v.units(), v.coordinate() ? "-" : v.coverageContentType()
      };
      for (String value : values) {
        if (!value.equals("-")) {
          asked++;
          stated += value.isEmpty() ? 0 : 1;
        }
        out.append(
                value.isEmpty() ? "<td class=\"missing\">missing" : "<td>" + escape(shown(value)))
            .append("</td>");
      }
      out.append("</tr>\n");
    }
    out.append("</tbody>\n</table>\n<p>")
        .append(stated)
        .append(" of ")
        .append(asked)
        .append(" variable attributes stated.</p>\n");
  }

  /** Every line to add, together, as an NcML file wrapping the dataset. */
  private static void ncml(StringBuilder out, DiscoveryRecord record) {
    StringBuilder lines = new StringBuilder();
    for (Finding finding : record.findings()) {
      if (finding.state() != State.PRESENT) {
        lines.append("  ").append(ncmlLine(finding)).append('\n');
      }
    }
    if (lines.length() == 0) {
      return;
    }
    out.append(
            "<h2 id=\"ncml\">NcML to add them</h2>\n<p class=\"hint\">An NcML file beside the"
                + " dataset can add the attributes without changing it (the BES's NcML module);"
                + " replace each <code>...</code> with what only the data's provider knows.</p>\n"
                + "<pre class=\"ncml\">")
        .append(
            escape(
                "<netcdf xmlns=\"http://www.unidata.ucar.edu/namespaces/netcdf/ncml-2.2\" location=\""
                    + record.identity().name()
                    + "\">\n"
                    + lines
                    + "</netcdf>"))
        .append("</pre>\n");
  }

  private static String shown(String value) {
    return Clean.cut(value, SHOWN);
  }
}
