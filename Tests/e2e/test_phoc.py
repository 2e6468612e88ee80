"""What phoc 0.24 (Phosh's compositor, headless: HeadlessPhoc in harness.py) needs beyond the
smoke set: a reload after a drag and a menu opened and closed again and again, both of which
crashed it once, and two buttons side by side. The host-phoc leg runs these after the smoke set
(test_smoke.py), which covers the rest of what matters on a phone.
"""

from __future__ import annotations

import unittest

from buoy_fixture import MAGENTA, Buoy, count_lines, settle
from harness import HeadlessPhoc, wait_for
from test_buttons import KEYBOARD_COLOR, MAIN_COLOR, overlap, two_buttons
from test_menu import start_buoy_with_menu, wait_closed, wait_open
from test_msg import config, msg


def tap_config(sway) -> tuple[str, object]:
    marker = sway.artifact("tapped")
    return config(actions={"tap": f'"echo x >> {marker}"'}, snap={"duration": 0.1}), marker


class PhocTests(unittest.TestCase):
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
