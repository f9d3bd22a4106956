/**
 * Generated DAP datasets for the BES emulator: answers to {@code get} commands (das, dds, dods,
 * dmr, dap, ddx, info_page, xml_data, and the ascii/csv, json/ijson, covjson and netCDF-3 forms)
 * produced with no data file behind them, byte for byte as the BES's netCDF handler, libdap and its
 * output modules would send them, and the DAP4 server functions a {@code dap4function} runs ({@link
 * org.olfsfastpath.emulator.dap.ServerFunctions}). The entry point is {@link
 * org.olfsfastpath.emulator.dap.Datasets}; a dataset answers through {@link
 * org.olfsfastpath.emulator.dap.EmulatedDataset#write}, and a request the BES would refuse raises
 * {@link org.olfsfastpath.emulator.dap.DapRequestException} with the BES's wording. Answers stream
 * through fixed buffers whatever their size: the large datasets' values are generated as they are
 * written.
 */
@NullMarked
package org.olfsfastpath.emulator.dap;

import org.jspecify.annotations.NullMarked;
