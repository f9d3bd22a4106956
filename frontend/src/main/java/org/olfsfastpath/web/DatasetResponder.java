package org.olfsfastpath.web;

import java.io.IOException;
import java.util.Locale;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.dap.DapRequest;
import org.olfsfastpath.dap.DapRequestRejectedException;
import org.olfsfastpath.dap.Negotiation;
import org.olfsfastpath.dap.ResponseType;
import org.olfsfastpath.dap.ServicesDocument;

/**
 * Answers one response about one dataset whose catalog entry is known: chooses the representation
 * by Accept, answers a conditional GET and a HEAD from the catalog alone, then makes the body the
 * way the response's row in {@link ResponseType} says: one BES get streamed through, a form, a
 * discovery record, a document built here, the file itself, or a refusal that says why.
 */
final class DatasetResponder {
  private final DapHeaders headers;
  private final GetResponder gets;
  private final FormResponder forms;
  private final RecordResponder records;
  private final FileResponder files;
  private final VersionService versions;
  private final FrontEndSettings settings;
  private final String serverVersion;

  DatasetResponder(
      DapHeaders headers,
      GetResponder gets,
      FormResponder forms,
      RecordResponder records,
      FileResponder files,
      VersionService versions,
      FrontEndSettings settings,
      String serverVersion) {
    this.headers = headers;
    this.gets = gets;
    this.forms = forms;
    this.records = records;
    this.files = files;
    this.versions = versions;
    this.settings = settings;
    this.serverVersion = serverVersion;
  }

  void send(Exchange ex, DapRequest.Dataset asked, DataSource source)
      throws IOException, Refusal, ClientGoneException, DapRequestRejectedException {
    DapRequest.Dataset dataset = negotiate(ex, asked);
    ResponseType type = dataset.type();
    headers.lastModified(ex, source.lastModified());
    if (Conditional.notModified(ex, source.lastModified())) {
      return; // Without the DAP headers, as GetResponder's 304 (RFC 9110 15.4.5).
    }
    if (type.source() != ResponseType.Source.BES) {
      // A BES answer sets them once it knows it is no 304 (GetResponder).
      headers.set(ex, type.dapVersion());
    }
    if (ex.head) {
      ex.stats.headRequests.increment();
    }
    switch (type.source()) {
      case BES -> gets.send(ex, dataset, source);
      case FORM -> forms.send(ex, dataset, source, datasetUrl(ex, dataset));
      case METADATA_RECORD -> records.send(ex, dataset, source);
      case SERVICES -> sendServices(ex, dataset);
      case VERSION -> {
        ex.resp.setContentType(type.contentType());
        ex.header("Content-Description", type.contentDescription());
        BodyCopy.write(ex, versions.document());
      }
      case FILE -> {
        if (source.isData() && !settings.allowDirectDataSourceAccess()) {
          throw directAccessRefused(source);
        }
        files.send(ex, source, true);
      }
      case NOT_IMPLEMENTED ->
          throw new Refusal(
              501,
              suffix(dataset)
                  + " ("
                  + type.title()
                  + ")"
                  + " is not implemented: no BES module can make it (the BES has no transmitter for it)."
                  + " The same data is available as "
                  + name(dataset)
                  + ".dap.csv, "
                  + name(dataset)
                  + ".dap.nc4 or, for DAP2 clients, "
                  + name(dataset)
                  + ".json");
      default -> throw new IllegalStateException("unknown source " + type.source());
    }
  }

  /** The 403 for a dataset file when olfs.xml does not allow direct access. */
  static Refusal directAccessRefused(DataSource source) {
    String name = source.path().substring(source.path().lastIndexOf('/') + 1);
    return new Refusal(
        403,
        "this server does not allow downloading the dataset file itself"
            + " (olfs.xml AllowDirectDataSourceAccess); ask for its data through a DAP response,"
            + " e.g. "
            + name
            + ".dmr.html for the request form or "
            + name
            + ".nc for a netCDF file");
  }

  private DapRequest.Dataset negotiate(Exchange ex, DapRequest.Dataset asked) throws Refusal {
    if (asked.type() == ResponseType.FILE) {
      return asked; // Its media type is the file's, whatever Accept prefers.
    }
    if (!asked.type().alternatives().isEmpty()) {
      // The same URL answers by Accept: caches must key its answers by it too.
      ex.negotiates();
      ex.header("Vary", "Accept");
    }
    ResponseType chosen =
        Negotiation.choose(asked.type(), ex.accept())
            .orElseThrow(
                () ->
                    new Refusal(
                        406,
                        "none of the representations of "
                            + suffix(asked)
                            + " is acceptable"
                            + " to the client (Accept: "
                            + ex.accept()
                            + "); it is "
                            + acceptable(asked.type())));
    if (chosen == asked.type()) {
      return asked;
    }
    DapRequest.Dataset dataset = asked.as(chosen);
    ex.answering(dataset);
    return dataset;
  }

  private static String acceptable(ResponseType type) {
    StringBuilder out = new StringBuilder(type.contentType());
    for (ResponseType alternative : type.alternatives()) {
      out.append(", ").append(alternative.contentType());
    }
    return out.toString();
  }

  private void sendServices(Exchange ex, DapRequest.Dataset dataset) throws ClientGoneException {
    ResponseType type = dataset.type();
    String url = datasetUrl(ex, dataset);
    boolean files = settings.allowDirectDataSourceAccess();
    byte[] body =
        type == ResponseType.DSR_HTML
            ? ServicesDocument.html(url, name(dataset), serverVersion, files)
            : ServicesDocument.xml(url, serverVersion, files);
    ex.resp.setContentType(type.contentType());
    ex.header("Content-Description", type.contentDescription());
    BodyCopy.write(ex, body);
  }

  /**
   * The dataset's URL as the client wrote it: the request URL without the response's suffix (in the
   * case the client wrote it). DAP4 responses and the DDX name it as xml:base.
   */
  static String datasetUrl(Exchange ex, DapRequest.Dataset dataset) {
    String url = ex.requestUrl();
    String suffix = dataset.suffix();
    int start = url.length() - suffix.length();
    return start > 0 && url.regionMatches(true, start, suffix, 0, suffix.length())
        ? url.substring(0, start)
        : url;
  }

  private static String suffix(DapRequest.Dataset dataset) {
    return dataset.suffix().toLowerCase(Locale.ROOT);
  }

  private static String name(DapRequest.Dataset dataset) {
    return dataset.path().substring(dataset.path().lastIndexOf('/') + 1);
  }
}
