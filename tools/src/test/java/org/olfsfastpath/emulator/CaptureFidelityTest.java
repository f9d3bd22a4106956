package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.emulator.dap.Datasets;
import org.olfsfastpath.emulator.dap.EmulatedDataset;

/**
 * For every exchange recorded from a real BES in {@code ${shared.dir}/bes-captures} that the
 * emulator can serve, sends the recorded request and expects the recorded answer byte for byte:
 * same payload, same chunks, same extensions (the request carries the recorded reqID and reqUUID,
 * so those match too). Skipped, saying so, where the shared material is absent.
 *
 * <p>The emulator serves a stand-in of the recorded data directory: same names and sizes, with
 * the modification time the recording shows, since the BES's answers depend on nothing else.
 */
final class CaptureFidelityTest {
  /** Commands the emulator deliberately does not answer. */
  private static final Set<String> NOT_EMULATED = Set.of("showCatalog_root", "extra_showHelp");
  /** Answers whose data values the DAP generator makes up (fnoc1's u and v winds). */
  private static final Set<String> GENERATED_VALUES = Set.of("get_dods_fnoc1");
  private static final Pattern EPOCH = Pattern.compile("lastModified=\"(\\d+)\"");
  private static final Pattern CONTAINER = Pattern.compile("<setContainer[^>]*>([^<]*)</setContainer>");

  @TempDir static Path data;
  private static Path captures;
  private static BesEmulator bes;
  private static Map<String, EmulatedDataset> builtIns;
  private static String skipReason = "";

  @BeforeAll
  static void startOnRecordedData() throws IOException {
    Path shared = Path.of(System.getProperty("shared.dir", "../shared"));
    captures = shared.resolve("bes-captures");
    Path recordedData = shared.resolve("data");
    if (!Files.isDirectory(captures) || !Files.isDirectory(recordedData)) {
      skipReason = "no BES captures at " + captures.toAbsolutePath()
          + " (shared material exists only inside the team; set -Dshared.dir)";
      return;
    }
    Instant recorded = recordingTime();
    mirror(recordedData, data, recorded);
    try {
      builtIns = Datasets.builtIns();
    } catch (UnsupportedOperationException e) {
      builtIns = Map.of();
    }
    bes = BesEmulator.newBuilder().dataDirectory(data).listBuiltIns(false).build();
    bes.start();
  }

  @AfterAll
  static void stop() {
    if (bes != null) {
      bes.close();
    }
  }

  @TestFactory
  Stream<DynamicTest> eachRecordedExchange_isReproducedByteForByte() throws IOException {
    assumeTrue(skipReason.isEmpty(), skipReason);
    List<DynamicTest> tests = new ArrayList<>();
    try (Stream<Path> files = Files.list(captures)) {
      files.map(p -> p.getFileName().toString())
          .filter(name -> name.endsWith(".request.xml"))
          .sorted()
          .forEach(file -> {
            String name = file.substring(0, file.length() - ".request.xml".length());
            tests.add(DynamicTest.dynamicTest(name, () -> reproduce(name)));
          });
    }
    return tests.stream();
  }

  private static void reproduce(String name) throws IOException {
    assumeTrue(!NOT_EMULATED.contains(name), name + ": the emulator does not implement this command");
    byte[] request = Files.readAllBytes(captures.resolve(name + ".request.xml"));
    byte[] expected = Files.readAllBytes(captures.resolve(name + ".wire"));
    String requestText = new String(request, StandardCharsets.UTF_8);
    if (requestText.contains("<get ")) {
      String dataset = datasetOf(requestText);
      boolean resolvedBeforeTheDataset = !Files.exists(data.resolve(dataset));
      assumeTrue(resolvedBeforeTheDataset || builtIns.containsKey(dataset),
          name + ": the DAP generator has no built-in dataset " + dataset + " yet");
    }
    byte[] actual;
    try (Socket socket = Exchanges.rawConnect(bes.port())) {
      actual = Exchanges.rawExchange(socket, request);
    }
    String expectedPayload = new String(payload(expected), StandardCharsets.ISO_8859_1);
    String actualPayload = new String(payload(actual), StandardCharsets.ISO_8859_1);
    boolean generatedValues = GENERATED_VALUES.contains(name);
    if (generatedValues) {
      assertEquals(expectedPayload.length(), actualPayload.length(), name + ": payload length");
      int values = expectedPayload.indexOf("Data:\n") + "Data:\n".length();
      assertEquals(expectedPayload.substring(0, values), actualPayload.substring(0, values), name + ": DDS");
    } else {
      assertEquals(expectedPayload, actualPayload, name + ": payload");
    }
    List<String> expectedChunks = Exchanges.chunks(expected);
    List<String> actualChunks = Exchanges.chunks(actual);
    assertEquals(expectedChunks, actualChunks, name + ": chunks");
    assumeFalse(generatedValues, name + ": DDS, sizes and chunks match; the stand-in generates some values");
    assertEquals(new String(expected, StandardCharsets.ISO_8859_1), new String(actual, StandardCharsets.ISO_8859_1),
        name + ": wire bytes");
  }

  /** The data chunks' bytes, concatenated, with each extension chunk's text in its place. */
  private static byte[] payload(byte[] wire) throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (Frame frame : Frame.parse(wire)) {
      if (!frame.isData()) {
        out.write('[');
      }
      out.write(frame.payload());
      if (!frame.isData()) {
        out.write(']');
      }
    }
    return out.toByteArray();
  }

  private static String datasetOf(String request) {
    Matcher m = CONTAINER.matcher(request);
    if (!m.find()) {
      return "";
    }
    String path = m.group(1).trim();
    return path.startsWith("/") ? path.substring(1) : path;
  }

  /** When the recorded files were last modified, as the recorded showPathInfo reports it. */
  private static Instant recordingTime() throws IOException {
    Matcher m = EPOCH.matcher(Files.readString(captures.resolve("showPathInfo_coads.response"),
        StandardCharsets.ISO_8859_1));
    if (!m.find()) {
      throw new IOException("showPathInfo_coads.response has no lastModified epoch; cannot date the recording");
    }
    return Instant.ofEpochSecond(Long.parseLong(m.group(1)));
  }

  /** Same tree, names and sizes (sparse files), with the recorded modification time everywhere. */
  private static void mirror(Path from, Path to, Instant modified) throws IOException {
    List<Path> directories = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path source : (Iterable<Path>) walk::iterator) {
        Path target = to.resolve(from.relativize(source).toString());
        if (Files.isDirectory(source)) {
          Files.createDirectories(target);
          directories.add(target);
        } else {
          try (RandomAccessFile file = new RandomAccessFile(target.toFile(), "rw")) {
            file.setLength(Files.size(source));
          }
          Files.setLastModifiedTime(target, FileTime.from(modified));
        }
      }
    }
    for (Path directory : directories) {
      Files.setLastModifiedTime(directory, FileTime.from(modified));
    }
  }
}
