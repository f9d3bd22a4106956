package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A dataset the BES emulator can answer {@code get} commands for, generated with no file behind it.
 */
public interface EmulatedDataset {
  /** The file name the BES would show, e.g. {@code coads_climatology.nc}. */
  String name();

  /**
   * Writes the payload the BES would send for {@code query} (without PPT framing). Where the BES
   * flushes its output stream mid-answer (after the DDS and "Data:" line of a dods answer, after
   * every line of a JSON, CovJSON or DAP4 CSV answer), this calls {@code out.flush()}, so that a
   * caller can end a PPT chunk there as the BES does.
   *
   * @throws DapRequestException if the BES would answer an error (bad constraint, unknown variable,
   *     unknown type); nothing has been written to {@code out} then
   * @throws IOException if {@code out} fails
   */
  void write(DapQuery query, OutputStream out) throws IOException, DapRequestException;
}
