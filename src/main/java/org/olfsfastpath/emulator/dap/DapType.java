package org.olfsfastpath.emulator.dap;

/**
 * The numeric DAP types the generated datasets use, with their wire encodings. DAP2 (XDR) widens
 * every integer narrower than 32 bits to 4 bytes except Byte; DAP4 sends each value in its own
 * width, little-endian.
 */
enum DapType {
  BYTE("Byte", 1, 1),
  INT16("Int16", 4, 2),
  UINT16("UInt16", 4, 2),
  INT32("Int32", 4, 4),
  UINT32("UInt32", 4, 4),
  FLOAT32("Float32", 4, 4),
  FLOAT64("Float64", 8, 8);

  private final String dapName;
  private final int xdrWidth;
  private final int dap4Width;

  DapType(String dapName, int xdrWidth, int dap4Width) {
    this.dapName = dapName;
    this.xdrWidth = xdrWidth;
    this.dap4Width = dap4Width;
  }

  /** The type's name in a DDS, DAS or DMR (the same in DAP2 and DAP4 for these types). */
  String dapName() {
    return dapName;
  }

  /** Bytes per value in a DAP2 array body (Byte arrays are padded to 4 as a whole). */
  int xdrWidth() {
    return xdrWidth;
  }

  /** Bytes per value in a DAP4 data response. */
  int dap4Width() {
    return dap4Width;
  }

  /** Appends {@code value} XDR-encoded (big-endian) at {@code at}; returns the next position. */
  int putXdr(byte[] buffer, int at, double value) {
    return switch (this) {
      case BYTE -> {
        buffer[at] = (byte) (int) value;
        yield at + 1;
      }
      // XDR sends 16-bit integers as sign- or zero-extended 32-bit words.
      case INT16 -> putIntBigEndian(buffer, at, (short) (int) value);
      case UINT16 -> putIntBigEndian(buffer, at, ((int) value) & 0xffff);
      case INT32 -> putIntBigEndian(buffer, at, (int) value);
      case UINT32 -> putIntBigEndian(buffer, at, (int) (long) value);
      case FLOAT32 -> putIntBigEndian(buffer, at, Float.floatToRawIntBits((float) value));
      case FLOAT64 -> {
        long bits = Double.doubleToRawLongBits(value);
        putIntBigEndian(buffer, at, (int) (bits >>> 32));
        yield putIntBigEndian(buffer, at + 4, (int) bits);
      }
    };
  }

  /** Appends {@code value} in DAP4's little-endian encoding at {@code at}; returns the next position. */
  int putLittleEndian(byte[] buffer, int at, double value) {
    return switch (this) {
      case BYTE -> {
        buffer[at] = (byte) (int) value;
        yield at + 1;
      }
      case INT16, UINT16 -> {
        int bits = (int) value;
        buffer[at] = (byte) bits;
        buffer[at + 1] = (byte) (bits >>> 8);
        yield at + 2;
      }
      case INT32 -> putIntLittleEndian(buffer, at, (int) value);
      case UINT32 -> putIntLittleEndian(buffer, at, (int) (long) value);
      case FLOAT32 -> putIntLittleEndian(buffer, at, Float.floatToRawIntBits((float) value));
      case FLOAT64 -> {
        long bits = Double.doubleToRawLongBits(value);
        putIntLittleEndian(buffer, at, (int) bits);
        yield putIntLittleEndian(buffer, at + 4, (int) (bits >>> 32));
      }
    };
  }

  /** The value as libdap's print_val writes it (the ASCII response): %.6g, %.15g or an integer. */
  String format(double value) {
    return switch (this) {
      case FLOAT32 -> CFormat.g((float) value, 6);
      case FLOAT64 -> CFormat.g(value, 15);
      case BYTE -> Integer.toString(((int) value) & 0xff);
      case INT16 -> Integer.toString((short) (int) value);
      case UINT16 -> Integer.toString(((int) value) & 0xffff);
      case INT32 -> Integer.toString((int) value);
      case UINT32 -> Long.toString(((long) value) & 0xffffffffL);
    };
  }

  static int putIntBigEndian(byte[] buffer, int at, int bits) {
    buffer[at] = (byte) (bits >>> 24);
    buffer[at + 1] = (byte) (bits >>> 16);
    buffer[at + 2] = (byte) (bits >>> 8);
    buffer[at + 3] = (byte) bits;
    return at + 4;
  }

  static int putIntLittleEndian(byte[] buffer, int at, int bits) {
    buffer[at] = (byte) bits;
    buffer[at + 1] = (byte) (bits >>> 8);
    buffer[at + 2] = (byte) (bits >>> 16);
    buffer[at + 3] = (byte) (bits >>> 24);
    return at + 4;
  }
}
