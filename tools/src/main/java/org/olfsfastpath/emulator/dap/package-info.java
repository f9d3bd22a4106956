/**
 * Generated DAP datasets for the BES emulator: answers to {@code get} commands (das, dds, dods
 * and its ASCII form, dmr, dap, info_page) produced with no data file behind them, byte for byte
 * as the BES's netCDF handler and libdap would send them. The entry point is {@link
 * org.olfsfastpath.emulator.dap.Datasets}; a dataset answers through {@link
 * org.olfsfastpath.emulator.dap.EmulatedDataset#write}, and a request the BES would refuse raises
 * {@link org.olfsfastpath.emulator.dap.DapRequestException} with the BES's wording.
 */
package org.olfsfastpath.emulator.dap;
