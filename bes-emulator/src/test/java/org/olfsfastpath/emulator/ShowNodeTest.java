package org.olfsfastpath.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.olfsfastpath.ppt.PptConnection;

final class ShowNodeTest {
  private static final String HEAD =
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
          + "<response reqID=\"node\" reqUUID=\"uuid-node\" xmlns=\"http://xml.opendap.org/ns/bes/1.0#\">\n";
  private static final Instant T1 = Instant.parse("2026-01-02T03:04:05Z");
  private static final Instant T2 = Instant.parse("2026-02-03T04:05:06Z");

  @TempDir Path data;

  @BeforeEach
  void files() throws IOException {
    write(data.resolve("b.nc"), 10, T1);
    write(data.resolve("a.nc"), 3, T1);
    write(data.resolve("readme.txt"), 5, T1);
    write(data.resolve(".hidden.nc"), 1, T1);
    Files.createDirectory(data.resolve("sub"));
    write(data.resolve("sub/c.nc"), 7, T1);
    Files.setLastModifiedTime(data.resolve("sub"), FileTime.from(T1));
    Files.setLastModifiedTime(data, FileTime.from(T2));
  }

  @Test
  void leaf_reportsRealSizeAndTime() throws IOException {
    try (BesEmulator bes = emulator()) {
      assertEquals(
          HEAD
              + "    <showNode>\n"
              + "        <item isData=\"true\" lastModified=\"2026-01-02T03:04:05GMT\" name=\"/a.nc\" size=\"3\" type=\"leaf\"/>\n"
              + "    </showNode>\n"
              + "</response>\n",
          Exchanges.once(bes, Requests.showNode("/a.nc")).body());
    }
  }

  @Test
  void directory_listsNodesFirstThenLeaves_withoutHiddenFiles() throws IOException {
    try (BesEmulator bes = emulator()) {
      assertEquals(
          HEAD
              + "    <showNode>\n"
              + "        <node count=\"4\" lastModified=\"2026-02-03T04:05:06GMT\" name=\"/\">\n"
              + "            <item lastModified=\"2026-01-02T03:04:05GMT\" name=\"sub\" type=\"node\"/>\n"
              + "            <item isData=\"true\" lastModified=\"2026-01-02T03:04:05GMT\" name=\"a.nc\" size=\"3\" type=\"leaf\"/>\n"
              + "            <item isData=\"true\" lastModified=\"2026-01-02T03:04:05GMT\" name=\"b.nc\" size=\"10\" type=\"leaf\"/>\n"
              + "            <item isData=\"false\" lastModified=\"2026-01-02T03:04:05GMT\" name=\"readme.txt\" size=\"5\" type=\"leaf\"/>\n"
              + "        </node>\n"
              + "    </showNode>\n"
              + "</response>\n",
          Exchanges.once(bes, Requests.showNode("/")).body());
    }
  }

  @Test
  void changedFile_isSeenByTheNextRequest() throws IOException {
    try (BesEmulator bes = emulator();
        PptConnection connection = Exchanges.open(bes.endpoint())) {
      assertTrue(
          Exchanges.send(connection, Requests.showNode("/b.nc"))
              .body()
              .contains("2026-01-02T03:04:05GMT"));
      write(data.resolve("b.nc"), 99, T2);
      String body = Exchanges.send(connection, Requests.showNode("/b.nc")).body();
      assertTrue(
          body.contains("lastModified=\"2026-02-03T04:05:06GMT\" name=\"/b.nc\" size=\"99\""),
          body);
    }
  }

  @Test
  void deletedFile_isNotFoundAtOnce() throws IOException {
    try (BesEmulator bes = emulator();
        PptConnection connection = Exchanges.open(bes.endpoint())) {
      assertFalse(Exchanges.send(connection, Requests.showNode("/b.nc")).isError());
      Files.delete(data.resolve("b.nc"));
      Exchanges.Answer answer = Exchanges.send(connection, Requests.showNode("/b.nc"));
      assertTrue(answer.isError());
      assertEquals(
          HEAD
              + "    <BES>\n"
              + "        <BESError>\n"
              + "            <Type>5</Type>\n"
              + "            <Message>Failed to locate '/usr/share/hyrax/b.nc'\n"
              + "</Message>\n"
              + "            <Administrator>support@opendap.org</Administrator>\n"
              + "            <Location>\n"
              + "                <File>BESUtil.cc</File>\n"
              + "                <Line>287</Line>\n"
              + "            </Location>\n"
              + "        </BESError>\n"
              + "    </BES>\n"
              + "</response>\n",
          answer.body());
    }
  }

  @Test
  void dotDotPath_isForbidden() throws IOException {
    try (BesEmulator bes = emulator()) {
      Exchanges.Answer answer = Exchanges.once(bes, Requests.showNode("/sub/../a.nc"));
      assertTrue(answer.body().contains("<Type>4</Type>"), answer.body());
      assertTrue(
          answer.body().contains("<Message>Not allowed to access '/sub/../a.nc'\n</Message>"),
          answer.body());
    }
  }

  @Test
  void symbolicLink_isLeftOutOfListingsAndRefused() throws IOException {
    Files.createSymbolicLink(data.resolve("link.nc"), data.resolve("a.nc"));
    try (BesEmulator bes = emulator()) {
      assertFalse(Exchanges.once(bes, Requests.showNode("/")).body().contains("link.nc"));
      String refused = Exchanges.once(bes, Requests.showNode("/link.nc")).body();
      assertTrue(
          refused.contains("<Message>Not allowed to access '/usr/share/hyrax/link.nc'\n</Message>"),
          refused);
    }
  }

  @Test
  void builtInsAndSyntheticNode_joinTheRootListing() throws Exception {
    try (BesEmulator bes =
        BesEmulator.newBuilder()
            .builtInDatasets(Map.of("tiny.nc", new TinyDataset("tiny.nc")))
            .syntheticDatasets(10)
            .builtInLastModified(T1)
            .build()) {
      bes.start();
      String root = Exchanges.once(bes, Requests.showNode("/")).body();
      // A built-in has no file: its size is that of the file its stream answer sends.
      java.io.ByteArrayOutputStream file = new java.io.ByteArrayOutputStream();
      new TinyDataset("tiny.nc")
          .write(new org.olfsfastpath.emulator.dap.DapQuery("stream", "", "", false, ""), file);
      int fileLength = file.size();
      assertTrue(
          root.contains(
              "<node count=\"2\" lastModified=\"2026-01-02T03:04:05GMT\" name=\"/\">\n"
                  + "            <item lastModified=\"2026-01-02T03:04:05GMT\" name=\"synthetic\" type=\"node\"/>\n"
                  + "            <item isData=\"true\" lastModified=\"2026-01-02T03:04:05GMT\" name=\"tiny.nc\" size=\""
                  + fileLength
                  + "\" type=\"leaf\"/>"),
          root);
      assertTrue(
          Exchanges.once(bes, Requests.showNode("/tiny.nc")).body().contains("name=\"/tiny.nc\""));
    }
  }

  private BesEmulator emulator() throws IOException {
    BesEmulator bes =
        BesEmulator.newBuilder().dataDirectory(data).builtInDatasets(Map.of()).build();
    bes.start();
    return bes;
  }

  private static void write(Path file, int size, Instant modified) throws IOException {
    Files.write(file, new byte[size]);
    Files.setLastModifiedTime(file, FileTime.from(modified));
  }
}
