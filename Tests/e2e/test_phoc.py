"""buoy on a second compositor: phoc 0.24 (Phosh's), headless (see HeadlessPhoc in harness.py).

A smoke test of what matters on a phone: the button shows, a tap runs its command, a click
beside it reaches the window below and not buoy, a drag moves it and it snaps to an edge, and
its menu (subsurfaces stretched by wp_viewporter) opens and runs an item.
"""

from __future__ import annotations

import json
import unittest

from buoy_fixture import MAGENTA, Buoy, count_lines, settle
from harness import HeadlessPhoc, wait_for, wait_steady
from test_faults import parse_state
from test_buttons import KEYBOARD_COLOR, MAIN_COLOR, overlap, two_buttons
from test_menu import start_buoy_with_menu, wait_closed, wait_open
from test_msg import config, msg
from test_smoke import hide_and_show

MARGIN = 8
SIZE = 56


def tap_config(sway) -> tuple[str, object]:
    marker = sway.artifact("tapped")
    return config(actions={"tap": f'"echo x >> {marker}"'}, snap={"duration": 0.1}), marker


class PhocTests(unittest.TestCase):
    def test_the_button_shows_at_the_right_edge_and_state_names_the_output(self):
        with HeadlessPhoc() as phoc:
            buoy = Buoy(phoc, config()).start()
            match = buoy.wait_for_button(MAGENTA)
            left, top, right, bottom = match.bbox
            self.assertAlmostEqual(1280 - right, MARGIN, delta=2, msg=match)
            self.assertAlmostEqual(right - left, SIZE, delta=3, msg=match)
            self.assertAlmostEqual((top + bottom) / 2, 360, delta=2, msg=match)
            state = json.loads(msg(buoy, "state").stdout)
            self.assertEqual((state["output"], state["edge"], state["visible"]), ("HEADLESS-1", "right", True))
            self.assertEqual(buoy.stop(), 0)

    def test_a_click_on_the_button_runs_tap_once_and_one_beside_it_reaches_the_window_below(self):
        with HeadlessPhoc() as phoc:
            pointer = phoc.pointer()
            text, marker = tap_config(phoc)
            buoy = Buoy(phoc, text).start()
            match = buoy.wait_for_button(MAGENTA)
            cx, cy = match.centroid
            wev = phoc.wev()  # maximized under the overlay layer
            buoy.wait_for_button(MAGENTA)
            wev.mark()
            pointer.click(match.bbox[0] - 40, cy)
            presses = wev.wait_buttons(2)
            self.assertEqual([p.state for p in presses], ["pressed", "released"])
            self.assertAlmostEqual(presses[0].x, match.bbox[0] - 40, delta=1)
            settle()
            self.assertEqual(count_lines(marker), 0, "the click beside the button ran tap")

            wev.mark()
            pointer.click(cx, cy)
            wait_for(lambda: count_lines(marker) == 1, timeout=3, message="tap ran")
            settle()
            self.assertEqual(count_lines(marker), 1)
            self.assertEqual(wev.button_events(), [], "wev saw the click on the button")

    def test_a_drag_moves_the_button_with_the_pointer_and_it_snaps_to_the_left_edge(self):
        with HeadlessPhoc() as phoc:
            pointer = phoc.pointer()
            text, marker = tap_config(phoc)
            buoy = Buoy(phoc, text).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            # A fast flick, steps far larger than the circle: phoc 0.24 gives layer surfaces no
            # implicit grab, so this works only because buoy's whole surface takes input while
            # a press is in progress.
            pointer.drag(cx, cy, 400, 500, steps=10, duration_ms=100)
            centre = wait_steady(lambda: phoc.screenshot().find(MAGENTA, tolerance=8),
                                 message="the button at rest under the held pointer").centroid
            self.assertAlmostEqual(centre[0], 400, delta=4, msg="follows the pointer")
            self.assertAlmostEqual(centre[1], 500, delta=4, msg="follows the pointer")
            pointer.drag(400, 500, 120, 500, steps=6, duration_ms=60, release=True)
            match = buoy.wait_for_button_to_rest(MAGENTA)
            self.assertAlmostEqual(match.bbox[0], MARGIN, delta=2, msg=match)
            self.assertAlmostEqual(match.centroid[1], 500, delta=3, msg=match)
            state = parse_state(buoy.state_path.read_text())
            self.assertIsNotNone(state)
            self.assertTrue(state["rest"].startswith("edge left "), state)
            settle()
            self.assertEqual(count_lines(marker), 0, "the drag ran tap")

    def test_a_reload_after_a_drag_touches_no_surface_and_phoc_lives(self):
        # phoc 0.24 died of SIGSEGV when a reload made the dragged button's surfaces again.
        with HeadlessPhoc() as phoc:
            pointer = phoc.pointer()
            text, marker = tap_config(phoc)
            buoy = Buoy(phoc, text, env={"WAYLAND_DEBUG": "1"}).start()
            cx, cy = buoy.wait_for_button_to_rest(MAGENTA).centroid
            # Left of drag to remove's target, which is at the bottom's middle.
            pointer.drag(cx, cy, 300, 700, steps=10, duration_ms=100, release=True)
            cx, cy = buoy.wait_for_button_to_rest(MAGENTA).centroid
            self.assertGreater(cy, 600, "snapped to the bottom edge")
            mark = len(buoy.log())
            self.assertEqual(msg(buoy, "reload").returncode, 0)
            settle()
            after = buoy.log()[mark:]
            self.assertNotIn("get_layer_surface", after, "the reload made the layer surface again")
            destroyed = [line for line in after.splitlines() if "-> wl_surface@" in line and ".destroy(" in line]
            self.assertEqual(destroyed, [], "the reload destroyed a surface")
            self.assertIsNone(phoc.process.poll(), "phoc died")
            pointer.click(cx, cy)
            wait_for(lambda: count_lines(marker) == 1, timeout=3, message="a tap after the reload")
            self.assertEqual(buoy.stop(), 0)

    def test_a_tap_opens_the_menu_and_a_click_on_item_2_runs_it_once(self):
        with HeadlessPhoc() as phoc:
            pointer = phoc.pointer()
            buoy, markers, (cx, cy) = start_buoy_with_menu(phoc)
            pointer.click(cx, cy)
            centres = wait_open(phoc, buoy)
            ys = [y for _, y in centres]
            self.assertEqual(ys, sorted(ys), "items read top to bottom in config order")
            pointer.click(*centres[1])
            wait_for(lambda: count_lines(markers[1]) == 1, timeout=3, message="item 2 ran")
            wait_closed(phoc)
            settle()
            self.assertEqual([count_lines(m) for m in markers], [0, 1, 0, 0])

    def test_the_menu_opens_and_closes_again_and_again_drawn_ahead_or_when_asked(self):
        # Its first frame maps new subsurfaces with the commit after the one that adds them;
        # phoc 0.24 crashes when one commit does both.
        with HeadlessPhoc() as phoc:
            pointer = phoc.pointer()
            buoy, _, (cx, cy) = start_buoy_with_menu(phoc)
            wait_for(lambda: "ahead of time" in buoy.log(), timeout=5, message="the menu drawn after start")
            original = buoy.config_path.read_text()
            for round in range(3):
                pointer.click(cx, cy)
                wait_open(phoc, buoy)
                self.assertEqual(msg(buoy, "menu").returncode, 0)
                wait_closed(phoc)
                # Renamed, so the next opening's images are drawn when it asks for them.
                buoy.config_path.write_text(original.replace('"Item 1"', f'"Item 1, take {round}"'))
                self.assertEqual(msg(buoy, "reload").returncode, 0)
                self.assertEqual(msg(buoy, "menu").returncode, 0)
                wait_open(phoc, buoy)
                self.assertEqual(msg(buoy, "menu").returncode, 0)
                wait_closed(phoc)
            self.assertEqual(buoy.log().count("menu opened"), 6)
            self.assertEqual(buoy.stop(), 0)

    def test_hide_and_show_with_the_menu_closed_and_open(self):
        with HeadlessPhoc() as phoc:
            hide_and_show(self, phoc)

    def test_two_buttons_each_run_their_own_command_and_one_dropped_on_the_other_moves_aside(self):
        with HeadlessPhoc() as phoc:
            pointer = phoc.pointer()
            keyboard, main = phoc.artifact("keyboard-tapped"), phoc.artifact("main-tapped")
            buoy = Buoy(phoc, two_buttons(f"echo k >> {keyboard}", f"echo m >> {main}")).start()
            k = buoy.wait_for_button(KEYBOARD_COLOR)
            m = buoy.wait_for_button(MAIN_COLOR)
            wev = phoc.wev()
            wev.mark()
            between = (640, 360)
            pointer.click(*between)
            self.assertEqual(len(wev.wait_buttons(2)), 2, "the click between the buttons")
            pointer.click(*k.centroid)
            wait_for(lambda: count_lines(keyboard) == 1, timeout=3, message="keyboard's tap ran")
            pointer.click(*m.centroid)
            wait_for(lambda: count_lines(main) == 1, timeout=3, message="main's tap ran")

            pointer.drag(*m.centroid, *k.centroid, steps=20, duration_ms=300, release=True)

            def apart():
                shot = phoc.screenshot()
                k2, m2 = shot.find(KEYBOARD_COLOR, tolerance=8), shot.find(MAIN_COLOR, tolerance=8)
                return bool(k2 and m2 and k2.count > 1500 and m2.count > 1500
                            and not overlap(k2.bbox, m2.bbox) and m2.bbox[0] < 100)

            wait_for(apart, timeout=3, message="the dropped button beside the other")
            settle()
            self.assertEqual((count_lines(keyboard), count_lines(main)), (1, 1))


if __name__ == "__main__":
    unittest.main()
