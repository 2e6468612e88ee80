"""Dwell clicking (issue 31 §2): the pointer resting on the button taps it, and resting on a
menu item runs it, for those who point with their head or eyes."""

from __future__ import annotations

import time
import unittest

from buoy_fixture import MAGENTA, Buoy, count_lines, settle
from harness import matrix_compositor, wait_for
from test_button import config
from test_menu import item_centres, start_buoy_with_menu, wait_closed, wait_open

WHITE = (255, 255, 255)
AWAY = (600, 360)


def voluntary_switches(pid: int) -> int:
    """Each time buoy slept and was woken: 0 over a stretch is an idle loop."""
    with open(f"/proc/{pid}/status") as status:
        line = next(line for line in status if line.startswith("voluntary_ctxt_switches:"))
    return int(line.split()[1])


def ring_on(image, bbox) -> int:
    """The glyph's white in the top half of the button's bounding box, above the pointer resting
    on its centre: the ring, just inside the rim, adds to it."""
    left, top, right, bottom = bbox
    return image.crop(left, top, right, (top + bottom) // 2 - 2).count(WHITE, tolerance=40)


def start_dwelling(compositor, dwell: float, **button):
    """The pointer away from buoy, whose button taps after resting `dwell` seconds on it, its tap
    appending a line to the returned marker file."""
    pointer = compositor.pointer()
    pointer.move(*AWAY)
    marker = compositor.artifact("tapped")
    buoy = Buoy(compositor, config(button={"dwell": dwell, "idle_opacity": 1.0, **button},
                                   actions={"tap": f'"echo tap >> {marker}"'})).start()
    return pointer, buoy, marker


class DwellTests(unittest.TestCase):
    def test_resting_on_the_button_taps_it_once_per_visit(self):
        with matrix_compositor() as compositor:
            pointer, buoy, marker = start_dwelling(compositor, 0.6)
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            # A head pointer's jitter, a few px about where it settled, keeps the rest.
            for dx, dy in [(0, 0), (3, -2), (-2, 3), (1, 1)]:
                pointer.move(cx + dx, cy + dy)
                time.sleep(0.1)
            wait_for(lambda: count_lines(marker) >= 1, timeout=3, message="the dwell's tap ran")
            # Resting on, three times the dwell: no second tap.
            time.sleep(1.8)
            self.assertEqual(count_lines(marker), 1, "resting on tapped again")
            pointer.move(*AWAY)
            settle()
            pointer.move(cx, cy)
            wait_for(lambda: count_lines(marker) >= 2, timeout=3, message="the second visit's tap ran")
            time.sleep(1.8)
            self.assertEqual(count_lines(marker), 2)
            self.assertIn("tap: started pid", buoy.log())

    def test_a_rest_on_the_tucked_button_brings_it_back_and_resting_on_taps_it(self):
        with matrix_compositor() as compositor:
            pointer, buoy, marker = start_dwelling(compositor, 1, tuck="true", idle_delay=0.3)
            width = lambda: (m := compositor.screenshot().find(MAGENTA, tolerance=8)) and m.width
            wait_for(lambda: (w := width()) and w < 40, timeout=3, message="the button tucked")
            left, top, right, bottom = compositor.screenshot().find(MAGENTA, tolerance=8).bbox
            pointer.move((left + right) / 2, (top + bottom) / 2)
            wait_for(lambda: (w := width()) and w > 50, timeout=3, message="the button back in full")
            self.assertEqual(count_lines(marker), 0, "the rest that brought it back tapped it")
            wait_for(lambda: count_lines(marker) == 1, timeout=3, message="resting on tapped it")

    def test_a_ring_fills_while_it_rests_and_moving_off_cancels(self):
        with matrix_compositor() as compositor:
            pointer, buoy, marker = start_dwelling(compositor, 3)
            match = buoy.wait_for_button(MAGENTA)
            idle = ring_on(compositor.screenshot(), match.bbox)
            pointer.move(*match.centroid)
            ring = wait_for(lambda: (n := ring_on(compositor.screenshot(), match.bbox)) > idle + 60
                            and n, timeout=2.5, message="the ring inside the button's rim")
            self.assertEqual(count_lines(marker), 0, "tapped before its time")
            pointer.move(*AWAY)
            wait_for(lambda: ring_on(compositor.screenshot(), match.bbox) == idle, timeout=2,
                     message="the ring gone once the pointer left")
            time.sleep(2)
            # Dwell on, the pointer away: buoy sleeps.
            before = voluntary_switches(buoy.pid)
            time.sleep(2)
            self.assertEqual(voluntary_switches(buoy.pid) - before, 0, "wakeups with the pointer away")
            self.assertEqual(count_lines(marker), 0, "moving off did not cancel the dwell")
            self.assertGreater(ring, idle + 60)

    def test_resting_on_the_button_opens_the_menu_and_on_an_item_runs_it(self):
        # [menu] dwell is unset: it takes the button's.
        with matrix_compositor() as compositor:
            pointer = compositor.pointer()
            pointer.move(*AWAY)
            buoy, markers, (cx, cy) = start_buoy_with_menu(
                compositor, edit=lambda text: text.replace("[button]\n", "[button]\ndwell = 0.6\n", 1))
            pointer.move(cx, cy)
            centres = wait_open(compositor, buoy)
            pointer.move(*centres[1])
            wait_for(lambda: count_lines(markers[1]) == 1, timeout=3, message="item 2 ran")
            wait_closed(compositor)
            settle()
            self.assertEqual([count_lines(m) for m in markers], [0, 1, 0, 0])

    def test_the_menus_own_dwell_runs_an_item_opened_by_a_click_showing_the_focus_ring_meanwhile(self):
        with matrix_compositor() as compositor:
            pointer = compositor.pointer()
            buoy, markers, (cx, cy) = start_buoy_with_menu(
                compositor, edit=lambda text: text.replace("[menu]\n", "[menu]\ndwell = 1.5\n", 1))
            pointer.click(cx, cy)
            centres = wait_open(compositor, buoy)
            # Resting on the button with the menu open neither taps nor closes it.
            time.sleep(1.5)
            self.assertTrue(all(item_centres(compositor)), "the menu closed under a resting pointer")
            x, y = (round(c) for c in centres[2])
            region = (x - 40, y - 40, x + 40, y + 40)
            before = compositor.screenshot().crop(*region)
            pointer.move(x, y)
            wait_for(lambda: compositor.screenshot().crop(*region).data != before.data, timeout=1,
                     message="the focus ring on the item rested on")
            self.assertEqual(count_lines(markers[2]), 0, "item 3 ran before its time")
            wait_for(lambda: count_lines(markers[2]) == 1, timeout=3, message="item 3 ran")
            settle()
            self.assertEqual([count_lines(m) for m in markers], [0, 0, 1, 0])

if __name__ == "__main__":
    unittest.main()
