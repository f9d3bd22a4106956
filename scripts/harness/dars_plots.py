"""The DARS benchmark's plots as PNG: requests per second per case and server, CPU and memory
over time, latency percentiles per case, and the cost of each output form."""

import math

import matplotlib

matplotlib.use("Agg")  # files only: no display on servers and in CI
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import FuncFormatter  # noqa: E402

from . import dars, gatling, procstat  # noqa: E402
from .plots import save  # noqa: E402


def _ok(value):
    return value is not None and not (isinstance(value, float) and math.isnan(value))


def _servers(rows):
    names = []
    for r in rows:
        if r.server != dars.BARE and r.server not in names:
            names.append(r.server)
    return names


def requests_per_second(folder, rows, costs, path):
    """Left: req/s per case, a bar per server (log scale). Right: MB/s of the whole large answer,
    under wrk's connections and on one connection, beside the bare PPT client's."""
    servers = _servers(rows)
    if not servers:
        return False
    cases = [c for c, *_ in dars.CASES]
    fig, (ax, mb) = plt.subplots(1, 2, figsize=(13, 5.2), dpi=110,
                                 gridspec_kw={"width_ratios": [3, 2], "wspace": 0.3})
    width = 0.8 / len(servers)
    top = 0.0
    for i, server in enumerate(servers):
        values = []
        for case in cases:
            r = next((r for r in rows if r.server == server and r.case == case), None)
            values.append(r.req_per_s if r and _ok(r.req_per_s) and r.req_per_s > 0 else 0)
        positions = [c + (i - (len(servers) - 1) / 2) * width for c in range(len(cases))]
        bars = ax.bar(positions, values, width, label=server, color=f"C{i}")
        top = max([top] + values)
        for bar, v in zip(bars, values):
            x = bar.get_x() + bar.get_width() / 2
            if v > 0:
                ax.annotate(f"{v:,.0f}" if v >= 10 else f"{v:.2g}", (x, v),
                            ha="center", va="bottom", fontsize=7, rotation=90, xytext=(0, 2),
                            textcoords="offset points")
            else:
                # No bar to see: a hollow marker on the axis and a word say that this server has
                # no rate for the case rather than leaving a gap.
                ax.plot([x], [0], "o", transform=ax.get_xaxis_transform(), clip_on=False,
                        markersize=6, markerfacecolor="white", markeredgecolor=f"C{i}")
                ax.annotate("none", (x, 0), xycoords=("data", "axes fraction"), ha="center",
                            va="bottom", fontsize=7, rotation=90, xytext=(0, 6),
                            textcoords="offset points", color=f"C{i}")
    ax.set_yscale("log")
    if top > 0:
        ax.set_ylim(top=top * 4)  # room for the values written above the bars
    for c, case in enumerate(cases):
        if not any(r.server in servers and r.case == case and _ok(r.req_per_s) and r.req_per_s > 0 for r in rows):
            ax.annotate("no answer finished\nduring the run:\nsee MB/s", (c, 0), xycoords=("data", "axes fraction"),
                        xytext=(0, 40), textcoords="offset points", ha="center", va="bottom", fontsize=7)
    ax.set_xticks(range(len(cases)))
    ax.set_xticklabels(cases)
    ax.set_ylabel("requests per second (wrk, log scale)")
    ax.set_title("Largest request rate per case", fontsize=10)
    ax.grid(True, axis="y", which="both", alpha=0.3)
    ax.legend(fontsize=8)
    labels, values, colours = [], [], []
    for i, server in enumerate(servers):
        r = next((r for r in rows if r.server == server and r.case == "large"), None)
        if r is None:
            continue
        if _ok(r.mb_per_s):
            labels.append(f"{server}\n(wrk, 10 conn.)")
            values.append(r.mb_per_s)
            colours.append(f"C{i}")
        if _ok(r.stream_mb_per_s):
            labels.append(f"{server}\n(1 conn.)")
            values.append(r.stream_mb_per_s)
            colours.append(f"C{i}")
    bare = next((r for r in rows if r.server == dars.BARE), None)
    if bare is not None and _ok(bare.mb_per_s):
        labels.append("bare PPT client\n(1 conn.)")
        values.append(bare.mb_per_s)
        colours.append("grey")
    if values:
        bars = mb.barh(range(len(values)), values, color=colours)
        for bar, v in zip(bars, values):
            mb.text(v, bar.get_y() + bar.get_height() / 2, f" {v:,.0f}", va="center", fontsize=8)
        mb.set_yticks(range(len(values)))
        mb.set_yticklabels(labels, fontsize=8)
        mb.invert_yaxis()
        mb.set_xlim(0, max(values) * 1.2)
    else:
        mb.text(0.5, 0.5, "no large-answer figures", ha="center", transform=mb.transAxes)
    mb.set_xlabel("MB/s (10^6 bytes)")
    mb.set_title("Whole large answer", fontsize=10)
    mb.grid(True, axis="x", alpha=0.3)
    fig.suptitle("DARS cases: requests per second and large-answer throughput")
    fig.subplots_adjust(left=0.06, right=0.98, bottom=0.1, top=0.88)
    save(fig, path)
    return True


def cpu_memory(folder, rows, costs, path):
    """A row per server: CPU % (left) and RSS (right) of its process and of the BES over the
    server's part of the run, its phases shaded and named."""
    servers = [s for s in dars.read_servers(folder)
               if procstat.read_samples(folder / "raw" / "samples" / f"{s.name}.tsv")]
    if not servers:
        return False
    windows = dars.read_events(folder)
    fig, axes = plt.subplots(len(servers), 2, figsize=(13, 2.8 * len(servers) + 0.8), dpi=110,
                             squeeze=False)
    for row, server in zip(axes, servers):
        samples = procstat.read_samples(folder / "raw" / "samples" / f"{server.name}.tsv")
        origin = min(s.time for s in samples)
        for i, process in enumerate(sorted({s.name for s in samples}, key=lambda n: (n != "server", n))):
            times, cpu, rss = procstat.series(samples, process)
            t = [x - origin for x in times]
            label = server.name if process == "server" else process
            row[0].plot(t, cpu, linewidth=1, color=f"C{i}", label=label)
            row[1].plot(t, rss, linewidth=1, color=f"C{i}", label=label)
        phases = [(p, w) for (s, p), w in windows.items() if s == server.name and None not in w]
        if any(p.startswith("rate:") for p, _ in phases):
            phases = [(p, w) for p, w in phases if p != "rate"]  # its steps are shaded instead
        phases.sort(key=lambda item: item[1][0])
        for k, (phase, (start, end)) in enumerate(phases):
            for ax in row:
                ax.axvspan(start - origin, end - origin, color="0.85" if k % 2 else "0.92", zorder=0)
            row[0].annotate(phase.replace("case:", ""), ((start + end) / 2 - origin, 1.0),
                            xycoords=("data", "axes fraction"), ha="center", va="top", fontsize=7,
                            rotation=90, xytext=(0, -3), textcoords="offset points")
        row[0].set_ylabel("CPU % of one core")
        row[1].set_ylabel("RSS MiB")
        row[0].set_title(f"{server.name}: CPU", fontsize=9)
        row[1].set_title(f"{server.name}: memory", fontsize=9)
        for ax in row:
            ax.grid(True, alpha=0.3)
            ax.set_ylim(bottom=0)
            ax.legend(fontsize=7, loc="lower right")
    for ax in axes[-1]:
        ax.set_xlabel("seconds since the server's first sample")
    fig.suptitle("CPU and memory of each server process (with its descendants), phases shaded")
    fig.tight_layout()
    save(fig, path)
    return True


def latency(folder, rows, costs, path):
    """A panel per case: p50, p90, p99 and p99.9 under the constant rate, a line per server."""
    cases = [c for c, *_ in dars.CASES]
    servers = _servers(rows)
    have = [r for r in rows if _ok(r.p50_ms)]
    if not have:
        return False
    fig, axes = plt.subplots(1, len(cases), figsize=(3.0 * len(cases) + 1, 4.4), dpi=110, squeeze=False)
    labels = [f"p{p:g}" for p in gatling.PERCENTILES]
    for ax, case in zip(axes[0], cases):
        drawn = []
        for i, server in enumerate(servers):
            r = next((r for r in have if r.server == server and r.case == case), None)
            if r is None:
                # A server without a constant-rate step for the case still shows, in the legend.
                ax.plot([], [], linestyle="none", marker="x", color=f"C{i}",
                        label=f"{server}: no constant-rate step")
                continue
            values = [max(v, 0.5) for v in (r.p50_ms, r.p90_ms, r.p99_ms, r.p999_ms)]
            drawn += values
            ax.plot(labels, values, marker="o", markersize=4, linewidth=1, color=f"C{i}",
                    label=f"{server} @ {r.rate_req_per_s:,.3g}/s")
        # A log scale where the percentiles span decades; within one, a linear one keeps its labels.
        if drawn and max(drawn) / min(drawn) >= 20:
            ax.set_yscale("log")
            ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
            ax.yaxis.set_minor_formatter(FuncFormatter(lambda v, _: ""))
        else:
            ax.set_ylim(bottom=0, top=max(drawn + [1]) * 1.15)
        if not drawn:
            ax.set_xticks(range(len(labels)))
            ax.set_xticklabels(labels)
            ax.set_yticks([])
        ax.set_title(case, fontsize=10)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=6, loc="best" if drawn else "center")
    axes[0][0].set_ylabel("ms (Gatling's whole ms; on a log scale 0 is drawn at 0.5)")
    fig.suptitle("Latency under a constant rate (open model), per case")
    fig.tight_layout()
    save(fig, path)
    return True


def conversions(folder, rows, costs, path):
    """A bar per output form: the BES's time (from the PPT trace) and the rest of the client's,
    stacked, with bytes and throughput written beside."""
    served = [c for c in costs if c.status == 200]
    if not costs:
        return False
    fig, ax = plt.subplots(figsize=(11, 0.5 * len(costs) + 1.8), dpi=110)
    y = list(range(len(costs)))
    bes = [c.bes_seconds_median * 1000 if c.status == 200 else 0 for c in costs]
    rest = [c.frontend_seconds * 1000 if c.status == 200 else 0 for c in costs]
    ax.barh(y, bes, color="C1", label="BES (PPT trace)")
    ax.barh(y, rest, left=bes, color="C0", label="front end, HTTP and the trace's hop")
    top = max([b + r for b, r in zip(bes, rest)] + [1e-3])
    for i, c in enumerate(costs):
        text = (f" {c.bytes / 1e6:,.2f} MB, {c.mb_per_s:,.1f} MB/s" if c.status == 200
                else f" not served ({c.status})")
        ax.text(bes[i] + rest[i], i, text, va="center", fontsize=8)
    ax.set_yticks(y)
    ax.set_yticklabels([f".{c.form}" for c in costs])
    ax.invert_yaxis()
    ax.set_xlim(0, top * 1.45)
    ax.set_xlabel("median time per request, ms")
    ax.grid(True, axis="x", alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
    title = "Cost of each output form of one data request"
    if not served:
        title += " (none served)"
    ax.set_title(title)
    fig.tight_layout()
    save(fig, path)
    return True
