"""The cursor over the button on a compositor without wp_cursor_shape_v1 (sway 1.7; on a
newer sway, buoy is told to ignore the global): buoy reads no cursor theme until the pointer
first enters, then the one cursor file it shows, and the cursor appears in a screenshot."""

from __future__ import annotations

import unittest
from pathlib import Path

from buoy_fixture import MAGENTA, Buoy
from harness import HarnessError, HeadlessSway, WaylandDebugLog, wait_for
from test_button import config

# The theme desktops install; its cursors are black outlines filled white.
ADWAITA = Path("/usr/share/icons/Adwaita/cursors")


def cursor_memfds(pid: int) -> list[str]:
    """The mappings of cursor images: buoy, as libwayland-cursor did, keeps them in memfds
    named wayland-cursor."""
    return [line for line in Path(f"/proc/{pid}/maps").read_text().splitlines()
            if "wayland-cursor" in line and "libwayland-cursor" not in line]


def dark_pixels(image, x: int, y: int) -> set[tuple[int, int]]:
    """The near-black pixels of the 40 px square below and right of (x, y), where a cursor
    whose hotspot is near its top left corner is drawn."""
    return {(px, py) for px in range(x - 8, x + 32) for py in range(y - 8, y + 32)
            if max(image.pixel(px, py)) <= 40}


class CursorThemeTests(unittest.TestCase):
    def test_the_cursor_is_read_when_the_pointer_first_enters_and_shows_over_the_button(self):
        if not (ADWAITA / "pointer").exists():
            raise HarnessError(f"no Adwaita cursor theme at {ADWAITA} (apt-get install adwaita-icon-theme)")
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            pointer.move(20, 20)
            env = {"WAYLAND_DEBUG": "1", "XCURSOR_PATH": str(ADWAITA.parent.parent), "XCURSOR_THEME": "Adwaita",
                   "XCURSOR_SIZE": "24", "BUOY_IGNORE_GLOBALS": "wp_cursor_shape_manager_v1"}
            buoy = Buoy(sway, config(button={"idle_delay": 60}), env=env).start()
            button = buoy.wait_for_button_to_rest(MAGENTA)
            self.assertEqual(cursor_memfds(buoy.pid), [], "a cursor read before the pointer entered")
            x, y = (round(c) for c in button.center)
            before = dark_pixels(sway.screenshot(), x, y)

            pointer.move(x, y)
            wait_for(lambda: WaylandDebugLog(buoy.log()).requested("set_cursor"), timeout=3,
                     message="wl_pointer.set_cursor")
            wait_for(lambda: len(dark_pixels(sway.screenshot(), x, y) - before) >= 20,
                     timeout=3, message="the cursor's dark outline over the button")
            self.assertNotEqual(cursor_memfds(buoy.pid), [], "no cursor image in a shared buffer")


if __name__ == "__main__":
    unittest.main()
