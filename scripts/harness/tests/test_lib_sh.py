"""The shell side's pure functions: configuration selection and the generated olfs.xml."""

import subprocess
import tempfile
import unittest
import xml.etree.ElementTree as ET
from pathlib import Path

LIB = Path(__file__).resolve().parents[1] / "lib.sh"


def bash(script):
    done = subprocess.run(["bash", "-c", f"set -euo pipefail; source '{LIB}'; {script}"],
                          capture_output=True, text=True, timeout=30)
    return done.returncode, done.stdout.split(), done.stderr


class LibShTest(unittest.TestCase):
    def test_a_progress_line_says_how_long_the_script_has_run(self):
        rc, _, err = bash('SECONDS=75; H_PROG=scripts/study h_log "configuration 2 of 6: cache-on"')
        self.assertEqual(rc, 0)
        self.assertRegex(err, r"^scripts/study \[1:1[5-9]\]: configuration 2 of 6: cache-on\n$")

    def test_a_scripts_progress_lines_reach_the_console_and_everything_its_log(self):
        with tempfile.TemporaryDirectory() as d:
            log = Path(d) / "study.out"
            script = ('H_PROG=scripts/study; h_log "configuration 1 of 1: cache-on"; '
                      'echo "| a table |"; echo "warmed 127.0.0.1:1 in 1.0 s" >&2; exit 3')
            rc, _, err = bash(f"h_run_showing_progress '{log}' bash -c 'source \"{LIB}\"; {script}' "
                              "|| echo \"status $?\" >&2")
            self.assertEqual(rc, 0, err)
            self.assertRegex(err, r"^    scripts/study \[0:0\d\]: configuration 1 of 1: cache-on\n"
                                  r"status 3\n$")
            self.assertEqual(log.read_text().splitlines()[1:], ["| a table |",
                                                                "warmed 127.0.0.1:1 in 1.0 s"])

    def test_every_configuration_runs_against_the_emulator(self):
        rc, names, _ = bash('h_selected ""')
        self.assertEqual(rc, 0)
        self.assertEqual(names, ["cache-off", "cache-on", "cache-on-unix", "response-cache",
                                 "2009-cache-off",
                                 "2009-cache-on", "2009-delay-cache-off", "2009-delay-cache-on",
                                 "2009-olfs-model", "2009-olfs-model-memoized"])

    def test_a_real_tcp_bes_drops_the_service_time_unix_and_2009_model_configurations(self):
        rc, names, _ = bash('H_REAL_BES=bes:10022; h_selected ""')
        self.assertEqual(names, ["cache-off", "cache-on", "response-cache", "2009-cache-off",
                                 "2009-cache-on"])
        rc, names, _ = bash('H_REAL_SOCKET=/run/bes.sock; h_selected ""')
        self.assertEqual(names, ["cache-on-unix"])

    def test_an_unknown_configuration_is_named(self):
        rc, _, err = bash('h_selected cache-on,nope')
        self.assertNotEqual(rc, 0)
        self.assertIn("unknown configuration 'nope'", err)

    def test_each_configuration_has_every_field(self):
        rc, out, err = bash('for n in $(h_config_names); do h_config "$n"; '
                            'echo "$C_NAME,$C_BASELINE,$C_CACHE,$C_QUICKACK,$C_TRANSPORT,$C_FRONTEND"; done')
        self.assertEqual(rc, 0, err)
        for line in out:
            name, baseline, cache, quickack, transport, frontend = line.split(",")
            self.assertIn(cache, ("on", "datasource", "off") if frontend == "fastpath"
                          else ("on", "off"), line)
            self.assertIn(quickack, ("on", "off"), line)
            self.assertIn(transport, ("tcp", "unix"), line)
            self.assertIn(frontend, ("fastpath", "olfs-2009-model"), line)
            if frontend == "fastpath":
                self.assertTrue(baseline.endswith("cache-off"), line)
            else:
                self.assertEqual(baseline, "2009-olfs-model", line)

    def test_the_2009_model_rows_use_the_2009_show_info_and_a_plain_client(self):
        rc, out, err = bash('for n in 2009-olfs-model 2009-olfs-model-memoized; do h_config "$n"; '
                            'echo "$C_EMU,$C_CACHE,$C_QUICKACK,$C_FRONTEND"; done')
        self.assertEqual(rc, 0, err)
        self.assertEqual(out, ["--show-info-2009,off,off,olfs-2009-model",
                               "--show-info-2009,on,off,olfs-2009-model"])

    def test_config_file_for_tcp_with_plain_client(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "olfs.xml"
            rc, _, err = bash(f"olfs_config_write '{path}' 127.0.0.1:10022 off off")
            self.assertEqual(rc, 0, err)
            root = ET.parse(path).getroot()
        self.assertEqual(root.findtext("BESManager/BES/host"), "127.0.0.1")
        self.assertEqual(root.findtext("BESManager/BES/port"), "10022")
        self.assertIsNone(root.find("FastPath/unixSocket"))
        self.assertEqual(root.find("FastPath/Cache").get("enabled"), "false")
        self.assertEqual(root.find("FastPath/ResponseCache").get("enabled"), "false")
        self.assertEqual(root.find("FastPath/ClientPool").get("quickAck"), "false")

    def test_config_file_for_a_load_generator_turns_shares_off(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "olfs.xml"
            rc, _, err = bash(f"olfs_config_write '{path}' 127.0.0.1:10022 on '' '' '' off")
            self.assertEqual(rc, 0, err)
            root = ET.parse(path).getroot()
            rc, _, err = bash(f"olfs_config_write '{path}.default' 127.0.0.1:10022 on")
            self.assertEqual(rc, 0, err)
            default = ET.parse(f"{path}.default").getroot()
        self.assertEqual(root.find("FastPath/BesGroups").get("clientShare"), "100%")
        self.assertIsNone(default.find("FastPath/BesGroups"), "shares at their defaults")

    def test_config_file_with_the_data_source_cache_alone(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "olfs.xml"
            rc, _, err = bash(f"olfs_config_write '{path}' 127.0.0.1:10022 datasource on")
            self.assertEqual(rc, 0, err)
            root = ET.parse(path).getroot()
        self.assertEqual(root.find("FastPath/Cache").get("enabled"), "true")
        self.assertEqual(root.find("FastPath/ResponseCache").get("enabled"), "false")

    def test_config_file_for_unix_socket(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "olfs.xml"
            bash(f"olfs_config_write '{path}' unix:/tmp/x/bes.sock on on")
            root = ET.parse(path).getroot()
        self.assertEqual(root.findtext("FastPath/unixSocket"), "/tmp/x/bes.sock")
        self.assertIsNone(root.find("BESManager/BES/host"))
        self.assertEqual(root.find("FastPath/Cache").get("enabled"), "true")
        self.assertEqual(root.find("FastPath/ClientPool").get("quickAck"), "true")

    def test_config_file_as_serve_writes_it_with_data_root_and_default_quickack(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "olfs.xml"
            rc, _, err = bash(f"olfs_config_write '{path}' 127.0.0.1:10022 on '' /srv/data")
            self.assertEqual(rc, 0, err)
            root = ET.parse(path).getroot()
        self.assertEqual(root.findtext("FastPath/dataRoot"), "/srv/data")
        self.assertEqual(root.find("FastPath/Cache").get("enabled"), "true")
        self.assertEqual(root.find("FastPath/ResponseCache").get("enabled"), "true")
        self.assertIsNone(root.find("FastPath/ClientPool"), "no quickAck given: the default holds")

    def test_config_file_with_several_bes_in_one_root_group(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "olfs.xml"
            rc, _, err = bash(f"olfs_config_write '{path}' 127.0.0.1:10022,127.0.0.1:10023,bes3:10022 on")
            self.assertEqual(rc, 0, err)
            root = ET.parse(path).getroot()
        bes = root.findall("BESManager/BES")
        self.assertEqual([(b.findtext("prefix"), b.findtext("host"), b.findtext("port")) for b in bes],
                         [("/", "127.0.0.1", "10022"), ("/", "127.0.0.1", "10023"),
                          ("/", "bes3", "10022")])
        self.assertIsNone(root.find("FastPath/unixSocket"))

    def test_several_bes_must_each_be_host_and_port(self):
        with tempfile.TemporaryDirectory() as d:
            rc, _, err = bash(f"olfs_config_write '{Path(d) / 'olfs.xml'}' 127.0.0.1:10022,unix:/x.sock on")
        self.assertNotEqual(rc, 0)
        self.assertIn("each be HOST:PORT, was 'unix:/x.sock'", err)

    def test_an_empty_cache_setting_is_the_front_ends_default_both_caches(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "olfs.xml"
            rc, _, err = bash(f"olfs_config_write '{path}' 127.0.0.1:10022 ''")
            self.assertEqual(rc, 0, err)
            root = ET.parse(path).getroot()
        self.assertEqual(root.find("FastPath/Cache").get("enabled"), "true")
        self.assertEqual(root.find("FastPath/ResponseCache").get("enabled"), "true")

    def test_data_types_left_out_keep_the_front_ends_default(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "olfs.xml"
            rc, _, err = bash(f"olfs_config_write '{path}' 127.0.0.1:10022 on")
            self.assertEqual(rc, 0, err)
            root = ET.parse(path).getroot()
        self.assertNotIn("dataTypes", root.find("FastPath/ResponseCache").attrib)

    def test_data_types_none_is_written_as_an_explicit_empty_list(self):
        # scripts/dars's second front end: no data answer kept, whatever the default becomes.
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "olfs.xml"
            rc, _, err = bash(f"olfs_config_write '{path}' 127.0.0.1:10022 on '' '' none")
            self.assertEqual(rc, 0, err)
            root = ET.parse(path).getroot()
        cache = root.find("FastPath/ResponseCache")
        self.assertEqual((cache.get("enabled"), cache.get("dataTypes")), ("true", ""))

    def test_data_types_listed_are_written_as_given(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "olfs.xml"
            rc, _, err = bash(f"olfs_config_write '{path}' 127.0.0.1:10022 on '' '' 'dods ascii'")
            self.assertEqual(rc, 0, err)
            root = ET.parse(path).getroot()
        self.assertEqual(root.find("FastPath/ResponseCache").get("dataTypes"), "dods ascii")

    def test_a_component_stopped_mid_run_is_forgotten(self):
        rc, out, err = bash("h_start x /dev/null sleep 30; a=$H_LAST_PID; h_start y /dev/null sleep 30; "
                            "b=$H_LAST_PID; h_stop_started $a; kill -0 $a 2>/dev/null && echo alive; "
                            "[[ \"${H_PIDS[*]}\" == \"$b\" ]] && echo kept; h_stop_all; "
                            "kill -0 $b 2>/dev/null || echo stopped")
        self.assertEqual(rc, 0, err)
        self.assertEqual(out, ["kept", "stopped"])


if __name__ == "__main__":
    unittest.main()
