package org.olfsfastpath.meta;

import java.time.format.DateTimeFormatter;
import java.util.List;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.json.JsonWriter;
import org.olfsfastpath.meta.DiscoveryRecord.GeoBox;
import org.olfsfastpath.meta.DiscoveryRecord.Link;
import org.olfsfastpath.meta.DiscoveryRecord.Party;
import org.olfsfastpath.meta.DiscoveryRecord.TimeSpan;
import org.olfsfastpath.meta.DiscoveryRecord.VariableInfo;
import org.olfsfastpath.pages.Site;

/**
 * Writes schema.org JSON-LD for Google Dataset Search and other crawlers: a {@code Dataset} from a
 * record, for a dataset's request forms and rubric, and a {@code DataCatalog} of a directory's
 * datasets, for its listing. The {@code @context} is {@code https://schema.org/} itself (upstream
 * writes {@code http://schema.org} without the slash, which a JSON-LD processor expands to {@code
 * http://schema.orgname}). The description always meets Google's 50 to 5000 characters: the summary
 * when it is long enough, else the title and summary followed by a sentence of facts (the
 * variables, the address). The JSON is HTML-safe for a script element. Stateless.
 */
public final class SchemaOrgWriter {
  static final int MIN_DESCRIPTION = 50;
  static final int MAX_DESCRIPTION = 5000;

  private SchemaOrgWriter() {}

  /** The record as a schema.org {@code Dataset}. */
  public static String dataset(DiscoveryRecord record) {
    StringBuilder json = new StringBuilder(2048 + 256 * record.variables().size());
    JsonWriter w = new JsonWriter(json);
    String url = record.identity().datasetUrl();
    String directoryUrl = url.substring(0, url.lastIndexOf('/') + 1);
    String path = record.identity().path();
    w.beginObject()
        .value("@context", "https://schema.org/")
        .value("@type", "Dataset")
        .value("name", record.title().orElse(record.identity().name()))
        .value("description", description(record))
        .value("url", record.identity().landingPage())
        .value("identifier", record.identity().fileIdentifier().orElse(url));
    if (!record.keywords().isEmpty()) {
      w.beginArray("keywords");
      for (String keyword : record.keywords()) {
        w.value(keyword);
      }
      w.endArray();
    }
    optional(w, "license", record.text(AcddTerm.LICENSE));
    party(w, "creator", record.creator());
    party(w, "publisher", record.publisher());
    optional(w, "version", record.text(AcddTerm.PRODUCT_VERSION));
    date(w, "dateCreated", record, AcddTerm.DATE_CREATED);
    date(w, "datePublished", record, AcddTerm.DATE_ISSUED);
    IsoTime modified = DiscoveryRecords.parsed(record.field(AcddTerm.DATE_MODIFIED));
    w.value(
        "dateModified",
        modified != null
            ? modified.text()
            : DateTimeFormatter.ISO_INSTANT.format(record.identity().lastModified()));
    w.beginObject("includedInDataCatalog")
        .value("@type", "DataCatalog")
        .value("name", path.lastIndexOf('/') <= 0 ? "/" : path.substring(0, path.lastIndexOf('/')))
        .value("url", directoryUrl)
        .endObject();
    GeoBox box = record.extent().box().value();
    if (box != null) {
      w.beginObject("spatialCoverage")
          .value("@type", "Place")
          .beginObject("geo")
          .value("@type", "GeoShape")
          .value(
              "box",
              String.join(
                  " ",
                  Extents.number(box.south(), false),
                  Extents.number(box.west(), false),
                  Extents.number(box.north(), false),
                  Extents.number(box.east(), false)))
          .endObject()
          .endObject();
    }
    TimeSpan time = record.extent().time().value();
    if (time != null) {
      w.value("temporalCoverage", time.start().text() + "/" + time.end().text());
    }
    w.beginArray("variableMeasured");
    for (VariableInfo variable : record.variables()) {
      w.beginObject().value("@type", "PropertyValue").value("name", variable.name());
      optional(w, "description", variable.longName());
      optional(w, "unitText", variable.units());
      w.endObject();
    }
    w.endArray().beginArray("distribution");
    for (Link link : record.links()) {
      if (link.download() && !link.mediaType().isEmpty() || link.url().endsWith(".file")) {
        w.beginObject()
            .value("@type", "DataDownload")
            .value("name", link.name())
            .value("contentUrl", link.url());
        optional(w, "encodingFormat", link.mediaType());
        if (link.url().endsWith(".file")) {
          w.value("contentSize", Long.toString(record.identity().size()));
        }
        w.endObject();
      }
    }
    w.endArray().endObject();
    return json.toString();
  }

  /**
   * A directory's datasets as a schema.org {@code DataCatalog}: each data entry a {@code Dataset}
   * with its name, form URL and modification time, and its source file when the site offers it; the
   * BES's administrator as the catalog's publisher when it names one.
   */
  public static String catalog(DataSource directory, Site site, ServerInfo server) {
    List<DataSource.Child> children = directory.children();
    StringBuilder json = new StringBuilder(512 + 256 * children.size());
    String base = site.url(directory.path());
    base = base.endsWith("/") ? base : base + "/";
    String form = site.formType().suffix();
    JsonWriter w =
        new JsonWriter(json)
            .beginObject()
            .value("@context", "https://schema.org/")
            .value("@type", "DataCatalog")
            .value("name", directory.path())
            .value("url", base)
            .value("dateModified", DateTimeFormatter.ISO_INSTANT.format(directory.lastModified()));
    party(w, "publisher", DiscoveryRecords.serverParty(server));
    w.beginArray("dataset");
    for (DataSource.Child child : children) {
      if (!child.isData() || child.isDirectory()) {
        continue;
      }
      String url =
          site.url(directory.path() + (directory.path().endsWith("/") ? "" : "/") + child.name());
      w.beginObject()
          .value("@type", "Dataset")
          .value("name", child.name())
          .value("url", url + form)
          .value("dateModified", DateTimeFormatter.ISO_INSTANT.format(child.lastModified()));
      if (site.fileAccess()) {
        w.beginObject("distribution")
            .value("@type", "DataDownload")
            .value("contentUrl", url + ".file")
            .value("contentSize", Long.toString(child.size()))
            .endObject();
      }
      w.endObject();
    }
    w.endArray().endObject();
    return json.toString();
  }

  /**
   * Google's description: 50 to 5000 characters. The summary alone when it is long enough; else the
   * title and the summary with a sentence of facts after them.
   */
  static String description(DiscoveryRecord record) {
    String summary = record.text(AcddTerm.SUMMARY);
    String text;
    if (summary.length() >= MIN_DESCRIPTION) {
      text = summary;
    } else {
      StringBuilder out = new StringBuilder(512);
      if (record.title().origin() == Origin.ATTRIBUTE) {
        out.append(record.title().orElse(""));
        out.append(out.length() > 0 && !out.toString().endsWith(".") ? ". " : " ");
      }
      if (!summary.isEmpty()) {
        out.append(summary).append(summary.endsWith(".") ? " " : ". ");
      }
      out.append(facts(record));
      text = out.toString().strip();
    }
    if (text.length() > MAX_DESCRIPTION) {
      text = Clean.cut(text, MAX_DESCRIPTION - 3) + "...";
    }
    return text;
  }

  /** A sentence of what the dataset holds and where: never shorter than 50 characters. */
  private static String facts(DiscoveryRecord record) {
    List<VariableInfo> data =
        record.variables().stream().filter(v -> !v.coordinate()).limit(10).toList();
    long count = record.variables().stream().filter(v -> !v.coordinate()).count();
    StringBuilder out = new StringBuilder(256).append(record.identity().name());
    if (count == 0) {
      out.append(", a dataset");
    } else {
      out.append(", a dataset of ").append(count).append(count == 1 ? " variable" : " variables");
      for (int i = 0; i < data.size(); i++) {
        VariableInfo v = data.get(i);
        out.append(i == 0 ? ": " : ", ").append(v.name());
        if (!v.longName().isEmpty() || !v.units().isEmpty()) {
          out.append(" (").append(v.longName());
          out.append(!v.longName().isEmpty() && !v.units().isEmpty() ? ", " : "").append(v.units());
          out.append(')');
        }
      }
      if (count > data.size()) {
        out.append(", ...");
      }
    }
    return out.append(", served with OPeNDAP (DAP2 and DAP4) at ")
        .append(record.identity().datasetUrl())
        .append('.')
        .toString();
  }

  private static void party(JsonWriter w, String name, Party party) {
    if (!party.isPresent()) {
      return;
    }
    boolean person = party.isPerson() && !party.name().isEmpty();
    String label = party.name().isEmpty() ? party.institution() : party.name();
    w.beginObject(name).value("@type", person ? "Person" : "Organization");
    optional(w, "name", label.isEmpty() ? party.email() : label);
    optional(w, "email", party.email());
    if (IsoParts.isWebUrl(party.url())) {
      w.value("url", party.url());
    }
    if (person && !party.institution().isEmpty()) {
      w.beginObject("affiliation")
          .value("@type", "Organization")
          .value("name", party.institution())
          .endObject();
    }
    if (!party.address().isEmpty()) {
      optional(w, "telephone", party.address().getOrDefault("telephone", ""));
      w.beginObject("address").value("@type", "PostalAddress");
      optional(w, "streetAddress", party.address().getOrDefault("street", ""));
      optional(w, "addressLocality", party.address().getOrDefault("city", ""));
      optional(w, "addressRegion", party.address().getOrDefault("region", ""));
      optional(w, "postalCode", party.address().getOrDefault("postalcode", ""));
      optional(w, "addressCountry", party.address().getOrDefault("country", ""));
      w.endObject();
    }
    w.endObject();
  }

  private static void date(JsonWriter w, String name, DiscoveryRecord record, AcddTerm term) {
    IsoTime time = DiscoveryRecords.parsed(record.field(term));
    if (time != null) {
      w.value(name, time.text());
    }
  }

  private static void optional(JsonWriter w, String name, String value) {
    if (!value.isEmpty()) {
      w.value(name, value);
    }
  }
}
