"""What a finger needs, driven with the pointer (sway can inject no touch): the button pushed in
under a press, flicks, and a menu whose whole rows are targets and whose focus ring waits for a key.
The touch paths themselves are table-tested (GestureRecognizerTests, ButtonControllerTests)."""

from __future__ import annotations

import time
import unittest

from buoy_fixture import MAGENTA, Buoy, count_lines
from harness import HeadlessSway, wait_for
from test_button import config
from test_gestures import actions, appended
import test_menu
from test_menu import start_buoy_with_menu, wait_closed, wait_open

# MAGENTA at the painter's full press: 15 % darker.
PUSHED = (round(0xFF * 0.85), 0x00, round(0xFF * 0.85))


def still(sway, **tables) -> Buoy:
    """buoy at the right edge that never fades (so only a press changes its look)."""
    return Buoy(sway, config(button={"idle_opacity": 1.0}, **tables)).start()


class PressFeedbackTests(unittest.TestCase):
    def test_during_a_300_ms_still_press_it_is_smaller_and_darker_and_after_it_as_before(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy = still(sway)
            rest = buoy.started(MAGENTA)
            at_rest = sway.screenshot()
            pointer.move(*rest.centroid)
            pointer.down()
            started = time.monotonic()
            # The press's full look (buoy has it 0.05 s after the press, PressFeedback.pressIn),
            # once the screen shows it: darker, 92 % of the size.
            width = rest.bbox[2] - rest.bbox[0]

            def pushed_in():
                image = sway.screenshot()
                found = image.find(PUSHED, tolerance=8)
                return found and abs(found.width - width * 0.92) <= 2 and image

            during = wait_for(pushed_in, timeout=3, message="a darker, smaller button during the press")
            # The rest of a 300-ms press (the input, not a wait).
            time.sleep(max(0, 0.3 - (time.monotonic() - started)))
            pointer.up()
            self.assertNotEqual(during.data, at_rest.data, "the press changed nothing on screen")
            self.assertIsNone(during.find(MAGENTA, tolerance=8), "still the colour at rest")
            pushed = during.find(PUSHED, tolerance=8)
            self.assertAlmostEqual(pushed.centroid[0], rest.centroid[0], delta=1.5, msg="around its centre")
            self.assertAlmostEqual(pushed.centroid[1], rest.centroid[1], delta=1.5, msg="around its centre")
            wait_for(lambda: sway.screenshot().data == at_rest.data, timeout=3,
                     message="the screen as it was at rest (sprung back)")


class FlickTests(unittest.TestCase):
    def test_a_flick_up_runs_swipe_up_once_tap_never_and_the_button_stays(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            table, markers = actions(sway, tap=appended("{marker}"), swipe_up=appended("{marker}"))
            buoy = still(sway, actions=table, snap={"duration": 0.1})
            before = buoy.wait_for_button(MAGENTA)
            cx, cy = before.centroid
            pointer.drag(cx, cy, cx, cy - 60, steps=6, duration_ms=60, release=True)
            wait_for(lambda: count_lines(markers["swipe_up"]) == 1, timeout=3, message="swipe_up ran")
            # No double_tap: a tap would have started as buoy handled the release.
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(), 1)
            self.assertEqual(count_lines(markers["tap"]), 0)
            wait_for(lambda: buoy.wait_for_button(MAGENTA).bbox == before.bbox, timeout=3,
                     message="the button where it was before the flick")
            self.assertFalse(buoy.state_path.exists(), "a flick saved a place")

    def test_a_slow_move_up_is_a_drag_and_a_fast_one_down_without_swipe_down_too(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            table, markers = actions(sway, swipe_up=appended("{marker}"))
            buoy = still(sway, actions=table, snap={"duration": 0.05})
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            pointer.drag(cx, cy, cx, cy - 100, steps=30, duration_ms=600)
            pointer.up()
            _, moved = buoy.wait_for_button_to_rest(MAGENTA).centroid
            self.assertAlmostEqual(moved, cy - 100, delta=3, msg="a slow move drags")
            pointer.drag(cx, moved, cx, moved + 100, steps=6, duration_ms=60)
            pointer.up()
            _, down = buoy.wait_for_button_to_rest(MAGENTA).centroid
            self.assertAlmostEqual(down, moved + 100, delta=3, msg="a flick down without swipe_down drags")
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(), 0)
            self.assertEqual(count_lines(markers["swipe_up"]), 0)


class FingerMenuTests(unittest.TestCase):
    def test_a_click_in_the_gap_between_label_and_circle_runs_the_item(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy, markers, (cx, cy) = start_buoy_with_menu(sway)
            pointer.click(cx, cy)
            centres = wait_open(sway, buoy)
            # The labels are left of the circles (40 px wide), 8 px away.
            x, y = centres[1]
            pointer.click(x - 20 - 4, y)
            wait_for(lambda: count_lines(markers[1]) == 1, timeout=3, message="item 2 ran")
            wait_closed(sway)

            pointer.click(cx, cy)
            centres = wait_open(sway, buoy)
            # Below item 3's circle: its 48-px row and half the 12-px spacing reach 30 px down.
            x, y = centres[2]
            pointer.click(x, y + 27)
            wait_for(lambda: count_lines(markers[2]) == 1, timeout=3, message="item 3 ran")
            wait_closed(sway)
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(), 2)
            self.assertEqual([count_lines(m) for m in markers], [0, 1, 1, 0])

    def test_a_menu_opened_by_a_click_shows_no_focus_ring_until_a_key(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy, markers, (cx, cy) = start_buoy_with_menu(sway)
            button = buoy.wait_for_button(MAGENTA)
            pointer.click(cx, cy)
            # Items at rest: the opening's frames, where a ring would show, are on screen.
            wait_open(sway, buoy)
            # The ring is drawn in the button's colour: until a key, only the button has it.
            self.assertEqual(sway.screenshot().find(MAGENTA, tolerance=8).bbox, button.bbox)
            test_menu.MenuTests.wtype(sway, "-k", "Down")

            def ringed():
                top = sway.screenshot().find(MAGENTA, tolerance=8).bbox[1]
                return top < button.bbox[1] - 20 or None
            wait_for(ringed, timeout=3, message="the focus ring after a key")
            self.assertEqual(sum(count_lines(m) for m in markers), 0)


if __name__ == "__main__":
    unittest.main()
