"""The study's CSV summary and markdown report."""

import csv
import math
from pathlib import Path

from . import study, trace

CSV_COLUMNS = [
    "configuration", "response", "runs", "mean_s", "sd_s", "p50_s", "p90_s", "max_s", "first_s",
    "bes_messages_first", "bes_messages_per_warm_request", "speedup_vs_baseline_warm",
    "speedup_vs_baseline_p50", "speedup_vs_baseline_first", "speedup_vs_2009_before", "ratio_to_2009_after",
]


def _baseline(measurement, by_key):
    name = measurement.configuration.baseline
    if not name or name == measurement.configuration.name:
        return None
    return by_key.get((name, measurement.response))


def _ratio(a, b):
    if a is None or b is None or b == 0:
        return None
    return a / b


def rows(measurements):
    """One dict per measurement with every figure of the summary, numbers unrounded."""
    by_key = {(m.configuration.name, m.response): m for m in measurements}
    out = []
    for m in measurements:
        s = m.stats
        base = _baseline(m, by_key)
        out.append({
            "configuration": m.configuration.name,
            "response": m.response,
            "runs": s.n,
            "mean_s": s.mean,
            "sd_s": s.sd,
            "p50_s": s.p50,
            "p90_s": s.p90,
            "max_s": s.max,
            "first_s": m.first_total,
            "bes_messages_first": m.messages("first"),
            "bes_messages_per_warm_request": m.messages("warm"),
            "speedup_vs_baseline_warm": _ratio(base.stats.mean, s.mean) if base else None,
            "speedup_vs_baseline_p50": _ratio(base.stats.p50, s.p50) if base else None,
            "speedup_vs_baseline_first": _ratio(base.first_total, m.first_total) if base else None,
            "speedup_vs_2009_before": _ratio(study.STUDY_BEFORE_MEAN, s.mean),
            "ratio_to_2009_after": _ratio(s.mean, study.STUDY_AFTER_MEAN),
        })
    return out


def write_csv(measurements, path):
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=CSV_COLUMNS)
        writer.writeheader()
        for row in rows(measurements):
            writer.writerow({k: ("" if v is None else (f"{v:.6g}" if isinstance(v, float) else v))
                             for k, v in row.items()})


def ms(seconds, digits=2):
    if seconds is None or (isinstance(seconds, float) and math.isnan(seconds)):
        return "-"
    return f"{seconds * 1000:.{digits}f}"


def num(value, digits=1):
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.{digits}f}"


def factor(value):
    return "-" if value is None else f"{value:.1f}x"


def table(header, body):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in body]
    return "\n".join(lines)


def results_table(measurements):
    body = []
    for r in rows(measurements):
        body.append([r["configuration"], r["response"], r["runs"], ms(r["mean_s"]), ms(r["sd_s"]),
                     ms(r["p50_s"]), ms(r["p90_s"]), ms(r["max_s"]), ms(r["first_s"]),
                     num(r["bes_messages_first"]), num(r["bes_messages_per_warm_request"], 2)])
    body.append(["2009 study, before", "ascii", "-", ms(study.STUDY_BEFORE_MEAN),
                 ms(study.STUDY_BEFORE_SD), "-", "-", "-", "-", "-", "-"])
    body.append(["2009 study, after", "ascii", "-", ms(study.STUDY_AFTER_MEAN),
                 ms(study.STUDY_AFTER_SD), "-", "-", "-", "-", "-", "-"])
    return table(["configuration", "response", "runs", "mean ms", "sd ms", "p50 ms", "p90 ms",
                  "max ms", "first request ms", "BES msgs, first", "BES msgs per warm request"], body)


def ratios_table(measurements):
    body = []
    for r, m in zip(rows(measurements), measurements):
        base = m.configuration.baseline if m.configuration.baseline != m.configuration.name else ""
        body.append([r["configuration"], r["response"], base or "-",
                     factor(r["speedup_vs_baseline_warm"]), factor(r["speedup_vs_baseline_first"]),
                     factor(r["speedup_vs_2009_before"]), f"{r['ratio_to_2009_after']:.2f}"])
    return table(["configuration", "response", "baseline", "baseline/this, warm",
                  "baseline/this, first request", "2009 before/this", "this/2009 after"], body)


def conversation_table(messages):
    body = [[row["index"], f"`{row['command']}`", row["connection"], f"{row['start_ms']:.2f}",
             f"{row['round_trip_ms']:.2f}", row["response_bytes"], "error" if row["error"] else ""]
            for row in trace.listing(messages)]
    return table(["#", "BES command", "connection", "sent at ms", "round trip ms", "response bytes",
                  ""], body)


def conversations_section(measurements):
    parts = []
    for m in measurements:
        for phase, title in (("first", "first request after start"), ("one", "one warm request")):
            messages = m.conversations.get(phase)
            if messages is None:
                continue
            parts.append(f"**{m.configuration.name}, {m.response}, {title}** "
                         f"({len(messages)} BES message{'s' if len(messages) != 1 else ''})\n\n"
                         + (conversation_table(messages) if messages else "(no BES message)"))
    if not parts:
        return "No PPT trace was recorded in this run."
    return "\n\n".join(parts)


def factors_paragraph(measurements):
    by_key = {(m.configuration.name, m.response): m for m in measurements}
    lines = [f"The 2009 study: {study.STUDY_BEFORE_MEAN} s (sd {study.STUDY_BEFORE_SD}) before, "
             f"{study.STUDY_AFTER_MEAN} s (sd {study.STUDY_AFTER_SD}) after: factor "
             f"{study.STUDY_FACTOR_WARM} warm and {study.STUDY_FACTOR_FIRST} on first access."]
    for m in measurements:
        base = _baseline(m, by_key)
        if base is None:
            continue
        warm = _ratio(base.stats.mean, m.stats.mean)
        first = _ratio(base.first_total, m.first_total)
        lines.append(f"- {m.configuration.name} against {base.configuration.name} ({m.response}): "
                     f"factor {factor(warm)} warm, {factor(first)} on the first request.")
    return "\n".join(lines)


def settings_list(settings):
    if not settings:
        return ""
    return "\n".join(f"- {k}: {v}" for k, v in settings.items())


def configurations_list(configurations):
    return "\n".join(f"- **{c.name}**: {c.description}" + (f" ({c.base_url})" if c.base_url else "")
                     for c in configurations)


def write_markdown(folder, measurements, path, plots=()):
    folder = Path(folder)
    settings = study.read_settings(folder)
    configurations = study.read_configurations(folder)
    text = [
        "# olfs-fastpath study results",
        "",
        settings_list(settings),
        "",
        "## Configurations",
        "",
        configurations_list(configurations),
        "",
        "## Total_time per configuration",
        "",
        "Warm runs are the timing loop after the first request; the first request after start is "
        "listed apart. BES messages come from the PPT trace between the front end and the BES.",
        "",
        results_table(measurements),
        "",
        "## Ratios",
        "",
        "Speed-ups are mean Total_time of the baseline divided by this configuration's; "
        "\"this/2009 after\" below 1 means faster than the 2009 study's cached front end.",
        "",
        ratios_table(measurements),
        "",
        factors_paragraph(measurements),
        "",
        "## One request's BES conversation",
        "",
        conversations_section(measurements),
        "",
    ]
    if plots:
        text += ["## Plots", ""] + [f"![{title}]({name})\n" for name, title in plots]
    load = folder / "load.md"
    if load.exists():
        text += [load.read_text(encoding="utf-8")]
    Path(path).write_text("\n".join(text).rstrip() + "\n", encoding="utf-8")
