"""Click types on the next tap anywhere (issue 30 §1): `buoy msg click TYPE` (or an action)
arms one; the next tap anywhere but on the button is taken by buoy's overlay, which goes, and
buoy delivers that click at the tapped point through a virtual pointer. wev, tiled under the
button, reads what it gets."""

from __future__ import annotations

import json
import subprocess
import time
import unittest

from buoy_fixture import BUOY, MAGENTA, Buoy, settle
from harness import HarnessError, matrix_compositor, require_tools, wait_for
from test_faults import NestedSway
from test_msg import config, msg
from test_outputs import entry
from test_remove import drop_on_target
from test_subscribe import subscribed

BTN_LEFT, BTN_RIGHT, BTN_MIDDLE = 272, 273, 274


def armed(buoy: Buoy):
    """`msg state`'s armed: the type, or None for its null (the key is always there)."""
    return json.loads(msg(buoy, "state").stdout)["armed"]


class Session:
    """A compositor with a pointer, buoy's button and wev under it, the pointer on wev."""

    def __init__(self, compositor, text: str | None = None):
        self.compositor = compositor
        self.pointer = compositor.pointer()
        self.buoy = Buoy(compositor, text or config()).start()
        self.button = self.buoy.wait_for_button(MAGENTA)
        self.wev = compositor.wev()
        self.buoy.wait_for_button(MAGENTA)
        self.wev.take_pointer(self.pointer, 300, 200)

    def arm(self, *words: str) -> None:
        """Arms by `buoy msg click`, and waits until the overlay takes input."""
        before = self.buoy.log().count("takes input")
        result = msg(self.buoy, "click", *words)
        if result.returncode != 0:
            raise HarnessError(f"buoy msg click {' '.join(words)}: {result.stdout}{result.stderr}")
        wait_for(lambda: self.buoy.log().count("takes input") > before, timeout=3,
                 message="the click overlay takes input")

    def buttons(self) -> list[tuple[int, str, float, float]]:
        return [(e.button, e.state, e.x, e.y) for e in self.wev.button_events()]

    def tap(self, x: float, y: float, events: int) -> list[tuple[int, str, float, float]]:
        """Taps at (x, y); what wev got once `events` button events came and then a motion of
        the pointer's: buoy sends a click's events all in the wakeup that delivers it, which
        has ended once buoy answers a round trip, and wev's events come in order."""
        self.wev.mark()
        self.pointer.click(x, y)
        self.wev.wait_buttons(events, settle=0)
        self.buoy.caught_up()
        # The first move may only enter wev, where the click overlay was.
        self.pointer.move(x + 1, y)
        self.pointer.move(x + 2, y)
        wait_for(lambda: (x + 2, y) in self.wev.motions(), timeout=3,
                 message=f"wev to see the pointer at ({x + 2}, {y}) after the click")
        return self.buttons()


class ClickTypeTests(unittest.TestCase):
    def assert_plain_left_click_next(self, s: Session) -> None:
        """Once the click is delivered, the next click is a plain left click again."""
        wait_for(lambda: armed(s.buoy) is None, timeout=3, message="disarmed after the click")
        s.wev.mark()
        s.pointer.click(500, 400)
        s.wev.wait_buttons(2)
        self.assertEqual(s.buttons(), [(BTN_LEFT, "pressed", 500, 400), (BTN_LEFT, "released", 500, 400)])

    def test_right_click_at_the_tapped_point_and_no_left_press(self):
        with matrix_compositor() as compositor:
            s = Session(compositor)
            subscriber = subscribed(s.buoy)
            s.arm("right")
            self.assertEqual(armed(s.buoy), "right")
            self.assertEqual(subscriber.wait_event("armed")["type"], "right")
            self.assertEqual(
                s.tap(300, 200, 2), [(BTN_RIGHT, "pressed", 300, 200), (BTN_RIGHT, "released", 300, 200)])
            clicked = subscriber.wait_event("clicked")
            self.assertEqual((clicked["type"], clicked["x"], clicked["y"]), ("right", 300, 200))
            self.assert_plain_left_click_next(s)
            subscriber.close()

    def test_middle_click(self):
        with matrix_compositor() as compositor:
            s = Session(compositor)
            s.arm("middle")
            self.assertEqual(
                s.tap(640, 360, 2), [(BTN_MIDDLE, "pressed", 640, 360), (BTN_MIDDLE, "released", 640, 360)])
            self.assert_plain_left_click_next(s)

    def test_double_click_is_two_left_clicks(self):
        with matrix_compositor() as compositor:
            s = Session(compositor)
            s.arm("double")
            self.assertEqual(s.tap(200, 100, 4), [(BTN_LEFT, state, 200, 100)
                                                  for state in ("pressed", "released", "pressed", "released")])
            events = s.wev.button_events()
            self.assertLessEqual(events[3].time - events[0].time, 100, "within a double-click time")
            self.assert_plain_left_click_next(s)

    def test_drag_presses_at_the_first_tap_and_releases_at_the_second(self):
        with matrix_compositor() as compositor:
            s = Session(compositor)
            s.arm("drag")
            s.wev.mark()
            s.pointer.click(200, 150)
            settle()
            self.assertEqual(armed(s.buoy), "drag", "still armed after the first tap")
            self.assertEqual(s.buttons(), [], "nothing delivered after the first tap")
            self.assertEqual(
                s.tap(600, 450, 2), [(BTN_LEFT, "pressed", 200, 150), (BTN_LEFT, "released", 600, 450)])
            self.assertIn((400, 300), s.wev.motions(), "motion while the button was held")
            self.assert_plain_left_click_next(s)

    def test_cancel_and_a_tap_on_the_button_disarm(self):
        with matrix_compositor() as compositor:
            s = Session(compositor)
            subscriber = subscribed(s.buoy)
            s.arm("right")
            self.assertEqual(msg(s.buoy, "click", "cancel").returncode, 0)
            self.assertEqual(subscriber.wait_event("disarmed")["reason"], "msg")
            self.assertIsNone(armed(s.buoy))
            self.assert_plain_left_click_next(s)

            s.arm("right")
            cx, cy = s.button.centroid
            s.pointer.click(cx, cy)
            self.assertEqual(subscriber.wait_event("disarmed")["reason"], "button")
            self.assert_plain_left_click_next(s)
            subscriber.close()

    def test_hiding_removing_or_reloading_away_the_button_that_armed_it_disarms(self):
        """Issue 42 §1: armed with no button on screen, the next tap anywhere would be a right
        click that nothing shows. Each way the button goes disarms, and says why."""
        with matrix_compositor() as compositor:
            s = Session(compositor)
            subscriber = subscribed(s.buoy)
            s.arm("right")
            self.assertEqual(msg(s.buoy, "hide").returncode, 0)
            self.assertEqual(subscriber.wait_event("disarmed"), {"event": "disarmed", "name": "main", "reason": "hidden"})
            self.assertIsNone(armed(s.buoy))
            self.assert_plain_left_click_next(s)
            refused = msg(s.buoy, "click", "right")
            self.assertEqual((refused.returncode, refused.stderr.strip()),
                             (1, "buoy: cannot arm right-click: main is hidden (msg)"))
            self.assertEqual(msg(s.buoy, "show").returncode, 0)

            s.arm("right")
            drop_on_target(compositor, s.pointer, s.buoy)
            self.assertEqual(subscriber.wait_event("disarmed")["reason"], "removed")
            self.assertIsNone(armed(s.buoy))
            self.assertEqual(msg(s.buoy, "show").returncode, 0)
            s.buoy.wait_for_button_to_rest(MAGENTA)

            s.arm("right")
            s.buoy.config_path.write_text("[button]\nname = \"other\"\n" + config().split("[button]\n", 1)[1])
            self.assertEqual(msg(s.buoy, "reload").returncode, 0)
            self.assertEqual(subscriber.wait_event("disarmed"),
                             {"event": "disarmed", "name": "main", "reason": "button_gone"})
            self.assertIsNone(armed(s.buoy))
            subscriber.close()

    def test_the_output_under_the_overlay_unplugged_keeps_it_armed_on_the_buttons_new_output(self):
        """Issue 42 §1: the button moves to the output left, and so does the overlay."""
        with NestedSway() as sway:
            buoy = Buoy(sway, config()).start()
            wait_for(lambda: msg(buoy, "state").returncode == 0 and entry(buoy)["output"], timeout=5,
                     message="the button placed")
            first = entry(buoy)["output"]
            second = sway.plug()
            # Nothing outside buoy tells when it has learned of the second output: a moment.
            time.sleep(0.5)
            subscriber = subscribed(buoy)
            self.assertEqual(msg(buoy, "click", "right").returncode, 0)
            wait_for(lambda: f"click overlay on {first} takes input" in buoy.log(), timeout=3,
                     message="the overlay under the button")
            sway.unplug(first)
            wait_for(lambda: entry(buoy)["output"] == second, timeout=3, message=f"the button on {second}")
            wait_for(lambda: f"click overlay on {second} takes input" in buoy.log(), timeout=3,
                     message=f"the overlay on {second}")
            self.assertEqual(armed(buoy), "right")
            self.assertNotIn("click disarmed", buoy.log())
            subscriber.close()

    def test_a_tap_on_the_button_arms_its_action_and_its_face_shows_the_type(self):
        with matrix_compositor() as compositor:
            s = Session(compositor, config(actions={"tap": '{ action = "right-click" }'}))
            left, top, right, bottom = s.button.bbox

            def face() -> list:
                shot = compositor.screenshot()
                return [shot.pixel(x, y) for y in range(top, bottom) for x in range(left, right)]

            plain = face()
            cx, cy = s.button.centroid
            s.pointer.click(cx, cy)
            wait_for(lambda: armed(s.buoy) == "right", timeout=3, message="armed by the tap")
            s.pointer.move(300, 200)  # off the button, which looks as it did before it was hovered
            wait_for(lambda: face() != plain, timeout=3, message="the face showing R")
            compositor.screenshot(compositor.artifact("armed.png"))
            self.assertEqual(
                s.tap(300, 200, 2), [(BTN_RIGHT, "pressed", 300, 200), (BTN_RIGHT, "released", 300, 200)])
            wait_for(lambda: face() == plain, timeout=3, message="the face as it was")

    def test_escape_and_the_timeout_disarm(self):
        require_tools("wtype")
        with matrix_compositor() as compositor:
            s = Session(compositor, config(gestures={"click_timeout": 1}))
            subscriber = subscribed(s.buoy)
            s.arm("middle")
            subprocess.run(["wtype", "-s", "300", "-k", "Escape"], env=compositor.env, check=True, timeout=10)
            self.assertEqual(subscriber.wait_event("disarmed")["reason"], "escape")
            s.arm("double")
            armed_at = time.monotonic()
            self.assertEqual(subscriber.wait_event("disarmed", timeout=3)["reason"], "timeout")
            self.assertGreaterEqual(subscriber.last_arrival - armed_at, 0.8, "click_timeout = 1")
            self.assert_plain_left_click_next(s)
            subscriber.close()

    def test_without_a_virtual_pointer_arming_fails_and_a_tap_logs_it_once(self):
        with matrix_compositor() as compositor:
            pointer = compositor.pointer()
            text = config(actions={"tap": '{ action = "right-click" }'})
            buoy = Buoy(compositor, text, env={"BUOY_IGNORE_GLOBALS": "zwlr_virtual_pointer_manager_v1"}).start()
            button = buoy.wait_for_button(MAGENTA)
            result = msg(buoy, "click", "right")
            self.assertEqual(result.returncode, 1)
            self.assertIn("right-click is unavailable here: the compositor offers no "
                          "zwlr_virtual_pointer_manager_v1", result.stdout + result.stderr)
            cx, cy = button.centroid
            for _ in range(2):
                pointer.click(cx, cy)
                buoy.caught_up()  # it logs as it handles the tap
            self.assertIsNone(armed(buoy))
            self.assertEqual(buoy.log().count("[warning] right-click is unavailable here"), 1, buoy.log())

    def test_a_dwell_user_arms_by_resting_on_the_button_and_clicks_by_resting_anywhere(self):
        """`[button] dwell`: resting on the button taps it, which arms right-click; then the
        pointer resting on the overlay is the tap, and wev gets the right click there."""
        with matrix_compositor() as compositor:
            s = Session(compositor, config(button={"dwell": 0.5},
                                           actions={"tap": '{ action = "right-click" }'}))
            s.wev.mark()
            s.pointer.arrive(*s.button.centroid)
            wait_for(lambda: "takes input" in s.buoy.log(), timeout=3,
                     message="armed by the dwell on the button, the overlay taking input")
            self.assertEqual(armed(s.buoy), "right")
            rested_at = time.monotonic()
            s.pointer.arrive(300, 200)
            s.wev.wait_buttons(2)
            self.assertGreaterEqual(time.monotonic() - rested_at, 0.45, "clicked before the rest's 0.5 s")
            self.assertEqual(s.buttons(), [(BTN_RIGHT, "pressed", 300, 200), (BTN_RIGHT, "released", 300, 200)])
            self.assert_plain_left_click_next(s)

    def test_check_says_what_the_click_types_need(self):
        with matrix_compositor() as compositor:
            buoy = Buoy(compositor, config(actions={"tap": '{ action = "drag" }'}))
            result = subprocess.run([BUOY, "--check", "-c", str(buoy.config_path)], env=buoy.env, capture_output=True, text=True,
                                    timeout=10)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertIn("action drag: buoy's own, through the compositor's zwlr_virtual_pointer_manager_v1 v2",
                          result.stdout)

    def test_check_in_kde_plasma_says_the_click_types_need_buoy_s_desktop_file(self):
        with matrix_compositor() as compositor:
            buoy = Buoy(compositor, config(actions={"tap": '{ action = "right-click" }'}))
            env = {k: v for k, v in buoy.env.items() if k not in ("SWAYSOCK", "HYPRLAND_INSTANCE_SIGNATURE")}
            result = subprocess.run([BUOY, "--check", "-c", str(buoy.config_path)],
                                    env={**env, "KDE_SESSION_VERSION": "6"}, capture_output=True, text=True,
                                    timeout=10)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertIn("action right-click: buoy's own, through KWin's org_kde_kwin_fake_input, which KWin"
                          " offers to buoy through buoy's desktop file (buoy(5), CLICK TYPES;", result.stdout)

    def test_nothing_is_delivered_while_swaylock_runs(self):
        """Armed, then locked: the taps go to swaylock, and nothing reaches wev. sway 1.7
        (input-inhibitor) keeps buoy's surfaces and routes every press to swaylock; sway 1.10
        (ext-session-lock) takes buoy's surfaces off the output, which disarms it."""
        require_tools("swaylock")
        with matrix_compositor() as compositor:
            s = Session(compositor)
            # Unlocked, the same tap is delivered: the test can see a click.
            s.arm("right")
            self.assertEqual([b[0] for b in s.tap(300, 200, 2)], [BTN_RIGHT, BTN_RIGHT])
            wait_for(lambda: armed(s.buoy) is None, timeout=3, message="disarmed after the click")
            s.arm("right")
            lock = compositor.spawn(["swaylock", "--color", "123456"], log="swaylock.log")
            try:
                # Its own colour on screen, and still running: the screen is locked (swaylock
                # exits at once where the compositor offers no way to lock).
                wait_for(lambda: compositor.screenshot().pixel(300, 200) == (0x12, 0x34, 0x56) or
                         lock.poll() is not None, timeout=5, message="swaylock covering the screen")
                self.assertIsNone(lock.poll(), compositor.artifact("swaylock.log").read_text())
                s.wev.mark()
                s.pointer.click(300, 200)
                s.pointer.click(310, 210)
                msg(s.buoy, "click", "middle")  # refused or armed: either way nothing may come
                s.pointer.click(320, 220)
                time.sleep(0.5)
                self.assertEqual(s.buttons(), [], "wev got a click while the screen was locked")
            finally:
                lock.terminate()
                lock.wait(timeout=5)

if __name__ == "__main__":
    unittest.main()
