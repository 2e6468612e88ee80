"""Sequences of gestures, menus, reloads and `buoy msg` that real users make (issue 24): each
test is one bug that was reproduced on today's code, and must fail there."""

from __future__ import annotations

import json
import re
import subprocess
import unittest

from buoy_fixture import GREEN, MAGENTA, Buoy, count_lines, hex_color
from harness import HeadlessSway, matrix_compositor, wait_for
from test_button import config as button_config
from test_menu import item_centres, menu_config, wait_closed, wait_open
from test_faults import NestedSway
from test_msg import msg
from test_subscribe import subscribed

AHEAD = "ahead of time"


def menu_open(buoy: Buoy) -> bool:
    return json.loads(msg(buoy, "state").stdout)["menu_open"]


def long_press_menu(sway) -> tuple[str, list, object]:
    """menu_config's four items, opened by a long press; a tap appends to tap.log."""
    text, markers = menu_config(sway)
    tap_log = sway.artifact("tap.log")
    text = text.replace('tap = "menu"', f'tap = "echo x >> {tap_log}"\nlong_press = "menu"')
    return text, markers, tap_log


def menu_button(name: str, position: str, colour: tuple, items: str) -> str:
    """A [[button]] that never fades, whose tap opens a menu of `items` (written as [[menu.item]]s)."""
    return (f'\n[[button]]\nname = "{name}"\nposition = "{position}"\ncolor = "{hex_color(colour)}"\n'
            f'idle_opacity = 1.0\n[button.actions]\ntap = "menu"\n'
            + items.replace("[[menu.item]]", "[[button.menu.item]]"))


def start_and_hold(sway, pointer, text: str) -> tuple[Buoy, tuple]:
    """Starts buoy with `text`, waits for its menu to be drawn ahead, and presses the button
    (held); returns buoy and the button's centre."""
    buoy = Buoy(sway, text).start()
    centre = buoy.wait_for_button_to_rest(MAGENTA).centroid
    wait_for(lambda: AHEAD in buoy.log(), timeout=5, message="the menu drawn after start")
    pointer.move(*centre)
    pointer.down()
    return buoy, centre


def drag_to_the_left(sway, pointer, centre) -> None:
    cx, cy = centre
    pointer.drag(cx, cy, 80, cy, release=True)
    wait_for(lambda: (m := sway.screenshot().find(MAGENTA, tolerance=8)) and m.centroid[0] < 100,
             timeout=3, message="a drag after the menu closed moves the button to the left")


class ButtonAfterMenuTests(unittest.TestCase):
    """A menu that opens while the button is pressed left the button dead once it closed."""

    def assert_button_works(self, sway, pointer, buoy, tap_log, centre, taps_before: int) -> None:
        cx, cy = centre
        pointer.click(cx, cy)
        # No double_tap is set, so the tap ran on release and no window is open for a second one.
        wait_for(lambda: count_lines(tap_log) == taps_before + 1, timeout=3,
                 message="a tap after the menu closed runs tap")
        drag_to_the_left(sway, pointer, centre)
        self.assertEqual(count_lines(tap_log), taps_before + 1, "the drag ran no tap")

    def test_a_long_press_menu_closed_by_a_click_outside_or_escape_leaves_the_button_working(self):
        for close in ("click", "escape"):
            with self.subTest(close=close), matrix_compositor() as sway:
                pointer = sway.pointer()
                text, markers, tap_log = long_press_menu(sway)
                buoy, (cx, cy) = start_and_hold(sway, pointer, text)
                wait_open(sway, buoy)  # opened by the long press, under the held button
                pointer.up()
                # Once buoy has handled the release, its state says whether it closed the menu.
                self.assertTrue(buoy.caught_up()["menu_open"], "the long press's release closed the menu")
                self.assertTrue(all(item_centres(sway)), "the long press's release left the menu open")
                if close == "click":
                    pointer.click(300, 300)
                else:
                    subprocess.run(["wtype", "-s", "300", "-k", "Escape"], env=sway.env, check=True, timeout=5)
                wait_closed(sway)
                self.assertFalse(menu_open(buoy))
                self.assertEqual(count_lines(tap_log), 0)
                self.assert_button_works(sway, pointer, buoy, tap_log, (cx, cy), taps_before=0)
                self.assertEqual(sum(count_lines(m) for m in markers), 0)
                self.assertEqual(buoy.stop(), 0)

    def test_msg_menu_while_the_button_is_held_leaves_it_working(self):
        with matrix_compositor() as sway:
            pointer = sway.pointer()
            text, markers = menu_config(sway)
            buoy, (cx, cy) = start_and_hold(sway, pointer, text)
            buoy.caught_up()  # buoy has the press
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            wait_open(sway, buoy)
            pointer.up()
            # msg state after the release: buoy handled it first.
            self.assertTrue(menu_open(buoy), "the held press's release closed the menu")
            pointer.click(300, 300)
            wait_closed(sway)
            # The button opens its menu on a tap again, and it can still be dragged.
            pointer.click(cx, cy)
            wait_open(sway, buoy)
            pointer.click(300, 300)
            wait_closed(sway)
            wait_for(lambda: buoy.log().count("menu closed") == 2, timeout=3, message="the second menu's end")
            drag_to_the_left(sway, pointer, (cx, cy))
            self.assertEqual(sum(count_lines(m) for m in markers), 0)
            self.assertEqual(buoy.stop(), 0)


class ReloadUnderTheMenuTests(unittest.TestCase):
    """A reload while the menu was open left the old menu up, running the old commands."""

    def test_a_reload_that_changes_the_items_closes_the_menu_and_only_new_commands_run(self):
        for how in ("watch", "msg"):
            with self.subTest(how=how), matrix_compositor() as sway:
                pointer = sway.pointer()
                text, old_markers = menu_config(sway)
                buoy = Buoy(sway, text).start()
                buoy.wait_for_button_to_rest(MAGENTA)
                self.assertEqual(msg(buoy, "menu").returncode, 0)
                wait_open(sway, buoy)
                new_markers = [sway.artifact(f"new-{i}.log") for i in range(len(old_markers))]
                new_text = text
                for old, new in zip(old_markers, new_markers):
                    new_text = new_text.replace(str(old), str(new))
                # Item 4 is removed.
                new_text = new_text[:new_text.rindex("[[menu.item]]")]
                buoy.config_path.write_text(new_text)
                if how == "msg":
                    self.assertEqual(msg(buoy, "reload").returncode, 0)
                wait_for(lambda: not menu_open(buoy), timeout=3, message="the old menu closed")
                wait_closed(sway)
                # Where item 2 of the old menu was, and then item 2 of the new one.
                mark = len(buoy.log())
                self.assertEqual(msg(buoy, "menu").returncode, 0)
                # buoy logs the items it lays out as the menu opens.
                laid_out = wait_for(lambda: re.search(r"menu: items at (.*)", buoy.log()[mark:]), timeout=3,
                                    message="the new menu's items laid out")
                self.assertEqual(re.findall(r"(Item \d)@", laid_out.group(1)), ["Item 1", "Item 2", "Item 3"],
                                 "the removed item 4 is laid out")
                wait_for(lambda: all(item_centres(sway)[:3]), timeout=3, message="the new menu open")
                centres = item_centres(sway)
                self.assertIsNone(centres[3], "the removed item 4 is shown")
                mark = len(buoy.log())
                pointer.click(*centres[1])
                wait_for(lambda: count_lines(new_markers[1]) == 1, timeout=3, message="the new item 2 ran")
                buoy.caught_up()
                self.assertEqual(buoy.started_commands(since=mark), 1, "a command no longer in the config ran")
                self.assertEqual([count_lines(m) for m in old_markers], [0, 0, 0, 0],
                                 "a command no longer in the config ran")
                self.assertEqual(buoy.stop(), 0)


class TwoMenusTests(unittest.TestCase):
    def test_msg_menu_for_a_while_bs_menu_is_open_opens_as(self):
        with matrix_compositor() as sway:
            text, markers = menu_config(sway)
            items = text[text.index("[[menu.item]]"):]
            config = (menu_button("a", "left", GREEN, items)
                      + menu_button("b", "right", MAGENTA, items.replace('label = "Item', 'label = "B item')))
            buoy = Buoy(sway, config).start()
            buoy.wait_for_button_to_rest(MAGENTA)
            buoy.wait_for_button_to_rest(GREEN)
            self.assertEqual(msg(buoy, "--button", "b", "menu").returncode, 0)
            wait_open(sway, buoy)
            self.assertGreater(item_centres(sway)[0][0], 640, "b's menu is on the right")
            self.assertEqual(msg(buoy, "--button", "a", "menu").returncode, 0)
            wait_for(lambda: (c := item_centres(sway)) and all(c) and all(x < 640 for x, _ in c),
                     timeout=3, message="a's menu open on the left")
            self.assertTrue(menu_open(buoy))
            self.assertIn("menu closed", buoy.log())
            self.assertEqual(sum(count_lines(m) for m in markers), 0)
            self.assertEqual(buoy.stop(), 0)


def state(buoy: Buoy) -> dict:
    return json.loads(msg(buoy, "state").stdout)


class StateAndMoveTests(unittest.TestCase):
    """`msg state` said 0,0 while dragged or hidden, and `msg move` during a drag said yes and
    did nothing."""

    def test_state_gives_where_the_button_is_while_dragged_and_where_it_comes_back_when_hidden(self):
        with matrix_compositor() as sway:
            pointer = sway.pointer()
            buoy = Buoy(sway, button_config(button={"position": '"right"', "idle_opacity": 1.0})).start()
            cx, cy = buoy.wait_for_button_to_rest(MAGENTA).centroid
            at_rest = state(buoy)
            self.assertEqual((at_rest["x"], at_rest["y"], at_rest["dragging"]), (1216, 332, False))
            pointer.drag(cx, cy, 300, 200, release=False)
            # phoc 0.58 hands buoy the last moves after buoy-pointer's round trip has ended, so
            # a state read at once may not have them yet: until buoy has the last one.
            held = wait_for(lambda: (s := state(buoy))["x"] == 300 - 28 and s, timeout=3,
                            message="the button under the pointer")
            self.assertEqual((held["x"], held["y"]), (300 - 28, 200 - 28), "under the pointer")
            self.assertEqual((held["dragging"], held["buttons"][0]["dragging"]), (True, True))
            self.assertEqual(held["edge"], "top", "where a drop there snaps to")

            # msg move during the drag is refused with the reason, and the drop decides.
            refused = msg(buoy, "move", "left")
            self.assertEqual(refused.returncode, 1)
            self.assertIn("being dragged", refused.stderr)
            pointer.up()
            dropped = wait_for(lambda: not (s := state(buoy))["dragging"] and s, timeout=3, message="dropped")
            self.assertEqual(dropped["edge"], "top", "snapped to the top")
            self.assertEqual(dropped["y"], 8)

            self.assertEqual(msg(buoy, "hide").returncode, 0)
            hidden = state(buoy)
            self.assertEqual((hidden["visible"], hidden["x"], hidden["y"]), (False, dropped["x"], 8),
                             "where it comes back to")
            self.assertIsInstance(hidden["x"], int, "whole logical pixels")
            self.assertEqual(buoy.stop(), 0)


class PlacesTests(unittest.TestCase):
    def test_sixteen_buttons_at_one_place_each_get_a_place_of_their_own(self):
        for position, size in (("right", 56), ("center", 40)):
            with self.subTest(position=position, size=size), matrix_compositor() as sway:
                config = "".join(f'[[button]]\nname = "b{i}"\nposition = "{position}"\nsize = {size}\n'
                                 f'color = "{hex_color(MAGENTA)}"\n' for i in range(16))
                buoy = Buoy(sway, config).start()
                buoy.wait_ready()  # every button on screen
                buttons = state(buoy)["buttons"]
                self.assertEqual(len(buttons), 16)
                self.assertTrue(all(b["x"] is not None for b in buttons), buttons)
                boxes = [(b["name"], b["x"], b["y"]) for b in buttons]
                for i, (a, ax, ay) in enumerate(boxes):
                    for b, bx, by in boxes[i + 1:]:
                        self.assertFalse(abs(ax - bx) < size and abs(ay - by) < size, f"{a} on {b}: {boxes}")
                self.assertEqual(buoy.stop(), 0)

    def test_msg_move_of_another_button_closes_the_open_menu_first(self):
        with matrix_compositor() as sway:
            text, markers = menu_config(sway)
            items = text[text.index("[[menu.item]]"):]
            config = (f'[[button]]\nname = "keyboard"\nposition = "bottom-left"\ncolor = "{hex_color(GREEN)}"\n'
                      + menu_button("main", "right", MAGENTA, items))
            buoy = Buoy(sway, config).start()
            buoy.wait_for_button_to_rest(MAGENTA)
            self.assertEqual(msg(buoy, "--button", "main", "menu").returncode, 0)
            wait_open(sway, buoy)
            self.assertEqual(msg(buoy, "--button", "keyboard", "move", "right").returncode, 0)
            self.assertFalse(state(buoy)["menu_open"])
            wait_closed(sway)
            self.assertEqual(buoy.stop(), 0)


class RepliesTests(unittest.TestCase):
    """Replies said ok when nothing happened."""

    def test_msg_tap_refused_by_max_running_answers_the_refusal_and_exits_1(self):
        with matrix_compositor() as sway:
            marker = sway.artifact("started")
            text = button_config(actions={"tap": f'"echo x >> {marker}; sleep 30"', "max_running": 3})
            buoy = Buoy(sway, text).start()
            buoy.wait_for_button(MAGENTA)
            results = [msg(buoy, "tap") for _ in range(6)]
            self.assertEqual([r.returncode for r in results], [0, 0, 0, 1, 1, 1])
            self.assertIn("max_running = 3", results[3].stderr)
            wait_for(lambda: count_lines(marker) == 3, timeout=3, message="three taps started")
            self.assertEqual(buoy.stop(), 0)

    def test_an_edit_followed_by_msg_reload_reloads_once(self):
        with matrix_compositor() as sway:
            buoy = Buoy(sway, button_config(button={"size": 56})).start()
            buoy.wait_for_button(MAGENTA)
            subscriber = subscribed(buoy)
            try:
                buoy.config_path.write_text(button_config(button={"size": 64}))
                self.assertEqual(msg(buoy, "reload").returncode, 0)
                subscriber.wait_event("reloaded")
                # The watch read the edit by the reload at the latest, and reloads 0.15 s
                # (ConfigWatch.settle) after it: past that, buoy has published any second one.
                buoy.past(0.15)
                subscriber.read(0.1)
                self.assertEqual([e["event"] for e in subscriber.events if e["event"] == "reloaded"], [])
                self.assertEqual(buoy.log().count("[info] reloaded "), 1)
            finally:
                subscriber.close()
            self.assertEqual(buoy.stop(), 0)


class MenuOwnerGoneTests(unittest.TestCase):
    """With the menu open, its output went away: the button moved, and `menu_open` stayed true."""

    def test_unplugging_the_output_under_the_open_menu_closes_it(self):
        with NestedSway() as sway:
            text, markers = menu_config(sway)
            buoy = Buoy(sway, text).start()
            wait_for(lambda: (r := msg(buoy, "state")).returncode == 0 and json.loads(r.stdout)["output"],
                     timeout=5, message="the button placed")
            second = sway.plug()
            self.assertEqual(msg(buoy, "move", second).returncode, 0)
            wait_for(lambda: state(buoy)["output"] == second, timeout=3, message=f"the button on {second}")
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            self.assertTrue(state(buoy)["menu_open"])
            sway.unplug(second)
            wait_for(lambda: state(buoy)["output"] not in (None, second), timeout=3,
                     message="the button on the output left")
            wait_for(lambda: not state(buoy)["menu_open"], timeout=1, message="menu_open false within 1 s")
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            self.assertTrue(state(buoy)["menu_open"], "the next msg menu opens the menu")
            self.assertEqual(sum(count_lines(m) for m in markers), 0)
            self.assertEqual(buoy.stop(), 0)


if __name__ == "__main__":
    unittest.main()
