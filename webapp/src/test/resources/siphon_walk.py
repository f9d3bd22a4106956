# Walks a THREDDS catalog with siphon (Unidata's THREDDS client) as a user would, and opens every
# dataset's OPENDAP access URL with xarray's netCDF4 engine. Prints one line per fact, tab
# separated:
#   catalog  <catalog url>
#   dataset  <name>  <catalog url>
#   access   <dataset name>  <service type>  <url>
#   shape    <dataset name>  <variable>  <shape, x-separated>
#   values   <dataset name>  <variable>  <first 1000 values, comma-separated>
# Values are read (and CF-decoded) only for the variables named.
# Usage: python siphon_walk.py <service>/catalog.xml VARIABLE...
import sys

import xarray
from siphon.catalog import TDSCatalog


def walk(catalog):
    print("catalog", catalog.catalog_url, sep="\t")
    for name, dataset in catalog.datasets.items():
        print("dataset", name, catalog.catalog_url, sep="\t")
        for service, url in dataset.access_urls.items():
            print("access", name, service, url, sep="\t")
        # access_urls is siphon's CaseInsensitiveDict, whose get() finds nothing: index it.
        if "OPENDAP" in dataset.access_urls:
            url = dataset.access_urls["OPENDAP"]
            # coads_climatology.nc's TIME counts hours since year 0, which numpy's calendar
            # cannot decode; the values are what is compared here.
            with xarray.open_dataset(url, engine="netcdf4", decode_times=False) as data:
                for key in data.variables:
                    shape = "x".join(str(n) for n in data[key].shape)
                    print("shape", name, key, shape, sep="\t")
                    if key in WANTED:
                        first = data[key].values.ravel()[:1000]
                        print("values", name, key, ",".join(repr(float(v)) for v in first),
                              sep="\t")
    for ref in catalog.catalog_refs.values():
        walk(ref.follow())


if __name__ == "__main__":
    WANTED = set(sys.argv[2:])
    walk(TDSCatalog(sys.argv[1]))
