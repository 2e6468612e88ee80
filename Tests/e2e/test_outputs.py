"""Dragging across outputs (issue 20 §5): a button dragged past its output's edge follows the
pointer onto the output beside it, is drawn there under the pointer while held, lands and snaps
there on release, and is remembered there."""

from __future__ import annotations

import json
import time
import unittest

from buoy_fixture import MAGENTA, Buoy, count_lines, settle
from harness import HeadlessSway, screenshot, wait_for
from test_msg import config, msg

FIRST, SECOND = "HEADLESS-1", "HEADLESS-2"
WIDTH = 1280


def entry(buoy: Buoy) -> dict:
    return json.loads(msg(buoy, "state").stdout)["buttons"][0]


def two_outputs(sway: HeadlessSway) -> None:
    """A second headless output, right of the first (sway places new outputs so)."""
    sway.swaymsg("create_output")
    wait_for(lambda: len(sway.outputs()) == 2, timeout=3, message="a second output")
    second = next(o for o in sway.outputs() if o["name"] == SECOND)
    assert second["rect"]["x"] == WIDTH and second["rect"]["y"] == 0, second["rect"]


def buttons_on(sway: HeadlessSway, output: str):
    """The button's pixels on `output` alone (grim -o), or None."""
    return screenshot(sway.env, output=output).find(MAGENTA, tolerance=8)


def drawn_at(sway: HeadlessSway, output: str, x: float, y: float):
    """Waits until the button is drawn on `output` centred within 3 px of (x, y) there (the
    pointer's last move may still be on its way to a frame); returns where."""
    def there():
        shown = buttons_on(sway, output)
        return shown if shown and abs(shown.centroid[0] - x) <= 3 and abs(shown.centroid[1] - y) <= 3 else None
    return wait_for(there, timeout=3, interval=0.02, message=f"the button drawn on {output} at {x}, {y}")


class AcrossOutputsTests(unittest.TestCase):
    def test_a_drag_past_the_edge_carries_the_button_onto_the_next_output_where_it_stays(self):
        with HeadlessSway() as sway:
            marker = sway.artifact("tapped")
            buoy = Buoy(sway, config(button={"position": '"right"'}, snap={"duration": 0.1},
                                     actions={"tap": f'"echo tap >> {marker}"'})).start()
            rest = buoy.wait_for_button_to_rest(MAGENTA)
            self.assertEqual(entry(buoy)["output"], FIRST)
            two_outputs(sway)
            pointer = sway.pointer(layout=True)
            cx, cy = rest.centroid

            # Held over the second output: drawn there under the pointer, and only there.
            pointer.drag(cx, cy, WIDTH + 400, 300, steps=30, duration_ms=300)
            drawn_at(sway, SECOND, 400, 300)
            self.assertIsNone(buttons_on(sway, FIRST), "not on the first output too")
            held = entry(buoy)
            # msg state gives where it is held, on the output it is over.
            self.assertEqual((held["dragging"], held["output"]), (True, SECOND))
            self.assertAlmostEqual(held["x"] + 28, 400, delta=1)
            self.assertAlmostEqual(held["y"] + 28, 300, delta=1)

            # Dragged on there, then back to the first and over again: one button all along.
            for x, y in ((WIDTH + 200, 500), (WIDTH - 300, 400), (WIDTH + 120, 200)):
                pointer.drag(0, 0, x, y, steps=15, duration_ms=150)
                where = SECOND if x > WIDTH else FIRST
                other = FIRST if where == SECOND else SECOND
                drawn_at(sway, where, x - (WIDTH if where == SECOND else 0), y)
                self.assertIsNone(buttons_on(sway, other), f"not on {other} while over {where}")
            # Across the edge itself, in either direction: part on each output, as one button.
            for x in (WIDTH - 10, WIDTH + 10):
                pointer.drag(0, 0, x, 400, steps=10, duration_ms=100)

                def straddling():
                    here, there = buttons_on(sway, FIRST), buttons_on(sway, SECOND)
                    if not here or not there or here.bbox[2] != WIDTH or there.bbox[0] != 0:
                        return None
                    return here, there
                here, there = wait_for(straddling, timeout=3, interval=0.02,
                                       message=f"the button across the edge at {x}")
                self.assertAlmostEqual(here.width + there.width, rest.width, delta=2, msg=(here, there))
                self.assertAlmostEqual(here.centroid[1], 400, delta=3)
                self.assertAlmostEqual(there.centroid[1], 400, delta=3)
            pointer.up()

            # Released there: it snaps to that output's nearest edge and is remembered there.
            wait_for(lambda: entry(buoy)["output"] == SECOND and entry(buoy)["edge"] == "left",
                     timeout=3, message="resting on the second output's left edge")
            landed = wait_for(lambda: buttons_on(sway, SECOND), timeout=3, message="drawn there")
            self.assertIsNone(buttons_on(sway, FIRST))
            self.assertIn(f"main: dragged onto {SECOND}", buoy.log())
            settle(0.3)
            landed = buttons_on(sway, SECOND)
            self.assertLess(landed.bbox[0], 20, landed)

            # Its surface there takes input: a tap runs the action.
            pointer.click(WIDTH + landed.centroid[0], landed.centroid[1])
            wait_for(lambda: count_lines(marker) == 1, timeout=3, message="the tap on the second output ran")

            # And it goes back the same way.
            pointer.drag(WIDTH + landed.centroid[0], landed.centroid[1], 200, 360, steps=20,
                         duration_ms=200, release=True)
            wait_for(lambda: entry(buoy)["output"] == FIRST and entry(buoy)["edge"] == "left",
                     timeout=3, message="back on the first output's left edge")
            wait_for(lambda: buttons_on(sway, SECOND) is None, timeout=3, message="gone from the second output")
            self.assertIsNotNone(buttons_on(sway, FIRST))
            self.assertEqual(buoy.stop(), 0)

    def test_the_output_it_was_dropped_on_is_where_a_restart_shows_it(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config(button={"position": '"right"'}, snap={"duration": 0.1})).start()
            rest = buoy.wait_for_button_to_rest(MAGENTA)
            two_outputs(sway)
            pointer = sway.pointer(layout=True)
            cx, cy = rest.centroid
            pointer.drag(cx, cy, WIDTH + 900, 60, steps=25, duration_ms=250, release=True)
            wait_for(lambda: entry(buoy)["output"] == SECOND and entry(buoy)["edge"] == "top",
                     timeout=3, message="resting on the second output's top edge")
            self.assertEqual(buoy.stop(), 0)
            self.assertIn(SECOND, buoy.state_path.read_text())

            started = time.monotonic()
            buoy.start()
            wait_for(lambda: msg(buoy, "state").returncode == 0 and entry(buoy)["output"] == SECOND,
                     timeout=5, message="on the second output after a restart")
            self.assertEqual(entry(buoy)["edge"], "top")
            shown = wait_for(lambda: buttons_on(sway, SECOND), timeout=3, message="drawn there")
            self.assertAlmostEqual(shown.centroid[0], 900, delta=4, msg=shown)
            self.assertLess(time.monotonic() - started, 5)
            self.assertEqual(buoy.stop(), 0)

    def test_a_drop_on_a_button_of_the_other_output_takes_the_nearest_free_place(self):
        with HeadlessSway() as sway:
            text = config(button={"position": '"right"'}, snap={"duration": 0.1})
            text += ('\n[[button]]\nname = "pinned"\noutput = "HEADLESS-2"\nposition = "left"\n'
                     'color = "#00ff00"\nidle_opacity = 1.0\n')
            text = text.replace("[button]", '[[button]]\nname = "main"', 1)
            buoy = Buoy(sway, text).start()
            wait_for(lambda: msg(buoy, "state").returncode == 0, timeout=5, message="buoy answering")
            two_outputs(sway)

            def places() -> dict:
                return {b["name"]: b for b in json.loads(msg(buoy, "state").stdout)["buttons"]}
            wait_for(lambda: places()["pinned"]["output"] == SECOND, timeout=5, message="pinned on the second output")
            pinned = places()["pinned"]
            main = places()["main"]
            self.assertEqual(main["output"], FIRST)
            pointer = sway.pointer(layout=True)
            # Dropped right onto the pinned button's place.
            pointer.drag(main["x"] + 28, main["y"] + 28, WIDTH + pinned["x"] + 28, pinned["y"] + 28, steps=25,
                         duration_ms=250, release=True)
            wait_for(lambda: places()["main"]["output"] == SECOND and not places()["main"]["dragging"],
                     timeout=3, message="main dropped on the second output")
            settle(0.3)
            both = places()
            self.assertEqual(both["main"]["edge"], "left")
            apart = abs(both["main"]["y"] - both["pinned"]["y"])
            self.assertGreaterEqual(apart, 56 + 8, f"they do not overlap: {both}")
            self.assertEqual(both["pinned"]["y"], pinned["y"], "the pinned one stays")
            self.assertEqual(buoy.stop(), 0)

    def test_a_button_on_every_output_stays_on_its_own(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config(button={"position": '"right"', "output": '"*"'},
                                     snap={"duration": 0.1})).start()
            two_outputs(sway)
            wait_for(lambda: buttons_on(sway, SECOND), timeout=5, message="its instance on the second output")
            rest = buttons_on(sway, FIRST)
            pointer = sway.pointer(layout=True)
            pointer.drag(rest.centroid[0], rest.centroid[1], WIDTH + 400, 300, steps=20, duration_ms=200)
            settle(0.2)
            held = buttons_on(sway, FIRST)
            self.assertGreaterEqual(held.bbox[2], WIDTH - 2, "held at the first output's edge")
            pointer.up()
            states = json.loads(msg(buoy, "state").stdout)["buttons"]
            wait_for(lambda: sorted(b["output"] for b in json.loads(msg(buoy, "state").stdout)["buttons"])
                     == [FIRST, SECOND], timeout=3, message="one instance on each output still")
            self.assertEqual(len(states), 2)
            self.assertEqual(buoy.stop(), 0)


if __name__ == "__main__":
    unittest.main()
