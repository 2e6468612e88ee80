"""Menu items that show state ([[menu.item]] status, toggle): the command's first line under the
label once it answers, the menu's first frame never waiting for it, a command that hangs killed
at 1 s and one that floods cut off at 4 KiB, on a real headless sway."""

from __future__ import annotations

import json
import re
import time
import unittest

from buoy_fixture import MAGENTA, Buoy
from harness import HeadlessSway, Image, WaylandDebugLog, proc_children, wait_for, wait_steady
from test_button import config as button_config
from test_menu import first_menu_frame
from test_msg import msg

PILL = (0x00, 0x40, 0x80)  # label_background: each item's label pill
ICON = (255, 0, 0)


ACCENT = (0x00, 0xFF, 0x80)  # focus_color: a toggle that is on


def status_config(sway, status: str, toggle: bool = False) -> str:
    """One item, Wi-Fi, whose status is `status`, its pill in PILL, at the right edge."""
    icon = sway.artifact("wifi.png")
    Image(48, 48, bytes(ICON) * 48 * 48).save_png(icon)
    text = button_config(button={"position": '"right"', "idle_opacity": 1.0}, actions={"tap": '"menu"'},
                         menu={"open_duration": 0.1, "close_duration": 0.05, "label_background": '"#004080"',
                               "focus_color": '"#00ff80"'})
    item = f'[[menu.item]]\nlabel = "Wi-Fi"\nicon = "{icon}"\ncommand = "true"\nstatus = "{status}"\n'
    return text + "\n" + item + ("toggle = true\n" if toggle else "")


def pill(sway):
    """The label pill's bounding box on screen, or None."""
    found = sway.screenshot().find(PILL, tolerance=6)
    return found.bbox if found and found.count > 200 else None


def height(bbox) -> int:
    return bbox[3] - bbox[1]


def new_buffers_attached(log: str) -> tuple[set, set, str]:
    """From buoy's WAYLAND_DEBUG log: the buffers its last menu drawing made, the surfaces those
    were attached to since, and the log's lines after the drawing (for a failure's message)."""
    pool, drawn, attached = set(), set(), set()
    lines = log.splitlines()
    last = max(i for i, line in enumerate(lines) if "images drawn at scale" in line)
    for i, line in enumerate(lines):
        if ".create_pool(" in line:
            pool = set()
        elif m := re.search(r"create_buffer\(new id (wl_buffer@\d+)", line):
            pool.add(m.group(1))
        elif i == last:
            drawn = set(pool)
        elif i > last and (m := re.search(r"-> (wl_surface@\d+)\.attach\((wl_buffer@\d+)", line)):
            if m.group(2) in drawn:
                attached.add(m.group(1))
    return drawn, attached, "\n".join(lines[last:last + 80])


def first_frame_pill_height(buoy: Buoy) -> int | None:
    """The label's pill's height in the menu's first frame, from buoy's WAYLAND_DEBUG log (the
    one image it sizes wider than tall: the button's face and the item's icon are round), once
    it is there."""
    try:
        frame = first_menu_frame(WaylandDebugLog(buoy.log()))
    except AssertionError:
        return None
    sizes = [(int(args[0]), int(args[1])) for sent, _, name, args in frame if sent and name == "set_destination"]
    pills = [h for w, h in sizes if w > h]
    return max(pills) if pills else None


class StatusTests(unittest.TestCase):
    def test_the_status_shows_under_the_label_without_delaying_the_first_frame(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()  # before buoy: a pointer made just before its click may lose it
            # The status answers once buoy has committed the menu's first frame, one line: the
            # menu shows at once, one line, then two. That frame is read in buoy's log, within
            # the status's 1 s however loaded the machine (screenshots beside the CPU burner took
            # longer, and the status was killed); the menu opens without unfolding, so the
            # label's pill is at its one-line size in it.
            answer = sway.artifact("answer")
            status = f"until [ -e {answer} ]; do sleep 0.02; done; echo on"
            text = status_config(sway, status).replace("open_duration = 0.1", "open_duration = 0")
            assert "open_duration = 0\n" in text, text
            buoy = Buoy(sway, text, env={"WAYLAND_DEBUG": "1"}).start()
            button = buoy.wait_for_button(MAGENTA)
            wait_for(lambda: "ahead of time" in buoy.log(), timeout=5, message="the menu drawn ahead")
            pointer.click(*button.centroid)
            one_line = wait_for(lambda: first_frame_pill_height(buoy), timeout=3, interval=0.005,
                                message="the menu's first frame in buoy's log")
            answer.touch()
            self.assertFalse(f'menu status "{status}": killed' in buoy.log(), "answered in time")
            two_lines = wait_for(lambda: (p := pill(sway)) and height(p) > one_line + 8 and p,
                                 timeout=3, message=lambda: f"the status's line under the label ({one_line} px "
                                                            f"tall before; now {pill(sway)})")
            sway.screenshot().save_png(sway.artifact("status.png"))
            self.assertIn(f'menu status "{status}": started', buoy.log())
            self.assertTrue(json.loads(msg(buoy, "state").stdout)["menu_open"])
            # Closed and opened again: the last status shows from the first frame.
            msg(buoy, "menu")
            wait_for(lambda: pill(sway) is None, timeout=3, message="closed")
            wait_for(lambda: "menu closed" in buoy.log(), timeout=3, message="closed, as buoy says")
            msg(buoy, "menu")
            wait_steady(lambda: pill(sway), timeout=3, message="opened again, unfolded")
            self.assertAlmostEqual(height(pill(sway)), height(two_lines), delta=2)
            self.assertEqual(buoy.log().count("images drawn at scale"), 2, "drawn ahead, then with the status")
            self.assertEqual(buoy.stop(), 0)

    def test_a_status_that_arrives_redraws_only_its_item(self):
        with HeadlessSway() as sway:
            said = sway.artifact("said")
            said.write_text("on\n")
            config = status_config(sway, f"cat {said}")
            config += "".join(f'[[menu.item]]\nlabel = "Item {n}"\ncommand = "true"\n' for n in (2, 3))
            buoy = Buoy(sway, config, env={"WAYLAND_DEBUG": "1"}).start()
            buoy.wait_for_button(MAGENTA)
            wait_for(lambda: "ahead of time" in buoy.log(), timeout=5, message="the menu drawn ahead")
            # The first status adds a line to every row: all is drawn again.
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            wait_for(lambda: buoy.log().count("images drawn at scale") == 2, timeout=3,
                     message="drawn again with the status")
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            wait_for(lambda: pill(sway) is None, timeout=3, message="closed")
            # Opened again with the last status shown; the new one redraws its item alone.
            said.write_text("off\n")
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            wait_for(lambda: buoy.log().count("images drawn at scale") == 3, timeout=3,
                     message="drawn again with the new status")
            self.assertIn("2 of 7 images drawn at scale", buoy.log(), "the status's item alone: its pill and circle")
            # Only its pill and circle get new buffers (the last drawing's pool made two), and
            # those are attached, with the frame after the drawing; the other subsurfaces keep
            # theirs (one still unfolding may be attached its old buffer for the first time).
            attached = wait_for(lambda: len((found := new_buffers_attached(buoy.log()))[1]) >= 2 and found,
                                timeout=3, message=lambda: f"the new buffers attached: {new_buffers_attached(buoy.log())}")
            drawn, attached, after = attached
            self.assertEqual(len(drawn), 2, "new buffers for its pill and circle only")
            self.assertEqual(len(attached), 2, after)

    def test_a_toggle_is_drawn_on_with_the_accent_ring_by_its_exit_status(self):
        for status, on in [("true", True), ("false", False)]:
            with self.subTest(status), HeadlessSway() as sway:
                buoy = Buoy(sway, status_config(sway, status, toggle=True)).start()
                buoy.started()  # the menu drawn ahead: the status's drawing is the second
                self.assertEqual(msg(buoy, "menu").returncode, 0)
                wait_for(lambda: pill(sway), timeout=3, message="the menu")
                wait_for(lambda: f'menu status "{status}": started' in buoy.log(), timeout=3, message="run")
                if on:
                    ring = wait_for(lambda: (m := sway.screenshot().find(ACCENT, tolerance=30)) and m.count > 40
                                    and m, timeout=3, message="the accent ring")
                    icon = sway.screenshot().find(ICON, tolerance=10)
                    self.assertTrue(ring.bbox[0] < icon.bbox[0] and ring.bbox[2] > icon.bbox[2], "round the item")
                else:
                    # Off is drawn too (the item's images again, MenuController.redrawForStatuses)
                    # and goes out with buoy's next frame, 17 ms at 60 Hz: half a second of
                    # screenshots after the drawing spans 30 frames.
                    wait_for(lambda: buoy.log().count("images drawn at scale") == 2, timeout=3,
                             message="the item drawn again with its status")
                    end = time.monotonic() + 0.5
                    while time.monotonic() < end:
                        self.assertIsNone(sway.screenshot().find(ACCENT, tolerance=30), "off: no ring")
                self.assertEqual(buoy.stop(), 0)

    def test_a_command_that_hangs_is_killed_at_1_s_and_one_that_floods_is_cut_off(self):
        for name, status, said in [
            ("hangs", "sleep 30", 'menu status "sleep 30": killed after 1.0 s'),
            ("floods", "yes", 'menu status "yes": cut off after 4096 bytes'),
        ]:
            with self.subTest(name), HeadlessSway() as sway:
                buoy = Buoy(sway, status_config(sway, status)).start()
                buoy.wait_for_button(MAGENTA)
                started = time.monotonic()
                self.assertEqual(msg(buoy, "menu").returncode, 0)
                wait_for(lambda: said in buoy.log(), timeout=3, message=said)
                if name == "hangs":
                    self.assertGreater(time.monotonic() - started, 0.9)
                # Killed and collected: buoy has no child left (no zombie either).
                wait_for(lambda: not proc_children(buoy.pid), timeout=3, message="the command gone")
                self.assertTrue(json.loads(msg(buoy, "state").stdout)["menu_open"], "the menu stays")
                self.assertEqual(buoy.stop(), 0)


if __name__ == "__main__":
    unittest.main()
