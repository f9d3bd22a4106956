"""The study's two figures as PNG: response time per run, and each BES message's round trip."""

import matplotlib

matplotlib.use("Agg")  # files only: no display on servers and in CI
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import FuncFormatter, LogLocator, NullLocator  # noqa: E402

from . import study  # noqa: E402


def response_times(measurements, path, response="ascii"):
    """Total_time of every run per configuration (the study's figure 2), one row each, on a log
    scale in milliseconds: on the left the timed runs (a box from the first to the third quartile
    with the median, whiskers to the fastest and slowest run, a dot per run), on the right the
    first request after start, on the same rows; below them the 2009 study's two figures (mean
    and sd). A line marks one delayed ACK (about 44 ms), the step between the rows that stall once
    per request and those that do not stall."""
    chosen = [m for m in measurements if m.response == response] or measurements
    rows = [m.configuration.name for m in chosen] + ["2009 study, before", "2009 study, after"]
    fig, (ax, first_ax) = plt.subplots(
        1, 2, figsize=(11.5, 1.6 + 0.42 * len(rows)), dpi=110, sharey=True,
        gridspec_kw={"width_ratios": [3.2, 1], "wspace": 0.04})
    values = []
    for i, m in enumerate(chosen):
        colour = f"C{i % 10}"
        totals = [r.total * 1000 for r in m.warm]
        values += totals
        if totals:
            ax.boxplot(totals, positions=[i], vert=False, widths=0.55, whis=(0, 100),
                       showfliers=False, medianprops={"color": colour, "linewidth": 2},
                       boxprops={"color": colour}, whiskerprops={"color": colour},
                       capprops={"color": colour})
            # A fixed spread around the row (no randomness: the same run draws the same plot).
            spread = [((k * 0.618034) % 1.0 - 0.5) * 0.5 for k in range(len(totals))]
            ax.plot(totals, [i + d for d in spread], "o", markersize=3, color=colour, alpha=0.55)
        if m.first_total is not None:
            first = m.first_total * 1000
            values.append(first)
            first_ax.plot([first], [i], "D", markersize=6, color=colour)
            first_ax.annotate(f"{first:.0f} ms", (first, i), textcoords="offset points",
                              xytext=(7, -3), fontsize=7.5, color=colour)
    for j, (mean, sd) in enumerate(((study.STUDY_BEFORE_MEAN, study.STUDY_BEFORE_SD),
                                     (study.STUDY_AFTER_MEAN, study.STUDY_AFTER_SD))):
        y = len(chosen) + j
        ax.errorbar([mean * 1000], [y], xerr=[[sd * 1000], [sd * 1000]], fmt="s", color="black",
                    markersize=5, capsize=4)
        ax.annotate(f"mean {mean * 1000:.1f} ms, sd {sd * 1000:.1f}", (mean * 1000, y),
                    textcoords="offset points", xytext=(0, 7), fontsize=7.5, ha="center")
        values.append(mean * 1000)
    low = max(min(values) / 1.6, 0.1) if values else 1
    high = max(values) * 2.2 if values else 1000
    for a, right, subs in ((ax, high, (1.0, 2.0, 5.0)), (first_ax, high * 3, (1.0,))):
        a.axvline(study.DELAYED_ACK_MS, color="firebrick", linestyle="--", linewidth=1)
        a.set_xscale("log")
        a.set_xlim(low, right)
        a.xaxis.set_major_locator(LogLocator(base=10, subs=subs))
        a.xaxis.set_minor_locator(NullLocator())
        a.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
        a.tick_params(axis="x", labelsize=8)
        a.grid(True, axis="x", alpha=0.3)
        a.axhline(len(chosen) - 0.5, color="grey", linewidth=0.8)
    # Above the first row, clear of the runs.
    ax.text(study.DELAYED_ACK_MS * 1.04, -0.75, f"{study.DELAYED_ACK_MS:g} ms: one delayed ACK",
            color="firebrick", fontsize=8, va="center")
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels(rows, fontsize=8.5)
    ax.set_ylim(len(rows) - 0.4, -1.1)
    ax.set_xlabel("Total_time, ms (log scale)")
    first_ax.set_xlabel("Total_time, ms (log scale)")
    ax.set_title("timed runs: box = quartiles and median, whiskers = fastest and slowest, "
                 "dots = each run", fontsize=8.5)
    first_ax.set_title("first request after start", fontsize=8.5)
    fig.suptitle(f"Response time per configuration, .{response} request"
                 if chosen and chosen[0].response == response else "Response time per configuration")
    fig.subplots_adjust(left=0.19, right=0.97, bottom=0.1 + 0.5 / len(rows), top=0.9 - 0.3 / len(rows))
    save(fig, path)


def message_round_trips(measurements, path, response="ascii"):
    """Round trip of each BES message in one request per configuration (the study's figure 1):
    the first request after start above, one warm request below; bars coloured by configuration.
    A configuration whose request sent no BES message (answered from the response cache) keeps its
    row, with a hollow marker at 0 and "no BES message" written beside it."""
    chosen = [m for m in measurements if m.response == response and m.conversations]
    if not chosen:
        return False
    phases = (("first", "first request after start"), ("one", "one warm request"))
    counts = [max(len(labels(chosen, phase)), 1) for phase, _ in phases]
    fig, axes = plt.subplots(2, 1, figsize=(10, 1.6 + 0.32 * sum(counts)), dpi=110, sharex=True,
                             gridspec_kw={"height_ratios": counts})
    longest = max([r[1] for phase, _ in phases for r in labels(chosen, phase)] + [1.0])
    for ax, (phase, title) in zip(axes, phases):
        rows = labels(chosen, phase)
        positions = list(range(len(rows)))
        ax.barh(positions, [r[1] for r in rows], color=[f"C{r[2] % 10}" for r in rows])
        ax.set_yticks(positions)
        ax.set_yticklabels([r[0] for r in rows], fontsize=8)
        ax.invert_yaxis()
        for y, r in zip(positions, rows):
            if r[3]:
                ax.text(r[1], y, f" {r[1]:.2f} ms", va="center", fontsize=7)
            else:
                ax.plot([0], [y], "o", markersize=6, markerfacecolor="white",
                        markeredgecolor=f"C{r[2] % 10}", markeredgewidth=1.5, clip_on=False)
                ax.text(longest * 0.012, y, "  no BES message", va="center", fontsize=7,
                        color=f"C{r[2] % 10}")
        if not rows:
            ax.text(0.5, 0.5, "no BES message", transform=ax.transAxes, ha="center")
        ax.set_title(title, fontsize=10)
        ax.grid(True, axis="x", alpha=0.3)
    # Room right of the longest bar for its value.
    axes[-1].set_xlim(0, longest * 1.15)
    axes[-1].set_xlabel("round trip of the BES message at the trace proxy (ms)")
    fig.suptitle(f"BES messages of one .{response} request, per configuration")
    fig.tight_layout()
    save(fig, path)
    return True


def labels(measurements, phase):
    """(label, round trip ms, configuration index, whether it is a message) per bar of one
    phase: a row per message, or one row for a configuration whose traced request sent none."""
    out = []
    for i, m in enumerate(measurements):
        messages = m.conversations.get(phase)
        if messages is None:
            continue  # that phase was not traced
        if not messages:
            out.append((f"{m.configuration.name}  (0 messages)", 0.0, i, False))
        for n, message in enumerate(messages, 1):
            out.append((f"{m.configuration.name}  #{n} {message.short_label}",
                        message.round_trip * 1000, i, True))
    return out


def save(fig, path):
    """Writes the figure with everything drawn on it, labels and values outside the axes too."""
    fig.savefig(path, bbox_inches="tight", pad_inches=0.15)
    plt.close(fig)
