"""Drag to remove (issue 20, section 6) on a real headless sway: the target, the removal, Undo,
`buoy msg show`, SIGUSR1, `removable = false` and a restart."""

from __future__ import annotations

import json
import signal
import time
import unittest

from buoy_fixture import MAGENTA, Buoy
from harness import HeadlessSway, screenshot, wait_for
from test_msg import config, msg
from test_outputs import FIRST, SECOND, WIDTH, buttons_on, drawn_at, two_outputs
from test_subscribe import subscribed

# The target's centre on a 1280×720 output with no bar: centred, 64 px above the bottom.
TARGET = (640, 720 - 64)
# The right edge's middle, where the button rests at start (top-left x, y of `msg state`).
START = (1280 - 8 - 56, 360 - 28)
WHITE = (255, 255, 255)


def around_target(reach: int = 40) -> tuple[int, int, int, int]:
    return (TARGET[0] - reach, TARGET[1] - reach, TARGET[0] + reach, TARGET[1] + reach)


def white_at_target(sway) -> int:
    """How many white pixels (the target's ×, or Undo's arrow) are around the target."""
    match = sway.screenshot().find(WHITE, tolerance=40, region=around_target())
    return match.count if match else 0


def state(buoy: Buoy) -> dict:
    return json.loads(msg(buoy, "state").stdout)["buttons"][0]


def gone(sway) -> bool:
    return sway.screenshot().find(MAGENTA, tolerance=8) is None


def drop_on_target(sway, pointer, buoy: Buoy) -> None:
    """Drags the button from where it rests onto the target and lets go there."""
    cx, cy = buoy.wait_for_button_to_rest(MAGENTA).centroid
    pointer.drag(cx, cy, TARGET[0], TARGET[1], steps=20, duration_ms=200)
    pointer.up()
    wait_for(lambda: gone(sway), timeout=3, message="the button gone after the drop")


class RemoveTests(unittest.TestCase):
    def test_a_drop_on_the_target_removes_the_button_and_undo_brings_it_back(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy = Buoy(sway, config()).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            self.assertEqual(white_at_target(sway), 0, "no target before a drag")
            events = subscribed(buoy)
            pointer.drag(cx, cy, 640, 400, steps=20, duration_ms=200)
            wait_for(lambda: white_at_target(sway) > 30, timeout=2, message="the target during the drag")
            sway.screenshot().save_png(sway.artifact("target.png"))
            pointer.drag(640, 400, *TARGET, steps=10, duration_ms=100)
            pointer.up()
            wait_for(lambda: gone(sway), timeout=3, message="the button gone after the drop")
            self.assertEqual(events.wait_event("removed"), {"event": "removed", "name": "main"})
            report = state(buoy)
            self.assertEqual((report["visible"], report["hidden_by"]), (False, "removed"))
            self.assertEqual((report["x"], report["y"]), START, "where it comes back")
            self.assertGreater(white_at_target(sway), 30, "the Undo bubble's arrow")
            sway.screenshot().save_png(sway.artifact("undo.png"))

            pointer.click(*TARGET)
            match = buoy.wait_for_button_to_rest(MAGENTA, timeout=3)
            self.assertAlmostEqual(match.centroid[0], cx, delta=2, msg=match)
            self.assertAlmostEqual(match.centroid[1], cy, delta=2, msg=match)
            self.assertEqual(events.wait_event("shown")["reason"], "removed")
            report = state(buoy)
            self.assertEqual((report["visible"], report["hidden_by"], report["x"], report["y"]),
                             (True, None, *START))
            wait_for(lambda: white_at_target(sway) == 0, timeout=2, message="Undo gone")
            events.close()

    def test_three_seconds_after_a_removal_nothing_shows_and_show_or_sigusr1_bring_it_back(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            # The screen without buoy, whatever the compositor's background.
            empty = sway.screenshot()
            buoy = Buoy(sway, config()).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            drop_on_target(sway, pointer, buoy)
            wait_for(lambda: sway.screenshot().data == empty.data, timeout=5,
                     message="nothing of buoy drawn once Undo's 3 s are over")
            self.assertEqual(state(buoy)["hidden_by"], "removed")

            self.assertEqual(msg(buoy, "show").returncode, 0)
            match = buoy.wait_for_button_to_rest(MAGENTA, timeout=3)
            self.assertAlmostEqual(match.centroid[0], cx, delta=2, msg=match)
            self.assertAlmostEqual(match.centroid[1], cy, delta=2, msg=match)

            drop_on_target(sway, pointer, buoy)
            buoy.process.send_signal(signal.SIGUSR1)
            match = buoy.wait_for_button_to_rest(MAGENTA, timeout=3)
            self.assertAlmostEqual(match.centroid[1], cy, delta=2, msg=match)
            self.assertEqual(state(buoy)["hidden_by"], None)

    def test_msg_hide_during_undo_holds_until_show_and_a_tap_on_undo_does_nothing(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy = Buoy(sway, config()).start()
            buoy.wait_for_button(MAGENTA)
            drop_on_target(sway, pointer, buoy)
            dropped = time.monotonic()
            self.assertEqual(msg(buoy, "hide").returncode, 0)
            self.assertEqual(state(buoy)["hidden_by"], "msg")
            wait_for(lambda: white_at_target(sway) == 0, timeout=2, message="Undo gone with the hide")
            self.assertLess(time.monotonic() - dropped, 2.5, "the click comes within Undo's 3 s")
            pointer.click(*TARGET)
            # Two round trips: buoy has handled the click, and what it committed then is out.
            report = buoy.past(0)["buttons"][0]
            self.assertEqual((report["visible"], report["hidden_by"]), (False, "msg"))
            self.assertTrue(gone(sway), "a click where Undo was brings nothing back")
            self.assertEqual(msg(buoy, "show").returncode, 0)
            buoy.wait_for_button_to_rest(MAGENTA, timeout=3)
            report = state(buoy)
            self.assertEqual((report["visible"], report["hidden_by"], report["x"], report["y"]),
                             (True, None, *START))

    def test_with_removable_false_the_same_drag_just_moves_the_button(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy = Buoy(sway, config(button={"removable": "false"}, snap={"duration": 0.1})).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            pointer.drag(cx, cy, 640, 400, steps=20, duration_ms=200)
            # A target would be in full 0.15 s (RemoveTarget.fadeIn) after buoy saw the drag.
            buoy.past(0.15)
            self.assertEqual(white_at_target(sway), 0, "no target")
            pointer.drag(640, 400, *TARGET, steps=10, duration_ms=100)
            pointer.up()
            match = buoy.wait_for_button_to_rest(MAGENTA, timeout=3)
            self.assertAlmostEqual(match.centroid[0], TARGET[0], delta=2, msg=match)
            self.assertAlmostEqual(match.bbox[3], 720 - 8, delta=2, msg="on the bottom edge")
            report = state(buoy)
            self.assertEqual((report["visible"], report["hidden_by"], report["edge"]), (True, None, "bottom"))

    def test_a_restart_after_a_removal_shows_the_button_where_it_was_before_the_drag(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            text = config(snap={"duration": 0.1})
            buoy = Buoy(sway, text).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            pointer.drag(cx, cy, 100, 200, steps=20, duration_ms=200)
            pointer.up()
            left = buoy.wait_for_button_to_rest(MAGENTA)
            drop_on_target(sway, pointer, buoy)
            self.assertEqual(buoy.stop(), 0)
            again = Buoy(sway, text).start()
            match = again.wait_for_button_to_rest(MAGENTA)
            self.assertEqual(match.bbox, left.bbox)
            self.assertEqual(state(again)["hidden_by"], None)


class RemoveAcrossOutputsTests(unittest.TestCase):
    def test_dragged_onto_another_output_the_target_shows_there_and_a_drop_on_it_removes_the_button_there(self):
        # Issue 34 §13: the target showed only on the output where the drag began.
        with HeadlessSway() as sway:
            # Made first: a press in the moment buoy gets its wl_pointer is lost.
            pointer = sway.pointer(layout=True)
            buoy = Buoy(sway, config(button={"position": '"right"'}, snap={"duration": 0.1})).start()
            cx, cy = buoy.wait_for_button_to_rest(MAGENTA).centroid
            two_outputs(sway)
            second = next(o for o in sway.outputs() if o["name"] == SECOND)["rect"]
            width, height = second["width"], second["height"]
            # Centred, 64 px above the bottom, as on any output.
            tx, ty = width // 2, height - 64

            def white_on(output: str, x: float, y: float) -> int:
                region = (int(x) - 40, int(y) - 40, int(x) + 40, int(y) + 40)
                match = screenshot(sway.env, output=output).find(WHITE, tolerance=40, region=region)
                return match.count if match else 0
            pointer.drag(cx, cy, WIDTH + tx, 300, steps=20, duration_ms=200)
            drawn_at(sway, SECOND, tx, 300)
            wait_for(lambda: white_on(SECOND, tx, ty) > 30, timeout=2, message="the target on the second output")
            self.assertEqual(white_at_target(sway), 0, "none on the first")
            pointer.drag(WIDTH + tx, 300, WIDTH + tx, ty, steps=10, duration_ms=100)
            pointer.up()
            wait_for(lambda: state(buoy)["hidden_by"] == "removed", timeout=3, message="removed")
            self.assertEqual((state(buoy)["visible"], state(buoy)["output"]), (False, SECOND))
            wait_for(lambda: buttons_on(sway, SECOND) is None, timeout=3, message="the button gone")
            self.assertIsNone(buttons_on(sway, FIRST))
            self.assertGreater(white_on(SECOND, tx, ty), 30, "the Undo bubble's arrow there")

            # Undo brings it back there, at the rest it had: the right edge's middle.
            pointer.click(WIDTH + tx, ty)
            wait_for(lambda: state(buoy)["visible"], timeout=3, message="back after Undo")
            report = state(buoy)
            self.assertEqual((report["output"], report["edge"], report["hidden_by"]), (SECOND, "right", None))
            drawn_at(sway, SECOND, width - 8 - 28, height / 2)
            self.assertEqual(buoy.stop(), 0)

if __name__ == "__main__":
    unittest.main()
