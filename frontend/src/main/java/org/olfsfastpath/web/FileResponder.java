package org.olfsfastpath.web;

import jakarta.servlet.ServletContext;
import java.io.IOException;
import java.io.InputStream;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.bes.BesGetType;
import org.olfsfastpath.bes.BesResponse;
import org.olfsfastpath.bes.Caller;
import org.olfsfastpath.bes.GetRequest;
import org.olfsfastpath.cache.DataSource;
import org.olfsfastpath.dap.DownloadName;
import org.olfsfastpath.dap.ResponseType;
import org.olfsfastpath.http.ByteRanges;

/**
 * Streams a catalog file as it is, with the BES's {@code stream} command: files that are not
 * datasets (README, images, sidecars) always, dataset files only where olfs.xml allows direct
 * access. Content-Length and Last-Modified come from showNode, the Content-Type from the
 * container's own table of file extensions; an answer of another length than showNode's is not the
 * file announced, and fails ({@link AnnouncedLength}).
 */
final class FileResponder {
  private static final String UNKNOWN_TYPE = "application/octet-stream";

  private final DapBackend backend;
  private final BodyCopy copy;
  private final @Nullable ServletContext context;

  /**
   * @param context the container's MIME table, or null (every file is then octets)
   */
  FileResponder(DapBackend backend, BodyCopy copy, @Nullable ServletContext context) {
    this.backend = backend;
    this.copy = copy;
    this.context = context;
  }

  /**
   * Sends the file.
   *
   * @param download whether to name it as an attachment (dataset files are downloads; a README is
   *     shown in the browser, as upstream)
   */
  void send(Exchange ex, DataSource file, boolean download)
      throws IOException, ClientGoneException {
    String name = file.path().substring(file.path().lastIndexOf('/') + 1);
    String type = context == null ? null : context.getMimeType(name);
    ex.resp.setContentType(type == null ? UNKNOWN_TYPE : type);
    if (download) {
      ex.header(
          "Content-Disposition",
          DownloadName.contentDisposition(DownloadName.of(file.path(), ResponseType.FILE, false)));
    }
    // A resumed download asks for the rest: the file's length is known from showNode.
    ByteRanges.Decision range =
        file.size() >= 0
            ? Ranges.apply(ex, file.size(), null, file.lastModified().toEpochMilli())
            : ByteRanges.WHOLE;
    if (range instanceof ByteRanges.Unsatisfiable) {
      return;
    }
    if (!(range instanceof ByteRanges.Part)) {
      ex.resp.setContentLengthLong(file.size());
    }
    if (ex.head) {
      return;
    }
    long sent = range instanceof ByteRanges.Part part ? part.count() : file.size();
    // A file the response buffer holds whole lets its connection go at BES speed.
    Caller caller =
        sent >= 0 && sent <= BodyCopy.RESPONSE_BUFFER
            ? ex.caller()
            : ex.caller().withLongHold(true);
    BesResponse bes = backend.get(new GetRequest(file.path(), BesGetType.STREAM, "", ""), caller);
    // The answer must be the length just announced as the file's size.
    BesResponse checked =
        file.size() >= 0 ? new AnnouncedLength(bes, file.size(), file.path()) : bes;
    if (!(range instanceof ByteRanges.Part part)) {
      copy.stream(ex, checked, false);
      return;
    }
    // The BES streams the whole file; the bytes before the range are read and dropped.
    InputStream slice;
    try {
      slice = Ranges.slice(checked.body(), part.first(), part.count());
    } catch (IOException e) {
      bes.close();
      throw new BesStreamException(0, e);
    }
    copy.stream(ex, slice, bes, false);
  }
}
