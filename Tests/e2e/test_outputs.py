"""Dragging across outputs (issue 20 §5): a button dragged past its output's edge follows the
pointer onto the output beside it, is drawn there under the pointer while held, lands and snaps
there on release, and is remembered there."""

from __future__ import annotations

import json
import re
import time
import unittest

from buoy_fixture import MAGENTA, Buoy, count_lines
from harness import HeadlessSway, screenshot, wait_for
from test_faults import NestedSway, alive
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


def give_the_seat_a_pointer(sway: HeadlessSway) -> None:
    """A virtual pointer, made before buoy starts. The seat gains its pointer when the first one
    comes, and buoy makes its wl_pointer only then: a press sent before that never reaches buoy,
    which sees just the pointer's enter after it. The layout's pointer, made once both outputs
    are there (it maps onto the layout it finds), then adds no capability."""
    sway.pointer()


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
            give_the_seat_a_pointer(sway)
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
            # Its snap (0.1 s) ends at that edge.
            landed = wait_for(lambda: (m := buttons_on(sway, SECOND)) and m.bbox[0] < 20 and m, timeout=3,
                              message="snapped to the second output's left edge")

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
            give_the_seat_a_pointer(sway)
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
            give_the_seat_a_pointer(sway)
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
            # msg state reports where a glide goes (ButtonController.reportedOrigin), decided at
            # the drop, clear of where the pinned one rests.
            both = places()
            self.assertEqual(both["main"]["edge"], "left")
            apart = abs(both["main"]["y"] - both["pinned"]["y"])
            self.assertGreaterEqual(apart, 56 + 8, f"they do not overlap: {both}")
            self.assertEqual(both["pinned"]["y"], pinned["y"], "the pinned one stays")
            self.assertEqual(buoy.stop(), 0)

    def test_a_button_on_every_output_stays_on_its_own(self):
        with HeadlessSway() as sway:
            give_the_seat_a_pointer(sway)
            buoy = Buoy(sway, config(button={"position": '"right"', "output": '"*"'},
                                     snap={"duration": 0.1})).start()
            two_outputs(sway)
            wait_for(lambda: buttons_on(sway, SECOND), timeout=5, message="its instance on the second output")
            rest = buttons_on(sway, FIRST)
            pointer = sway.pointer(layout=True)
            pointer.drag(rest.centroid[0], rest.centroid[1], WIDTH + 400, 300, steps=20, duration_ms=200)
            # Drawn where buoy has read the pointer's last move to, which under load can take
            # longer than any fixed pause.
            wait_for(lambda: any(b["dragging"] for b in json.loads(msg(buoy, "state").stdout)["buttons"]),
                     timeout=3, message="the drag begun")
            wait_for(lambda: (held := buttons_on(sway, FIRST)) and held.bbox[2] >= WIDTH - 2, timeout=3,
                     message="held at the first output's edge")
            pointer.up()
            states = json.loads(msg(buoy, "state").stdout)["buttons"]
            wait_for(lambda: sorted(b["output"] for b in json.loads(msg(buoy, "state").stdout)["buttons"])
                     == [FIRST, SECOND], timeout=3, message="one instance on each output still")
            self.assertEqual(len(states), 2)
            self.assertEqual(buoy.stop(), 0)


class UnpluggedOutputTests(unittest.TestCase):
    """Outputs that really go away, on a NestedSway (headless sway 1.7 cannot unplug one)."""

    def test_a_drag_after_its_output_was_unplugged_keeps_it_on_the_output_left(self):
        # Issue 34 §1: the controller kept the gone output's neighbour as an area to drag onto,
        # while the shell had forgotten it, and the drag died on an index out of range.
        with NestedSway() as sway:
            pointer = sway.pointer(layout=True)
            buoy = Buoy(sway, config(button={"position": '"right"'}, snap={"duration": 0.1})).start()
            wait_for(lambda: msg(buoy, "state").returncode == 0 and entry(buoy)["output"], timeout=5,
                     message="the button placed")
            first = entry(buoy)["output"]
            second = sway.plug()
            knows_output(buoy, second)
            sway.unplug(first)
            wait_for(lambda: entry(buoy)["output"] == second, timeout=3, message=f"the button on {second}")
            # msg state names the new place as soon as buoy has chosen it, before its surface
            # there has its input region: a press before that reaches no surface, and buoy sees
            # only the pointer's enter once the region comes. So the press waits for the second
            # output at its full width (the outer sway gives the window left its whole output),
            # the button resting at its right edge (size 56, margin 8), and drawn there.
            full = sway.outer.outputs()[0]["rect"]["width"]
            output = wait_for(lambda: (r := rect_of(sway, second))["width"] == full and r, timeout=3,
                              message=f"{second} widened to {full}")
            landed = wait_for(lambda: (e := entry(buoy))["x"] == full - 64 and not e["dragging"] and e,
                              timeout=3, message="placed at its right edge")
            drawn_at(sway, second, landed["x"] + 28, landed["y"] + 28)
            cx, cy = output["x"] + landed["x"] + 28, output["y"] + landed["y"] + 28

            # Towards its output's right edge, where the gone output's area was.
            pointer.drag(cx, cy, output["x"] + output["width"] - 5, cy, steps=15, duration_ms=150)
            wait_for(lambda: alive(buoy) or entry(buoy)["dragging"], timeout=3, message="dragging")
            held = entry(buoy)
            self.assertEqual(held["output"], second)
            self.assertLessEqual(held["x"] + 56, output["width"], "held on the output left, whole")
            pointer.drag(0, 0, output["x"] + 300, cy, steps=15, duration_ms=150, release=True)
            wait_for(lambda: alive(buoy) or (not (e := entry(buoy))["dragging"] and e["edge"] == "left"),
                     timeout=3, message="dropped on its left edge")
            self.assertEqual(entry(buoy)["output"], second)
            self.assertEqual(buoy.stop(), 0)


def knows_output(buoy: Buoy, name: str) -> None:
    """Waits until buoy logs the outputs it knows (App.placeInstances) with `name` among them:
    every button then has its area to drag onto."""
    def known() -> bool:
        lists = re.findall(r"outputs: (.*)$", buoy.log(), re.MULTILINE)
        return bool(lists) and name in lists[-1].split(", ")
    wait_for(known, timeout=5, message=f"buoy to know {name}")


def rect_of(sway: HeadlessSway, name: str) -> dict:
    return next(o for o in sway.outputs() if o["name"] == name)["rect"]


def held_over_the_second(sway: NestedSway, pointer, buoy: Buoy) -> tuple[str, str, float, float]:
    """Plugs in a second output and drags the button (resting on the first one's right edge)
    to 100 px into it, where it is held. Returns both outputs' names and the pointer's place
    in the layout."""
    wait_for(lambda: msg(buoy, "state").returncode == 0 and entry(buoy)["output"], timeout=5,
             message="the button placed")
    first = entry(buoy)["output"]
    second = sway.plug()
    knows_output(buoy, second)
    rest, there = entry(buoy), rect_of(sway, second)
    x, y = there["x"] + 100, there["y"] + 300
    pointer.drag(rect_of(sway, first)["x"] + rest["x"] + 28, rest["y"] + 28, x, y, steps=20, duration_ms=200)
    wait_for(lambda: (e := entry(buoy))["output"] == second and e["dragging"], timeout=3,
             message=f"held over {second}")
    return first, second, x, y


def held_or_let_go(buoy: Buoy, held) -> dict:
    """Waits until msg state shows the drag where `held(state)` says, or shows it ended: sway
    1.10 sends the pointer a leave when the layout changes, a lost grab, which ends the drag
    where it was (sway 1.7 keeps the grab). Returns the state."""
    return wait_for(lambda: ((e := entry(buoy))["dragging"] and held(e) or not e["dragging"]) and e, timeout=3,
                    message="the drag following the new layout, or ended by the compositor")


def resting_as_reported(sway: HeadlessSway, buoy: Buoy, output: str) -> None:
    """The button rests on `output`, drawn where msg state says."""
    wait_for(lambda: not entry(buoy)["dragging"], timeout=3, message="at rest")
    rest = entry(buoy)  # where its glide goes (ButtonController.reportedOrigin); drawn_at waits for it
    assert rest["output"] == output, rest
    drawn_at(sway, output, rest["x"] + 28, rest["y"] + 28)


class HeldDragOutputChangeTests(unittest.TestCase):
    """Issue 34 §10: outputs that change while a drag holds the button still (found on sway 1.7)."""

    def test_the_output_it_is_held_over_unplugged_puts_it_back_on_its_own_which_a_release_keeps(self):
        with NestedSway() as sway:
            pointer = sway.pointer(layout=True)
            buoy = Buoy(sway, config(button={"position": '"right"'}, snap={"duration": 0.1})).start()
            first, second, x, y = held_over_the_second(sway, pointer, buoy)
            sway.unplug(second)
            wait_for(lambda: entry(buoy)["output"] == first, timeout=1,
                     message=f"msg state naming {first} within 1 s, the pointer still")
            # The outer sway gives the first output the whole width back: the pointer is on it.
            wait_for(lambda: rect_of(sway, first)["width"] > x, timeout=3, message="the first output widened")
            held = held_or_let_go(buoy, lambda e: abs(e["x"] + 28 - x) <= 1)
            pointer.up()
            if not held["dragging"]:
                resting_as_reported(sway, buoy, first)
                self.assertEqual(buoy.stop(), 0)
                return
            self.assertEqual(held["output"], first)
            self.assertAlmostEqual(held["y"], y - 28, delta=1)
            # Nearer the top edge than any other, where a release snaps it.
            self.assertEqual(held["edge"], "top")
            wait_for(lambda: not (e := entry(buoy))["dragging"] and e["edge"] == "top", timeout=3,
                     message="dropped on its top edge")
            resting_as_reported(sway, buoy, first)
            self.assertAlmostEqual(entry(buoy)["x"], held["x"], delta=1, msg="where it was held, not where it began")
            self.assertEqual(buoy.stop(), 0)

    def test_an_output_plugged_in_during_a_hold_moves_it_to_the_pointer_in_the_new_layout(self):
        with NestedSway() as sway:
            pointer = sway.pointer(layout=True)
            buoy = Buoy(sway, config(button={"position": '"right"'}, snap={"duration": 0.1})).start()
            first, second, x, y = held_over_the_second(sway, pointer, buoy)
            # The outer sway tiles a third window: every output narrows, and the second moves left.
            sway.plug()
            wait_for(lambda: rect_of(sway, second)["x"] < x - 100, timeout=3, message="the layout changed")
            under = next(o for o in sway.outputs() if o["active"]
                         and o["rect"]["x"] <= x < o["rect"]["x"] + o["rect"]["width"])
            local = x - under["rect"]["x"]
            held = held_or_let_go(buoy, lambda e: e["output"] == under["name"] and abs(e["x"] + 28 - local) <= 1)
            if held["dragging"]:
                drawn_at(sway, under["name"], local, y)
                pointer.up()
            resting_as_reported(sway, buoy, under["name"])
            self.assertEqual(buoy.stop(), 0)

if __name__ == "__main__":
    unittest.main()
