"""Warm-request latency on kept-alive connections, front ends interleaved (see scripts/keepalive-timing)."""
import http.client
import sys
import time
import urllib.parse

WARMUP = 3000
ROUNDS = 1000
DEFAULT_PATHS = ["/coads_climatology.nc.ascii?COADSX", "/coads_climatology.nc.das"]


def main(argv):
    if "--" in argv:
        split = argv.index("--")
        targets, paths = argv[:split], argv[split + 1:]
    else:
        targets, paths = argv, DEFAULT_PATHS
    fronts = {}
    for target in targets:
        name, _, base = target.partition("=")
        if not base:
            sys.exit(f"keepalive-timing: expected NAME=BASEURL but was {target!r}")
        url = urllib.parse.urlsplit(base)
        fronts[name] = (http.client.HTTPConnection(url.hostname, url.port or 80, timeout=30), url.path.rstrip("/"))

    def once(name, path):
        conn, prefix = fronts[name]
        start = time.perf_counter()
        conn.request("GET", prefix + path)
        response = conn.getresponse()
        response.read()
        if response.status != 200:
            sys.exit(f"keepalive-timing: {name} answered {response.status} for {prefix + path}")
        return (time.perf_counter() - start) * 1000

    print(f"{'front end':<14} {'path':<40} {'median ms':>10} {'p90 ms':>8}")
    for path in paths:
        for name in fronts:
            for _ in range(WARMUP):
                once(name, path)
        times = {name: [] for name in fronts}
        for _ in range(ROUNDS):
            for name in fronts:
                times[name].append(once(name, path))
        for name, xs in times.items():
            xs.sort()
            print(f"{name:<14} {path:<40} {xs[len(xs) // 2]:>10.3f} {xs[len(xs) * 9 // 10]:>8.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
