package org.olfsfastpath.emulator.dap;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The numeric DAP types the generated datasets use, with their wire encodings. DAP2 (XDR) widens
 * every integer narrower than 32 bits to 4 bytes except Byte; DAP4 sends each value in its own
 * width, little-endian.
 */
enum DapType {
  BYTE("Byte"),
  INT16("Int16"),
  UINT16("UInt16"),
  INT32("Int32"),
  UINT32("UInt32"),
  FLOAT32("Float32"),
  FLOAT64("Float64");

  private static final VarHandle INT_BIG_ENDIAN =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG_BIG_ENDIAN =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle SHORT_LITTLE_ENDIAN =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_LITTLE_ENDIAN =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG_LITTLE_ENDIAN =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final String dapName;

  DapType(String dapName) {
    this.dapName = dapName;
  }

  /** Bytes per value in a DAP4 data response. */
  int dap4Width() {
    return switch (this) {
      case BYTE -> 1;
      case INT16, UINT16 -> 2;
      case INT32, UINT32, FLOAT32 -> 4;
      case FLOAT64 -> 8;
    };
  }

  /** Bytes per value in a DAP2 array body (Byte arrays are padded to 4 as a whole). */
  int xdrWidth() {
    return this == BYTE ? 1 : Math.max(4, dap4Width());
  }

  /** The type's name in a DDS, DAS or DMR (the same in DAP2 and DAP4 for these types). */
  String dapName() {
    return dapName;
  }

  /**
   * Encodes {@code count} values, read at {@code first}, {@code first + step}, ..., as XDR
   * (big-endian) into {@code buffer} at {@code at}; returns the next position. The type switch sits
   * outside the loops so that each loop stays small and monomorphic.
   */
  int putXdr(Values values, int first, int step, int count, byte[] buffer, int at) {
    int index = first;
    switch (this) {
      case BYTE -> {
        for (int i = 0; i < count; i++, index += step) {
          buffer[at++] = (byte) (int) values.get(index);
        }
      }
      // XDR sends 16-bit integers as sign- or zero-extended 32-bit words.
      case INT16 -> {
        for (int i = 0; i < count; i++, index += step, at += 4) {
          INT_BIG_ENDIAN.set(buffer, at, (int) (short) (int) values.get(index));
        }
      }
      case UINT16 -> {
        for (int i = 0; i < count; i++, index += step, at += 4) {
          INT_BIG_ENDIAN.set(buffer, at, ((int) values.get(index)) & 0xffff);
        }
      }
      case INT32 -> {
        for (int i = 0; i < count; i++, index += step, at += 4) {
          INT_BIG_ENDIAN.set(buffer, at, (int) values.get(index));
        }
      }
      case UINT32 -> {
        for (int i = 0; i < count; i++, index += step, at += 4) {
          INT_BIG_ENDIAN.set(buffer, at, (int) (long) values.get(index));
        }
      }
      case FLOAT32 -> at = values.putFloat32(first, step, count, buffer, at, true);
      case FLOAT64 -> {
        for (int i = 0; i < count; i++, index += step, at += 8) {
          LONG_BIG_ENDIAN.set(buffer, at, Double.doubleToRawLongBits(values.get(index)));
        }
      }
    }
    return at;
  }

  /** As {@link #putXdr} but in DAP4's encoding: each value in its own width, little-endian. */
  int putLittleEndian(Values values, int first, int step, int count, byte[] buffer, int at) {
    int index = first;
    switch (this) {
      case BYTE -> {
        for (int i = 0; i < count; i++, index += step) {
          buffer[at++] = (byte) (int) values.get(index);
        }
      }
      case INT16, UINT16 -> {
        for (int i = 0; i < count; i++, index += step, at += 2) {
          SHORT_LITTLE_ENDIAN.set(buffer, at, (short) (int) values.get(index));
        }
      }
      case INT32 -> {
        for (int i = 0; i < count; i++, index += step, at += 4) {
          INT_LITTLE_ENDIAN.set(buffer, at, (int) values.get(index));
        }
      }
      case UINT32 -> {
        for (int i = 0; i < count; i++, index += step, at += 4) {
          INT_LITTLE_ENDIAN.set(buffer, at, (int) (long) values.get(index));
        }
      }
      case FLOAT32 -> at = values.putFloat32(first, step, count, buffer, at, false);
      case FLOAT64 -> {
        for (int i = 0; i < count; i++, index += step, at += 8) {
          LONG_LITTLE_ENDIAN.set(buffer, at, Double.doubleToRawLongBits(values.get(index)));
        }
      }
    }
    return at;
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
    INT_BIG_ENDIAN.set(buffer, at, bits);
    return at + 4;
  }

  static int putIntLittleEndian(byte[] buffer, int at, int bits) {
    INT_LITTLE_ENDIAN.set(buffer, at, bits);
    return at + 4;
  }
}
