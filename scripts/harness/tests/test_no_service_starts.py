"""scripts/harness/no-service-starts, which scripts/setup wraps around apt-get install."""

import os
import shutil
import signal
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

TOOL = Path(__file__).resolve().parents[1] / "no-service-starts"


def run(policy, *command, **kwargs):
    return subprocess.run([str(TOOL), "--policy", str(policy), *command], capture_output=True,
                          text=True, timeout=30, **kwargs)


class NoServiceStartsTest(unittest.TestCase):
    def setUp(self):
        self.dir = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, self.dir, True)
        self.policy = self.dir / "usr/sbin/policy-rc.d"

    def test_during_the_command_every_service_start_is_refused_and_afterwards_the_policy_is_gone(self):
        # What a maintainer script's invoke-rc.d or deb-systemd-invoke does: run the policy.
        done = run(self.policy, "sh", "-c", f"'{self.policy}' nginx.service start; echo $?")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout.strip(), "101")
        self.assertFalse(self.policy.exists())

    def test_the_commands_status_is_passed_on_and_the_policy_removed_when_it_fails(self):
        done = run(self.policy, "sh", "-c", "exit 100")
        self.assertEqual(done.returncode, 100)
        self.assertFalse(self.policy.exists())

    def test_a_policy_that_was_there_is_kept_as_it_was(self):
        self.policy.parent.mkdir(parents=True)
        self.policy.write_text("#!/bin/sh\nexit 0\n")
        self.policy.chmod(0o700)
        done = run(self.policy, "sh", "-c", f"'{self.policy}' nginx start; echo $?")
        self.assertEqual(done.stdout.strip(), "0")
        self.assertIn("is there already", done.stderr)
        self.assertEqual(self.policy.read_text(), "#!/bin/sh\nexit 0\n")
        self.assertEqual(self.policy.stat().st_mode & 0o777, 0o700)

    def test_interrupted_it_still_removes_the_policy(self):
        started = self.dir / "started"
        process = subprocess.Popen([str(TOOL), "--policy", str(self.policy), "sh", "-c",
                                    f"touch '{started}'; sleep 30"], start_new_session=True,
                                   stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not started.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertTrue(self.policy.exists())
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
        self.assertFalse(self.policy.exists())


if __name__ == "__main__":
    unittest.main()
