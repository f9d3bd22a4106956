package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
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
import org.olfsfastpath.testing.Captures;

/**
 * For every exchange recorded from a real BES in {@code ${shared.dir}/bes-captures} that the
 * emulator can serve, sends the recorded request and expects the recorded answer byte for byte:
 * same payload, same chunks, same extensions (the request carries the recorded reqID and reqUUID,
 * so those match too; where a request had no reqUUID, the BES made a random one, and only that is
 * set aside). Skipped, saying so, where the shared material is absent.
 *
 * <p>The emulator is configured as the recorded BES was: without fileout_netcdf (so netCDF requests
 * get its "Unable to find transmitter"), serving a copy of the recorded data directory with the
 * modification times the recording shows. The captures come from two recording sessions: the first
 * had fewer modules (its showVersion lists them) and no {@code nc/README.txt}; the second added
 * both. Each capture is sent to an emulator set up like the session it came from.
 */
final class CaptureFidelityTest {
  /** Commands the emulator deliberately does not answer. */
  private static final Set<String> NOT_EMULATED = Set.of("showCatalog_root", "extra_showHelp");

  /** Answers whose data values the DAP generator makes up (fnoc1's u and v winds). */
  private static final Set<String> GENERATED_VALUES = Set.of("get_dods_fnoc1");

  /**
   * Recorded without their answer (only the request and meta file were kept), with what the meta
   * file still lets the test check.
   */
  private static final Map<String, String> ANSWER_NOT_KEPT =
      Map.of(
          "get_dap_xml_data_coads_COADSX",
          "the BES ignored the dap4constraint and sent the whole"
              + " dataset (33,624,745 bytes), too large to keep; the stand-in's SST, AIRT, UWND and VWND"
              + " values are generated, so only the shape of the answer is compared");

  /** Captures of the second session, after nc/README.txt was added and nc/ rewritten. */
  private static final Set<String> LATER_DATA =
      Set.of("showNode_file_nondata", "showNode_nc_subdir");

  /** Captures of the first session's BES, which loaded fewer modules. */
  private static final Set<String> EARLIER_MODULES = Set.of("showVersion");

  /** The modules showVersion_full lists that the first session's showVersion does not. */
  private static final String[] LATER_MODULES = {
    "csv_handler",
    "freeform_handler",
    "fileout_covjson",
    "fileout_json",
    "functions",
    "gateway",
    "s3_reader",
    "bes",
    "xml_data_handler"
  };

  private static final Pattern ITEM =
      Pattern.compile(
          "<(item|node) (?:count=\"\\d+\" |isData=\"\\w+\" )?lastModified=\"([^\"]+)\" name=\"([^\"]+)\"(?: size=\"(\\d+)\")?");
  private static final Pattern GENERATED_UUID = Pattern.compile("BesXmlInterface-[0-9a-f-]{36}");
  private static final Pattern EPOCH = Pattern.compile("lastModified=\"(\\d+)\"");
  private static final Pattern CONTAINER =
      Pattern.compile("<setContainer[^>]*>([^<]*)</setContainer>");

  @TempDir static Path data;
  @TempDir static Path laterData;
  private static Path captures;
  private static BesEmulator bes;
  private static BesEmulator laterDataBes;
  private static BesEmulator earlierModulesBes;
  private static Map<String, EmulatedDataset> builtIns;

  @BeforeAll
  static void startOnRecordedData() throws IOException {
    // Skips the class, saying why, where the shared material is absent (ContainerSkips counts
    // the factory below as one skipped test).
    captures = Captures.dir();
    Path recordedData = Captures.data();
    Instant recorded = recordingTime();
    mirror(recordedData, data, recorded);
    try {
      builtIns = Datasets.builtIns();
    } catch (UnsupportedOperationException e) {
      builtIns = Map.of();
    }
    mirror(recordedData, laterData, recorded);
    applyListing(
        laterData,
        Files.readString(
            captures.resolve("showNode_nc_subdir.response"), StandardCharsets.ISO_8859_1));
    bes = recordedBes(data);
    laterDataBes = recordedBes(laterData);
    earlierModulesBes =
        BesEmulator.newBuilder()
            .dataDirectory(data)
            .listBuiltIns(false)
            .withoutModules(concat(LATER_MODULES, "fileout_netcdf"))
            .build();
    earlierModulesBes.start();
  }

  private static BesEmulator recordedBes(Path dataDirectory) throws IOException {
    BesEmulator emulator =
        BesEmulator.newBuilder()
            .dataDirectory(dataDirectory)
            .listBuiltIns(false)
            .withoutModules("fileout_netcdf")
            .build();
    emulator.start();
    return emulator;
  }

  private static String[] concat(String[] names, String name) {
    String[] all = java.util.Arrays.copyOf(names, names.length + 1);
    all[names.length] = name;
    return all;
  }

  @AfterAll
  static void stop() {
    for (BesEmulator emulator : new BesEmulator[] {bes, laterDataBes, earlierModulesBes}) {
      if (emulator != null) {
        emulator.close();
      }
    }
  }

  @TestFactory
  Stream<DynamicTest> eachRecordedExchange_isReproducedByteForByte() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    try (Stream<Path> files = Files.list(captures)) {
      files
          .map(p -> p.getFileName().toString())
          .filter(name -> name.endsWith(".request.xml"))
          .sorted()
          .forEach(
              file -> {
                String name = file.substring(0, file.length() - ".request.xml".length());
                tests.add(DynamicTest.dynamicTest(name, () -> reproduce(name)));
              });
    }
    return tests.stream();
  }

  private static void reproduce(String name) throws IOException {
    assumeTrue(!NOT_EMULATED.contains(name), "the emulator does not implement this command");
    byte[] request = Files.readAllBytes(captures.resolve(name + ".request.xml"));
    String requestText = new String(request, StandardCharsets.UTF_8);
    BesEmulator emulator =
        LATER_DATA.contains(name)
            ? laterDataBes
            : EARLIER_MODULES.contains(name) ? earlierModulesBes : bes;
    if (ANSWER_NOT_KEPT.containsKey(name)) {
      reproduceShape(name, request, emulator);
      return;
    }
    byte[] expected = Files.readAllBytes(captures.resolve(name + ".wire"));
    if (requestText.contains("<get ")) {
      String dataset = datasetOf(requestText);
      boolean resolvedBeforeTheDataset = !Files.exists(data.resolve(dataset));
      assumeTrue(
          resolvedBeforeTheDataset || builtIns.containsKey(dataset),
          "the DAP generator has no built-in dataset " + dataset + " yet");
    }
    byte[] actual;
    try (Socket socket = Exchanges.rawConnect(emulator.port())) {
      actual = Exchanges.rawExchange(socket, request);
    }
    if (!requestText.contains("reqUUID=")) {
      expected = sameGeneratedUuid(expected);
      actual = sameGeneratedUuid(actual);
    }
    String expectedPayload = new String(payload(expected), StandardCharsets.ISO_8859_1);
    String actualPayload = new String(payload(actual), StandardCharsets.ISO_8859_1);
    boolean generatedValues = GENERATED_VALUES.contains(name);
    if (generatedValues) {
      assertEquals(expectedPayload.length(), actualPayload.length(), name + ": payload length");
      int values = expectedPayload.indexOf("Data:\n") + "Data:\n".length();
      assertEquals(
          expectedPayload.substring(0, values), actualPayload.substring(0, values), name + ": DDS");
    } else {
      assertEquals(expectedPayload, actualPayload, name + ": payload");
    }
    List<String> expectedChunks = Exchanges.chunks(expected);
    List<String> actualChunks = Exchanges.chunks(actual);
    assertEquals(expectedChunks, actualChunks, name + ": chunks");
    assumeFalse(generatedValues, "DDS, sizes and chunks match; the stand-in generates some values");
    assertEquals(
        new String(expected, StandardCharsets.ISO_8859_1),
        new String(actual, StandardCharsets.ISO_8859_1),
        name + ": wire bytes");
  }

  /**
   * A capture whose answer was not kept: the emulator's answer must have the chunk count and the
   * opening the meta file and the request describe, and must hold every variable of the dataset
   * (the BES sent them all); the values themselves cannot be compared.
   */
  private static void reproduceShape(String name, byte[] request, BesEmulator emulator)
      throws IOException {
    String meta = Files.readString(captures.resolve(name + ".meta.txt"), StandardCharsets.UTF_8);
    byte[] actual;
    try (Socket socket = Exchanges.rawConnect(emulator.port())) {
      actual = Exchanges.rawExchange(socket, request);
    }
    String payload = new String(payload(actual), StandardCharsets.ISO_8859_1);
    Matcher head = Pattern.compile("wire_head=b'[0-9a-f]{7}d(.*)'").matcher(meta);
    assertTrue(head.find(), name + ": meta file has no wire_head");
    assertTrue(
        payload.startsWith(head.group(1)), name + ": answer starts " + payload.substring(0, 80));
    for (String variable : List.of("COADSX", "COADSY", "TIME", "SST", "AIRT", "UWND", "VWND")) {
      assertTrue(
          payload.contains(" name=\"" + variable + "\">"), name + ": " + variable + " is missing");
    }
    assertTrue(
        payload.endsWith("</Dataset>\n"),
        name + ": answer ends " + payload.substring(payload.length() - 40));
    assumeTrue(false, ANSWER_NOT_KEPT.get(name));
  }

  private static byte[] sameGeneratedUuid(byte[] wire) {
    String text = new String(wire, StandardCharsets.ISO_8859_1);
    return GENERATED_UUID
        .matcher(text)
        .replaceAll("BesXmlInterface-00000000-0000-0000-0000-000000000000")
        .getBytes(StandardCharsets.ISO_8859_1);
  }

  /**
   * Makes a mirrored directory look as a recorded showNode listing of it shows it: every item with
   * the listed size and modification time (files the mirror lacks, such as README.txt, are
   * created), and the node with its time.
   */
  private static void applyListing(Path root, String listing) throws IOException {
    Matcher m = ITEM.matcher(listing);
    Path node = null;
    Instant nodeTime = null;
    while (m.find()) {
      Instant time = Instant.from(CatalogCommands.NODE_TIME.parse(m.group(2)));
      if (m.group(1).equals("node")) {
        node = root.resolve(m.group(3).substring(1));
        nodeTime = time;
        continue;
      }
      Path file = node.resolve(m.group(3));
      if (!Files.exists(file)) {
        Files.write(file, new byte[0]);
      }
      try (RandomAccessFile handle = new RandomAccessFile(file.toFile(), "rw")) {
        handle.setLength(Long.parseLong(m.group(4)));
      }
      Files.setLastModifiedTime(file, FileTime.from(time));
    }
    if (node == null) {
      throw new IOException("the recorded listing names no node: " + listing);
    }
    Files.setLastModifiedTime(node, FileTime.from(nodeTime));
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
    Matcher m =
        EPOCH.matcher(
            Files.readString(
                captures.resolve("showPathInfo_coads.response"), StandardCharsets.ISO_8859_1));
    if (!m.find()) {
      throw new IOException(
          "showPathInfo_coads.response has no lastModified epoch; cannot date the recording");
    }
    return Instant.ofEpochSecond(Long.parseLong(m.group(1)));
  }

  /**
   * Same tree, names and bytes (a get stream sends a file's bytes), with the recorded modification
   * time everywhere. The copy lives in a temporary directory for the test's duration only.
   */
  private static void mirror(Path from, Path to, Instant modified) throws IOException {
    List<Path> directories = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path source : (Iterable<Path>) walk::iterator) {
        Path target = to.resolve(from.relativize(source).toString());
        if (Files.isDirectory(source)) {
          Files.createDirectories(target);
          directories.add(target);
        } else {
          Files.copy(source, target);
          target.toFile().setWritable(true, true);
          Files.setLastModifiedTime(target, FileTime.from(modified));
        }
      }
    }
    for (Path directory : directories) {
      Files.setLastModifiedTime(directory, FileTime.from(modified));
    }
  }
}
