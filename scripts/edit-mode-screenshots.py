#!/usr/bin/env python3
"""Edit mode's screenshots for the README, on a phone-sized 360x720 output: the menu with its
Edit entry, edit mode's items (each circle a "−" badge), the picker's groups and the Media
group, written to docs/screenshots/. Runs a private headless sway and taps with its virtual
pointer where buoy's debug log says each item is, as test_edit_mode does.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests" / "e2e"))

from buoy_fixture import Buoy  # noqa: E402
from harness import HeadlessSway, wait_for  # noqa: E402
from test_edit_mode import wait_items  # noqa: E402
from test_msg import msg  # noqa: E402

WALLPAPER = (0x2E, 0x34, 0x40)
OUT = REPO / "docs" / "screenshots"
CONFIG = """[button]
position = "right"
idle_opacity = 1.0
[menu]
edit = "touch"
open_duration = 0
close_duration = 0
[[menu.item]]
label = "Terminal"
icon = "utilities-terminal"
command = "true"
[[menu.item]]
label = "Files"
icon = "system-file-manager"
command = "true"
[[menu.item]]
label = "Keyboard"
icon = "input-keyboard"
command = "true"
"""


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with HeadlessSway(resolution=(360, 720), background=WALLPAPER) as sway:
        pointer = sway.pointer()
        buoy = Buoy(sway, CONFIG).start()
        wait_for(lambda: sway.screenshot().find((0x35, 0x84, 0xE4), tolerance=8), message="the button")

        def shoot(name: str) -> None:
            time.sleep(0.3)
            path = OUT / f"{name}.png"
            sway.screenshot().save_png(path)
            print(f"wrote {path.relative_to(REPO)}")

        mark = len(buoy.log())
        msg(buoy, "menu")
        menu = wait_items(buoy, mark, lambda p: "Edit" in p, "the menu")
        shoot("edit-menu")
        for tap, wanted, name in (("Edit", "Done", "edit-items"), ("Add", "Media", "edit-picker"),
                                  ("Media", "Volume up", "edit-media")):
            mark = len(buoy.log())
            pointer.click(*menu[tap][:2])
            menu = wait_items(buoy, mark, lambda p, wanted=wanted: wanted in p, name)
            shoot(name)
        buoy.stop()


if __name__ == "__main__":
    main()
