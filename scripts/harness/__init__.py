"""The benchmark harness's analysis side: timing files, PPT traces, wrk output, the report and plots.

The bash scripts (scripts/study, scripts/load, scripts/cluster, scripts/dars, .ci/regression-check)
start and stop servers and collect raw files; everything that computes, tabulates or draws lives
here, as `python3 -m harness` run with scripts/ on PYTHONPATH. Only the standard library and, for
plots, Debian's python3-matplotlib (which brings python3-numpy) are used, and python3-netcdf4 for
the DARS datasets (`scripts/dars --make-data`).
"""
