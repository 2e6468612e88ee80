"""The pointer pad (issue 45): `buoy msg pointer on|off|toggle` (or the `pointer` action) opens an
on-screen touchpad on the overlay layer; `msg state` reports where, subscribers hear it open and
close, and only the pad takes input. Its strip moves it and its × closes it, by pointer here.
The scroll action (`msg click scroll`): the next drag anywhere scrolls the window under its start,
as axis events, and presses nothing.

A finger on the pad cannot be injected into sway (sway 1.7 and 1.10 offer no protocol for a
touch device, and the seat here has none), so what one and two fingers do on the pad is tested
by table (PointerPadTests) and, by real touch, on KWin (test_pointer_kwin)."""

from __future__ import annotations

import json
import re
import unittest

from buoy_fixture import MAGENTA, Buoy
from harness import matrix_compositor, wait_for
from test_msg import config, msg
from test_subscribe import subscribed

BTN_LEFT = 272


def pad_fill(background) -> tuple[int, ...]:
    """buoy's pad over a plain `background`: its fill (0.08, 0.08, 0.1) at 0.55 (over sway's
    0x20: (26, 26, 28))."""
    return tuple(round(0.55 * c * 255 + 0.45 * b) for c, b in zip((0.08, 0.08, 0.1), background))


def pad(buoy: Buoy):
    """`msg state`'s pointer_pad: a dict, or None for its null (the key is always there)."""
    return json.loads(msg(buoy, "state").stdout)["pointer_pad"]


def wait_pad(buoy: Buoy, opened: bool) -> dict | None:
    """Until the pad is placed (opened), or gone."""
    return wait_for(lambda: (pad(buoy) or False) if opened else pad(buoy) is None, timeout=3,
                    message=f"pointer_pad to be {'placed' if opened else 'null'}")


def axes(wev) -> list[tuple[str, float]]:
    """wl_pointer.axis events after the mark, of wev's first wl_pointer (it logs each event once
    per wl_pointer it has made): (vertical or horizontal, value)."""
    first = None
    result = []
    for fresh, obj, iface, event, args, _ in wev.events():
        if iface != "wl_pointer" or event != "axis":
            continue
        first = obj if first is None else first
        m = re.search(r"\((vertical|horizontal)[^)]*\), value: (-?[\d.]+)", args)
        if fresh and obj == first and m:
            result.append((m.group(1), float(m.group(2))))
    return result


def with_wev_below(compositor):
    """A pointer, buoy (its button shown) and wev below it, the pointer on wev at (300, 200)."""
    pointer = compositor.pointer()
    buoy = Buoy(compositor, config()).start()
    buoy.started(MAGENTA)
    wev = compositor.wev()
    wev.take_pointer(pointer, 300, 200)
    return pointer, buoy, wev


def near(pixel, color, tolerance: int = 3) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, color))


class PointerPadTests(unittest.TestCase):
    def test_msg_pointer_on_shows_the_pad_and_off_removes_it(self):
        with matrix_compositor() as compositor:
            buoy = Buoy(compositor, config()).start()
            buoy.started(MAGENTA)
            subscriber = subscribed(buoy)
            self.assertIsNone(pad(buoy), "no pad before it is asked for")
            body = (256 + 384, 466 + 150)
            background = compositor.screenshot().pixel(*body)

            result = msg(buoy, "pointer", "on")
            self.assertEqual(result.returncode, 0, result.stderr)
            placed = wait_pad(buoy, True)
            # The default: 60 % of 1280 wide, 0.33 of 720 high, centred, 16 px above the bottom.
            self.assertEqual(placed, {"output": "HEADLESS-1", "x": 256, "y": 466, "width": 768, "height": 238})
            event = subscriber.wait_event("pointer")
            self.assertEqual((event["state"], event["output"]), ("on", "HEADLESS-1"))

            cross = (256 + 768 - 16, 466 + 16)

            def shown():
                image = compositor.screenshot()
                return near(image.pixel(*body), pad_fill(background)) and min(image.pixel(*cross)) > 200
            wait_for(shown, timeout=3, message="the pad's dark fill and its white × on screen")
            image = compositor.screenshot()
            self.assertEqual(image.pixel(256 - 8, 466 + 100), background, "nothing beside the pad")

            result = msg(buoy, "pointer", "off")
            self.assertEqual(result.returncode, 0, result.stderr)
            wait_pad(buoy, False)
            self.assertEqual(subscriber.wait_event("pointer")["state"], "off")
            wait_for(lambda: compositor.screenshot().pixel(*body) == background, timeout=3,
                     message="the pad gone from the screen")
            subscriber.close()

    def test_toggle_and_hide_close_it_and_a_hidden_button_cannot_open_it(self):
        with matrix_compositor() as compositor:
            buoy = Buoy(compositor, config()).start()
            buoy.started(MAGENTA)
            self.assertEqual(msg(buoy, "pointer", "toggle").returncode, 0)
            wait_pad(buoy, True)
            self.assertEqual(msg(buoy, "pointer", "toggle").returncode, 0)
            wait_pad(buoy, False)

            self.assertEqual(msg(buoy, "pointer", "on").returncode, 0)
            wait_pad(buoy, True)
            self.assertEqual(msg(buoy, "hide").returncode, 0)
            wait_pad(buoy, False)
            result = msg(buoy, "pointer", "on")
            self.assertEqual(result.returncode, 1)
            self.assertIn("cannot open the pointer pad: main is hidden (msg)", result.stderr + result.stdout)
            self.assertIsNone(pad(buoy))

    def test_its_strip_moves_it_its_cross_closes_it_and_only_the_pad_takes_input(self):
        with matrix_compositor() as compositor:
            pointer, buoy, wev = with_wev_below(compositor)
            self.assertEqual(msg(buoy, "pointer", "on").returncode, 0)
            placed = wait_pad(buoy, True)
            subscriber = subscribed(buoy)

            # Beside the pad, the window below gets the click.
            wev.mark()
            pointer.click(100, 100)
            wev.wait_buttons(2, settle=0)
            self.assertEqual([(e.button, e.state, e.x, e.y) for e in wev.button_events()],
                             [(BTN_LEFT, "pressed", 100, 100), (BTN_LEFT, "released", 100, 100)])

            # Its strip carries it 100 px up.
            x, y = placed["x"] + 200, placed["y"] + 10
            pointer.drag(x, y, x, y - 100, release=True)
            wait_for(lambda: (pad(buoy) or {}).get("y") == placed["y"] - 100, timeout=3,
                     message=lambda: f"the pad 100 px higher; state {pad(buoy)}")
            wev.mark()
            # Its ×, now 100 px higher, closes it; the window below gets nothing of that click.
            pointer.click(placed["x"] + placed["width"] - 16, placed["y"] - 100 + 16)
            wait_pad(buoy, False)
            self.assertEqual(subscriber.wait_event("pointer")["state"], "off")
            buoy.caught_up()
            self.assertEqual(wev.button_events(), [], "the × is the pad's, not the window's")
            subscriber.close()


class ScrollActionTests(unittest.TestCase):
    def test_a_drag_after_msg_click_scroll_scrolls_the_window_below_and_presses_nothing(self):
        with matrix_compositor() as compositor:
            pointer, buoy, wev = with_wev_below(compositor)
            before = buoy.log().count("takes input")
            result = msg(buoy, "click", "scroll")
            self.assertEqual(result.returncode, 0, result.stderr)
            wait_for(lambda: buoy.log().count("takes input") > before, timeout=3,
                     message="the overlay takes input")
            wev.mark()
            # 200 px up: the content follows, so the window scrolls down by 200.
            pointer.drag(640, 500, 640, 300, release=True)
            wait_for(lambda: sum(v for axis, v in axes(wev) if axis == "vertical") >= 199.9, timeout=3,
                     message=lambda: f"200 px of vertical axis events in wev; have {axes(wev)}")
            buoy.caught_up()
            self.assertEqual([axis for axis, _ in axes(wev)], ["vertical"] * 10, "in steps of 20 px")
            self.assertEqual(wev.button_events(), [], "a scroll presses no button")
            self.assertTrue(any(fresh and iface == "wl_pointer" and event == "axis_stop"
                                for fresh, _, iface, event, _, _ in wev.events()), "the finger's stop ends it")
            self.assertIsNone(json.loads(msg(buoy, "state").stdout)["armed"], "one drag, then disarmed")


if __name__ == "__main__":
    unittest.main()
