"""The study's two figures as PNG: response time per run, and each BES message's round trip."""

import matplotlib

matplotlib.use("Agg")  # files only: no display on servers and in CI
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

from . import study  # noqa: E402


def response_times(measurements, path, response="ascii"):
    """Total_time of every run per configuration (the study's figure 2), log scale, milliseconds."""
    chosen = [m for m in measurements if m.response == response] or measurements
    fig, ax = plt.subplots(figsize=(10, 5.5), dpi=110)
    markers = "os^vD<>pP*hX"
    for i, m in enumerate(chosen):
        runs = list(range(1, len(m.warm) + 1))
        totals = [r.total * 1000 for r in m.warm]
        line, = ax.plot(runs, totals, marker=markers[i % len(markers)], markersize=4, linewidth=1,
                        label=f"{m.configuration.name} (mean {m.stats.mean * 1000:.1f} ms)")
        if m.first_total is not None:
            ax.plot([0], [m.first_total * 1000], marker=markers[i % len(markers)], markersize=9,
                    markerfacecolor="none", color=line.get_color(), linestyle="none")
    ax.axhline(study.STUDY_BEFORE_MEAN * 1000, color="black", linestyle="--", linewidth=1,
               label=f"2009 study before ({study.STUDY_BEFORE_MEAN * 1000:.1f} ms)")
    ax.axhline(study.STUDY_AFTER_MEAN * 1000, color="grey", linestyle=":", linewidth=1.2,
               label=f"2009 study after ({study.STUDY_AFTER_MEAN * 1000:.1f} ms)")
    ax.set_yscale("log")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("run (0 = first request after start, hollow marker)")
    ax.set_ylabel("Total_time (ms, log scale)")
    ax.set_title(f"Response time per run, .{response} request" if chosen[0].response == response
                 else "Response time per run")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def message_round_trips(measurements, path, response="ascii"):
    """Round trip of each BES message in one request per configuration (the study's figure 1):
    the first request after start above, one warm request below; bars coloured by configuration."""
    chosen = [m for m in measurements if m.response == response and m.conversations]
    if not chosen:
        return False
    phases = (("first", "first request after start"), ("one", "one warm request"))
    counts = [max(len(labels(chosen, phase)), 1) for phase, _ in phases]
    fig, axes = plt.subplots(2, 1, figsize=(10, 1.6 + 0.32 * sum(counts)), dpi=110, sharex=True,
                             gridspec_kw={"height_ratios": counts})
    for ax, (phase, title) in zip(axes, phases):
        rows = labels(chosen, phase)
        positions = list(range(len(rows)))
        ax.barh(positions, [r[1] for r in rows], color=[f"C{r[2] % 10}" for r in rows])
        ax.set_yticks(positions)
        ax.set_yticklabels([r[0] for r in rows], fontsize=8)
        ax.invert_yaxis()
        for y, r in zip(positions, rows):
            ax.text(r[1], y, f" {r[1]:.2f} ms", va="center", fontsize=7)
        if not rows:
            ax.text(0.5, 0.5, "no BES message", transform=ax.transAxes, ha="center")
        ax.set_title(title, fontsize=10)
        ax.grid(True, axis="x", alpha=0.3)
    axes[-1].set_xlabel("round trip of the BES message at the trace proxy (ms)")
    fig.suptitle(f"BES messages of one .{response} request, per configuration")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def labels(measurements, phase):
    out = []
    for i, m in enumerate(measurements):
        for n, message in enumerate(m.conversations.get(phase) or [], 1):
            out.append((f"{m.configuration.name}  #{n} {message.short_label}",
                        message.round_trip * 1000, i))
    return out
