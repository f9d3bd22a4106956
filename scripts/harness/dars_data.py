"""The DARS benchmark's two datasets as netCDF-4 files, for a real BES (`scripts/dars --make-data
DIR`); the BES emulator serves the same names, shapes and values under /dars/.

- float32_116x1000x1000.nc: data(time=116, lat=1000, lon=1000) float32, chunks 1 x 250 x 250,
  shuffle and deflate level 4 (a 464 MB .dods answer);
- float32_190x1000.nc: data(time=190, lon=1000) float32, chunks 1 x 1000, not compressed (a
  760 kB .dods answer).

value(i0, i1[, i2]) = (float)(((7*i0 + 3*i1 + i2) mod 1000) * 0.1) in 3-D and
(float)(((7*i0 + i1) mod 1000) * 0.1) in 2-D: computed in double precision, then rounded to
float32, as the emulator does. No coordinate variables; `units` and `long_name` on data and a
global `title`, the emulator's words (docs/emulator.md, "Large datasets"), so that a real BES's DAS
says what the emulator's does. Written one time step at a time, so memory stays at one slab (4 MB).
"""

from pathlib import Path

UNITS = "1"
LONG_NAME = "synthetic values"
TITLE_3D = "Synthetic data: data[time][lat][lon] = ((7*time + 3*lat + lon) mod 1000) * 0.1"
TITLE_2D = "Synthetic data: data[time][lon] = ((7*time + lon) mod 1000) * 0.1"


def values_3d(i0, lat, lon):
    """The slab data[i0, :lat, :lon] as float32."""
    import numpy as np
    i1 = np.arange(lat, dtype=np.int64)[:, None]
    i2 = np.arange(lon, dtype=np.int64)[None, :]
    return (((7 * i0 + 3 * i1 + i2) % 1000) * 0.1).astype(np.float32)


def values_2d(time, lon):
    import numpy as np
    i0 = np.arange(time, dtype=np.int64)[:, None]
    i1 = np.arange(lon, dtype=np.int64)[None, :]
    return (((7 * i0 + i1) % 1000) * 0.1).astype(np.float32)


def write_large(path, time=116, lat=1000, lon=1000, chunks=(1, 250, 250)):
    import netCDF4
    with netCDF4.Dataset(path, "w", format="NETCDF4") as nc:
        nc.title = TITLE_3D
        nc.createDimension("time", time)
        nc.createDimension("lat", lat)
        nc.createDimension("lon", lon)
        v = nc.createVariable("data", "f4", ("time", "lat", "lon"), zlib=True, complevel=4,
                              shuffle=True, chunksizes=chunks)
        v.units = UNITS
        v.long_name = LONG_NAME
        for i0 in range(time):
            v[i0, :, :] = values_3d(i0, lat, lon)


def write_small(path, time=190, lon=1000, chunks=(1, 1000)):
    import netCDF4
    with netCDF4.Dataset(path, "w", format="NETCDF4") as nc:
        nc.title = TITLE_2D
        nc.createDimension("time", time)
        nc.createDimension("lon", lon)
        v = nc.createVariable("data", "f4", ("time", "lon"), zlib=False, chunksizes=chunks)
        v.units = UNITS
        v.long_name = LONG_NAME
        v[:, :] = values_2d(time, lon)


def make(directory):
    """Writes both files into `directory` (created if missing); returns their paths."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    large = directory / "float32_116x1000x1000.nc"
    small = directory / "float32_190x1000.nc"
    write_small(small)
    write_large(large)
    return [large, small]
