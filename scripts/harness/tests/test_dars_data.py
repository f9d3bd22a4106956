import struct
import tempfile
import unittest
from pathlib import Path

try:
    import numpy
except ImportError:  # the datasets need python3-numpy, which python3-matplotlib brings
    numpy = None
try:
    import netCDF4
except ImportError:
    netCDF4 = None

from harness import dars_data


def java_float(i0, i1, i2=None):
    """(float)(((7*i0 + 3*i1 + i2) % 1000) * 0.1) in 3-D, (float)(((7*i0 + i1) % 1000) * 0.1) in
    2-D, as the emulator computes them: a double product rounded to float32."""
    n = (7 * i0 + 3 * i1 + i2) % 1000 if i2 is not None else (7 * i0 + i1) % 1000
    return struct.unpack("f", struct.pack("f", n * 0.1))[0]


@unittest.skipIf(numpy is None, "python3-numpy is not installed")
class ValuesTest(unittest.TestCase):
    def test_the_3d_values_are_the_emulators(self):
        slab = dars_data.values_3d(115, 1000, 1000)
        self.assertEqual(slab.dtype, numpy.float32)
        for i1, i2 in ((0, 0), (999, 999), (120, 840), (333, 1)):
            self.assertEqual(float(slab[i1, i2]), java_float(115, i1, i2), (i1, i2))
        self.assertEqual(float(dars_data.values_3d(0, 1, 1)[0, 0]), 0.0)

    def test_the_2d_values_are_the_emulators(self):
        data = dars_data.values_2d(190, 1000)
        self.assertEqual(data.shape, (190, 1000))
        for i0, i1 in ((0, 0), (189, 999), (142, 7)):
            self.assertEqual(float(data[i0, i1]), java_float(i0, i1), (i0, i1))


@unittest.skipIf(netCDF4 is None, "python3-netcdf4 is not installed (scripts/setup --dars)")
class FileTest(unittest.TestCase):
    def test_a_small_large_file_is_chunked_shuffled_and_deflated_with_the_values(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "large.nc"
            dars_data.write_large(path, time=3, lat=20, lon=30, chunks=(1, 10, 10))
            with netCDF4.Dataset(path) as nc:
                v = nc.variables["data"]
                self.assertEqual((v.dimensions, v.shape, v.dtype), (("time", "lat", "lon"), (3, 20, 30), numpy.float32))
                self.assertEqual(v.chunking(), [1, 10, 10])
                self.assertEqual({k: v.filters()[k] for k in ("zlib", "shuffle", "complevel")},
                                 {"zlib": True, "shuffle": True, "complevel": 4})
                self.assertEqual(float(v[2, 19, 29]), java_float(2, 19, 29))
                self.assertEqual({k: v.getncattr(k) for k in v.ncattrs()},
                                 {"units": "1", "long_name": "synthetic values"})
                self.assertEqual(nc.getncattr("title"),
                                 "Synthetic data: data[time][lat][lon] = ((7*time + 3*lat + lon) mod 1000) * 0.1")
                self.assertEqual(set(nc.variables), {"data"}, "no coordinate variables")

    def test_the_small_file_is_chunked_and_not_compressed(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "small.nc"
            dars_data.write_small(path)
            with netCDF4.Dataset(path) as nc:
                v = nc.variables["data"]
                self.assertEqual(v.shape, (190, 1000))
                self.assertEqual(v.chunking(), [1, 1000])
                self.assertFalse(v.filters()["zlib"])
                self.assertEqual(float(v[189, 999]), java_float(189, 999))
                self.assertEqual(nc.getncattr("title"), "Synthetic data: data[time][lon] = ((7*time + lon) mod 1000) * 0.1")
            # 190 x 1000 float32 values and little else.
            self.assertLess(path.stat().st_size, 190 * 1000 * 4 + 64 * 1024)


if __name__ == "__main__":
    unittest.main()
