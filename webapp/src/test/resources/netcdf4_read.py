"""Reads one variable of a DAP4 URL with the netCDF4 package (netCDF-C underneath) and prints its
values, one line: values<TAB>v1,v2,... The URL is the user's, query included: netCDF-C passes the
query (dap4.checksum=true) on with every request it makes, .dmr and .dap alike."""

import sys

import netCDF4

url, variable = sys.argv[1], sys.argv[2]
with netCDF4.Dataset(url) as ds:
    values = ds.variables[variable][:]
    print("library\t" + netCDF4.__version__ + " (netCDF-C " + netCDF4.__netcdf4libversion__ + ")")
    print("values\t" + ",".join(repr(float(v)) for v in values.ravel()))
