"""[visibility]: buttons that hide over fullscreen windows, for some apps, or in a device mode
(issue 20), seen through foreign-toplevel on a real compositor."""

from __future__ import annotations

import json
import time
import unittest

from buoy_fixture import MAGENTA, Buoy
from harness import HeadlessKWin, HeadlessSway, matrix_compositor, require_tools, wait_for
from test_faults import NestedSway
from test_menu import start_buoy_with_menu, wait_closed, wait_open
from test_msg import config, msg
from test_subscribe import subscribed


def visibility_config(**rules: str) -> str:
    return config(button={"position": '"right"'}, visibility=rules)


def entry(buoy: Buoy) -> dict:
    return json.loads(msg(buoy, "state").stdout)["buttons"][0]


def on_screen(compositor) -> bool:
    found = compositor.screenshot().find(MAGENTA, tolerance=8)
    return found is not None and found.count > 200


class VisibilityTests(unittest.TestCase):
    def test_a_lock_screen_closes_the_open_menu(self):
        """Issue 42: sway 1.7 has no ext-session-lock, so swaylock is a layer surface with an
        input inhibitor, and buoy's open menu stayed drawn over it. Taking the keyboard from the
        menu is the one thing the lock tells buoy (sway 1.10's ext-session-lock does as much):
        the menu closes."""
        require_tools("swaylock")
        with matrix_compositor() as compositor:
            pointer = compositor.pointer()
            # Keys on a gesture have buoy make its virtual keyboard, which gives this headless
            # seat (no devices) a keyboard: without one, nothing has the keyboard to lose.
            buoy, _, (cx, cy) = start_buoy_with_menu(
                compositor, edit=lambda text: text.replace("[actions]\n", '[actions]\ndouble_tap = { keys = "x" }\n', 1))
            pointer.click(cx, cy)
            wait_open(compositor, buoy)
            lock = compositor.spawn(["swaylock", "--color", "123456"], log="swaylock.log")
            try:
                wait_for(lambda: not buoy.caught_up()["menu_open"] or lock.poll() is not None, timeout=5,
                         message="the menu closed once swaylock took the keyboard")
                self.assertIsNone(lock.poll(), compositor.artifact("swaylock.log").read_text())
                self.assertIn("another surface took the keyboard", buoy.log())
                # Gone from the screen too, where sway 1.7 drew it over the lock.
                wait_closed(compositor)
            finally:
                lock.terminate()
                lock.wait(timeout=5)

    def test_fullscreen_hide_hides_it_and_it_comes_back(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, visibility_config(fullscreen='"hide"')).start()
            buoy.wait_for_button(MAGENTA)
            sway.wev()
            subscriber = subscribed(buoy)
            try:
                # How fast is bench's (make bench --only rules: median ≤ 100 ms), not a timed test's.
                sway.swaymsg("fullscreen", "enable")
                self.assertEqual(subscriber.wait_event("hidden"),
                                 {"event": "hidden", "name": "main", "reason": "fullscreen"})
                self.assertEqual((entry(buoy)["visible"], entry(buoy)["hidden_by"]), (False, "fullscreen"))
                wait_for(lambda: not on_screen(sway), timeout=2, message="the button gone from the screen")

                sway.swaymsg("fullscreen", "disable")
                self.assertEqual(subscriber.wait_event("shown"),
                                 {"event": "shown", "name": "main", "reason": "fullscreen"})
                buoy.wait_for_button(MAGENTA)
                self.assertIsNone(entry(buoy)["hidden_by"])
            finally:
                subscriber.close()
            self.assertEqual(buoy.stop(), 0)

    def test_the_default_shows_it_above_fullscreen(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config(button={"position": '"right"'})).start()
            buoy.wait_for_button(MAGENTA)
            sway.wev()
            sway.swaymsg("fullscreen", "enable")
            # sway shows a transaction once its clients have acked it, or 200 ms after it began
            # (its txn_timeout) if one is slow: screenshots for 0.5 s from the command's answer
            # see the fullscreen window drawn, and the button over it each time.
            end = time.monotonic() + 0.5
            while time.monotonic() < end:
                self.assertTrue(on_screen(sway))
            self.assertNotIn("foreign", buoy.log(), "no rule: the windows are not watched")
            self.assertEqual(buoy.stop(), 0)

    def test_show_for_shows_it_only_while_that_app_is_focused(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, visibility_config(show_for='["w?v", "other.*"]')).start()
            wait_for(lambda: msg(buoy, "state").returncode == 0 and entry(buoy)["hidden_by"] == "app",
                     timeout=5, message="hidden: no window is focused")
            wev = sway.wev()
            buoy.wait_for_button(MAGENTA)
            self.assertIsNone(entry(buoy)["hidden_by"])
            wev.process.kill()
            wait_for(lambda: entry(buoy)["hidden_by"] == "app", timeout=2, message="hidden again")
            # msg show says which rule keeps it hidden, and exits 0.
            shown = msg(buoy, "show")
            self.assertEqual(shown.returncode, 0)
            self.assertIn("a [visibility] rule keeps it hidden: main (app)", shown.stdout + shown.stderr)
            self.assertEqual(entry(buoy)["hidden_by"], "app")
            self.assertEqual(buoy.stop(), 0)

    def test_hide_for_hides_it_while_that_app_is_focused(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, visibility_config(hide_for='["wev"]')).start()
            buoy.wait_for_button(MAGENTA)
            wev = sway.wev()
            wait_for(lambda: entry(buoy)["hidden_by"] == "app", timeout=2, message="hidden for wev")
            wev.process.kill()
            buoy.wait_for_button(MAGENTA)
            self.assertEqual(buoy.stop(), 0)

    def test_mode_follows_msg_mode_and_outlasts_a_reload(self):
        with HeadlessSway() as sway:
            text = visibility_config(mode='"tablet"')
            buoy = Buoy(sway, text).start()
            wait_for(lambda: msg(buoy, "state").returncode == 0 and entry(buoy)["hidden_by"] == "mode",
                     timeout=5, message="hidden in laptop mode")
            self.assertEqual(json.loads(msg(buoy, "state").stdout)["mode"], "laptop")
            self.assertEqual(msg(buoy, "mode", "tablet").returncode, 0)
            buoy.wait_for_button(MAGENTA)
            self.assertEqual(msg(buoy, "reload").returncode, 0)
            # buoy answers the reload once it has read the file; what it has to draw again, it
            # has drawn once its state says ready.
            state = wait_for(lambda: (s := buoy.caught_up())["ready"] and s, timeout=5, message="ready after the reload")
            self.assertEqual(state["mode"], "tablet", "kept across a reload")
            self.assertTrue(on_screen(sway))
            # A hide on request outlasts the rule.
            self.assertEqual(msg(buoy, "hide").returncode, 0)
            self.assertEqual(msg(buoy, "mode", "laptop").returncode, 0)
            self.assertEqual(msg(buoy, "mode", "tablet").returncode, 0)
            self.assertEqual(entry(buoy)["hidden_by"], "msg")
            self.assertEqual(msg(buoy, "show").returncode, 0)
            buoy.wait_for_button(MAGENTA)
            bad = msg(buoy, "mode", "phone")
            self.assertEqual(bad.returncode, 2)
            self.assertIn('unknown mode "phone"; modes: laptop, tablet', bad.stderr)
            self.assertEqual(buoy.stop(), 0)


class WithoutForeignToplevelTests(unittest.TestCase):
    def test_kwin_warns_once_and_the_rules_do_nothing(self):
        with HeadlessKWin() as kwin:
            buoy = Buoy(kwin, visibility_config(fullscreen='"hide"', hide_for='["*"]')).start()
            buoy.wait_for_button(MAGENTA)
            wait_for(lambda: "does not offer wlr-foreign-toplevel-management" in buoy.log(), timeout=3,
                     message="the warning")
            self.assertEqual(msg(buoy, "reload").returncode, 0)
            # buoy warns, or not, as it applies the config it read again; msg state answers after.
            buoy.caught_up()
            self.assertEqual(buoy.log().count("does not offer wlr-foreign-toplevel-management"), 1)
            self.assertIsNone(entry(buoy)["hidden_by"])
            self.assertEqual(buoy.stop(), 0)


if __name__ == "__main__":
    unittest.main()


class FocusedOutputTests(unittest.TestCase):
    def test_output_focused_follows_the_focused_window_to_its_place_on_each_output(self):
        with NestedSway() as sway:
            (first,) = sway.active_outputs()
            second = sway.plug()
            sway.swaymsg("focus", "output", first)
            sway.wev()
            buoy = Buoy(sway, config(button={"output": '"focused"', "position": '"right"'})).start()
            wait_for(lambda: msg(buoy, "state").returncode == 0 and entry(buoy)["output"] == first,
                     timeout=5, message=f"the button on {first}, under the focused window")
            self.assertEqual(msg(buoy, "move", "top-left").returncode, 0)

            sway.swaymsg("focus", "output", second)
            sway.wev()  # focused, on the second output
            wait_for(lambda: entry(buoy)["output"] == second, timeout=3, interval=0.01,
                     message=f"the button on {second}")
            self.assertEqual(entry(buoy)["edge"], "top-left", "the place it had, on an output it never was on")
            self.assertEqual(msg(buoy, "move", "bottom").returncode, 0)

            sway.swaymsg("focus", "output", first)
            wait_for(lambda: entry(buoy)["output"] == first, timeout=3, message=f"back on {first}")
            wait_for(lambda: entry(buoy)["edge"] == "top-left", timeout=3, message="its place there")
            sway.swaymsg("focus", "output", second)
            wait_for(lambda: entry(buoy)["output"] == second and entry(buoy)["edge"] == "bottom", timeout=3,
                     message=f"back on {second}, at its place there")
            self.assertIn(f"following the focus to {second}", buoy.log())
            self.assertEqual(buoy.stop(), 0)
