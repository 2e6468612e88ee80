"""Hot reload through what dotfiles scripts and managers do to the config, on a real headless
sway: its directory removed and made again, and the file a symbolic link into a dotfiles
repository (GNU stow, yadm, rcm) whose target an editor saves in place."""

from __future__ import annotations

import os
import shutil
import unittest
from pathlib import Path

from buoy_fixture import GREEN, MAGENTA, Buoy, hex_color, settle
from harness import HeadlessSway, wait_for
from test_button import config


def colored(rgb: tuple[int, int, int]) -> str:
    # Fully opaque at rest, so that the colour is the configured one in every screenshot.
    return config(button={"color": f'"{hex_color(rgb)}"', "idle_opacity": 1.0})


def save_in_place(path: Path, text: str) -> None:
    """Writes over the file's own bytes, as vim (through a link) and nano save: the inode stays,
    and no event comes from the directory of a link to it."""
    with open(path, "r+") as file:
        file.write(text)
        file.truncate()


class RemovedDirectoryTests(unittest.TestCase):
    def test_a_config_directory_removed_and_made_again_is_watched_again(self):
        # Issue 34 #3: the watch stayed on the removed directory, and no save was read again.
        with HeadlessSway() as sway:
            buoy = Buoy(sway, colored(MAGENTA)).start()
            buoy.wait_for_button(MAGENTA)
            directory = buoy.config_path.parent
            # As a dotfiles script redeploys it: no pause between the steps.
            shutil.rmtree(directory)
            directory.mkdir()
            buoy.config_path.write_text(colored(GREEN))
            buoy.wait_for_button(GREEN, timeout=3)
            # Removed for a while: buoy waits in the parent for it to come back.
            waiting = f"watching {directory.parent} for {buoy.config_path} to appear"
            waited = buoy.log().count(waiting)
            shutil.rmtree(directory)
            wait_for(lambda: buoy.log().count(waiting) > waited, timeout=3,
                     message="buoy watching the parent of the removed directory")
            directory.mkdir()
            buoy.config_path.write_text(colored(MAGENTA))
            buoy.wait_for_button(MAGENTA, timeout=3)
            # And every later save is read.
            save_in_place(buoy.config_path, colored(GREEN))
            buoy.wait_for_button(GREEN, timeout=3)
            self.assertEqual(buoy.stop(), 0)


class SymlinkedConfigTests(unittest.TestCase):
    def test_saves_through_a_symlinked_config_and_a_retargeted_link_are_read(self):
        # Issue 34 #4: only the link's directory was watched, so a save of its target in place
        # was never seen.
        with HeadlessSway() as sway:
            buoy = Buoy(sway, None)
            dotfiles = sway.artifact("dotfiles")
            first = dotfiles / "a" / "buoy.toml"
            second = dotfiles / "b" / "buoy.toml"
            for target, rgb in ((first, MAGENTA), (second, GREEN)):
                target.parent.mkdir(parents=True)
                target.write_text(colored(rgb))
            buoy.config_path.symlink_to(first)  # absolute, as yadm and rcm link
            buoy.start()
            buoy.wait_for_button(MAGENTA)
            save_in_place(first, colored(GREEN))
            buoy.wait_for_button(GREEN, timeout=3)
            # Retargeted as `ln -sfn` does it (a new link renamed over the old one), and
            # relative, as stow links.
            new_link = buoy.config_path.with_name("config.toml.new")
            new_link.symlink_to(os.path.relpath(second, buoy.config_path.parent))
            save_in_place(second, colored(MAGENTA))
            new_link.rename(buoy.config_path)
            buoy.wait_for_button(MAGENTA, timeout=3)
            save_in_place(second, colored(GREEN))
            buoy.wait_for_button(GREEN, timeout=3)
            # The old target is nothing to buoy any more.
            reloads = buoy.log().count(f"reloaded {buoy.config_path}")
            save_in_place(first, colored(MAGENTA))
            settle(0.5)
            self.assertEqual(buoy.log().count(f"reloaded {buoy.config_path}"), reloads, buoy.log()[-2000:])
            self.assertEqual(buoy.stop(), 0)


if __name__ == "__main__":
    unittest.main()
