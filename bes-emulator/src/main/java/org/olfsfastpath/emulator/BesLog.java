package org.olfsfastpath.emulator;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The emulator's {@code bes.log}, in the BES's own line format ({@code dispatch/BESLog.cc}), so
 * that a test or an operator finds a request's BES lines by its id as in a real BES's log: fields
 * separated by {@code |&|}, then {@code <time>|&|<instance>|&|<pid>|&|<request id>|&|<type>|&|...},
 * the time in UTC to the second with {@code GMT}, the instance {@code -} (no {@code
 * AWS.instance-id}), and the request id {@code reqID-reqUUID} of the request document (the BES's
 * own fallbacks when an attribute is missing, as {@link ParsedRequest} makes them).
 *
 * <p>Each get writes its {@code request} line as {@code BESXMLInterface::log_the_command} does:
 * {@code get.<type>}, the return form ({@code dap} unless {@code returnAs}), the file's real path
 * under the catalog root, then the DAP2 constraint or the DAP4 one, when not empty (and after an
 * {@code olfsLog} context's fields, {@code OLFS|&|...|&|BES}, when the request set one). Every
 * request document also writes one {@code timing} line of its plan, whose figures are zeros: the
 * emulator measures nothing. Where the BES writes its child's pid, one per connection, this log
 * writes {@code 10000 +} the connection's index. The file is rolled to {@code <name>.1} at 64 MiB,
 * so it never holds more than twice that. Thread-safe.
 */
final class BesLog implements Closeable {
  static final String MARK = "|&|";

  /** Where the file is rolled. */
  static final long MAX_BYTES = 64L << 20;

  private static final Logger log = LoggerFactory.getLogger(BesLog.class);
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss 'GMT'", Locale.ROOT)
          .withZone(ZoneOffset.UTC);

  private final Path file;
  private final String catalogRoot;
  private @Nullable Writer out;
  private long bytes;

  /** Set when the file cannot be written, or was closed: nothing more is written. */
  private boolean failed;

  /**
   * @param file the log file, appended to
   * @param catalogRoot the catalog root the real paths start with
   */
  BesLog(Path file, String catalogRoot) {
    this.file = Objects.requireNonNull(file, "file == null");
    this.catalogRoot = Objects.requireNonNull(catalogRoot, "catalogRoot == null");
  }

  /** Writes the lines of one request document, received on connection {@code connection}. */
  void request(ParsedRequest request, int connection) {
    String prolog =
        TIME.format(Instant.now())
            + MARK
            + "-"
            + MARK
            + (10_000 + connection)
            + MARK
            + request.ids().reqId()
            + "-"
            + request.ids().reqUuid()
            + MARK;
    StringBuilder lines = new StringBuilder(256);
    if (!request.getType().isEmpty()) {
      lines.append(prolog).append("request").append(MARK);
      String olfsLog = olfsLog(request);
      if (olfsLog != null) {
        lines.append("OLFS").append(MARK).append(olfsLog).append(MARK).append("BES").append(MARK);
      }
      lines
          .append("get.")
          .append(request.getType())
          .append(MARK)
          .append(request.returnAs().isEmpty() ? "dap" : request.returnAs());
      if (!request.containerPath().isEmpty()) {
        lines.append(MARK).append(realPath(request.containerPath()));
      }
      if (!request.constraint().isEmpty()) {
        lines.append(MARK).append(request.constraint());
      }
      lines.append('\n');
    }
    long micros = Instant.now().toEpochMilli() * 1000;
    lines
        .append(prolog)
        .append("timing")
        .append(MARK)
        .append("elapsed-us")
        .append(MARK)
        .append(0)
        .append(MARK)
        .append("start-us")
        .append(MARK)
        .append(micros)
        .append(MARK)
        .append("stop-us")
        .append(MARK)
        .append(micros)
        .append(MARK)
        .append(request.ids().reqId())
        .append('-')
        .append(request.ids().reqUuid())
        .append(MARK)
        .append("Command timing: BESXMLInterface::execute_data_request_plan() - \n");
    write(lines.toString());
  }

  private String realPath(String containerPath) {
    String root =
        catalogRoot.endsWith("/")
            ? catalogRoot.substring(0, catalogRoot.length() - 1)
            : catalogRoot;
    return root + (containerPath.startsWith("/") ? "" : "/") + containerPath;
  }

  /** The {@code olfsLog} context of the document, or null when it sets none. */
  private static @Nullable String olfsLog(ParsedRequest request) {
    org.jdom2.Document document = request.document();
    if (document == null) {
      return null;
    }
    for (org.jdom2.Element element : document.getRootElement().getChildren()) {
      if (element.getName().equals("setContext")
          && "olfsLog".equals(element.getAttributeValue("name"))) {
        return element.getText();
      }
    }
    return null;
  }

  private synchronized void write(String text) {
    if (failed) {
      return;
    }
    try {
      byte[] data = text.getBytes(StandardCharsets.UTF_8);
      Writer writer = out;
      if (writer == null || bytes + data.length > MAX_BYTES) {
        writer = reopen(writer);
      }
      writer.write(text);
      writer.flush();
      bytes += data.length;
    } catch (IOException e) {
      failed = true;
      log.warn("cannot write the BES log {}; writing no more of it: {}", file, e.toString());
    }
  }

  private Writer reopen(@Nullable Writer old) throws IOException {
    if (old != null) {
      old.close();
      Files.move(
          file,
          file.resolveSibling(file.getFileName() + ".1"),
          StandardCopyOption.REPLACE_EXISTING);
    }
    Writer writer =
        new BufferedWriter(
            Files.newBufferedWriter(
                file,
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND));
    bytes = Files.size(file);
    out = writer;
    return writer;
  }

  @Override
  public synchronized void close() throws IOException {
    failed = true;
    Writer writer = out;
    out = null;
    if (writer != null) {
      writer.close();
    }
  }
}
