"""Submenus ([submenu.NAME], an item's submenu = "NAME"): the items replaced in place, Back,
Escape, Left and BackSpace up a level, a command closing every level, `buoy msg menu NAME`, the
path in the events, and --check's errors, on a real headless sway."""

from __future__ import annotations

import json
import subprocess
import tempfile
import unittest
from pathlib import Path

from buoy_fixture import BUOY, MAGENTA, Buoy, count_lines
from harness import HeadlessSway, Image, wait_for, wait_steady
from test_button import config as button_config
from test_msg import msg
from test_panel import wtype
from test_subscribe import subscribed

# The top level's icons, then the submenu's: each a vivid colour of its own.
TOP = [(255, 0, 0), (0, 200, 0), (0, 0, 255)]
DEVICE = [(255, 128, 0), (128, 0, 255)]


def submenu_config(sway, top_layout: str = "column", device_layout: str | None = None) -> tuple[str, dict]:
    """Top: Alpha and Beta run commands, Device opens [submenu.device], whose Gamma and Delta run
    commands. Returns the config and each command's marker file, by label."""
    markers, items = {}, []

    def item(table: str, label: str, colour, action: str) -> None:
        icon = sway.artifact(f"{label}.png")
        Image(48, 48, bytes(colour) * 48 * 48).save_png(icon)
        if action == "command":
            markers[label] = sway.artifact(f"{label}.log")
            action = f'command = "echo x >> {markers[label]}"'
        items.append(f'[[{table}]]\nlabel = "{label}"\nicon = "{icon}"\n{action}\n')

    item("menu.item", "Alpha", TOP[0], "command")
    item("menu.item", "Beta", TOP[1], "command")
    item("menu.item", "Device", TOP[2], 'submenu = "device"')
    item("submenu.device.item", "Gamma", DEVICE[0], "command")
    item("submenu.device.item", "Delta", DEVICE[1], "command")
    text = button_config(button={"idle_opacity": 1.0}, actions={"tap": '"menu"'},
                         menu={"layout": f'"{top_layout}"', "open_duration": 0.15, "close_duration": 0.1})
    device = f'[submenu.device]\nlayout = "{device_layout}"\n' if device_layout else ""
    return text + "\n" + device + "\n".join(items), markers


def centres(image, colours) -> list:
    found = [image.find(colour, tolerance=10) for colour in colours]
    return [m.centroid if m and m.count > 100 else None for m in found]


def wait_level(sway, shown, gone) -> list:
    """Waits until every colour of `shown` is on screen and none of `gone`; their centres."""
    def level():
        image = sway.screenshot()
        on = centres(image, shown)
        return on if all(on) and not any(centres(image, gone)) else None
    return wait_steady(level, timeout=4, message=f"{shown} on screen, at rest, {gone} gone")


def state(buoy) -> dict:
    return json.loads(msg(buoy, "state").stdout)


class SubmenuTests(unittest.TestCase):
    def run_by_pointer(self, top_layout: str, device_layout: str | None) -> None:
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            text, markers = submenu_config(sway, top_layout, device_layout)
            buoy = Buoy(sway, text).start()
            button = buoy.wait_for_button(MAGENTA)
            subscriber = subscribed(buoy)
            pointer.click(*button.centroid)
            top = wait_level(sway, TOP, DEVICE)
            self.assertEqual(subscriber.wait_event("menu_opened")["path"], [])
            pointer.click(*top[2])
            device = wait_level(sway, DEVICE, TOP)
            sway.screenshot().save_png(sway.artifact(f"submenu-{top_layout}-{device_layout}.png"))
            self.assertEqual(subscriber.wait_event("menu_opened")["path"], ["device"])
            self.assertTrue(state(buoy)["menu_open"])
            # A command closes every level, and says which level it was on.
            pointer.click(*device[1])
            wait_for(lambda: count_lines(markers["Delta"]) == 1, timeout=3, message="Delta ran")
            self.assertEqual(subscriber.wait_event("menu_closed"),
                             {"event": "menu_closed", "name": "main", "chosen": "Delta", "path": ["device"]})
            wait_for(lambda: not any(centres(sway.screenshot(), TOP + DEVICE)), timeout=3,
                     message="every level gone")
            # msg state answers after buoy has handled the tap, and started any command it chose.
            self.assertFalse(state(buoy)["menu_open"])
            self.assertEqual(buoy.started_commands(), 1)
            self.assertEqual({label: count_lines(m) for label, m in markers.items()},
                             {"Alpha": 0, "Beta": 0, "Gamma": 0, "Delta": 1})
            # The next tap opens the top level again.
            pointer.click(*button.centroid)
            wait_level(sway, TOP, DEVICE)
            subscriber.close()
            self.assertEqual(buoy.stop(), 0)

    def test_a_submenu_replaces_the_column_and_its_item_runs_and_closes_every_level(self):
        self.run_by_pointer("column", None)

    def test_a_panel_submenu_from_a_column(self):
        self.run_by_pointer("column", "panel")

    def test_a_submenu_of_a_panel(self):
        self.run_by_pointer("panel", None)

    def test_back_goes_up_a_level_and_a_press_outside_closes_the_menu(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            text, markers = submenu_config(sway, "panel", "panel")
            buoy = Buoy(sway, text).start()
            button = buoy.wait_for_button(MAGENTA)
            pointer.click(*button.centroid)
            top = wait_level(sway, TOP, DEVICE)
            pointer.click(*top[2])
            gamma, delta = wait_level(sway, DEVICE, TOP)
            # In the panel's grid Back follows Delta on the same row.
            pointer.click(delta[0] + (delta[0] - gamma[0]), delta[1])
            top = wait_level(sway, TOP, DEVICE)
            self.assertTrue(state(buoy)["menu_open"])
            pointer.click(40, 40)
            wait_for(lambda: not state(buoy)["menu_open"], timeout=3, message="closed by a press outside")
            self.assertEqual(buoy.started_commands(), 0)
            self.assertEqual(sum(count_lines(m) for m in markers.values()), 0)
            self.assertEqual(buoy.stop(), 0)

    def test_keys_go_down_and_escape_left_and_backspace_come_back_up(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            text, markers = submenu_config(sway)
            buoy = Buoy(sway, text).start()
            button = buoy.wait_for_button(MAGENTA)
            pointer.click(*button.centroid)
            wait_level(sway, TOP, DEVICE)
            # The focus starts on the first item, unseen: two Downs reach Device.
            wtype(sway, "-k", "Down", "-k", "Down")
            for key in ["Escape", "Left", "BackSpace"]:
                # Back up, the focus is on the item that opened the submenu.
                wtype(sway, "-k", "Return")
                wait_level(sway, DEVICE, TOP)
                wtype(sway, "-k", key)
                wait_level(sway, TOP, DEVICE)
                self.assertTrue(state(buoy)["menu_open"], key)
            # At the top, Escape closes.
            wtype(sway, "-k", "Escape")
            wait_for(lambda: not state(buoy)["menu_open"], timeout=3, message="closed by Escape at the top")
            self.assertEqual(buoy.started_commands(), 0)
            self.assertEqual(sum(count_lines(m) for m in markers.values()), 0)
            self.assertEqual(buoy.stop(), 0)

    def test_msg_menu_opens_at_a_submenu_and_an_unknown_one_is_refused(self):
        with HeadlessSway() as sway:
            text, markers = submenu_config(sway)
            buoy = Buoy(sway, text).start()
            buoy.wait_for_button(MAGENTA)
            unknown = msg(buoy, "menu", "nope")
            self.assertEqual(unknown.returncode, 1)
            self.assertIn("cannot open the menu: there is no [submenu.nope]", unknown.stderr)
            self.assertFalse(state(buoy)["menu_open"])
            self.assertEqual(msg(buoy, "menu", "device").returncode, 0)
            wait_level(sway, DEVICE, TOP)
            self.assertTrue(state(buoy)["menu_open"])
            # Asked again, it closes.
            self.assertEqual(msg(buoy, "menu", "device").returncode, 0)
            wait_for(lambda: not any(centres(sway.screenshot(), TOP + DEVICE)), timeout=3, message="closed")
            self.assertEqual(buoy.stop(), 0)


class SubmenuCheckTests(unittest.TestCase):
    ITEM = '[[menu.item]]\nlabel = "Device"\nsubmenu = "{name}"\n'
    SUB = '[[submenu.{name}.item]]\nlabel = "{label}"\n{action}\n'

    def check(self, text: str) -> subprocess.CompletedProcess:
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "config.toml"
            path.write_text(text)
            return subprocess.run([BUOY, "--check", "--config", str(path)], capture_output=True, text=True,
                                  timeout=10)

    def test_each_mistake_is_an_error_at_its_place(self):
        rows = [
            ("unknown", self.ITEM.format(name="devcie") + self.SUB.format(name="device", label="A",
                                                                           action='command = "a"'),
             ':3:11: error: no [submenu.devcie] is defined; did you mean "device"?'),
            ("both", '[[menu.item]]\nlabel = "D"\ncommand = "x"\nsubmenu = "d"\n'
             + self.SUB.format(name="d", label="A", action='command = "a"'),
             ":4:1: error: submenu and command cannot both be set"),
            ("cycle", self.ITEM.format(name="a") + self.SUB.format(name="a", label="B", action='submenu = "b"')
             + self.SUB.format(name="b", label="A", action='submenu = "a"'),
             ':9:11: error: submenu "a" opens itself again: a > b > a'),
            ("depth", self.ITEM.format(name="a")
             + "".join(self.SUB.format(name=n, label=n, action=f'submenu = "{m}"')
                       for n, m in [("a", "b"), ("b", "c"), ("c", "d")])
             + self.SUB.format(name="d", label="D", action='command = "d"'),
             ':12:11: error: submenus nest at most 3 deep: a > b > c > d'),
            ("empty", self.ITEM.format(name="a") + '[submenu.a]\nlayout = "panel"\n',
             ":4:1: error: [submenu.a] has no items: give it [[submenu.a.item]]s"),
            ("eight", self.ITEM.format(name="a")
             + "".join(self.SUB.format(name="a", label=f"I{i}", action='command = "x"') for i in range(8)),
             ":25:1: error: at most 7 menu items are allowed (Back is added as the last)"),
        ]
        for name, text, expected in rows:
            with self.subTest(name):
                result = self.check(text)
                self.assertEqual(result.returncode, 1, result.stderr)
                self.assertIn("config.toml" + expected, result.stderr)

    def test_a_good_config_checks_clean(self):
        text = self.ITEM.format(name="a") + self.SUB.format(name="a", label="B", action='submenu = "b"') \
            + self.SUB.format(name="b", label="C", action='command = "c"')
        result = self.check(text)
        self.assertEqual((result.returncode, result.stderr), (0, ""))


if __name__ == "__main__":
    unittest.main()
