"""The study's CSV summary and markdown report."""

import csv
import math
from pathlib import Path

from . import study, trace

CSV_COLUMNS = [
    "configuration", "response", "runs", "mean_s", "sd_s", "p50_s", "p90_s", "max_s", "first_s",
    "bes_messages_first", "bes_messages_per_warm_request", "speedup_vs_baseline_warm",
    "speedup_vs_baseline_p50", "speedup_vs_baseline_first", "speedup_vs_2009_before", "speedup_vs_2009_after",
]

# curl's time_total, the study's "Total_time", said once in every report that shows it.
TOTAL_TIME = ("Total_time is curl's `time_total`, as the 2009 study measured: from the start of the "
              "request, including curl's name lookup and TCP connect, to the last byte of the "
              "answer, in milliseconds below.")
# Every ratio in the reports reads the same way round.
RATIOS = ("Every ratio is the other figure divided by this row's: how many times as fast this row "
          "is, so above 1 it is faster, below 1 slower.")


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
            "speedup_vs_2009_after": _ratio(study.STUDY_AFTER_MEAN, s.mean),
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
    if value is None:
        return "-"
    return f"{value:.2f}x" if value < 1 else f"{value:.1f}x"


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
                     factor(r["speedup_vs_2009_before"]), factor(r["speedup_vs_2009_after"])])
    return table(["configuration", "response", "baseline", "baseline/this, warm",
                  "baseline/this, first request", "2009 before/this", "2009 after/this"], body)


def conversation_table(messages):
    body = [[row["index"], f"`{row['command']}`", row["connection"], f"{row['start_ms']:.2f}",
             f"{row['round_trip_ms']:.2f}", row["response_bytes"], "yes" if row["error"] else "no"]
            for row in trace.listing(messages)]
    return table(["#", "BES command", "PPT connection", "sent at ms (after the first message)",
                  "round trip ms", "response bytes", "BES error"], body)


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
    lines = [f"The 2009 study ({study.STUDY_CITATION}): {study.STUDY_BEFORE_MEAN} s "
             f"(sd {study.STUDY_BEFORE_SD}) before its patch, "
             f"{study.STUDY_AFTER_MEAN} s (sd {study.STUDY_AFTER_SD}) after, warm: "
             f"{factor(study.STUDY_BEFORE_MEAN / study.STUDY_AFTER_MEAN)} as fast. "
             "Here, each configuration against its baseline, as fast as:"]
    for m in measurements:
        base = _baseline(m, by_key)
        if base is None:
            continue
        warm = _ratio(base.stats.mean, m.stats.mean)
        first = _ratio(base.first_total, m.first_total)
        lines.append(f"- {m.configuration.name} against {base.configuration.name} ({m.response}): "
                     f"{factor(warm)} warm, {factor(first)} on the first request after start.")
    return "\n".join(lines)


def percent(measured, reference):
    if measured is None or not reference:
        return "-"
    return f"{(measured - reference) / reference * 100:+.1f}%"


def conversation_span(messages):
    """From the first BES message sent to the last answer received, in seconds; None without a
    traced conversation."""
    rows = trace.listing(messages or [])
    if not rows:
        return None
    return max(row["start_ms"] + row["round_trip_ms"] for row in rows) / 1000.0


def unwaited_requests(m, threshold=0.002):
    """What the trace says about the warm requests of a row that sends one BES message per
    request from a writer of 2009 (the memoized model): a paragraph on the requests whose document
    went through without waiting for the delayed ACK, or on all of them waiting; empty when the
    warm phase was not traced one message per run."""
    messages = m.conversations.get("warm") or []
    if not messages or len(messages) != len(m.warm):
        return ""
    name = m.configuration.name
    waits = sorted(msg.request_wait for msg in messages)
    median_wait = waits[len(waits) // 2] * 1000
    unwaited = [i for i, msg in enumerate(messages) if msg.request_wait < threshold]
    if not unwaited:
        return (f"- **{name}**, in the trace: every one of the {len(messages)} warm requests waited "
                f"once, its document held for the delayed ACK (median {median_wait:.1f} ms).")
    totals = sorted(m.warm[i].total * 1000 for i in unwaited)
    earlier = [messages[i - 1].elapsed * 1000 for i in unwaited if i > 0]
    answers = sorted(msg.elapsed for msg in messages)
    text = (f"- **{name}**, in the trace: {len(unwaited)} of the {len(messages)} warm requests did "
            f"not wait: the BES side acknowledged the first segment at once and the document went "
            f"through (the others' was held a median {median_wait:.1f} ms). They took a median "
            f"{totals[len(totals) // 2]:.1f} ms ({totals[0]:.1f}-{totals[-1]:.1f} ms: some had a "
            f"late answer of their own).")
    if earlier:
        text += (f" Each followed an exchange whose answer came late, {min(earlier):.0f}-"
                 f"{max(earlier):.0f} ms after that request's first byte (the median exchange "
                 f"took {answers[len(answers) // 2] * 1000:.0f} ms).")
    return text + (" After an idle gap such as the pause, Linux acknowledges the first segment at "
                   "once unless the connection is in its interactive (\"pingpong\") mode, where "
                   "it holds the ACK to send it with the answer; a prompt answer keeps that mode, "
                   "a delayed-ACK timer that fires before the answer goes out ends it. So a warm "
                   "request waits once while the BES answers promptly, and an answer slowed by "
                   "other work on the machine spares the next request its wait.")


def model_section(measurements, tolerance=0.10, conversations="in the section \"One request's "
                  "BES conversation\" below"):
    """The rows that model the OLFS of January 2009 against the study's own figures; empty when
    the run had none. `conversations` says where the reader finds each row's traced
    conversation."""
    chosen = [m for m in measurements
              if m.configuration.name in study.MODEL_ROWS and m.response == "ascii"]
    if not chosen:
        return ""
    body, notes, outside = [], [], []
    for m in chosen:
        phase, reference, expected_messages, explanation = study.MODEL_ROWS[m.configuration.name]
        s = m.stats
        warm = m.messages("warm")
        span = conversation_span(m.conversations.get("one"))
        rest = s.mean - span if span is not None and s.mean is not None else None
        body.append([m.configuration.name, f"{phase}: {ms(reference)}", ms(s.mean), ms(s.p50),
                     percent(s.mean, reference), percent(s.p50, reference),
                     f"{num(warm, 2)} (expected {expected_messages})", ms(span), ms(rest)])
        notes.append(f"- **{m.configuration.name}** (the study's \"{phase}\"): {explanation}")
        if expected_messages == 1:
            unwaited = unwaited_requests(m)
            if unwaited:
                notes.append(unwaited)
        if s.mean is None or abs(s.mean - reference) > tolerance * reference:
            outside.append(m)
    text = [f"The study ({study.STUDY_CITATION}) measured {study.STUDY_BEFORE_MEAN} s before and "
            f"{study.STUDY_AFTER_MEAN} s after its patch. These rows rebuild its conversation "
            "and its socket writes rather than its service times; the mechanism should account for "
            f"both figures within {tolerance * 100:.0f}%. The last two columns split one traced "
            "warm request: its BES conversation at the trace proxy (first message sent to last "
            "answer), and the rest of the mean, the request outside the BES exchange.", "",
            table(["configuration", "the study, ms", "mean ms", "p50 ms", "mean vs the study",
                   "p50 vs the study", "BES messages per warm request",
                   "BES conversation of one warm request, ms", "rest of the mean, ms"], body),
            "", *notes]
    if outside:
        names = ", ".join(m.configuration.name for m in outside)
        text += ["", f"Outside {tolerance * 100:.0f}% of the study in this run: {names}."]
        others = [m.stats.mean for m in measurements
                  if m.configuration.name not in study.MODEL_ROWS and m.stats.mean is not None]
        fastest = f" (the fastest whole warm request of this run took {ms(min(others))} ms)" \
            if others else ""
        text += ["Compare the BES conversation column with the study's figure: that is the "
                 "mechanism's share. The rest is what this machine adds around it: curl's start "
                 f"and connect, the HTTP exchange, the model and the trace proxy's hop{fastest}. "
                 f"Look at which messages of one request stalled, and by how much, "
                 f"{conversations}, and at the load average before reading a difference as a "
                 "flaw of the mechanism."]
    return "\n".join(text)


def verdict(measurements, response="ascii"):
    """The run in one line: how close the model of the 2009 OLFS came to the 2009 study's two
    figures (its mean against each, and the larger difference), and this front end's mean for the
    same request (study.VERDICT_ROWS), with how many times as fast that is as the patched OLFS of
    2009. Says what the run lacks when a row is missing."""
    by_name = {m.configuration.name: m for m in measurements
               if m.response == response and m.stats.mean is not None}
    parts = []
    model = [(name, by_name.get(name), study.MODEL_ROWS[name][1]) for name in study.MODEL_ROWS]
    found = [(m, reference) for _, m, reference in model if m is not None]
    if found:
        said = [f"{ms(m.stats.mean, 1)} ms against the study's {ms(reference)} ms "
                f"{study.MODEL_ROWS[m.configuration.name][0]} its patch "
                f"({percent(m.stats.mean, reference)})" for m, reference in found]
        worst = max(abs(m.stats.mean - reference) / reference for m, reference in found) * 100
        text = "the model of the 2009 OLFS took " + " and ".join(said)
        text += f": within {worst:.1f}% of {'both' if len(found) == 2 else 'it'}"
        if len(found) < 2:
            missing = next(name for name, m, _ in model if m is None)
            text += f" ({missing} was not run)"
        parts.append(text)
    else:
        parts.append("no row of the 2009 OLFS model in this run (2009-olfs-model and "
                     "2009-olfs-model-memoized need the BES emulator), so no comparison with the "
                     "2009 study's figures")
    ours = [(by_name[name], how) for name, how in study.VERDICT_ROWS if name in by_name]
    request = f".{response} request"
    if ours:
        said = []
        for m, how in ours:
            text = f"in {ms(m.stats.mean, 1)} ms {how} ({m.configuration.name}"
            if not said:
                text += f": {factor(study.STUDY_AFTER_MEAN / m.stats.mean)} as fast as the " \
                        "patched OLFS of 2009"
            said.append(text + ")")
        parts.append(f"this front end answered the same {request} " + " and ".join(said))
    else:
        names = " or ".join(name for name, _ in study.VERDICT_ROWS)
        parts.append(f"no {names} row in this run for this front end's figure")
    return "Verdict: " + "; ".join(parts) + "."


def load_warning(settings):
    """A warning when the 1-minute load average at the start exceeded the machine's cores."""
    import re
    load = re.match(r"\s*([0-9.]+)", settings.get("load average", ""))
    cores = re.match(r"\s*(\d+) cores", settings.get("machine", ""))
    if not load or not cores:
        return ""
    if float(load.group(1)) <= int(cores.group(1)):
        return ""
    return (f"**Warning: the 1-minute load average at the start was {load.group(1)} on "
            f"{cores.group(1)} cores.** Other work was running: every figure below includes it. "
            "Measure again on an idle machine before publishing.")


def settings_list(settings):
    if not settings:
        return ""
    return "\n".join(f"- {k}: {v}" for k, v in settings.items())


def configurations_list(configurations):
    return "\n".join(f"- **{c.name}**: {c.description}" + (f" ({c.base_url})" if c.base_url else "")
                     for c in configurations)


def write_markdown(folder, measurements, path, plots=(), plots_skipped=""):
    folder = Path(folder)
    settings = study.read_settings(folder)
    configurations = study.read_configurations(folder)
    warning = load_warning(settings)
    text = [
        "# olfs-fastpath study results",
        "",
        f"The small-request latency study after {study.STUDY_CITATION}: Total_time of one small "
        "request per configuration, measured with curl as that study measured it.",
        "",
    ]
    if warning:
        text += [warning, ""]
    text += [
        f"**{verdict(measurements)}**",
        "",
        settings_list(settings),
        "",
        "## Configurations",
        "",
        configurations_list(configurations),
        "",
        "## Total_time per configuration",
        "",
        TOTAL_TIME + " Warm runs are the timing loop after the first request; the first request "
        "after start is listed apart. BES messages come from the PPT trace between the front end "
        "and the BES.",
        "",
        results_table(measurements),
        "",
        "## Ratios",
        "",
        "Mean Total_time against the configuration's baseline and against the 2009 study's two "
        "figures. " + RATIOS,
        "",
        ratios_table(measurements),
        "",
        factors_paragraph(measurements),
        "",
    ]
    model = model_section(measurements)
    if model:
        text += ["## The 2009 study from its mechanism", "", model, ""]
    text += [
        "## One request's BES conversation",
        "",
        conversations_section(measurements),
        "",
    ]
    if plots:
        text += ["## Plots", ""] + [f"![{title}]({name})\n" for name, title in plots]
    elif plots_skipped:
        text += ["## Plots", "", f"No plots in this report: {plots_skipped}", ""]
    load = folder / "load.md"
    if load.exists():
        text += [load.read_text(encoding="utf-8")]
    Path(path).write_text("\n".join(text).rstrip() + "\n", encoding="utf-8")
