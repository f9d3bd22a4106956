"""Warm-request latency on kept-alive connections, front ends interleaved (see scripts/keepalive-timing)."""
import http.client
import json
import sys
import time
import urllib.parse

WARMUP = 3000
ROUNDS = 1000
DEFAULT_PATHS = ["/coads_climatology.nc.ascii?COADSX", "/coads_climatology.nc.das"]
USAGE = ("usage: keepalive-timing [--warmup N] [--rounds N] [--json FILE] NAME=BASEURL "
         "[NAME=BASEURL ...] [-- PATH ...]")


def parse(argv):
    """Options first, then NAME=BASEURL targets, then -- and the paths."""
    options = {"warmup": WARMUP, "rounds": ROUNDS, "json": None}
    args = list(argv)
    while args and args[0].startswith("--") and args[0] != "--":
        name, _, value = args.pop(0)[2:].partition("=")
        if name not in options:
            sys.exit(f"keepalive-timing: unknown option --{name}\n{USAGE}")
        if not value:
            if not args:
                sys.exit(f"keepalive-timing: --{name} needs a value\n{USAGE}")
            value = args.pop(0)
        if name == "json":
            options[name] = value
        else:
            if not value.isdigit() or (name == "rounds" and int(value) < 1):
                sys.exit(f"keepalive-timing: --{name} was {value!r}: a whole number"
                         f"{' of at least 1' if name == 'rounds' else ''}")
            options[name] = int(value)
    if "--" in args:
        split = args.index("--")
        targets, paths = args[:split], args[split + 1:]
    else:
        targets, paths = args, DEFAULT_PATHS
    if not targets or not paths:
        sys.exit(USAGE)
    return options, targets, paths


def main(argv):
    options, targets, paths = parse(argv)
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

    results = {name: {} for name in fronts}
    print(f"{'front end':<14} {'path':<40} {'median ms':>10} {'p90 ms':>8}")
    for path in paths:
        for name in fronts:
            for _ in range(options["warmup"]):
                once(name, path)
        times = {name: [] for name in fronts}
        for _ in range(options["rounds"]):
            for name in fronts:
                times[name].append(once(name, path))
        for name, xs in times.items():
            xs.sort()
            median, p90 = xs[len(xs) // 2], xs[len(xs) * 9 // 10]
            results[name][path] = {"median_ms": median, "p90_ms": p90}
            print(f"{name:<14} {path:<40} {median:>10.3f} {p90:>8.3f}")
    if options["json"]:
        with open(options["json"], "w", encoding="utf-8") as f:
            json.dump({"warmup": options["warmup"], "rounds": options["rounds"], "fronts": results}, f, indent=2)


if __name__ == "__main__":
    main(sys.argv[1:])
