package org.olfsfastpath.emulator.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a DAP2 data response back, independently of the generator: parses the array declarations of
 * the DDS (at top level, in Grids and in Structures) and decodes the XDR that follows.
 */
final class XdrDecoder {
  private static final Pattern DECLARATION =
      Pattern.compile(
          "^\\s*(Byte|Int16|UInt16|Int32|UInt32|Float32|Float64) (\\S+?)((\\[[^]]+\\])+);$");
  private static final Pattern DIMENSION = Pattern.compile("\\[(?:(\\S+) = )?(\\d+)\\]");

  /** One array of the response: its path (SST.COADSX for a Grid map), shape and values. */
  record DecodedArray(String path, String type, List<Integer> shape, double[] values) {}

  private XdrDecoder() {}

  /** Decodes a whole .dods answer, checking the XDR structure as it goes. */
  static Map<String, DecodedArray> decode(byte[] response) {
    String text = new String(response, StandardCharsets.ISO_8859_1);
    int marker = text.indexOf("\nData:\n");
    assertTrue(marker > 0, "no Data: marker");
    String dds = text.substring(0, marker + 1);
    ByteBuffer data = ByteBuffer.wrap(response, marker + 7, response.length - marker - 7);

    Map<String, DecodedArray> arrays = new LinkedHashMap<>();
    String parent = null;
    for (String line : dds.split("\n")) {
      String trimmed = line.trim();
      if (trimmed.equals("Grid {") || trimmed.equals("Structure {")) {
        parent = "";
        continue;
      }
      if (parent != null && trimmed.startsWith("} ")) {
        // The closing line names the Grid or Structure: prefix its parts.
        String name = trimmed.substring(2, trimmed.length() - 1);
        Map<String, DecodedArray> renamed = new LinkedHashMap<>();
        for (Map.Entry<String, DecodedArray> entry : arrays.entrySet()) {
          DecodedArray array = entry.getValue();
          boolean pending = entry.getKey().startsWith("\u0000");
          String path = pending ? name + "." + array.path() : array.path();
          renamed.put(path, new DecodedArray(path, array.type(), array.shape(), array.values()));
        }
        arrays = renamed;
        parent = null;
        continue;
      }
      Matcher matcher = DECLARATION.matcher(line);
      if (!matcher.matches()) {
        continue;
      }
      List<Integer> shape = new ArrayList<>();
      Matcher dimension = DIMENSION.matcher(matcher.group(3));
      int count = 1;
      while (dimension.find()) {
        int size = Integer.parseInt(dimension.group(2));
        shape.add(size);
        count *= size;
      }
      String type = matcher.group(1);
      assertEquals(count, data.getInt(), "first length of " + matcher.group(2));
      assertEquals(count, data.getInt(), "second length of " + matcher.group(2));
      double[] values = new double[count];
      for (int i = 0; i < count; i++) {
        values[i] =
            switch (type) {
              case "Byte" -> data.get() & 0xff;
              case "Int16", "Int32" -> data.getInt();
              case "UInt16", "UInt32" -> data.getInt() & 0xffffffffL;
              case "Float32" -> data.getFloat();
              default -> data.getDouble();
            };
      }
      if (type.equals("Byte")) {
        data.position(data.position() + (4 - count % 4) % 4);
      }
      String key = (parent != null ? "\u0000" : "") + matcher.group(2);
      arrays.put(key, new DecodedArray(matcher.group(2), type, shape, values));
    }
    assertEquals(0, data.remaining(), "bytes left after the last array");
    return arrays;
  }
}
