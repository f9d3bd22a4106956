import os
import socket
import tempfile
import unittest
from pathlib import Path

from harness import procstat


def stat_line(pid, comm, ppid, utime, stime, cutime=0, cstime=0, threads=1, rss=100):
    # Fields 3.. of /proc/PID/stat: state ppid pgrp session tty tpgid flags minflt cminflt majflt
    # cmajflt utime stime cutime cstime priority nice num_threads itrealvalue starttime vsize rss
    rest = ["S", ppid, 1, 1, 0, -1, 0, 0, 0, 0, 0, utime, stime, cutime, cstime, 20, 0, threads,
            0, 100, 4096, rss]
    return f"{pid} ({comm}) " + " ".join(str(v) for v in rest) + " 0 0\n"


class ParseTest(unittest.TestCase):
    def test_reads_the_fields_after_a_command_name_with_spaces_and_parentheses(self):
        s = procstat.parse_stat(stat_line(42, "java (main) x", 7, 300, 50, 11, 4, threads=39, rss=2560))
        self.assertEqual((s.pid, s.ppid, s.ticks, s.children_ticks, s.threads, s.rss_pages),
                         (42, 7, 350, 15, 39, 2560))

    def test_this_process_reads_from_the_real_proc(self):
        s = procstat.parse_stat(Path(f"/proc/{os.getpid()}/stat").read_text())
        self.assertEqual((s.pid, s.ppid), (os.getpid(), os.getppid()))
        self.assertGreaterEqual(s.threads, 1)
        self.assertGreater(s.rss_pages, 0)


class TreeTest(unittest.TestCase):
    def test_a_process_counts_its_descendants_and_the_children_it_reaped(self):
        stats = {p.pid: p for p in map(procstat.parse_stat, [
            stat_line(10, "beslistener", 1, 100, 20, cutime=30, cstime=5, threads=1, rss=1000),
            stat_line(11, "besdaemon", 10, 40, 10, threads=1, rss=500),
            stat_line(12, "besdaemon", 11, 7, 3, threads=2, rss=250),
            stat_line(13, "other", 1, 999, 999, threads=9, rss=9999)])}
        s = procstat.tree_sample(stats, 10, "bes", 5.0, page_kib=4)
        self.assertEqual((s.cpu_ticks, s.rss_kib, s.threads, s.processes),
                         (100 + 20 + 40 + 10 + 7 + 3 + 30 + 5, (1000 + 500 + 250) * 4, 4, 3))
        self.assertIsNone(procstat.tree_sample(stats, 99, "gone", 5.0, page_kib=4))


class WindowTest(unittest.TestCase):
    SAMPLES = [procstat.Sample(t, "server", 1, ticks, rss, threads, 1)
               for t, ticks, rss, threads in ((0.0, 0, 1024, 10), (1.0, 50, 2048, 12),
                                              (2.0, 150, 4096, 11), (3.0, 150, 3072, 11))]

    def test_cpu_is_the_ticks_over_the_time_between_the_first_and_last_sample(self):
        u = procstat.window(self.SAMPLES, "server", 0.5, 3.0, clock_ticks=100)
        # 1.0 .. 3.0: 100 ticks of 1/100 s in 2 s is one core, half the time.
        self.assertAlmostEqual(u.cpu_pct, 50.0)
        self.assertEqual((u.rss_mib, u.rss_max_mib, u.threads, u.samples), (3.0, 4.0, 12, 3))

    def test_a_window_with_fewer_than_two_samples_has_no_usage(self):
        self.assertIsNone(procstat.window(self.SAMPLES, "server", 0.5, 1.5, clock_ticks=100))
        self.assertIsNone(procstat.window(self.SAMPLES, "bes", 0.0, 3.0, clock_ticks=100))

    def test_series_gives_cpu_between_neighbouring_samples(self):
        times, cpu, rss = procstat.series(self.SAMPLES, "server", clock_ticks=100)
        self.assertEqual(times, [1.0, 2.0, 3.0])
        self.assertEqual(cpu, [50.0, 100.0, 0.0])
        self.assertEqual(rss, [2.0, 4.0, 3.0])


class SamplerTest(unittest.TestCase):
    def test_samples_this_process_and_reads_them_back(self):
        with tempfile.TemporaryDirectory() as d:
            out = Path(d) / "samples.tsv"
            procstat.sample([("me", os.getpid()), ("gone", 2 ** 22 + 7)], out, interval=0.01, ticks=3)
            samples = procstat.read_samples(out)
            self.assertEqual(out.read_text().splitlines()[0], procstat.HEADER)
        self.assertEqual([s.name for s in samples], ["me"] * 3, "a process that is gone has no line")
        self.assertTrue(all(s.pid == os.getpid() and s.rss_kib > 0 and s.threads >= 1 for s in samples))
        self.assertLessEqual(samples[0].cpu_ticks, samples[-1].cpu_ticks)


class ListeningTest(unittest.TestCase):
    def test_finds_the_process_listening_on_a_port(self):
        with socket.socket() as server:
            server.bind(("127.0.0.1", 0))
            server.listen()
            self.assertEqual(procstat.pid_listening(server.getsockname()[1]), os.getpid())

    def test_a_connected_socket_is_not_a_listener(self):
        with socket.socket() as server:
            server.bind(("127.0.0.1", 0))
            port = server.getsockname()[1]
        self.assertIsNone(procstat.pid_listening(port))

    def test_finds_the_process_listening_on_a_unix_socket(self):
        with tempfile.TemporaryDirectory() as d, socket.socket(socket.AF_UNIX) as server:
            path = str(Path(d) / "bes.sock")
            server.bind(path)
            server.listen()
            self.assertEqual(procstat.pid_listening_unix(path), os.getpid())
            self.assertIsNone(procstat.pid_listening_unix(path + ".other"))

    def test_reads_a_listen_table_and_fds_of_another_proc_tree(self):
        with tempfile.TemporaryDirectory() as d:
            proc = Path(d)
            (proc / "net").mkdir()
            header = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
            (proc / "net" / "tcp").write_text(
                header
                + "   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  0  0 5555 1\n"
                + "   1: 0100007F:1F91 0100007F:9999 01 00000000:00000000 00:00000000 00000000  0  0 6666 1\n")
            for pid, target in ((300, "socket:[6666]"), (301, "socket:[5555]")):
                (proc / str(pid) / "fd").mkdir(parents=True)
                os.symlink(target, proc / str(pid) / "fd" / "3")
            self.assertEqual(procstat.pid_listening(0x1F90, proc), 301)
            self.assertIsNone(procstat.pid_listening(0x1F91, proc), "an established connection is no listener")


if __name__ == "__main__":
    unittest.main()
