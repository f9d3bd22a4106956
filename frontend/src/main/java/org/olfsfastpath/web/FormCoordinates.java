package org.olfsfastpath.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import org.olfsfastpath.bes.BesErrorException;
import org.olfsfastpath.bes.BesGetType;
import org.olfsfastpath.bes.BesProtocolException;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.bes.Caller;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.cache.CachedResponse;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.cache.LoadedResponse;
import org.olfsfastpath.cache.ResponseCache;
import org.olfsfastpath.cache.StreamedResponse;
import org.olfsfastpath.pages.CoordinateRequest;
import org.olfsfastpath.pages.Coordinates;
import org.olfsfastpath.pages.DatasetForm;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gets a form's coordinate values from the BES: one data request per dataset and form for all its
 * coordinate variables ({@link CoordinateRequest}), kept in the response cache like the form's DMR
 * or DDX, so a warm form costs no BES message. Only an answer the cache keeps is asked for (its
 * size is known beforehand from the shapes); a larger one, or a failure, leaves the form with index
 * ranges only and a sentence on the page saying why.
 */
final class FormCoordinates {
  private static final Logger log = LoggerFactory.getLogger(FormCoordinates.class);

  private final DapBackend backend;
  private final CachedAnswers answers;

  FormCoordinates(DapBackend backend, CachedAnswers answers) {
    this.backend = backend;
    this.answers = answers;
  }

  /**
   * The coordinate values of {@code form}'s dataset.
   *
   * @param xmlBase the dataset URL a DAP4 answer names, as for the form's DMR
   */
  Coordinates fetch(
      DatasetForm form, String path, DataSource source, String xmlBase, Caller caller) {
    CoordinateRequest request = form.coordinateRequest();
    if (request.isEmpty()) {
      return request.unavailable("");
    }
    ResponseCache responses = backend.responses();
    long cap = responses.maxEntryBytes();
    long expected = form.coordinateAnswerBytes();
    if (expected > cap) {
      return request.unavailable(
          "their answer would be "
              + expected
              + " bytes, more than the "
              + cap
              + " this server keeps (FastPath/ResponseCache@maxEntryBytes)");
    }
    GetRequest get =
        new GetRequest(
            path,
            request.dap4() ? BesGetType.DAP : BesGetType.DODS,
            request.constraint(),
            request.dap4() ? xmlBase : "");
    try {
      return request.read(read(get, source, (int) cap, caller));
    } catch (BesErrorException e) {
      log.warn(
          "coordinate values of {} not shown: the BES answered {} with an error: {}",
          path,
          request.constraint(),
          e.getMessage());
      return request.unavailable(
          "the BES refused the request for them (error type "
              + e.error().type()
              + "; the server's log has its message)");
    } catch (InterruptedIOException e) {
      log.warn("coordinate values of {} not shown: {}", path, e.toString());
      return request.unavailable("the BES did not send them in time");
    } catch (BesProtocolException e) {
      log.warn("coordinate values of {} not shown: {}", path, e.getMessage());
      return request.unavailable("the BES's answer could not be read (" + e.getMessage() + ")");
    } catch (IOException e) {
      log.warn("coordinate values of {} not shown: {}", path, e.toString());
      return request.unavailable("the BES could not be asked for them");
    }
  }

  /** The answer, from the response cache when it holds it; at most {@code max} bytes. */
  private byte[] read(GetRequest get, DataSource source, int max, Caller caller)
      throws IOException {
    if (backend.responses().isEnabled()) {
      CachedResponse hit = answers.lookup(get, source);
      LoadedResponse answer = hit != null ? hit : answers.load(get, source, max, false, caller);
      if (answer instanceof CachedResponse cached) {
        try (InputStream in = cached.newInputStream(false)) {
          return in.readAllBytes();
        }
      }
      try (StreamedResponse streamed = (StreamedResponse) answer) {
        return limited(streamed.body(), max);
      }
    }
    try (BesResponse bes = backend.get(get, caller)) {
      return limited(bes.body(), max);
    }
  }

  private static byte[] limited(InputStream in, int max) throws IOException {
    byte[] bytes = in.readNBytes(max + 1);
    if (bytes.length > max) {
      throw new BesProtocolException("the answer was larger than the " + max + " bytes expected");
    }
    return bytes;
  }
}
