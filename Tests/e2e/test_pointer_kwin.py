"""The pointer pad by real touch on KWin (issue 45; 5.27 with the host leg, 6.3 and 6.7 on the
trixie-kwin and sid-kwin legs): KWin's fake input gives the seat a touchscreen (buoy-touch),
which sway lacks, so a finger on the pad is tested here. buoy moves the pointer through fake
input's relative motion, and wev, maximized under the pad, reads where it goes."""

from __future__ import annotations

import json
import unittest

from buoy_fixture import MAGENTA
from harness import HeadlessKWin, wait_for
from test_clicks import BTN_LEFT
from test_kwin import UserBuoy
from test_msg import config
from test_pointer import axes


class PointerPadOnKWinTests(unittest.TestCase):
    def start(self, kwin: HeadlessKWin, text: str | None = None):
        """buoy as KWin's user (with config `text`) with the pad open, wev below, the pointer on
        wev at (300, 300); returns (buoy, wev, touch, the pad's frame)."""
        touch = kwin.touch()
        buoy = UserBuoy(kwin, text or config()).start()
        buoy.wait_for_button(MAGENTA)
        wev = kwin.wev()
        touch.command("move 299 300")
        touch.command("move 300 300")
        wait_for(lambda: (300, 300) in wev.motions(), timeout=3, message="wev to see the pointer at (300, 300)")
        result = buoy.msg("pointer", "on")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        pad = wait_for(lambda: json.loads(buoy.msg("state").stdout)["pointer_pad"], timeout=3,
                       message="the pad placed")
        wev.mark()
        return buoy, wev, touch, pad

    def test_a_finger_moves_the_pointer_and_a_tap_clicks_where_it_is_not_on_the_pad(self):
        with HeadlessKWin() as kwin:
            buoy, wev, touch, pad = self.start(kwin)
            x, y = pad["x"] + pad["width"] / 2, pad["y"] + pad["height"] / 2
            # (+60, +40) over 0.4 s: 180 px/s, where the acceleration adds at most 5 %.
            touch.drag(x, y, x + 60, y + 40, steps=10, duration_ms=400, release=True)
            wait_for(lambda: wev.motions() and wev.motions()[-1][0] >= 360, timeout=3,
                     message=lambda: f"the pointer 60 px right in wev; motions {wev.motions()}")
            buoy.caught_up()
            px, py = wev.motions()[-1]
            self.assertTrue(360 <= px <= 366 and 340 <= py <= 344, (px, py))
            self.assertEqual(wev.touches(), [], "the finger was the pad's, not wev's")

            wev.mark()
            touch.tap(x, y)
            wev.wait_buttons(2)
            self.assertEqual([(e.button, e.state, e.x, e.y) for e in wev.button_events()],
                             [(BTN_LEFT, "pressed", px, py), (BTN_LEFT, "released", px, py)],
                             "a left click where the pointer is, and none on the pad's place")
            self.assertEqual(buoy.stop(), 0)

    def test_with_dwell_the_pointer_resting_after_a_finger_moved_it_clicks_there_once(self):
        with HeadlessKWin() as kwin:
            buoy, wev, touch, pad = self.start(kwin, config(button={"dwell": 0.5}))
            x, y = pad["x"] + pad["width"] / 2, pad["y"] + pad["height"] / 2
            touch.drag(x, y, x + 60, y + 40, steps=10, duration_ms=400, release=True)
            wev.wait_buttons(2, timeout=3, settle=0)
            px, py = wev.motions()[-1]
            self.assertEqual([(e.button, e.state, e.x, e.y) for e in wev.button_events()],
                             [(BTN_LEFT, "pressed", px, py), (BTN_LEFT, "released", px, py)])
            # Once per rest: another rest's length later, still the one click.
            buoy.past(0.6)
            self.assertEqual(len(wev.button_events()), 2, wev.button_events())
            self.assertEqual(buoy.stop(), 0)

    def test_two_fingers_moving_up_scroll_the_window_under_the_pointer(self):
        with HeadlessKWin() as kwin:
            buoy, wev, touch, pad = self.start(kwin)
            x, y = pad["x"] + pad["width"] / 2, pad["y"] + pad["height"] - 20
            touch.down(x, y, id=0)
            touch.down(x + 50, y, id=1)
            for step in range(1, 11):
                touch.command(f"motion 0 {x} {y - 10 * step}")
                touch.command(f"motion 1 {x + 50} {y - 10 * step}")
                touch.command("frame")
                touch.sleep(10)
            touch.up(0)
            touch.up(1)
            wait_for(lambda: sum(v for axis, v in axes(wev) if axis == "vertical") >= 80, timeout=3,
                     message=lambda: f"vertical axis events in wev; have {axes(wev)}")
            self.assertEqual(wev.button_events(), [], "a scroll presses nothing")
            self.assertEqual(buoy.stop(), 0)


if __name__ == "__main__":
    unittest.main()
