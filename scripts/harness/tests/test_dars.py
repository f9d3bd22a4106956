import json
import math
import tempfile
import unittest
from pathlib import Path

from harness import checks, conversions, dars, dars_report, gatling, load, procstat
from harness.tests.test_gatling import stats_json

BASE = "http://127.0.0.1:8080/opendap"


class UrlTest(unittest.TestCase):
    def test_the_cases_of_one_server(self):
        urls = dict(dars.case_urls(BASE))
        self.assertEqual(list(urls), ["meta-das", "meta-dds", "slice", "small", "large"])
        self.assertEqual(urls["meta-das"], BASE + "/dars/float32_116x1000x1000.nc.das")
        self.assertEqual(urls["meta-dds"], BASE + "/dars/float32_116x1000x1000.nc.dds")
        # Brackets percent-encoded: Tomcat refuses them raw in a query.
        self.assertEqual(urls["slice"], BASE + "/dars/float32_116x1000x1000.nc.dods"
                         "?data%5B0:1:115%5D%5B0:120:999%5D%5B0:120:999%5D")
        self.assertEqual(urls["small"], BASE + "/dars/float32_190x1000.nc.dods")
        self.assertEqual(urls["large"], BASE + "/dars/float32_116x1000x1000.nc.dods")

    def test_the_slice_touches_every_chunk_for_about_40_kb(self):
        # data[0:1:115][0:120:999][0:120:999] against chunks of 1 x 250 x 250.
        picked = range(0, 1000, 120)
        self.assertEqual(len(picked), 9)
        self.assertEqual({i // 250 for i in picked}, {0, 1, 2, 3}, "every 250-block of rows and columns")
        self.assertEqual(116 * 9 * 9 * 4, 37_584)

    def test_other_datasets_and_slice_given(self):
        urls = dict(dars.case_urls(BASE + "/", "coads_climatology.nc", "/fnoc1.nc", "SST[0:1:1]"))
        self.assertEqual(urls["slice"], BASE + "/coads_climatology.nc.dods?SST%5B0:1:1%5D")
        self.assertEqual(urls["small"], BASE + "/fnoc1.nc.dods")

    def test_each_output_form_with_its_constraint_language(self):
        forms = dict(dars.form_urls(BASE, "/dars/float32_190x1000.nc", "data[0:1:9][0:10:999]"))
        self.assertEqual(list(forms), ["dods", "dap", "ascii", "csv", "json", "nc", "dap.csv", "covjson"])
        self.assertEqual(forms["ascii"], BASE + "/dars/float32_190x1000.nc.ascii?data%5B0:1:9%5D%5B0:10:999%5D")
        self.assertEqual(forms["dap"], BASE + "/dars/float32_190x1000.nc.dap?dap4.ce="
                         "%2Fdata%5B0%3A1%3A9%5D%5B0%3A10%3A999%5D")
        self.assertTrue(forms["dap.csv"].startswith(BASE + "/dars/float32_190x1000.nc.dap.csv?dap4.ce=%2Fdata"))
        self.assertEqual(dict(dars.form_urls(BASE, "/a.nc"))["nc"], BASE + "/a.nc.nc")

    def test_a_dap2_projection_list_in_dap4(self):
        self.assertEqual(dars.dap4_ce("a[0:1:2], b"), "/a[0:1:2];/b")
        self.assertEqual(dars.dap4_ce("/a"), "/a")


WRK = """Running 3s test @ {url}
  2 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.00ms    0.50ms  10.00ms   90.00%
    Req/Sec     {half:.2f}     10.00   900.00     70.00%
  Latency Distribution
     50%    1.00ms
     75%    1.20ms
     90%    1.50ms
     99%    3.00ms
  {requests} requests in 3.00s, {read} read
{errors}Requests/sec:   {rate:.2f}
Transfer/sec:      1.00MB
"""


def make_run(folder, slice_rates=(5000.0, 30.0), wrk_errors=0, missing_case=None):
    """A scripts/dars folder as a run writes it, two front ends, figures made up."""
    folder = Path(folder)
    raw = folder / "raw"
    for sub in ("first", "wrk", "stream", "status", "gatling", "samples"):
        (raw / sub).mkdir(parents=True, exist_ok=True)
    (folder / "settings.tsv").write_text("key\tvalue\ndate\t2026-11-25 10:00:00 UTC\n"
                                         "machine\t2 cores, openjdk 17, Linux 6\n"
                                         "load average\t0.10 0.20 0.30 at the start\nrate fraction\t0.5\n"
                                         "conversion request\t/dars/float32_190x1000.nc\nconversion runs\t3\n")
    servers = [("fastpath", "the default"), ("fastpath-no-data-cache", "no data answer cached")]
    (folder / "servers.tsv").write_text("name\tkind\tbase_url\tdescription\n" + "".join(
        f"{n}\tfrontend\t{BASE}\t{d}\n" for n, d in servers))
    events = ["time\tserver\tphase\tevent"]
    urls = ["server\tcase\turl"]
    t = 1000.0
    for s, (name, _) in enumerate(servers):
        samples = [procstat.HEADER]
        ticks = 0
        for k in range(200):
            ticks += 50 if k % 2 else 10
            samples.append(f"{t + k * 0.5:.3f}\tserver\t{100 + s}\t{ticks}\t{(200 + k) * 1024}\t{40 + k % 3}\t1")
            samples.append(f"{t + k * 0.5:.3f}\tbes\t99\t{k * 20}\t{300 * 1024}\t20\t1")
        (raw / "samples" / f"{name}.tsv").write_text("\n".join(samples) + "\n")
        events += [f"{t + 1}\t{name}\tidle\tstart", f"{t + 5}\t{name}\tidle\tend"]
        steps = []
        for c, (case, url) in enumerate(dars.case_urls(BASE)):
            urls.append(f"{name}\t{case}\t{url}")
            if case == missing_case and s == 1:
                (raw / "first" / f"{name}.{case}.tsv").write_text("404\t120\t0.01\ttext/plain\n")
                continue
            size = {"large": 464_000_000, "small": 760_000, "slice": 38_000}.get(case, 1500)
            if case == "large":
                (raw / "stream" / f"{name}.{case}.tsv").write_text(f"200\t{size}\t2.0\tapplication/octet-stream\n" * 2)
            else:
                (raw / "first" / f"{name}.{case}.tsv").write_text(f"200\t{size}\t0.01\tapplication/octet-stream\n")
            rate = slice_rates[s] if case == "slice" else {"large": 0.5, "small": 400.0}.get(case, 9000.0)
            errors = f"  Non-2xx or 3xx responses: {wrk_errors}\n" if wrk_errors and s == 1 else ""
            (raw / "wrk" / f"{name}.{case}.txt").write_text(WRK.format(
                url=url, half=rate / 2, requests=int(rate * 3), read="1.00GB", errors=errors, rate=rate))
            start = t + 10 + c * 10
            events += [f"{start}\t{name}\tcase:{case}\tstart", f"{start + 5}\t{name}\tcase:{case}\tend"]
            (raw / "status" / f"{name}.{case}.before.json").write_text(json.dumps({"responseCache": {"hitCount": 10, "missCount": 2}}))
            (raw / "status" / f"{name}.{case}.after.json").write_text(json.dumps({"responseCache": {"hitCount": 10 + int(rate * 3), "missCount": 3}}))
            steps.append(gatling.Step(f"{name}/{case}", url, rate / 2, 3))
        gatling.write_plan(raw / "gatling" / f"{name}.plan.tsv", steps)
        js = raw / "gatling" / name / "constantrate-1" / "js"
        js.mkdir(parents=True)
        (js / "stats.json").write_text(json.dumps(stats_json(
            [(st.name, 30, 1 if st.name.endswith("meta-dds") else 0, (1, 2, 4, 9)) for st in steps])))
        rate_start = t + 70
        events += [f"{rate_start}\t{name}\trate\tstart", f"{rate_start + 20}\t{name}\trate\tend"]
        (raw / "gatling" / f"{name}.out").write_text("".join(
            f"dars-step\t{st.name}\t{int((rate_start + 4 * i) * 1000)}\n" for i, st in enumerate(steps)))
        t += 100
    (folder / "events.tsv").write_text("\n".join(events) + "\n")
    (folder / "urls.tsv").write_text("\n".join(urls) + "\n")
    (raw / "bare-ppt.json").write_text(json.dumps({
        "endpoint": "127.0.0.1:10022", "path": dars.LARGE, "constraint": "", "sizes": [464_000_000, 464_000_000],
        "seconds": [1.6, 1.6], "cpu_seconds": 0.5, "mb_per_s": 290.0, "cpu_share": 0.16}))
    conversions.save([
        conversions.FormCost("dods", BASE + "/a.dods", 200, "application/octet-stream", 3, 760_123, 0.02, 0.021,
                             3, 0.015, 760_300, "get dods", ""),
        conversions.FormCost("covjson", BASE + "/a.covjson", 500, "text/html", 0, 221, 0, 0, 0, 0, 0, "",
                             "File cannot be converted to CovJSON format")], raw / "conversions.json")
    return folder


class RowsTest(unittest.TestCase):
    def test_a_row_per_server_and_case_and_the_bare_client(self):
        with tempfile.TemporaryDirectory() as d:
            rows = dars.rows(make_run(d))
        self.assertEqual(len(rows), 11)
        by = {(r.server, r.case): r for r in rows}
        r = by[("fastpath", "slice")]
        self.assertEqual((r.status, r.answer_bytes, r.req_per_s, r.errors, r.requests), ("200", 38_000, 5000.0, 0, 15000))
        self.assertEqual((r.rate_req_per_s, r.rate_requests, r.rate_errors), (2500.0, 30, 0))
        self.assertEqual((r.p50_ms, r.p90_ms, r.p99_ms, r.p999_ms), (1.0, 2.0, 4.0, 9.0))
        self.assertAlmostEqual(r.mb_per_s, 2 ** 30 / 1e6 / 3.0)
        self.assertEqual((r.cache_hits, r.cache_misses), (15000, 1))
        # Samples every 0.5 s alternate 10 and 50 ticks: 60 ticks a second, 60% of one core.
        self.assertAlmostEqual(r.cpu_pct, 60.0, delta=6.0)
        self.assertGreater(r.rss_mib, 200)
        self.assertIn(r.threads, (40, 41, 42))
        self.assertAlmostEqual(r.bes_cpu_pct, 40.0, delta=1.0)
        large = by[("fastpath", "large")]
        self.assertAlmostEqual(large.stream_mb_per_s, 232.0)
        bare = by[(dars.BARE, "large")]
        self.assertEqual((bare.mb_per_s, bare.requests), (290.0, 2))
        self.assertEqual(by[("fastpath-no-data-cache", "meta-dds")].rate_errors, 1)

    def test_gatlings_steps_become_phases(self):
        with tempfile.TemporaryDirectory() as d:
            windows = dars.read_events(make_run(d))
        self.assertEqual(windows[("fastpath", "rate:meta-das")], (1070.0, 1074.0))
        self.assertEqual(windows[("fastpath", "rate:large")], (1086.0, 1090.0), "the last step ends with the run")

    def test_resources_per_process_and_phase(self):
        with tempfile.TemporaryDirectory() as d:
            found = dars.resources(make_run(d))
        phases = {(r.server, r.process, r.phase) for r in found}
        self.assertIn(("fastpath", "server", "idle"), phases)
        self.assertIn(("fastpath-no-data-cache", "bes", "case:slice"), phases)
        self.assertIn(("fastpath", "server", "rate:small"), phases)

    def test_a_case_not_answered_has_its_status_and_no_wrk_figures(self):
        with tempfile.TemporaryDirectory() as d:
            rows = dars.rows(make_run(d, missing_case="small"))
        r = next(r for r in rows if (r.server, r.case) == ("fastpath-no-data-cache", "small"))
        self.assertEqual((r.status, r.errors), ("404", 1))
        self.assertTrue(math.isnan(r.req_per_s))


class PlanTest(unittest.TestCase):
    def test_each_case_at_a_fraction_of_wrks_rate_capped_and_long_enough(self):
        from harness.__main__ import main
        with tempfile.TemporaryDirectory() as d:
            folder = make_run(d)
            plan = Path(d) / "plan.tsv"
            self.assertEqual(main(["dars-plan", str(folder), "fastpath", "--fraction", "0.5", "--cap", "3000",
                                   "--seconds", "3", "--min-requests", "2", "--out", str(plan)]), 0)
            steps = {s.name: s for s in gatling.read_plan(plan)}
        self.assertEqual(list(steps), [f"fastpath/{c}" for c, *_ in dars.CASES])
        self.assertEqual(steps["fastpath/meta-das"].rate, 3000.0, "9,000 req/s by half is over the cap")
        self.assertEqual(steps["fastpath/small"].rate, 200.0)
        self.assertTrue(steps["fastpath/slice"].url.endswith("?data%5B0:1:115%5D%5B0:120:999%5D%5B0:120:999%5D"))
        # The large answer: wrk finished 0.5 a second but read 1 GiB in 3 s, 0.77 answers of 464 MB
        # a second; half of that, for long enough to send two.
        large = steps["fastpath/large"]
        self.assertAlmostEqual(large.rate, 2 ** 30 / 3 / 464e6 / 2, places=5)
        self.assertEqual(large.seconds, 5.2)

    @staticmethod
    def wrk(requests, read=2 ** 30, seconds=3.0):
        return load.WrkResult(requests=requests, duration_s=seconds, requests_per_s=requests / seconds,
                              latency_mean_s=1, latency_sd_s=0, latency_max_s=1, percentiles={},
                              thread_rate_mean=1, thread_rate_sd=0, bytes_read=read)

    def test_a_case_whose_wrk_run_completed_no_request_has_no_step(self):
        # What an upstream OLFS gave in 8 s for the whole 464 MB answer: a few KB read, nothing
        # completed; planned from the bytes, it was 9e-07 requests/s for 2.2 million seconds.
        step, why = dars.plan_step("olfs/large", "http://x/a.dods", self.wrk(0, read=3400, seconds=8.0),
                                   464_000_000, 0.5, 20, 2, max_seconds=28)
        self.assertIsNone(step)
        self.assertIn("wrk completed no request in 8 s", why)

    def test_a_step_never_lasts_longer_than_the_run_allows(self):
        # One answer in 10 s, by half 0.05 a second: two would take 40 s; the run allows 28.
        step, why = dars.plan_step("s/large", "http://x/a.dods", self.wrk(1, read=464e6, seconds=10.0),
                                   464_000_000, 0.5, 20, 2, max_seconds=28)
        self.assertEqual(why, "")
        self.assertAlmostEqual(step.rate, 0.05)
        self.assertEqual(step.seconds, 28)
        step, _ = dars.plan_step("s/small", "http://x/b.dods", self.wrk(300), 760_000, 0.5, 20, 2,
                                 max_seconds=28)
        self.assertEqual((step.rate, step.seconds), (50.0, 20.0), "a fast case keeps --rate-seconds")

    def test_a_rate_that_sends_no_request_in_the_longest_step_is_refused(self):
        # One answer in 100 s, by half 0.005 a second: 0.14 requests in 28 s.
        step, why = dars.plan_step("s/large", "http://x/a.dods", self.wrk(1, read=464e6, seconds=100.0),
                                   464_000_000, 0.5, 20, 2, max_seconds=28)
        self.assertIsNone(step)
        self.assertIn("would not send one request in 28 s", why)

    def test_every_server_is_planned_alike_and_told_which_case_is_left_out(self):
        with tempfile.TemporaryDirectory() as d:
            folder = make_run(d)
            # The same run with an --also server whose large case completed nothing under wrk.
            urls = (folder / "urls.tsv").read_text().splitlines()[1:]
            (folder / "urls.tsv").write_text((folder / "urls.tsv").read_text() + "".join(
                line.replace("fastpath\t", "olfs\t", 1) + "\n" for line in urls if line.startswith("fastpath\t")))
            raw = folder / "raw"
            for case in ("meta-das", "large"):
                (raw / "wrk" / f"olfs.{case}.txt").write_text(
                    (raw / "wrk" / f"fastpath.{case}.txt").read_text())
            (raw / "stream" / "olfs.large.tsv").write_text("200\t464000000\t40.0\tapplication/octet-stream\n")
            (raw / "wrk" / "olfs.large.txt").write_text(WRK.format(
                url="http://x", half=0, requests=0, read="3.32KB", errors="", rate=0))
            steps, skipped = dars.plan(folder, "olfs", 0.5, 20, 2, max_seconds=28)
        self.assertEqual([s.name for s in steps], ["olfs/meta-das"])
        self.assertEqual([case for case, _ in skipped], ["large"])
        self.assertIn("no measured rate", skipped[0][1])


class ChecksTest(unittest.TestCase):
    def test_a_good_run_passes(self):
        with tempfile.TemporaryDirectory() as d:
            found = checks.dars_checks(make_run(d))
        self.assertEqual(len(found), 2 * 5 * 2 + 1)
        self.assertTrue(all(c.ok for c in found), checks.render(found))
        self.assertEqual(found[-1].actual, f"{5000 / 30:.2f}")

    def test_a_slice_not_ten_times_faster_fails(self):
        with tempfile.TemporaryDirectory() as d:
            found = checks.dars_checks(make_run(d, slice_rates=(250.0, 30.0)))
        failed = [c.name for c in found if not c.ok]
        self.assertEqual(failed, ["dars slice: fastpath req/s over fastpath-no-data-cache's"])

    def test_errors_and_an_unanswered_case_fail(self):
        with tempfile.TemporaryDirectory() as d:
            found = checks.dars_checks(make_run(d, wrk_errors=3, missing_case="meta-das"))
        failed = {c.name for c in found if not c.ok}
        self.assertIn("dars fastpath-no-data-cache meta-das: answered 200 (1 = yes)", failed)
        self.assertIn("dars fastpath-no-data-cache meta-das: errors (first request and wrk)", failed)
        self.assertIn("dars fastpath-no-data-cache large: errors (first request and wrk)", failed)
        self.assertNotIn("dars fastpath large: errors (first request and wrk)", failed)

    def test_errors_at_the_open_model_rate_are_reported_not_checked(self):
        with tempfile.TemporaryDirectory() as d:
            found = checks.dars_checks(make_run(d))  # meta-dds has one failed Gatling request
        self.assertTrue(all(c.ok for c in found))

    def test_a_run_without_two_front_ends_fails(self):
        with tempfile.TemporaryDirectory() as d:
            folder = make_run(d)
            (folder / "servers.tsv").write_text("name\tkind\tbase_url\tdescription\n")
            found = checks.dars_checks(folder)
        self.assertEqual([(c.name, c.ok) for c in found], [("dars: two front ends measured", False)])


class ReportTest(unittest.TestCase):
    def test_writes_the_csvs_and_the_report_with_every_section(self):
        with tempfile.TemporaryDirectory() as d:
            folder = make_run(d)
            markdown = dars_report.write(folder, no_plots=True)
            header = (folder / "summary.csv").read_text().splitlines()[0].split(",")
            lines = (folder / "summary.csv").read_text().splitlines()
            self.assertTrue((folder / "resources.csv").exists())
            conversions_csv = (folder / "conversions.csv").read_text()
        for column in ("server", "case", "req_per_s", "errors", "p50_ms", "p99_ms", "mb_per_s", "rss_mib"):
            self.assertIn(column, header)
        self.assertEqual(len(lines), 12)
        for section in ("## Results", "## Side by side", "## CPU, memory and threads", "## Conversion costs",
                        "No plots: the report was made with --no-plots."):
            self.assertIn(section, markdown)
        self.assertIn("**166.7x**", markdown)
        self.assertIn("**80.0%**", markdown, "232 MB/s on one connection against the bare client's 290")
        self.assertIn("| .covjson | 500 |", markdown)
        self.assertIn("not served: File cannot be converted", markdown)
        self.assertIn("| .dods | 200 | 760,123 | 20.0 | 38.0 | 15.0 | 5.00 | 75% | get dods | 3 |", markdown)
        self.assertIn("dods,", conversions_csv)

    def test_draws_the_four_plots_when_matplotlib_is_there(self):
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            self.skipTest("matplotlib is not installed for this python3 (python3-matplotlib)")
        with tempfile.TemporaryDirectory() as d:
            folder = make_run(d)
            markdown = dars_report.write(folder)
            for png, _ in dars_report.PLOTS:
                self.assertGreater((folder / png).stat().st_size, 10_000, png)
                self.assertIn(f"]({png})", markdown)


if __name__ == "__main__":
    unittest.main()
