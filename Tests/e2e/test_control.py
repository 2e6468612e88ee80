"""Reload, visibility, signals and the config's safety checks, on a real headless sway."""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

from buoy_fixture import BUOY, GREEN, MAGENTA, Buoy
from harness import HeadlessSway, wait_for
from test_button import config as button_config


def config() -> str:
    """The test colour, and no idle fade: these tests compare colours over time."""
    return button_config(button={"idle_opacity": 1.0})


def green_config() -> str:
    return config().replace("#ff00ff", "#00ff00")


class ReloadTests(unittest.TestCase):
    def test_saving_the_file_reloads_it_and_the_colour_changes(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config()).start()
            before = buoy.wait_for_button(MAGENTA)
            # Write-and-rename, as most editors save.
            temp = buoy.config_path.with_suffix(".swp")
            temp.write_text(green_config())
            temp.rename(buoy.config_path)
            after = buoy.wait_for_button(GREEN, timeout=3)
            self.assertAlmostEqual(after.centroid[0], before.centroid[0], delta=1, msg="kept its place")
            self.assertAlmostEqual(after.centroid[1], before.centroid[1], delta=1)

    def test_sighup_reloads(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config()).start()
            buoy.wait_for_button(MAGENTA)
            buoy.config_path.write_text(green_config())
            buoy.process.send_signal(signal.SIGHUP)
            buoy.wait_for_button(GREEN, timeout=3)

    def test_a_bad_edit_keeps_the_old_colour_and_reports_the_error(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config()).start()
            buoy.wait_for_button(MAGENTA)
            buoy.config_path.write_text(green_config().replace("[button]", "[button]\nsize = 'big'"))
            wait_for(lambda: "reload failed" in buoy.log(), timeout=3, message="the reload error logged")
            self.assertRegex(buoy.log(), rf"{buoy.config_path}:2:8: error: size expects a number, got string")
            time.sleep(0.2)
            buoy.wait_for_button(MAGENTA, timeout=1)
            self.assertIsNone(sway.screenshot().find(GREEN, tolerance=8))
            self.assertIsNone(buoy.process.poll())


class VisibilityTests(unittest.TestCase):
    def test_sigusr1_toggles_the_button(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config()).start()
            buoy.wait_for_button(MAGENTA)
            buoy.process.send_signal(signal.SIGUSR1)
            wait_for(lambda: sway.screenshot().find(MAGENTA, tolerance=8) is None, timeout=3,
                     message="hidden")
            buoy.process.send_signal(signal.SIGUSR1)
            buoy.wait_for_button(MAGENTA, timeout=3)


class SafetyTests(unittest.TestCase):
    def test_a_world_writable_config_is_refused(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "config.toml"
            path.write_text(config())
            os.chmod(path, 0o666)
            for args in (["--check", "--config", str(path)], ["--config", str(path)]):
                result = subprocess.run([BUOY, *args], capture_output=True, text=True, timeout=10)
                self.assertNotEqual(result.returncode, 0)
                self.assertIn("writable by group and others (mode 666)", result.stderr)
                self.assertIn("chmod go-w", result.stderr)

    def test_a_config_owned_by_someone_else_is_refused(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "config.toml"
            path.write_text(config())
            os.chmod(path, 0o644)
            os.chown(path, 65534, 65534) if os.getuid() == 0 else None
            if os.getuid() != 0:
                self.fail("this test needs root to give the file away (CI runs as root)")
            result = subprocess.run([BUOY, "--check", "--config", str(path)], capture_output=True,
                                    text=True, timeout=10)
            self.assertNotEqual(result.returncode, 0)
            self.assertIn("owned by uid 65534", result.stderr)


if __name__ == "__main__":
    unittest.main()
