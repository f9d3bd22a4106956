"""scripts/harness/no-services-enabled, which scripts/setup wraps around apt-get install, against a
fake systemctl and dpkg-query on PATH (this container's systemd does not run)."""

import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

TOOL = Path(__file__).resolve().parents[1] / "no-services-enabled"

# systemctl as far as the tool uses it: list-unit-files --state=enabled, and disable, on a file
# of enabled units.
FAKE_SYSTEMCTL = """#!/bin/sh
case "$1" in
  list-unit-files) sed 's/$/ enabled enabled/' "$FAKE_UNITS" ;;
  disable) grep -v -x "$3" "$FAKE_UNITS" > "$FAKE_UNITS.new"; mv "$FAKE_UNITS.new" "$FAKE_UNITS" ;;
  *) exit 1 ;;
esac
"""

# dpkg-query -W (the installed packages, from a file) and -S (which package ships a unit file).
FAKE_DPKG_QUERY = """#!/bin/sh
case "$1" in
  -W) sed 's/^/ii  /' "$FAKE_PACKAGES" ;;
  -S) case "$2" in
        /lib/systemd/system/nginx.service) echo "nginx-common: $2" ;;
        *) echo "dpkg-query: no path found matching pattern $2" >&2; exit 1 ;;
      esac ;;
esac
"""

# What apt-get install nginx does to the machine: two packages, and nginx-common's unit enabled.
INSTALL = ('printf "nginx\\nnginx-common\\n" >> "$FAKE_PACKAGES"; '
           'echo nginx.service >> "$FAKE_UNITS"')


class NoServicesEnabledTest(unittest.TestCase):
    def setUp(self):
        self.dir = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, self.dir, True)
        self.bin = self.dir / "bin"
        self.bin.mkdir()
        self.units = self.dir / "units"
        self.units.write_text("e2scrub_reap.service\npostgresql.service\n")
        self.packages = self.dir / "packages"
        self.packages.write_text("bash\ncurl\n")
        self.write_tool("dpkg-query", FAKE_DPKG_QUERY)
        self.env = dict(os.environ, FAKE_UNITS=str(self.units), FAKE_PACKAGES=str(self.packages))

    def write_tool(self, name, text):
        path = self.bin / name
        path.write_text(text)
        path.chmod(0o755)

    def run_tool(self, *command, path=None):
        env = dict(self.env, PATH=path or f"{self.bin}:{os.environ['PATH']}")
        return subprocess.run([shutil.which("bash"), str(TOOL), *command], capture_output=True, text=True,
                              timeout=30, env=env)

    def test_a_unit_the_install_enabled_is_disabled_again_naming_the_package_it_came_from(self):
        self.write_tool("systemctl", FAKE_SYSTEMCTL)
        done = self.run_tool("sh", "-c", INSTALL)
        self.assertEqual(done.returncode, 0, done.stderr)
        # The unit came from nginx-common, which the command line (apt-get install nginx) did
        # not name; units enabled before are left as they were.
        self.assertEqual(self.units.read_text().split(), ["e2scrub_reap.service", "postgresql.service"])
        self.assertIn("nginx-common's nginx.service was enabled for the next boot by the install; "
                      "disabled again", done.stdout)

    def test_nothing_enabled_nothing_said_and_the_commands_status_passed_on(self):
        self.write_tool("systemctl", FAKE_SYSTEMCTL)
        done = self.run_tool("sh", "-c", "exit 100")
        self.assertEqual(done.returncode, 100)
        self.assertEqual((done.stdout, done.stderr), ("", ""))

    def test_a_unit_enabled_before_the_install_stays_enabled(self):
        self.write_tool("systemctl", FAKE_SYSTEMCTL)
        self.units.write_text("nginx.service\n")
        done = self.run_tool("sh", "-c", 'printf "nginx\\n" >> "$FAKE_PACKAGES"')
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(self.units.read_text(), "nginx.service\n")
        self.assertEqual(done.stdout, "")

    def test_without_systemctl_it_says_what_it_could_not_check_and_what_was_installed(self):
        # A PATH with the tools the script uses but no systemctl.
        tools = self.dir / "tools"
        tools.mkdir()
        for name in ("awk", "sort", "comm", "paste", "head", "cut", "sed", "sh", "cat", "grep"):
            found = shutil.which(name)
            self.assertIsNotNone(found, name)
            (tools / name).symlink_to(found)
        done = self.run_tool("sh", "-c", INSTALL, path=f"{self.bin}:{tools}")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("systemctl is missing: could not check whether the install enabled a service "
                      "for the next boot; it installed nginx nginx-common", done.stderr)

    def test_a_systemctl_that_cannot_list_the_units_is_said_so(self):
        self.write_tool("systemctl", "#!/bin/sh\nexit 1\n")
        done = self.run_tool("sh", "-c", INSTALL)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("systemctl could not list the enabled units: could not check", done.stderr)


if __name__ == "__main__":
    unittest.main()
