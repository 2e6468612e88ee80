"""Dwell clicking (issue 31 §2): the pointer resting on the button taps it, and resting on a
menu item runs it, for those who point with their head or eyes."""

from __future__ import annotations

import json
import re
import time
import unittest

from buoy_fixture import MAGENTA, Buoy, count_lines
from harness import matrix_compositor, wait_for
from test_button import config
from test_edit_mode import COMMENTED, items_shown, started, wait_items
from test_menu import item_centres, start_buoy_with_menu, wait_closed, wait_open
from test_msg import msg

WHITE = (255, 255, 255)
AWAY = (600, 360)
BTN_LEFT, BTN_RIGHT = 272, 273


def armed(buoy: Buoy):
    """`msg state`'s armed: the click type, or None."""
    return json.loads(msg(buoy, "state").stdout)["armed"]


def voluntary_switches(pid: int) -> int:
    """Each time buoy slept and was woken: 0 over a stretch is an idle loop."""
    with open(f"/proc/{pid}/status") as status:
        line = next(line for line in status if line.startswith("voluntary_ctxt_switches:"))
    return int(line.split()[1])


def ring_on(image, bbox) -> int:
    """The glyph's white in the top half of the button's bounding box, above the pointer resting
    on its centre: the ring, just inside the rim, adds to it."""
    left, top, right, bottom = bbox
    return image.crop(left, top, right, (top + bottom) // 2 - 2).count(WHITE, tolerance=40)


def start_dwelling(compositor, dwell: float, **button):
    """The pointer away from buoy, whose button taps after resting `dwell` seconds on it, its tap
    appending a line to the returned marker file."""
    pointer = compositor.pointer()
    pointer.move(*AWAY)
    marker = compositor.artifact("tapped")
    buoy = Buoy(compositor, config(button={"dwell": dwell, "idle_opacity": 1.0, **button},
                                   actions={"tap": f'"echo tap >> {marker}"'})).start()
    return pointer, buoy, marker


class DwellTests(unittest.TestCase):
    def test_resting_on_the_button_taps_it_once_per_visit(self):
        with matrix_compositor() as compositor:
            pointer, buoy, marker = start_dwelling(compositor, 0.6)
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            # A head pointer's jitter, a few px about where it settled, keeps the rest.
            pointer.arrive(cx, cy)
            for dx, dy in [(3, -2), (-2, 3), (1, 1)]:
                pointer.move(cx + dx, cy + dy)
                time.sleep(0.1)
            wait_for(lambda: count_lines(marker) >= 1, timeout=3, message="the dwell's tap ran")
            # Resting on: a second tap would be due a dwell (0.6 s) after the first, which came
            # before now.
            buoy.past(0.6)
            self.assertEqual(buoy.started_commands(), 1, "resting on tapped again")
            pointer.move(*AWAY)
            buoy.caught_up()  # the visit has ended
            pointer.arrive(cx, cy)
            wait_for(lambda: count_lines(marker) >= 2, timeout=3, message="the second visit's tap ran")
            buoy.past(0.6)
            self.assertEqual(buoy.started_commands(), 2)
            self.assertEqual(count_lines(marker), 2)
            self.assertIn("tap: started pid", buoy.log())

    def test_a_rest_on_the_tucked_button_brings_it_back_and_resting_on_taps_it(self):
        with matrix_compositor() as compositor:
            pointer, buoy, marker = start_dwelling(compositor, 1, tuck="true", idle_delay=0.3)
            width = lambda: (m := compositor.screenshot().find(MAGENTA, tolerance=8)) and m.width
            wait_for(lambda: (w := width()) and w < 40, timeout=3, message="the button tucked")
            left, top, right, bottom = compositor.screenshot().find(MAGENTA, tolerance=8).bbox
            pointer.arrive((left + right) / 2, (top + bottom) / 2)
            wait_for(lambda: (w := width()) and w > 50, timeout=3, message="the button back in full")
            self.assertEqual(count_lines(marker), 0, "the rest that brought it back tapped it")
            wait_for(lambda: count_lines(marker) == 1, timeout=3, message="resting on tapped it")

    def test_a_ring_fills_while_it_rests_and_moving_off_cancels(self):
        with matrix_compositor() as compositor:
            pointer, buoy, marker = start_dwelling(compositor, 3)
            match = buoy.wait_for_button(MAGENTA)
            idle = ring_on(compositor.screenshot(), match.bbox)
            pointer.arrive(*match.centroid)
            rested = time.monotonic()
            ring = wait_for(lambda: (n := ring_on(compositor.screenshot(), match.bbox)) > idle + 60
                            and n, timeout=2.5, message="the ring inside the button's rim")
            self.assertEqual(count_lines(marker), 0, "tapped before its time")
            pointer.move(*AWAY)
            wait_for(lambda: ring_on(compositor.screenshot(), match.bbox) == idle, timeout=2,
                     message="the ring gone once the pointer left")
            # Had moving off not cancelled it, the tap was due 3 s (the dwell) after the rest
            # began; no request to buoy until the window below has ended, as each wakes it.
            time.sleep(max(0.0, rested + 3 - time.monotonic()))
            # Dwell on, the pointer away: buoy sleeps. Any timer it kept (a frame, a tick, the
            # dwell's) would wake it within these 2 s.
            before = voluntary_switches(buoy.pid)
            time.sleep(2)
            self.assertEqual(voluntary_switches(buoy.pid) - before, 0, "wakeups with the pointer away")
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(), 0, "moving off did not cancel the dwell")
            self.assertEqual(count_lines(marker), 0, "moving off did not cancel the dwell")
            self.assertGreater(ring, idle + 60)

    def test_resting_on_the_button_opens_the_menu_and_on_an_item_runs_it(self):
        # [menu] dwell is unset: it takes the button's.
        with matrix_compositor() as compositor:
            pointer = compositor.pointer()
            pointer.move(*AWAY)
            buoy, markers, (cx, cy) = start_buoy_with_menu(
                compositor, edit=lambda text: text.replace("[button]\n", "[button]\ndwell = 0.6\n", 1))
            pointer.arrive(cx, cy)
            centres = wait_open(compositor, buoy)
            mark = len(buoy.log())
            pointer.move(*centres[1])
            wait_for(lambda: count_lines(markers[1]) == 1, timeout=3, message="item 2 ran")
            wait_closed(compositor)
            # Any rest still counting when the menu closed would be due within a dwell (0.6 s).
            buoy.past(0.6)
            self.assertEqual(buoy.started_commands(since=mark), 1)
            self.assertEqual([count_lines(m) for m in markers], [0, 1, 0, 0])

    def test_the_menus_own_dwell_runs_an_item_opened_by_a_click_showing_the_focus_ring_meanwhile(self):
        with matrix_compositor() as compositor:
            pointer = compositor.pointer()
            buoy, markers, (cx, cy) = start_buoy_with_menu(
                compositor, edit=lambda text: text.replace("[menu]\n", "[menu]\ndwell = 1.5\n", 1))
            pointer.click(cx, cy)
            clicked, mark = time.monotonic(), len(buoy.log())
            centres = wait_open(compositor, buoy)
            # Resting on the button with the menu open neither taps nor closes it: by the menu's
            # dwell (1.5 s) after the click, either would have happened.
            state = buoy.past(max(0.0, clicked + 1.5 - time.monotonic()))
            self.assertTrue(state["menu_open"], "the menu closed under a resting pointer")
            self.assertEqual(buoy.started_commands(since=mark), 0)
            self.assertTrue(all(item_centres(compositor)), "the menu closed under a resting pointer")
            x, y = (round(c) for c in centres[2])
            region = (x - 40, y - 40, x + 40, y + 40)
            before = compositor.screenshot().crop(*region)
            pointer.move(x, y)
            wait_for(lambda: compositor.screenshot().crop(*region).data != before.data, timeout=1,
                     message="the focus ring on the item rested on")
            self.assertEqual(count_lines(markers[2]), 0, "item 3 ran before its time")
            wait_for(lambda: count_lines(markers[2]) == 1, timeout=3, message="item 3 ran")
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(since=mark), 1)
            self.assertEqual([count_lines(m) for m in markers], [0, 0, 1, 0])

    def test_a_rest_that_arms_a_click_type_from_the_menu_is_used_up_there(self):
        """Issue 42 §1: resting on a menu item whose action is a click type arms it, the menu
        closes and the overlay appears under the pointer, which stays: nothing is clicked there
        (with Drag, no press). Moving away and resting clicks where it rests."""
        for action, rests, expected in [
            ("right-click", [(300, 200)], [(BTN_RIGHT, "pressed", 300, 200), (BTN_RIGHT, "released", 300, 200)]),
            ("drag", [(300, 200), (500, 400)],
             [(BTN_LEFT, "pressed", 300, 200), (BTN_LEFT, "released", 500, 400)]),
        ]:
            with self.subTest(action=action), matrix_compositor() as compositor:
                pointer = compositor.pointer()
                wev = compositor.wev()
                wev.take_pointer(pointer, *AWAY)

                def edit(text: str) -> str:
                    text = text.replace("[button]\n", "[button]\ndwell = 0.5\n", 1)
                    # Item 2 arms the click type rather than running a command.
                    return re.sub(r'(label = "Item 2"\n[^\n]*\n)command = [^\n]*', rf'\1action = "{action}"',
                                  text)

                buoy, markers, (cx, cy) = start_buoy_with_menu(compositor, edit=edit)
                pointer.arrive(cx, cy)
                centres = wait_open(compositor, buoy)
                pointer.move(*centres[1])
                wait_for(lambda: "takes input" in buoy.log(), timeout=3,
                         message="armed by the rest on the item, the overlay taking input")
                wait_closed(compositor)
                # Resting on where the item was, three times the dwell: no click lands there.
                time.sleep(1.5)
                self.assertEqual(wev.button_presses(), [], "the rest that armed it clicked too")
                self.assertEqual(armed(buoy), "right" if action == "right-click" else "drag")
                for x, y in rests:
                    pointer.arrive(x, y)
                    time.sleep(1)
                wev.wait_buttons(2)
                self.assertEqual([(e.button, e.state, e.x, e.y) for e in wev.button_events()], expected)
                self.assertIsNone(armed(buoy))


    def test_a_surface_appearing_under_a_still_pointer_is_not_rested_on_until_it_moves(self):
        """Issue 42: the button shown again, or a click type's overlay armed, under a pointer that
        stays put. sway 1.7 tells buoy the pointer entered the new surface (sway 1.10 says nothing
        until it moves), which buoy cannot tell from a move onto it by the enter alone: it must
        neither tap the button nor click through the overlay until the pointer moves; a move and
        a rest then does."""
        with matrix_compositor() as compositor:
            pointer, buoy, marker = start_dwelling(compositor, 0.5)
            wev = compositor.wev()
            wev.take_pointer(pointer, *AWAY)
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            msg(buoy, "hide")
            wait_for(lambda: not compositor.screenshot().find(MAGENTA, tolerance=8), timeout=3,
                     message="the button hidden")
            pointer.move(cx, cy)  # where the button was, over wev
            msg(buoy, "show")
            buoy.wait_for_button(MAGENTA)
            # Three dwells (0.5 s each) with the pointer still on the button: a tap, had the
            # enter started a rest, was due within the first.
            state = buoy.past(1.5)
            self.assertTrue(state["visible"])
            self.assertEqual(buoy.started_commands(), 0, "the button shown under a still pointer tapped")
            pointer.arrive(cx, cy)
            wait_for(lambda: count_lines(marker) == 1, timeout=3, message="a move and a rest tapped it")

            # A click type armed under the pointer resting on wev, away from the button.
            pointer.move(300, 200)
            self.assertEqual(msg(buoy, "click", "right").returncode, 0)
            wait_for(lambda: "takes input" in buoy.log(), timeout=3, message="the overlay taking input")
            wev.mark()
            # Three dwells with the pointer still: a click, had the enter started a rest, was
            # delivered within the first (plus a round trip).
            buoy.past(1.5)
            self.assertEqual(wev.button_presses(), [], "the overlay under a still pointer clicked")
            self.assertEqual(armed(buoy), "right")
            pointer.arrive(500, 400)
            wev.wait_buttons(2)
            self.assertEqual([(e.button, e.state, e.x, e.y) for e in wev.button_events()],
                             [(BTN_RIGHT, "pressed", 500, 400), (BTN_RIGHT, "released", 500, 400)])

    def test_a_dwell_user_edits_the_menu_and_leaves_edit_mode_by_resting(self):
        """Issue 42 §1: edit mode dropped the pointer's rests, so a dwell user who entered it could
        not leave. Resting on Edit, a "−", "+", Back and Done each works, and a rest is used once."""
        with matrix_compositor() as compositor:
            pointer = compositor.pointer()
            pointer.move(*AWAY)
            buoy = Buoy(compositor, COMMENTED.replace("idle_opacity = 1.0\n", "idle_opacity = 1.0\ndwell = 0.5\n")).start()
            cx, cy = started(buoy)
            steps = [
                ((cx, cy), lambda p: "Edit" in p, "the menu, opened by a rest on the button"),
                ("Edit", lambda p: "Done" in p, "edit mode, by a rest on Edit"),
                ("Two", lambda p: "Done" in p and "Two" not in p, "Two removed by a rest on its −"),
                ("Add", lambda p: "Media" in p, "the picker, by a rest on +"),
                ("Back", lambda p: "Done" in p, "the items again, by a rest on Back"),
                ("Done", lambda p: "Edit" in p and "Done" not in p, "the menu again, by a rest on Done"),
            ]
            shown: dict = {}
            for target, wanted, what in steps:
                mark = len(buoy.log())
                if isinstance(target, tuple):
                    pointer.arrive(*target)  # onto the button from away
                else:
                    pointer.move(*shown[target][:2])  # from row to row on the menu's surface
                shown = wait_items(buoy, mark, wanted, what)
                if target == "Two":
                    # Resting on where Two's "−" was: Three, there now, stays (Undo shows for
                    # its 3 s meanwhile).
                    time.sleep(1.5)
                    self.assertEqual(list(items_shown(buoy, mark)[-1]),
                                     ["One", "Three", "Add", "Button", "Done", "Undo"])
                    self.assertIn('"Three"', buoy.config_path.read_text())
            self.assertEqual(list(shown), ["One", "Three", "Edit"])
            self.assertNotIn('"Two"', buoy.config_path.read_text())


    def test_items_for_the_app_in_front_run_by_a_rest_too(self):
        """A menu with show_for or hide_for (which has buoy watch the windows) lost its dwell: the
        items for the app in front were made without it, so resting on one ran nothing."""
        with matrix_compositor() as compositor:
            pointer = compositor.pointer()
            pointer.move(*AWAY)
            buoy, markers, (cx, cy) = start_buoy_with_menu(
                compositor, edit=lambda text: text.replace("[button]\n", "[button]\ndwell = 0.6\n", 1).replace(
                    'label = "Item 4"', 'label = "Item 4"\nhide_for = ["no-such-app"]'))
            pointer.arrive(cx, cy)
            centres = wait_open(compositor, buoy)
            pointer.move(*centres[1])
            wait_for(lambda: count_lines(markers[1]) == 1, timeout=3, message="item 2 ran by a rest")

if __name__ == "__main__":
    unittest.main()
