package org.olfsfastpath.emulator;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.emulator.dap.DapQuery;
import org.olfsfastpath.emulator.dap.DapRequestException;
import org.olfsfastpath.emulator.dap.EmulatedDataset;

/**
 * The answer to one request, written when the connection is ready to send it: an XML document, a
 * BES error, a DAP payload generated on the fly, a replayed capture, or nothing (a request without
 * a response command still gets the end chunk).
 */
final class Reply {
  private interface Body {
    /** Writes the whole answer; returns whether the emulated BES process exits afterwards. */
    boolean writeTo(ResponseWriter out) throws IOException;
  }

  private final Body body;
  private final String description;

  private Reply(Body body, String description) {
    this.body = body;
    this.description = description;
  }

  /**
   * Writes the answer, end chunk included.
   *
   * @return whether the BES process exits after it (a fatal error): the caller closes the
   *     connection
   */
  boolean writeTo(ResponseWriter out) throws IOException {
    out.reset();
    return body.writeTo(out);
  }

  @Override
  public String toString() {
    return description;
  }

  static Reply empty() {
    return new Reply(
        out -> {
          out.finish();
          return false;
        },
        "empty");
  }

  static Reply document(XmlElement responseRoot) {
    byte[] document = responseRoot.toDocument();
    return new Reply(
        out -> {
          out.write(document);
          out.finish();
          return false;
        },
        "document");
  }

  /**
   * A payload as one answer: {@code payload} in data chunks, then the end chunk; with a latch, the
   * data goes out first and the end chunk only once the latch opens (a BES still working on an
   * answer it has begun).
   */
  static Reply payload(byte[] payload, @Nullable CountDownLatch releaseEnd) {
    byte[] copy = payload.clone();
    return new Reply(
        out -> {
          out.write(copy);
          if (releaseEnd != null) {
            out.flush();
            try {
              releaseEnd.await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              throw new InterruptedIOException("interrupted before the end of a paused answer");
            }
          }
          out.finish();
          return false;
        },
        "payload of " + copy.length + " bytes" + (releaseEnd == null ? "" : ", end held"));
  }

  /** Bytes sent exactly as given, chunk headers included (a captured {@code .wire}). */
  static Reply raw(byte[] wire) {
    byte[] copy = wire.clone();
    return new Reply(
        out -> {
          out.raw(copy);
          return false;
        },
        "raw " + copy.length + " bytes");
  }

  /**
   * A get stream of a real file: its bytes exactly, read while they are sent, as
   * BESStreamResponseHandler copies them (no flush: they travel in chunks as large as the chunk
   * size allows). A file that cannot be opened gets the BES's error in {@code getStream}.
   *
   * @param shownPath the file as the BES names it, under its catalog root
   */
  static Reply file(Path file, String shownPath, RequestIds ids) {
    return new Reply(
        out -> {
          InputStream in;
          try {
            in = Files.newInputStream(file);
          } catch (IOException e) {
            boolean missing = e instanceof NoSuchFileException;
            String message =
                "Unable to stream file because it cannot be opened. file: '"
                    + shownPath
                    + "'  msg: "
                    + (missing ? "No such file or directory" : "Permission denied");
            return writeError(
                out,
                new BesFailure(
                    missing ? BesFailure.NOT_FOUND_ERROR : BesFailure.FORBIDDEN_ERROR,
                    message,
                    "BESStreamResponseHandler.cc",
                    missing ? 113 : 116,
                    "getStream"),
                ids);
          }
          try (in) {
            in.transferTo(out);
          }
          out.finish();
          return false;
        },
        "file " + file.getFileName());
  }

  static Reply error(BesFailure failure, RequestIds ids) {
    return new Reply(out -> writeError(out, failure, ids), "error type " + failure.type());
  }

  /**
   * A get answered by a generated dataset. A {@link DapRequestException} becomes the BES's "libdap
   * error transmitting ..." error inside the get's response element; if data chunks had already
   * gone out, it is the BES's mid-stream error. Any other exception is what BESDapTransmit reports
   * as a std::exception: a fatal error after which the BES process exits.
   */
  static Reply dataset(EmulatedDataset dataset, DapQuery query, RequestIds ids) {
    Objects.requireNonNull(dataset, "dataset == null");
    return new Reply(
        out -> {
          try {
            dataset.write(query, out);
          } catch (DapRequestException e) {
            out.discardBuffered();
            return writeError(out, transmitFailure(query.type(), e), ids);
          } catch (RuntimeException e) {
            out.discardBuffered();
            return writeError(out, BesFailure.transmitException(query.type(), e), ids);
          }
          out.finish();
          return false;
        },
        "dataset " + dataset.name() + " " + query);
  }

  /** A recorded answer, chunk boundaries and extension chunks kept. */
  static Reply frames(List<Frame> frames) {
    List<Frame> copy = List.copyOf(frames);
    return new Reply(
        out -> {
          for (Frame frame : copy) {
            if (frame.isData()) {
              out.dataChunk(frame.payload());
            } else {
              out.extensionChunk(frame.payload());
            }
          }
          out.finish();
          return false;
        },
        "replay of " + copy.size() + " chunks");
  }

  /**
   * The built-in generator words each error as the BES does, wrapper element and location included
   * (the ascii transmitter's "Failed to get values as ascii:" and errors raised before a handler
   * starts differ from libdap's), so such an error is taken as is. An error with no location (a
   * substitute dataset's plain message) is what libdap throws inside BESDapTransmit.
   */
  static BesFailure transmitFailure(String type, DapRequestException e) {
    String detail =
        Objects.requireNonNull(
            e.getMessage(), "a DapRequestException is constructed with a message");
    if (!e.file().isEmpty()) {
      return new BesFailure(e.besErrorType(), detail, e.file(), e.line(), e.responseElement());
    }
    String message =
        detail.startsWith("libdap error transmitting")
            ? detail
            : "libdap error transmitting " + BesFacts.transmitName(type) + ": " + detail;
    return new BesFailure(
        e.besErrorType(), message, "BESDapTransmit.cc", 92, BesFacts.getResponseName(type));
  }

  /** BESServerHandler's error path: the status extension, the error document, the end chunk. */
  static boolean writeError(ResponseWriter out, BesFailure failure, RequestIds ids)
      throws IOException {
    Map<String, String> extensions = new LinkedHashMap<>();
    if (failure.isFatal()) {
      extensions.put("exit", "true");
    }
    extensions.put("status", "error");
    out.extensions(extensions);
    out.write(failure.toDocument(ids));
    out.finish();
    return failure.isFatal();
  }
}
