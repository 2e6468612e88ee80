"""Gestures, drag, snapping, fade and output changes on a real headless sway."""

from __future__ import annotations

import time
import unittest

from buoy_fixture import MAGENTA, Buoy, count_lines
from harness import HeadlessSway, wait_for, wait_steady
from test_button import config

MARGIN = 8
SIZE = 56


def button_at_rest(sway):
    """The button's pixels once they stop changing: a drag's last move or a change of the
    output has been drawn. (wait_for_button_to_rest compares the bbox only.)"""
    return wait_steady(lambda: sway.screenshot().find(MAGENTA, tolerance=8), message="the button at rest")


def actions(sway, **names: str) -> tuple[dict, dict]:
    """An [actions] table whose commands append to marker files; returns (table, markers)."""
    markers = {name: sway.artifact(f"{name}.log") for name in names}
    table = {name: f'"{command.format(marker=markers[name])}"' for name, command in names.items()}
    return table, markers


def appended(marker: str) -> str:
    return f"echo x >> {marker}"


class DragTests(unittest.TestCase):
    def test_while_dragging_the_button_follows_the_pointer_minus_the_grab_offset(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy = Buoy(sway, config()).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            grab = (cx + 9, cy - 7)  # off-centre on purpose
            pointer.move(*grab)
            pointer.down()
            at = grab
            for target in [(600, 300), (420, 520), (900, 150)]:
                for step in range(1, 21):
                    pointer.move(at[0] + (target[0] - at[0]) * step / 20, at[1] + (target[1] - at[1]) * step / 20)
                at = target
                centre = button_at_rest(sway).centroid
                self.assertAlmostEqual(centre[0], target[0] - 9, delta=4, msg=(centre, target))
                self.assertAlmostEqual(centre[1], target[1] + 7, delta=4, msg=(centre, target))
            pointer.up()

    def test_released_near_an_edge_it_rests_on_that_edge_at_margin(self):
        cases = {  # drop point → where the button's bbox must end up
            "left": ((120, 500), lambda b, c: (b[0], MARGIN, c[1], 500)),
            "right": ((1160, 200), lambda b, c: (1280 - b[2], MARGIN, c[1], 200)),
            "top": ((700, 90), lambda b, c: (b[1], MARGIN, c[0], 700)),
            "bottom": ((300, 640), lambda b, c: (720 - b[3], MARGIN, c[0], 300)),
        }
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy = Buoy(sway, config(snap={"duration": 0.1})).start()
            for edge, (drop, measure) in cases.items():
                with self.subTest(edge=edge):
                    cx, cy = buoy.wait_for_button(MAGENTA).centroid
                    pointer.drag(cx, cy, *drop, steps=20, duration_ms=150)
                    pointer.up()
                    match = buoy.wait_for_button_to_rest(MAGENTA)
                    gap, expected_gap, along, expected_along = measure(match.bbox, match.centroid)
                    self.assertAlmostEqual(gap, expected_gap, delta=2, msg=(edge, match))
                    self.assertAlmostEqual(along, expected_along, delta=3, msg=(edge, match))

    def test_corner_snapping_ends_in_the_nearest_corner_and_none_where_dropped(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy = Buoy(sway, config(snap={"to": '"corner"', "duration": 0.1})).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            pointer.drag(cx, cy, 220, 170, steps=20, duration_ms=150)
            pointer.up()
            left, top, _, _ = buoy.wait_for_button_to_rest(MAGENTA).bbox
            self.assertAlmostEqual(left, MARGIN, delta=2)
            self.assertAlmostEqual(top, MARGIN, delta=2)

        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy = Buoy(sway, config(snap={"to": '"none"'})).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            pointer.drag(cx, cy, 500, 400, steps=20, duration_ms=150)
            pointer.up()
            centre = buoy.wait_for_button_to_rest(MAGENTA).centroid
            self.assertAlmostEqual(centre[0], 500, delta=2)
            self.assertAlmostEqual(centre[1], 400, delta=2)

    def test_a_drag_does_not_run_tap(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            table, markers = actions(sway, tap=appended("{marker}"))
            buoy = Buoy(sway, config(actions=table)).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            pointer.drag(cx, cy, cx - 300, cy, steps=20, duration_ms=150)
            pointer.up()
            # No double_tap: a tap would have started as buoy handled the release.
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(), 0)
            self.assertEqual(count_lines(markers["tap"]), 0)
            self.assertNotEqual(buoy.wait_for_button(MAGENTA).centroid[1], cy + 1000)  # still alive

    def test_the_button_never_leaves_the_usable_area_while_dragged(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy = Buoy(sway, config()).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            pointer.drag(cx, cy, 1279, 719, steps=20, duration_ms=150)
            left, top, right, bottom = button_at_rest(sway).bbox
            self.assertLessEqual(right, 1280)
            self.assertLessEqual(bottom, 720)
            self.assertAlmostEqual(right - left, SIZE, delta=3, msg="fully visible")
            pointer.up()


class TapTests(unittest.TestCase):
    def test_two_clicks_120_ms_apart_run_double_tap_once_and_tap_never(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            table, markers = actions(sway, tap=appended("{marker}"), double_tap=appended("{marker}"))
            buoy = Buoy(sway, config(actions=table)).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            pointer.click(cx, cy)
            pointer.sleep(120)
            pointer.click(cx, cy)
            wait_for(lambda: count_lines(markers["double_tap"]) == 1, timeout=3, message="double tap")
            # A single tap would run when the first click's double_tap_window (0.25 s) ends.
            buoy.past(0.25)
            self.assertEqual(buoy.started_commands(), 1)
            self.assertEqual(count_lines(markers["double_tap"]), 1)
            self.assertEqual(count_lines(markers["tap"]), 0)

    def test_a_900_ms_press_runs_long_press_once_and_tap_never(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            table, markers = actions(sway, tap=appended("{marker}"), long_press=appended("{marker}"))
            buoy = Buoy(sway, config(actions=table)).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            pointer.move(cx, cy)
            pointer.down()
            pointer.sleep(900)
            pointer.up()
            wait_for(lambda: count_lines(markers["long_press"]) == 1, timeout=3, message="long press")
            # No double_tap: a tap would have started as buoy handled the release.
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(), 1)
            self.assertEqual(count_lines(markers["long_press"]), 1)
            self.assertEqual(count_lines(markers["tap"]), 0)

    def test_with_no_double_tap_configured_tap_starts_within_150_ms_of_the_release(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            stamp = sway.artifact("stamp")
            buoy = Buoy(sway, config(actions={"tap": f'"date +%s%N > {stamp}"'})).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            pointer.move(cx, cy)
            pointer.down()
            released = time.time_ns()
            pointer.up()
            wait_for(lambda: stamp.exists() and stamp.read_text().strip(), timeout=3, message="tap ran")
            delay_ms = (int(stamp.read_text()) - released) / 1e6
            self.assertLess(delay_ms, 150)


class LookTests(unittest.TestCase):
    def test_the_button_fades_when_idle_and_comes_back_on_hover(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy = Buoy(sway, config(button={"idle_delay": 0.3, "fade": 0.1, "idle_opacity": 0.4}))
            buoy.start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            # 40% magenta over the 0x20 background.
            faded = (round(0.4 * 255 + 0.6 * 0x20),) * 1 + (round(0.6 * 0x20),) + (round(0.4 * 255 + 0.6 * 0x20),)
            image = wait_for(lambda: (i := sway.screenshot()).count(faded, tolerance=6) > 500 and i, timeout=3,
                             message=lambda: f"the button faded to {faded}")
            self.assertIsNone(image.find(MAGENTA, tolerance=8), "still fully opaque after the fade")
            pointer.move(cx + 20, cy)
            buoy.wait_for_button(MAGENTA, timeout=2)

    def test_the_button_stays_above_a_fullscreen_window(self):
        with HeadlessSway() as sway:
            sway.pointer()
            buoy = Buoy(sway, config()).start()
            buoy.wait_for_button(MAGENTA)
            sway.wev()
            sway.swaymsg("fullscreen", "enable")
            self.assertTrue(any(w.get("fullscreen_mode") for w in sway.windows()))
            buoy.wait_for_button(MAGENTA, timeout=2)

    def test_tuck_slides_half_off_the_edge_and_a_tap_brings_it_back_without_running(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            table, markers = actions(sway, tap=appended("{marker}"))
            buoy = Buoy(sway, config(button={"tuck": "true", "idle_delay": 0.3, "idle_opacity": 1.0},
                                     snap={"duration": 0.1}, actions=table)).start()
            buoy.wait_for_button(MAGENTA)
            tucked = lambda: (m := buoy.wait_for_button(MAGENTA, min_pixels=100)) and abs(m.width - SIZE / 2) <= 3 and m
            left, top, right, bottom = wait_for(tucked, timeout=3, message="half of the button visible").bbox
            self.assertEqual(right, 1280)
            pointer.click((left + right) / 2, (top + bottom) / 2)
            left, _, right, _ = buoy.wait_for_button_to_rest(MAGENTA).bbox
            self.assertAlmostEqual(1280 - right, MARGIN, delta=2, msg="back out")
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(), 0)
            self.assertEqual(count_lines(markers["tap"]), 0)


class OutputTests(unittest.TestCase):
    def test_rotation_keeps_the_button_on_its_edge_fully_on_screen(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config()).start()
            buoy.wait_for_button(MAGENTA)
            sway.swaymsg("output", "HEADLESS-1", "transform", "90")
            wait_for(lambda: sway.screenshot().size == (720, 1280), timeout=3, message="rotated")
            left, top, right, bottom = buoy.wait_for_button_to_rest(MAGENTA).bbox
            self.assertAlmostEqual(720 - right, MARGIN, delta=2, msg="still on the right edge")
            self.assertAlmostEqual((top + bottom) / 2, 640, delta=3, msg="same fraction along it")
            self.assertGreaterEqual(left, 0)

    def test_at_scale_2_the_button_keeps_its_edge_and_doubles_in_physical_pixels(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config()).start()
            left, _, right, _ = buoy.wait_for_button(MAGENTA).bbox
            before = right - left
            sway.swaymsg("output", "HEADLESS-1", "scale", "2")

            def doubled():
                match = sway.screenshot().find(MAGENTA, tolerance=8)
                return match and abs((match.bbox[2] - match.bbox[0]) - 2 * before) <= 3
            wait_for(doubled, timeout=3, message="diameter doubled in physical pixels")
            left, top, right, bottom = button_at_rest(sway).bbox
            self.assertAlmostEqual(1280 - right, 2 * MARGIN, delta=3)
            self.assertAlmostEqual((top + bottom) / 2, 360, delta=3)

    def test_after_a_restart_the_button_comes_back_where_it_was_left(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy = Buoy(sway, config(snap={"duration": 0.05})).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            pointer.drag(cx, cy, 100, 200, steps=20, duration_ms=150)
            pointer.up()
            before = buoy.wait_for_button_to_rest(MAGENTA).bbox
            self.assertEqual(buoy.stop(), 0)
            self.assertIn("rest edge left", buoy.state_path.read_text())
            again = Buoy(sway, None).start()  # same name: same state and config dirs
            after = again.wait_for_button(MAGENTA).bbox
            for a, b in zip(before, after):
                self.assertAlmostEqual(a, b, delta=1)


if __name__ == "__main__":
    unittest.main()


class ExclusiveZoneTests(unittest.TestCase):
    def test_the_button_stays_above_an_on_screen_keyboard_even_when_dragged_onto_it(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            keyboard = sway.spawn(["wvkbd-mobintl"], log="wvkbd.log")
            background = sway.background

            def keyboard_top():
                image = sway.screenshot()
                rows = [y for y in range(719, 0, -1) if image.pixel(640, y) != background]
                return min(rows) if rows and max(rows) == 719 else None
            wait_for(lambda: keyboard_top() is not None and keyboard_top() < 650, timeout=5,
                     message="wvkbd visible at the bottom")
            top_of_keyboard = keyboard_top()
            buoy = Buoy(sway, config(button={"position": '"bottom"'})).start()
            _, _, _, bottom = buoy.wait_for_button(MAGENTA).bbox
            self.assertAlmostEqual(bottom, top_of_keyboard - MARGIN, delta=3)
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            pointer.drag(cx, cy, 300, 715, steps=20, duration_ms=150)
            _, _, _, bottom = button_at_rest(sway).bbox
            self.assertLessEqual(bottom, top_of_keyboard)
            pointer.up()
            self.assertIsNone(keyboard.poll())
