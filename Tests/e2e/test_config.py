"""Where the config comes from and what --check says about it, on a real headless sway."""

from __future__ import annotations

import grp
import os
import pwd
import random
import shutil
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

from buoy_fixture import BUOY, GREEN, MAGENTA, Buoy, settle
from harness import HeadlessSway, wait_for
from test_button import config


def private_group() -> int:
    """The gid of this user's private group: named as the user, no other member."""
    user = pwd.getpwuid(os.getuid())
    group = grp.getgrgid(user.pw_gid)
    others = [p.pw_name for p in pwd.getpwall() if p.pw_gid == group.gr_gid and p.pw_name != user.pw_name]
    if group.gr_name != user.pw_name or set(group.gr_mem) - {user.pw_name} or others:
        raise AssertionError(f"{user.pw_name}'s group {group.gr_name} is not private to them here")
    return group.gr_gid


def shared_group() -> int:
    """A group that is not this user's private one ("users", which Debian has)."""
    return grp.getgrnam("users").gr_gid


def check(path: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([BUOY, "--check", "--config", str(path)] if path else [BUOY, "--check"],
                          capture_output=True, text=True, timeout=10, env=env)


class CheckTests(unittest.TestCase):
    def test_every_error_and_the_warnings_come_as_path_line_col_lines(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "config.toml"
            path.write_text('[button]\nsize = 9\nszie = 1\nidle_delay = 90\n'
                            '[snap]\nduration = "slow"\n')
            result = check(path)
            self.assertEqual(result.returncode, 1, result.stderr)
            located = [line for line in result.stderr.splitlines() if not line.startswith("    ")]
            self.assertEqual(located, [
                f"{path}:2:8: error: size must be between 16 and 512 logical pixels, got 9",
                f'{path}:3:1: warning: unknown key "szie" in [button]; did you mean "size"?',
                f"{path}:4:14: error: idle_delay must be between 0 and 60 seconds, got 90",
                f"{path}:6:12: error: duration expects a number, got string",
            ])
            self.assertEqual(result.stdout, "")

    def test_warnings_about_an_invisible_button_and_a_missing_icon(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "config.toml"
            there = Path(tmp) / "there.png"
            there.write_bytes(b"")
            path.write_text(
                "[button]\nopacity = 0\nidle_opacity = 0\n"
                f'[[menu.item]]\nlabel = "A"\nicon = "{tmp}/gone.png"\ncommand = "a"\n'
                f'[[menu.item]]\nlabel = "B"\nicon = "{there}"\ncommand = "b"\n')
            result = check(path)
            self.assertEqual(result.returncode, 0, result.stderr)
            located = [line for line in result.stderr.splitlines() if not line.startswith("    ")]
            self.assertEqual(located, [
                f"{path}:2:1: warning: opacity and idle_opacity are both 0: the button is invisible",
                f"{path}:6:8: warning: no icon file at {tmp}/gone.png; the item shows its label's "
                "first letter",
            ])
            self.assertEqual(result.stdout, f"{path}: ok, with 2 warnings\n")

    def test_with_no_config_file_it_says_the_defaults_are_in_use(self):
        with tempfile.TemporaryDirectory() as tmp:
            env = {**os.environ, "XDG_CONFIG_HOME": f"{tmp}/home", "XDG_CONFIG_DIRS": f"{tmp}/etc"}
            result = check(None, env)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual(result.stderr, "")
            self.assertEqual(
                result.stdout,
                f"no config file (looked for {tmp}/home/buoy/config.toml, {tmp}/etc/buoy/config.toml):"
                " defaults in use\n")

    def test_without_home_only_the_system_wide_config_is_looked_for(self):
        # Issue 34 #15c: with HOME unset, the user's config was looked for at //.config.
        with tempfile.TemporaryDirectory() as tmp:
            unset = ("HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME")
            env = {**{k: v for k, v in os.environ.items() if k not in unset}, "XDG_CONFIG_DIRS": f"{tmp}/etc"}
            result = check(None, env)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual(result.stdout,
                             f"no config file (looked for {tmp}/etc/buoy/config.toml): defaults in use\n")


class LocationTests(unittest.TestCase):
    def test_a_system_wide_config_is_read_when_the_user_has_none(self):
        with HeadlessSway() as sway:
            first, second = sway.artifact("etc-a"), sway.artifact("etc-b")
            (second / "buoy").mkdir(parents=True)
            (second / "buoy" / "config.toml").write_text(config())
            buoy = Buoy(sway, None, env={"XDG_CONFIG_DIRS": f"relative:{first}:{second}"}).start()
            buoy.wait_for_button(MAGENTA)
            result = check(None, buoy.env)
            self.assertEqual(result.stdout, f"{second}/buoy/config.toml: ok\n", result.stderr)

    def test_a_config_written_after_start_into_missing_directories_is_read(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, None)
            shutil.rmtree(buoy.home / "config")  # not even $XDG_CONFIG_HOME exists
            buoy.start()
            wait_for(lambda: f"watching {buoy.home} for {buoy.config_path} to appear" in buoy.log(),
                     timeout=5, message="buoy watching the nearest existing directory")
            buoy.config_path.parent.mkdir(parents=True)
            buoy.config_path.write_text(config(button={"idle_opacity": 1.0}))
            buoy.wait_for_button(MAGENTA, timeout=3)
            # The watch is on the config's own directory now: a save still reloads.
            buoy.config_path.write_text(config(button={"idle_opacity": 1.0}).replace("#ff00ff", "#00ff00"))
            buoy.wait_for_button(GREEN, timeout=3)

    def test_directories_made_one_right_after_the_other_are_followed_30_times_in_30(self):
        # `mkdir -p` makes the next level while buoy moves its watch to the one before. Before
        # buoy looked again after each new watch, an idle buoy missed the file in 8 starts of
        # 60 when the levels came 0-10 µs apart, as here (this test failed 1 run in 2).
        with HeadlessSway() as sway:
            for run in range(30):
                buoy = Buoy(sway, None, name=f"buoy-{run}")
                shutil.rmtree(buoy.home / "config")
                buoy.start()
                wait_for(lambda: "ahead of time" in buoy.log(), timeout=5, message="buoy idle, its menu drawn")
                time.sleep(0.05)
                os.mkdir(buoy.home / "config")
                for _ in range(random.randint(0, 300)):
                    pass
                os.mkdir(buoy.config_path.parent)
                buoy.config_path.write_text(config(button={"idle_opacity": 1.0}))
                wait_for(lambda: "reloaded" in buoy.log(), timeout=2, message=f"run {run + 1}: the config read")
                self.assertEqual(buoy.stop(), 0)

    def test_a_save_refused_for_its_mode_is_read_once_chmod_go_w_fixes_it(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config(button={"idle_opacity": 1.0})).start()
            buoy.wait_for_button(MAGENTA)
            # Saved group-writable, in a group that others share: refused, with the fix named.
            saved = buoy.config_path.with_name("config.toml.new")
            saved.write_text(config(button={"idle_opacity": 1.0}).replace("#ff00ff", "#00ff00"))
            saved.chmod(0o664)
            os.chown(saved, -1, shared_group())
            saved.rename(buoy.config_path)
            wait_for(lambda: f"fix it with: chmod go-w {buoy.config_path}" in buoy.log(), timeout=3,
                     message="the save refused")
            os.chmod(buoy.config_path, 0o644)
            buoy.wait_for_button(GREEN, timeout=3)
            # Reading the file changes no attribute that would reload it again.
            settle()
            self.assertEqual(buoy.log().count(f"reloaded {buoy.config_path}"), 1, buoy.log())

    def test_a_group_writable_config_in_the_users_private_group_is_read(self):
        # Issue 34 §2.3: umask 002 saves it so, and it was refused like any group-writable file.
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config(button={"idle_opacity": 1.0}))
            gid = private_group()
            os.chown(buoy.config_path, -1, gid)
            buoy.config_path.chmod(0o664)
            buoy.start()
            buoy.wait_for_button(MAGENTA)
            result = check(buoy.config_path, buoy.env)
            self.assertEqual(result.stdout, f"{buoy.config_path}: ok\n", result.stderr)
            # And a save in that group reloads as any other.
            buoy.config_path.write_text(config(button={"idle_opacity": 1.0}).replace("#ff00ff", "#00ff00"))
            buoy.wait_for_button(GREEN, timeout=3)

    def test_position_center_starts_in_the_middle(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config(button={"position": '"center"'})).start()
            x, y = buoy.wait_for_button(MAGENTA).centroid
            self.assertAlmostEqual(x, 640, delta=2)
            self.assertAlmostEqual(y, 360, delta=2)


if __name__ == "__main__":
    unittest.main()
