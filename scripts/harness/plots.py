"""The study's two figures as PNG: response time per run, and each BES message's round trip."""

import matplotlib

matplotlib.use("Agg")  # files only: no display on servers and in CI
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

from . import study  # noqa: E402


def response_times(measurements, path, response="ascii"):
    """Total_time of every run per configuration (the study's figure 2), log scale, milliseconds:
    the first request after start in a panel of its own on the left (one marker per configuration,
    its value written beside it), the timed runs on the right."""
    chosen = [m for m in measurements if m.response == response] or measurements
    fig, (first_ax, ax) = plt.subplots(1, 2, figsize=(11.5, 5.5), dpi=110, sharey=True,
                                       gridspec_kw={"width_ratios": [1, 4], "wspace": 0.04})
    markers = "os^vD<>pP*hX"
    for i, m in enumerate(chosen):
        marker = markers[i % len(markers)]
        runs = list(range(1, len(m.warm) + 1))
        totals = [r.total * 1000 for r in m.warm]
        line, = ax.plot(runs, totals, marker=marker, markersize=4, linewidth=1,
                        label=f"{m.configuration.name} (mean {m.stats.mean * 1000:.1f} ms)")
        if m.first_total is not None:
            first = m.first_total * 1000
            first_ax.plot([i], [first], marker=marker, markersize=8, color=line.get_color(),
                          linestyle="none")
            first_ax.annotate(f"{first:.0f}", (i, first), textcoords="offset points", xytext=(6, -3),
                              fontsize=7, color=line.get_color())
    for a in (first_ax, ax):
        a.axhline(study.STUDY_BEFORE_MEAN * 1000, color="black", linestyle="--", linewidth=1)
        a.axhline(study.STUDY_AFTER_MEAN * 1000, color="grey", linestyle=":", linewidth=1.2)
        a.grid(True, which="both", alpha=0.3)
    # Legend entries for the study's two lines, drawn once.
    ax.plot([], [], color="black", linestyle="--", linewidth=1,
            label=f"2009 study before ({study.STUDY_BEFORE_MEAN * 1000:.1f} ms)")
    ax.plot([], [], color="grey", linestyle=":", linewidth=1.2,
            label=f"2009 study after ({study.STUDY_AFTER_MEAN * 1000:.1f} ms)")
    first_ax.set_yscale("log")
    first_ax.set_xlim(-0.7, max(len(chosen) - 1, 0) + 0.9)
    first_ax.set_xticks(range(len(chosen)))
    first_ax.set_xticklabels([str(i + 1) for i in range(len(chosen))], fontsize=7)
    first_ax.set_xlabel("configuration (legend order)", fontsize=8)
    first_ax.set_title("first request after start", fontsize=9)
    first_ax.set_ylabel("Total_time (ms, log scale)")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("timed run")
    ax.set_title("timed runs", fontsize=9)
    fig.suptitle(f"Response time per run, .{response} request" if chosen[0].response == response
                 else "Response time per run")
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.subplots_adjust(left=0.07, right=0.70, bottom=0.11, top=0.88)
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
