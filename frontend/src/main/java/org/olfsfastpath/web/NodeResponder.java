package org.olfsfastpath.web;

import java.io.IOException;
import java.util.Optional;
import org.olfsfastpath.bes.BesError;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.dap.DapRequest;
import org.olfsfastpath.dap.DapRequestRejectedException;
import org.olfsfastpath.dap.PercentEncoding;
import org.olfsfastpath.dap.ResponseType;

/**
 * Decides what a path that names a catalog node asks for, as upstream does: the first reading whose
 * dataset exists ({@code x.nc.dds} is the DDS of {@code x.nc}), else the node the whole path names:
 * a directory written without its slash (302 to the slash form), a bare dataset URL (what
 * olfs.xml's DatasetUrlResponse says), or a file that is not a dataset (streamed as it is). Each
 * reading costs one cache lookup; a warm lookup costs no BES message.
 */
final class NodeResponder {
  private final DapBackend backend;
  private final DatasetResponder datasets;
  private final FileResponder files;
  private final Pages pages;
  private final FrontEndSettings settings;
  private final DapHeaders headers;

  NodeResponder(
      DapBackend backend,
      DatasetResponder datasets,
      FileResponder files,
      Pages pages,
      FrontEndSettings settings,
      DapHeaders headers) {
    this.backend = backend;
    this.datasets = datasets;
    this.files = files;
    this.pages = pages;
    this.settings = settings;
    this.headers = headers;
  }

  void send(Exchange ex, DapRequest.Node node)
      throws IOException, Refusal, ClientGoneException, DapRequestRejectedException {
    DataSource notData = null;
    BesErrorException firstMissing = null;
    for (DapRequest.Dataset reading : node.readings()) {
      Optional<DataSource> found;
      try {
        found = Optional.of(lookup(ex, reading.path()));
      } catch (BesErrorException e) {
        if (e.error().type() != BesError.NOT_FOUND) {
          throw e;
        }
        firstMissing = firstMissing == null ? e : firstMissing;
        found = Optional.empty();
      }
      if (found.isEmpty() || found.get().isDirectory()) {
        continue;
      }
      DataSource source = found.get();
      // .file also reaches a file that is not a dataset (upstream answers README.file with 404).
      if (source.isData() || reading.type() == ResponseType.FILE) {
        ex.answering(reading);
        datasets.send(ex, reading, source);
        return;
      }
      notData = notData == null ? source : notData;
    }
    DataSource source;
    try {
      source = lookup(ex, node.path());
    } catch (BesErrorException e) {
      if (e.error().type() != BesError.NOT_FOUND) {
        throw e;
      }
      if (notData != null) {
        throw new Refusal(
            404,
            "'"
                + notData.path()
                + "' is not a dataset the BES can serve, so"
                + " it has no DAP responses");
      }
      if (firstMissing != null) {
        ex.answering(node.readings().get(0)); // The dataset the URL most likely names.
        throw firstMissing;
      }
      throw e;
    }
    if (ex.post && !source.isData()) {
      throw new Refusal(
          405,
          "POST is for dataset responses ("
              + node.path().substring(node.path().lastIndexOf('/') + 1)
              + " is not one); use GET",
          "Allow",
          "GET, HEAD");
    }
    if (source.isDirectory()) {
      redirect(ex, name(node) + "/" + (ex.query().isEmpty() ? "" : "?" + ex.query()));
    } else if (source.isData()) {
      // A POST too, as upstream: the bare dataset URL answers it as it answers a GET.
      sendDataset(ex, source);
    } else {
      sendFile(ex, source);
    }
  }

  /** The bare dataset URL, as olfs.xml's DatasetUrlResponse says. */
  private void sendDataset(Exchange ex, DataSource source)
      throws IOException, Refusal, ClientGoneException {
    switch (settings.datasetUrlResponse()) {
      case REQUEST_FORM -> redirect(ex, name(source) + pages.form().suffix());
      case DSR -> redirect(ex, name(source) + ResponseType.DSR.suffix());
      case DOWNLOAD -> {
        if (!settings.allowDirectDataSourceAccess()) {
          throw DatasetResponder.directAccessRefused(source);
        }
        sendFile(ex, source);
      }
      default -> throw new IllegalStateException("unknown " + settings.datasetUrlResponse());
    }
  }

  private void sendFile(Exchange ex, DataSource source) throws IOException, ClientGoneException {
    headers.set(ex, "3.2");
    headers.lastModified(ex, source.lastModified());
    if (Conditional.notModified(ex, source.lastModified())) {
      return;
    }
    files.send(ex, source, source.isData());
  }

  private void redirect(Exchange ex, String relative) {
    ex.stats.redirects.increment();
    ex.resp.setStatus(302);
    ex.header("Location", relative);
    ex.resp.setContentLength(0);
  }

  private static String name(DapRequest.Node node) {
    return PercentEncoding.segment(node.path().substring(node.path().lastIndexOf('/') + 1));
  }

  private static String name(DataSource source) {
    return PercentEncoding.segment(source.path().substring(source.path().lastIndexOf('/') + 1));
  }

  /** The path's data source; its file checked now for a conditional request (a revalidation). */
  private DataSource lookup(Exchange ex, String path) throws IOException {
    return Conditional.isConditional(ex)
        ? backend.lookupChecked(path, ex.caller())
        : backend.lookup(path, ex.caller());
  }
}
