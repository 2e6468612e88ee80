"""`buoy config`: a set on a running buoy changes the button on screen with one changed line in
the file, on a real headless compositor; and what it does to files on disk: refusals that leave
the bytes alone, the backup, a symbolic link written through, a read-only file, no file."""

from __future__ import annotations

import os
import stat
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

from buoy_fixture import BUOY, GREEN, MAGENTA, Buoy, hex_color
from harness import HeadlessSway

COMMENTED = f"""# My buoy, by hand.
[button]
# The fill: magenta, to be seen.
color = '{hex_color(MAGENTA)}'   # keep this comment
idle_opacity = 1.0

# A menu.
[[menu.item]]
label = "Terminal"  # foot
command = "foot"
"""


def buoy_config(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    bare = {"PATH": os.environ["PATH"], "HOME": "/nonexistent", **(env or {})}
    return subprocess.run([BUOY, "config", *args], env=bare, capture_output=True, text=True, timeout=10)


class RunningBuoyTests(unittest.TestCase):
    def test_set_changes_the_colour_on_screen_within_4_s_with_one_changed_line(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, COMMENTED).start()
            buoy.wait_for_button(MAGENTA)
            before = buoy.config_path.read_bytes()
            # No --config: the file buoy reads, from XDG_CONFIG_HOME.
            started = time.monotonic()
            result = buoy_config("set", "button.color", hex_color(GREEN), env=buoy.env)
            self.assertEqual((result.returncode, result.stderr), (0, ""))
            buoy.wait_for_button(GREEN, timeout=4)
            print(f"\nbuoy config set → the new colour on screen: {time.monotonic() - started:.2f} s")
            diff = subprocess.run(["diff", str(buoy.config_path.with_name("config.toml.bak")),
                                   str(buoy.config_path)], capture_output=True, text=True)
            self.assertEqual(diff.stdout, f"4c4\n< color = '{hex_color(MAGENTA)}'   # keep this comment\n---\n"
                             f"> color = '{hex_color(GREEN)}'   # keep this comment\n")
            self.assertEqual(buoy.config_path.with_name("config.toml.bak").read_bytes(), before)
            self.assertEqual(buoy.stop(), 0)


class FileTests(unittest.TestCase):
    def setUp(self):
        self.directory = Path(tempfile.mkdtemp(prefix="buoy-config-"))
        self.path = self.directory / "config.toml"
        self.path.write_text(COMMENTED)
        self.path.chmod(0o640)

    def tearDown(self):
        for path in sorted(self.directory.rglob("*"), reverse=True):
            path.chmod(0o700) if path.is_dir() else None
            path.rmdir() if path.is_dir() and not path.is_symlink() else path.unlink()
        self.directory.rmdir()

    def test_a_refused_edit_says_where_and_leaves_the_bytes(self):
        cases = [
            # A line the edit would add has no line on disk to name (issue 40: "6:8" in a 10-line file).
            (("set", "button.size", "9999"), f"{self.path}: error: size must be between 16 and 512"),
            (("set", "button.colour", "red"), f"{self.path}: error: unknown key \"colour\""),
            (("item", "add", "--label", "X", "--action", "nope"), f"{self.path}: error: action must be"),
            (("set", "button.idle_opacity", "2"), f"{self.path}:5:16: error: idle_opacity must be between"),
            (("item", "remove", "2"), f"{self.path}: there is no menu.item.2: there are 1"),
            (("item", "move", "1", "2"), f"{self.path}: there is no menu.item.2: there are 1"),
        ]
        for args, message in cases:
            result = buoy_config("--config", str(self.path), *args)
            self.assertEqual(result.returncode, 1, args)
            self.assertTrue(result.stderr.startswith(message), result.stderr)
            self.assertEqual(self.path.read_text(), COMMENTED)
            self.assertFalse(self.path.with_name("config.toml.bak").exists())
        result = buoy_config("--config", str(self.path), "set", "button.size")
        self.assertEqual(result.returncode, 2, result.stderr)

    def test_an_edit_keeps_the_mode_and_a_backup_and_get_reads_it(self):
        config = ("--config", str(self.path))
        self.assertEqual(buoy_config(*config, "item", "add", "--label", "Mute", "--action", "mute",
                                     "--at", "1").returncode, 0)
        self.assertEqual(stat.S_IMODE(self.path.stat().st_mode), 0o640)
        self.assertEqual(self.path.with_name("config.toml.bak").read_text(), COMMENTED)
        self.assertEqual(buoy_config(*config, "get", "menu.item.1.label").stdout, "Mute\n")
        self.assertEqual(buoy_config(*config, "get", "button.size").stdout, "56 (default)\n")
        self.assertEqual(buoy_config(*config, "item", "remove", "1").returncode, 0)
        self.assertEqual(self.path.read_text(), COMMENTED)
        # No temp file is left beside them, only the lock writers take.
        self.assertEqual(sorted(p.name for p in self.directory.iterdir()),
                         [".config.toml.lock", "config.toml", "config.toml.bak"])

    def test_an_action_or_keys_item_needs_no_label(self):
        # Issue 43: `item add --action screenshot` was refused ("takes --label L"), and a file's
        # keys = "ctrl+z" without a label was refused too ("missing label").
        config = ("--config", str(self.path))
        self.assertEqual(buoy_config(*config, "item", "add", "--action", "screenshot").returncode, 0)
        result = buoy_config(*config, "item", "add", "--keys", "ctrl+z")
        self.assertEqual(result.returncode, 0, result.stderr)
        added = self.path.read_text().removeprefix(COMMENTED)
        self.assertNotIn("label", added)
        check = subprocess.run([BUOY, "--check", "--config", str(self.path)], capture_output=True, text=True,
                               timeout=10)
        self.assertEqual(check.returncode, 0, check.stderr)
        self.assertEqual(buoy_config(*config, "item", "add", "--command", "foot").returncode, 2)

    def test_a_symlink_is_written_through_and_a_read_only_file_is_refused(self):
        dotfiles = self.directory / "dotfiles"
        dotfiles.mkdir()
        target = dotfiles / "buoy.toml"
        self.path.rename(target)
        self.path.symlink_to(os.path.relpath(target, self.directory))  # as stow links
        result = buoy_config("--config", str(self.path), "set", "button.size", "64")
        self.assertEqual((result.returncode, result.stderr), (0, ""))
        self.assertTrue(self.path.is_symlink())
        self.assertEqual(target.read_text(), COMMENTED.replace("idle_opacity = 1.0\n",
                                                               "idle_opacity = 1.0\nsize = 64\n"))
        target.chmod(0o444)  # as home-manager's store
        before = target.read_bytes()
        result = buoy_config("--config", str(self.path), "set", "button.size", "40")
        self.assertEqual(result.returncode, 1)
        self.assertIn("read-only", result.stderr)
        self.assertEqual(target.read_bytes(), before)

    def test_button_names_that_button_and_no_other(self):
        # Issue 40: --button b wrote the top-level [actions] (button a's too) and read it for b.
        two = ('[actions]\ntap = "foot"\n\n[[button]]\nname = "a"\n\n'
               '[[button]]\nname = "b"\nposition = "left"\n[button.actions]\ntap = "menu"\n')
        self.path.write_text(two)
        config = ("--config", str(self.path))
        self.assertEqual(buoy_config(*config, "--button", "b", "get", "actions.tap").stdout, "menu\n")
        self.assertEqual(buoy_config(*config, "--button", "a", "get", "actions.tap").stdout,
                         "foot (from [actions], every button's)\n")
        result = buoy_config(*config, "--button", "b", "set", "actions.double_tap", "x")
        self.assertEqual((result.returncode, result.stderr), (0, ""))
        self.assertEqual(self.path.read_text(), two + 'double_tap = "x"\n')
        self.assertEqual(buoy_config(*config, "--button", "a", "get", "actions.double_tap").stdout,
                         "(unset, the default)\n")

    def test_an_inline_table_is_an_action_not_a_command(self):
        # Issue 40: without --toml, this was written as the string '{ action = "keyboard" }', which
        # --check passed and the flick ran as `sh -c '{ action = ...'`.
        config = ("--config", str(self.path))
        result = buoy_config(*config, "set", "actions.swipe_left", '{ action = "keyboard" }')
        self.assertEqual((result.returncode, result.stderr), (0, ""))
        self.assertTrue(self.path.read_text().endswith('\n[actions]\nswipe_left = { action = "keyboard" }\n'),
                        self.path.read_text())
        before = self.path.read_text()
        result = buoy_config(*config, "set", "actions.swipe_left", '{ action = "keybaord" }')
        self.assertEqual(result.returncode, 1)
        self.assertIn("action must be one of", result.stderr)
        self.assertIn("give it with --toml", result.stderr)
        self.assertEqual(self.path.read_text(), before)

    def test_check_never_advises_chmod_through_a_link_to_a_device(self):
        # Issue 40: chmod go-w through this link would change /dev/null's mode.
        link = self.directory / "device.toml"
        link.symlink_to("/dev/null")
        result = subprocess.run([BUOY, "--check", "--config", str(link)], capture_output=True, text=True,
                                timeout=10)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("it is a character device, not a file", result.stderr)
        self.assertNotIn("chmod", result.stderr)

    def test_with_no_file_set_starts_one_under_a_header(self):
        path = self.directory / "new" / "buoy" / "config.toml"
        result = buoy_config("--config", str(path), "set", "actions.tap", "menu")
        self.assertEqual((result.returncode, result.stderr), (0, ""))
        self.assertEqual(path.read_text(), "# buoy's config (see buoy(5)), started by `buoy config`.\n\n"
                                           "[actions]\ntap = \"menu\"\n")
        check = subprocess.run([BUOY, "--check", "--config", str(path)], capture_output=True, text=True)
        self.assertEqual(check.returncode, 0, check.stderr)
        self.assertEqual(buoy_config("path", env={"XDG_CONFIG_HOME": "/x"}).stdout, "/x/buoy/config.toml\n")

    def test_a_relative_path_to_no_file_is_made_where_it_says(self):
        # Files.makeDirectories made "new/dir" as "/new/dir", so the file could not be written.
        result = subprocess.run([BUOY, "config", "--config", "new/dir/c.toml", "set", "button.size", "40"],
                                cwd=self.directory, capture_output=True, text=True, timeout=10)
        self.assertEqual((result.returncode, result.stderr), (0, ""))
        self.assertIn("size = 40\n", (self.directory / "new" / "dir" / "c.toml").read_text())


if __name__ == "__main__":
    unittest.main()
