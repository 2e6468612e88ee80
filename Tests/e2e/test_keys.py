"""Keys for the focused window (issue 30 §2): `{ keys = "ctrl+z" }` on a gesture is sent through
buoy's virtual keyboard (zwp_virtual_keyboard_v1), so the window in front gets z with Control held
and keeps the keyboard focus; the keyboard is made once and kept."""

from __future__ import annotations

import re
import tempfile
import unittest
from pathlib import Path

from buoy_fixture import MAGENTA, Buoy
from harness import HeadlessKWin, HeadlessSway, matrix_compositor, wait_for
from test_cli import run
from test_menu import start_buoy_with_menu, wait_closed, wait_open
from test_msg import config, msg

CONTROL = 0x4
ALT = 0x8
_DEPRESSED = re.compile(r"depressed: ([0-9A-Fa-f]+)")
_KEY = re.compile(r"serial: (\d+); time: \d+; key: \d+; state: \d+ \((\w+)\)")
_SYM = re.compile(r"sym: (\S+)")


def keys_with_modifiers(wev) -> list[tuple[str, str, int]]:
    """(keysym, 'pressed' | 'released', modifiers held) for each wl_keyboard.key after the mark,
    each once (wev logs an event once per wl_keyboard it has made), with the depressed
    modifiers of the last wl_keyboard.modifiers before it."""
    held = 0
    seen: set[int] = set()
    result = []
    for fresh, _, iface, event, args, extra in wev.events():
        if iface != "wl_keyboard":
            continue
        if event == "modifiers":
            m = next(filter(None, map(_DEPRESSED.search, extra)), None)
            if m:
                held = int(m.group(1), 16)
        elif event == "key" and fresh:
            m = _KEY.search(args)
            serial, state = int(m.group(1)), m.group(2)
            if serial in seen:
                continue
            seen.add(serial)
            sym = next(filter(None, map(_SYM.search, extra)), None)
            result.append((sym.group(1) if sym else "", state, held))
    return result


def wait_keys(wev, count: int) -> list[tuple[str, str, int]]:
    wait_for(lambda: len(keys_with_modifiers(wev)) >= count, timeout=3,
             message=lambda: f"{count} key events in wev; have {keys_with_modifiers(wev)}")
    return keys_with_modifiers(wev)


def start_with_wev(sway, tap: str) -> tuple[Buoy, object, tuple]:
    """buoy with `tap` as its tap's action, then wev in front with the keyboard (buoy's, made
    at start), marked: returns buoy, wev and the button's centre."""
    buoy = Buoy(sway, config(actions={"tap": tap})).start()
    centre = buoy.wait_for_button(MAGENTA).centroid
    return buoy, focused_wev(sway), centre


def focused_wev(sway):
    wev = sway.wev()
    wait_for(wev.has_keyboard_focus, timeout=3, message="wev to have the keyboard")
    wev.mark()
    return wev


class KeysTests(unittest.TestCase):
    # The taps' tests run on the leg's compositor (BUOY_E2E_COMPOSITOR): phoc 0.24 offers the
    # virtual keyboard too.
    # buoy makes its keyboard when it reads a config that sends keys: on this headless seat,
    # which has no keyboard before it, wev gets the keyboard then (sway also hands the focused
    # window the keyboard again whenever a keyboard is added, so that happens before the mark).

    def test_a_tap_sends_ctrl_z_to_the_focused_window_which_keeps_the_keyboard(self):
        with matrix_compositor() as sway:
            pointer = sway.pointer()
            buoy, wev, centre = start_with_wev(sway, '{ keys = "ctrl+z" }')
            pointer.click(*centre)
            self.assertEqual(wait_keys(wev, 2), [("z", "pressed", CONTROL), ("z", "released", CONTROL)])
            self.assertEqual(wev.keyboard_focus(), [], "wev lost or regained the keyboard")
            self.assertTrue(wev.has_keyboard_focus())
            self.assertEqual(buoy.stop(), 0)

    def test_keys_go_in_order_and_the_keyboard_is_kept_between_taps(self):
        # A keyboard made per tap would add the keyboard to the seat and take it away again:
        # wev would get a leave and an enter around each.
        with matrix_compositor() as sway:
            pointer = sway.pointer()
            buoy, wev, centre = start_with_wev(sway, '{ keys = ["escape", "alt+Left"] }')
            for taps in (1, 2):
                pointer.click(*centre)
                keys = wait_keys(wev, 4 * taps)
            once = [("Escape", "pressed", 0), ("Escape", "released", 0),
                    ("Left", "pressed", ALT), ("Left", "released", ALT)]
            self.assertEqual(keys, once + once)
            self.assertEqual(wev.keyboard_focus(), [], "wev lost or regained the keyboard")
            self.assertEqual(buoy.stop(), 0)

    def test_a_menu_item_sends_its_keys_once_the_menu_has_given_the_keyboard_back(self):
        # The open menu has the keyboard: keys sent while it is open would go to buoy.
        def item_2_undoes(text: str) -> str:
            start = text.index("command", text.index('label = "Item 2"'))
            end = text.index("\n", start)
            return text[:start] + 'keys = "undo"' + text[end:]

        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy, _, centre = start_buoy_with_menu(sway, item_2_undoes)
            wev = focused_wev(sway)
            pointer.click(*centre)
            pointer.click(*wait_open(sway, buoy)[1])
            wait_closed(sway)
            self.assertEqual(wait_keys(wev, 2), [("z", "pressed", CONTROL), ("z", "released", CONTROL)])
            self.assertEqual(wev.keyboard_focus(), ["leave", "enter"], "the menu's keyboard, then wev's again")
            self.assertEqual(buoy.stop(), 0)

    def test_a_gestures_keys_are_refused_while_buoys_menu_or_a_click_overlay_has_the_keyboard(self):
        """Issue 42 §1: with buoy's menu open, or a click type armed (its overlay takes the keyboard
        for Escape), a tap's keys would go to buoy and the window in front would get nothing:
        `buoy msg tap` fails, saying why. Once buoy lets go of the keyboard they reach wev."""
        item = '[[menu.item]]\nlabel = "One"\ncommand = "true"\n'
        with matrix_compositor() as sway:
            buoy = Buoy(sway, config(actions={"tap": '{ keys = "ctrl+z" }'}) + item).start()
            buoy.wait_for_button(MAGENTA)
            wev = focused_wev(sway)
            for opened, holder, close in [
                (("menu",), "buoy's menu has the keyboard", ("menu",)),
                (("click", "right"), "right-click is armed, and its overlay has the keyboard",
                 ("click", "cancel")),
            ]:
                self.assertEqual(msg(buoy, *opened).returncode, 0)
                wait_for(lambda: not wev.has_keyboard_focus(), timeout=3,
                         message=f"buoy's surface to take the keyboard after msg {' '.join(opened)}")
                result = msg(buoy, "tap")
                self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
                self.assertIn(f"cannot send ctrl+z now: {holder}", result.stderr + result.stdout)
                self.assertEqual(msg(buoy, *close).returncode, 0)
                wait_for(wev.has_keyboard_focus, timeout=3, message="wev to have the keyboard back")
                self.assertEqual(keys_with_modifiers(wev), [], "keys sent while buoy had the keyboard")
            self.assertEqual(msg(buoy, "tap").returncode, 0)
            self.assertEqual(wait_keys(wev, 2), [("z", "pressed", CONTROL), ("z", "released", CONTROL)])

    def test_on_kwin_5_27_which_offers_no_virtual_keyboard_a_tap_sends_nothing_after_one_warning(self):
        with HeadlessKWin() as kwin:
            pointer = kwin.pointer()
            buoy = Buoy(kwin, config(actions={"tap": '{ keys = "ctrl+z" }'})).start()
            centre = buoy.wait_for_button(MAGENTA).centroid
            wev = kwin.wev()
            wev.mark()
            pointer.click(*centre)
            for _ in range(2):
                answer = msg(buoy, "tap")
                self.assertIn("offers no zwp_virtual_keyboard_v1", answer.stdout + answer.stderr)
            self.assertEqual(buoy.log().count("offers no zwp_virtual_keyboard_v1"), 1, buoy.log())
            self.assertEqual(keys_with_modifiers(wev), [])
            self.assertEqual(buoy.stop(), 0)


class KeyNamesTests(unittest.TestCase):
    def test_check_says_where_a_key_xkb_does_not_know_is_and_what_was_meant(self):
        # Checked with buoy's own libxkbcommon: no display needed.
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "config.toml"
            path.write_text('[actions]\ntap = { keys = "ctrl+z" }\n'
                            'long_press = { keys = ["alt+Lfet", "ctrl+escape", "XF86AudioPlay"] }\n')
            result = run("--check", "--config", str(path))
            self.assertEqual(result.returncode, 1, result.stdout)
            self.assertIn(f'{path}:3:24: error: unknown key "Lfet" in "alt+Lfet": xkb has no keysym of that name;'
                          ' did you mean "alt+Left"?', result.stderr)
            self.assertIn(f'{path}:3:36: error: unknown key "escape" in "ctrl+escape": xkb has no keysym of'
                          ' that name; did you mean "ctrl+Escape"?', result.stderr)
            self.assertEqual(result.stderr.count("error:"), 2, result.stderr)


if __name__ == "__main__":
    unittest.main()
