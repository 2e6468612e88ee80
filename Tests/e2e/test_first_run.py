"""A first run with no config file: a tap opens a menu of the programs found on PATH."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import unittest
from pathlib import Path

from buoy_fixture import BUOY, Buoy, count_lines
from harness import HeadlessSway, wait_for
import test_menu  # not its names: unittest would run its MenuTests here too
from test_msg import msg

DEFAULT_BLUE = (0x35, 0x84, 0xE4)


def stub(directory: Path, name: str, marker: Path) -> None:
    """An executable `name` that appends its arguments to `marker`."""
    directory.mkdir(exist_ok=True)
    path = directory / name
    path.write_text(f'#!/bin/sh\necho "$*" >> {marker}\n')
    path.chmod(0o755)


def start_without_config(sway, path: Path, verbosity: str = "-dd") -> Buoy:
    return Buoy(sway, None, env={"PATH": str(path)}, verbosity=verbosity).start()


def menu_open(buoy: Buoy) -> bool:
    return json.loads(msg(buoy, "state").stdout)["menu_open"]


class FirstRunTests(unittest.TestCase):
    def test_with_only_a_terminal_on_path_a_tap_opens_it_from_the_menu(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            bin_dir, marker = sway.artifact("bin"), sway.artifact("terminal-ran")
            stub(bin_dir, "foot", marker)
            buoy = start_without_config(sway, bin_dir)
            x, y = buoy.wait_for_button(DEFAULT_BLUE).centroid
            self.assertIn("a tap opens a menu of: Terminal, Edit buoy's config\n", buoy.log())
            pointer.click(x, y)
            wait_for(lambda: menu_open(buoy), timeout=3, message="the first-run menu open")
            test_menu.MenuTests.wtype(sway, "-k", "Return")
            wait_for(lambda: count_lines(marker) == 1, timeout=3, message="the stub terminal ran")
            wait_for(lambda: not menu_open(buoy), timeout=3, message="the menu closed")

    def test_edit_writes_the_example_and_opens_it(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            bin_dir, opened = sway.artifact("bin"), sway.artifact("opened")
            stub(bin_dir, "foot", sway.artifact("terminal-ran"))
            stub(bin_dir, "xdg-open", opened)
            (bin_dir / "mkdir").symlink_to("/bin/mkdir")
            buoy = Buoy(sway, None, env={"PATH": str(bin_dir)})
            os.rmdir(buoy.config_path.parent)
            buoy.start()
            x, y = buoy.wait_for_button(DEFAULT_BLUE).centroid
            self.assertIn("a tap opens a menu of: Terminal, Edit buoy's config\n", buoy.log())
            pointer.click(x, y)
            wait_for(lambda: menu_open(buoy), timeout=3, message="the first-run menu open")
            test_menu.MenuTests.wtype(sway, "-k", "Down", "-k", "Return")
            wait_for(lambda: count_lines(opened) == 1, timeout=3, message="xdg-open ran")
            self.assertEqual(opened.read_text(), f"{buoy.config_path}\n")
            example = subprocess.run([BUOY, "--print-default-config"], capture_output=True, text=True,
                                     check=True).stdout
            self.assertEqual(buoy.config_path.read_text(), example)
            self.assertEqual(stat.S_IMODE(buoy.config_path.stat().st_mode), 0o600)
            # The file now exists, and buoy reads it.
            wait_for(lambda: f"reloaded {buoy.config_path}" in buoy.log(), timeout=3,
                     message="the new file read")

    def test_without_xdg_open_or_editor_edit_uses_vi_and_the_config_written_taps_for_the_menu(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            bin_dir, terminal = sway.artifact("bin"), sway.artifact("terminal-ran")
            stub(bin_dir, "foot", terminal)
            (bin_dir / "mkdir").symlink_to("/bin/mkdir")
            buoy = Buoy(sway, None, env={"PATH": str(bin_dir), "EDITOR": ""}).start()
            x, y = buoy.wait_for_button(DEFAULT_BLUE).centroid
            items = "a menu of: Terminal, Edit buoy's config\n"
            self.assertIn(f"a tap opens {items}", buoy.log())
            pointer.click(x, y)
            wait_for(lambda: menu_open(buoy), timeout=3, message="the first-run menu open")
            test_menu.MenuTests.wtype(sway, "-k", "Down", "-k", "Return")
            wait_for(lambda: count_lines(terminal) == 1, timeout=3, message="the terminal ran")
            self.assertEqual(terminal.read_text(), f"vi {buoy.config_path}\n")
            wait_for(lambda: f"reloaded {buoy.config_path}" in buoy.log(), timeout=3,
                     message="the new file read")
            # Its tap opens the same menu, not nothing.
            self.assertIn(f'"menu" with no [[menu.item]] opens {items}', buoy.log())
            wait_for(lambda: not menu_open(buoy), timeout=3, message="the menu closed")
            pointer.click(x, y)
            wait_for(lambda: menu_open(buoy), timeout=3, message="the menu open from the written config")

    def test_with_nothing_found_a_tap_says_which_file_to_create_without_any_flag(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            empty = sway.artifact("empty")
            empty.mkdir()
            buoy = start_without_config(sway, empty, verbosity="")
            x, y = buoy.wait_for_button(DEFAULT_BLUE).centroid
            pointer.click(x, y)
            hint = (f"tap: a tap does nothing yet: there is no config file. Create {buoy.config_path} "
                    "(buoy --print-default-config prints a commented example)")
            wait_for(lambda: hint in buoy.log(), timeout=3, message="the hint logged")
            self.assertIn("[info]", next(line for line in buoy.log().splitlines() if hint in line))
            self.assertFalse(menu_open(buoy))


if __name__ == "__main__":
    unittest.main()
