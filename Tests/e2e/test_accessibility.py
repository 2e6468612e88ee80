"""AT-SPI on sway (issue 31 §1): what a screen reader sees of buoy, read and driven through
pyatspi (atspi_client.py, run by Debian's /usr/bin/python3) on a private session bus with its
own at-spi-bus-launcher. Each test starts its own bus, launcher and sway."""

from __future__ import annotations

import subprocess
import unittest
from pathlib import Path

from atspi import Accessibility, Orca, connections_to
from buoy_fixture import BUOY, MAGENTA, Buoy, count_lines
from feedbackd import SessionBus
from harness import HeadlessSway, wait_for
from test_gestures import appended
from test_msg import config
from test_outputs import FIRST, SECOND, WIDTH, buttons_on, two_outputs


def start(sway: HeadlessSway, a11y: Accessibility, atspi_address: str | None = None,
          **sections) -> tuple[Buoy, Path]:
    marker = sway.artifact("tapped")
    sections.setdefault("actions", {}).setdefault("tap", f'"{appended(marker)}"')
    buoy = Buoy(sway, config(**sections))
    buoy.env["DBUS_SESSION_BUS_ADDRESS"] = a11y.bus.address
    buoy.env.pop("AT_SPI_BUS_ADDRESS", None)
    if atspi_address:
        buoy.env["AT_SPI_BUS_ADDRESS"] = atspi_address
    buoy.start()
    buoy.wait_for_button(MAGENTA)
    return buoy, marker


class AccessibilityTests(unittest.TestCase):
    def test_pyatspi_finds_buoy_and_its_button_where_the_screenshot_has_it(self):
        with HeadlessSway() as sway, Accessibility(sway) as a11y:
            buoy, _ = start(sway, a11y, button={"accessible_name": '"Assistant"'})
            app = a11y.app()
            self.assertEqual(app["role"], "application")
            self.assertEqual(len(app["children"]), 1, app)
            button = app["children"][0]
            self.assertEqual((button["name"], button["role"]), ("Assistant", "push button"))
            self.assertTrue({"showing", "visible", "focusable"} <= set(button["states"]), button)
            self.assertEqual(button["actions"][0], "activate")
            for action in ("move to top-left", "move to bottom-right", "hide"):
                self.assertIn(action, button["actions"])
            left, top, right, bottom = buoy.wait_for_button(MAGENTA).bbox
            x, y, width, height = button["extents"]
            for got, want in ((x, left), (y, top), (x + width, right), (y + height, bottom)):
                self.assertAlmostEqual(got, want, delta=4, msg=(button["extents"], (left, top, right, bottom)))
            self.assertEqual(buoy.stop(), 0)

    def test_activate_runs_tap_once(self):
        with HeadlessSway() as sway, Accessibility(sway) as a11y:
            buoy, marker = start(sway, a11y)
            a11y.app()
            self.assertTrue(a11y.client("do", "0", "activate"))
            wait_for(lambda: count_lines(marker) == 1, timeout=3, message="tap ran")
            # Nothing more comes: the press and release were one tap.
            wait_for(lambda: "accessibility: activate" in buoy.log(), timeout=2, message="logged")
            self.assertEqual(count_lines(marker), 1)
            self.assertEqual(buoy.stop(), 0)

    def test_open_menu_shows_its_items_and_an_item_runs_its_command(self):
        with HeadlessSway() as sway, Accessibility(sway) as a11y:
            item = sway.artifact("item")
            menu = ("[[menu.item]]\nlabel = \"First\"\ncommand = \"true\"\n"
                    f"[[menu.item]]\nlabel = \"Second\"\ncommand = \"{appended(item)}\"\n")
            buoy = Buoy(sway, config(actions={"tap": '"menu"'}) + menu)
            buoy.env["DBUS_SESSION_BUS_ADDRESS"] = a11y.bus.address
            buoy.start()
            buoy.wait_for_button(MAGENTA)
            before = sway.screenshot()
            self.assertEqual(a11y.app()["children"][0]["name"], "buoy: open menu")
            self.assertTrue(a11y.client("do", "0", "open menu"))
            app = wait_for(lambda: (lambda app: app if app["children"][0]["children"] else None)(a11y.client("tree")),
                           timeout=5, message="the menu under the button")
            menu_node = app["children"][0]["children"][0]
            self.assertEqual(menu_node["role"], "menu")
            self.assertEqual([child["name"] for child in menu_node["children"]], ["First", "Second"])
            self.assertTrue(all(child["role"] == "menu item" for child in menu_node["children"]))
            wait_for(lambda: sway.screenshot().data != before.data, timeout=3, message="the menu on screen")
            self.assertTrue(a11y.client("do", "0/0/1", "activate"))
            wait_for(lambda: count_lines(item) == 1, timeout=3, message="the second item ran")
            wait_for(lambda: not a11y.client("tree")["children"][0]["children"], timeout=3,
                     message="the menu gone from the tree once closed")
            self.assertEqual(buoy.stop(), 0)

    def test_in_edit_mode_each_item_row_can_be_removed_or_moved_and_done_activated(self):
        """Issue 42 §1: in edit mode AT-SPI's activate on an item row did nothing, and no action
        said remove or move. Each item row has them, by names Orca reads."""
        with HeadlessSway() as sway, Accessibility(sway) as a11y:
            menu = "".join(f'[[menu.item]]\nlabel = "{label}"\ncommand = "true"\n' for label in ("One", "Two", "Three"))
            buoy = Buoy(sway, config(actions={"tap": '"menu"'}, menu={"edit": '"touch"'}) + menu)
            buoy.env["DBUS_SESSION_BUS_ADDRESS"] = a11y.bus.address
            buoy.start()
            buoy.wait_for_button(MAGENTA)
            a11y.app()

            def rows(wanted: list[str]) -> list[dict]:
                def shown():
                    button = a11y.client("tree")["children"][0]
                    items = button["children"][0]["children"] if button["children"] else []
                    return items if [item["name"] for item in items] == wanted else None
                return wait_for(shown, timeout=5, message=f"the rows {wanted}")

            self.assertTrue(a11y.client("do", "0", "open menu"))
            rows(["One", "Two", "Three", "Edit"])
            self.assertTrue(a11y.client("do", "0/0/3", "activate"))
            edit = rows(["One", "Two", "Three", "Add", "Button", "Done"])
            self.assertEqual([row["actions"] for row in edit[:3]],
                             [["remove", "move down"], ["remove", "move up", "move down"], ["remove", "move up"]])
            self.assertEqual([row["actions"] for row in edit[3:]], [["activate"]] * 3)

            self.assertTrue(a11y.client("do", "0/0/1", "remove"))
            rows(["One", "Three", "Add", "Button", "Done"])
            self.assertNotIn('"Two"', buoy.config_path.read_text())
            self.assertTrue(a11y.client("do", "0/0/0", "move down"))
            rows(["Three", "One", "Add", "Button", "Done"])
            text = buoy.config_path.read_text()
            self.assertLess(text.index('"Three"'), text.index('"One"'))
            self.assertTrue(a11y.client("do", "0/0/4", "activate"))
            rows(["Three", "One", "Edit"])
            self.assertEqual(buoy.stop(), 0)

    def test_with_per_app_items_the_menu_lists_the_shown_items_and_activating_one_runs_it(self):
        with HeadlessSway() as sway, Accessibility(sway) as a11y:
            ran = sway.artifact("ran")
            rules = {2: 'show_for = ["wev"]\n', 3: 'hide_for = ["wev"]\n'}
            menu = "".join(f'[[menu.item]]\nlabel = "Item {n}"\ncommand = "echo {n} >> {ran}"\n{rules.get(n, "")}'
                           for n in range(1, 5))
            buoy = Buoy(sway, config(actions={"tap": '"menu"'}) + menu)
            buoy.env["DBUS_SESSION_BUS_ADDRESS"] = a11y.bus.address
            buoy.start()
            buoy.wait_for_button(MAGENTA)
            sway.wev()
            wait_for(lambda: any(w.get("focused") and w.get("app_id") == "wev" for w in sway.windows()),
                     timeout=5, message="wev in front")
            a11y.app()
            self.assertTrue(a11y.client("do", "0", "open menu"))
            app = wait_for(lambda: (lambda app: app if app["children"][0]["children"] else None)(a11y.client("tree")),
                           timeout=5, message="the menu under the button")
            items = app["children"][0]["children"][0]["children"]
            self.assertEqual([item["name"] for item in items], ["Item 1", "Item 2", "Item 4"])
            self.assertTrue(a11y.client("do", "0/0/2", "activate"))
            wait_for(lambda: ran.exists() and ran.read_text() == "4\n", timeout=3,
                     message=f"Item 4 ran; ran: {ran.read_text() if ran.exists() else None}")
            self.assertEqual(buoy.stop(), 0)

    def test_orca_reads_the_menu_item_the_arrow_keys_reach(self):
        with HeadlessSway() as sway, Accessibility(sway) as a11y:
            menu = ("[[menu.item]]\nlabel = \"Terminal\"\ncommand = \"true\"\n"
                    "[[menu.item]]\nlabel = \"Screenshot\"\ncommand = \"true\"\n")
            buoy = Buoy(sway, config(button={"accessible_name": '"Assistant"'}, actions={"tap": '"menu"'}) + menu)
            buoy.env["DBUS_SESSION_BUS_ADDRESS"] = a11y.bus.address
            buoy.start()
            buoy.wait_for_button(MAGENTA)
            a11y.app()
            orca = Orca(sway, a11y)
            try:
                # The seat's keyboard (it has none headless) before the menu takes it.
                sway.spawn(["wtype", "-s", "600000", ""], log=sway.unique("wtype") + ".log")
                self.assertTrue(a11y.client("do", "0", "open menu"))
                wait_for(lambda: "menu opened" in buoy.log(), timeout=5, message="the menu open")
                subprocess.run(["wtype", "-s", "300", "-k", "Down"], env=sway.env, check=True, timeout=10)
                wait_for(lambda: "Screenshot." in orca.spoken(), timeout=10,
                         message=f"Orca to say the second item; it said {orca.spoken()}")
                subprocess.run(["wtype", "-k", "Up"], env=sway.env, check=True, timeout=10)
                wait_for(lambda: orca.spoken()[-1:] == ["Terminal."], timeout=10,
                         message=f"Orca to say the first item; it said {orca.spoken()}")
            finally:
                orca.close()
            self.assertEqual(buoy.stop(), 0)

    def test_with_output_every_each_output_has_its_push_button_where_it_is_in_the_layout(self):
        with HeadlessSway() as sway, Accessibility(sway) as a11y:
            two_outputs(sway)
            buoy, _ = start(sway, a11y, button={"output": '"*"'})
            app = wait_for(lambda: (lambda app: app if app and len(app["children"]) == 2 else None)(
                a11y.client("tree")), timeout=10, message="two push buttons")
            nodes = {}
            for output, offset in ((FIRST, 0), (SECOND, WIDTH)):
                left, top, right, bottom = wait_for(lambda: buttons_on(sway, output), timeout=5,
                                                    message=f"the button on {output}").bbox
                near = [index for index, node in enumerate(app["children"])
                        if abs(node["extents"][0] - (offset + left)) <= 4 and abs(node["extents"][1] - top) <= 4]
                self.assertEqual(len(near), 1, (output, (offset + left, top),
                                                [node["extents"] for node in app["children"]]))
                nodes[output] = near[0]
            self.assertEqual(app["children"][nodes[SECOND]]["extents"][2], right - left, "the size")
            # Each push button acts on its own output's button alone.
            self.assertTrue(a11y.client("do", str(nodes[SECOND]), "move to top-left"))
            wait_for(lambda: (lambda found: found and found.bbox[0] < 20 and found.bbox[1] < 20)(
                buttons_on(sway, SECOND)), timeout=5, message="the second output's button at its top-left")
            self.assertGreater(buttons_on(sway, FIRST).bbox[0], WIDTH / 2, "the first output's stays right")
            self.assertEqual(buoy.stop(), 0)

    def test_move_to_top_left_moves_the_button_there(self):
        with HeadlessSway() as sway, Accessibility(sway) as a11y:
            buoy, _ = start(sway, a11y)
            a11y.app()
            self.assertTrue(a11y.client("do", "0", "move to top-left"))
            def at_top_left():
                left, top, _, _ = buoy.wait_for_button(MAGENTA).bbox
                return left < 20 and top < 20
            wait_for(at_top_left, timeout=5, message="the button at the top-left")
            x, y, _, _ = wait_for(lambda: (lambda e: e if e[0] < 20 else None)(
                a11y.client("tree")["children"][0]["extents"]), timeout=3, message="extents at the top-left")
            left, top, _, _ = buoy.wait_for_button(MAGENTA).bbox
            self.assertAlmostEqual(x, left, delta=4)
            self.assertAlmostEqual(y, top, delta=4)
            self.assertEqual(buoy.stop(), 0)

    def test_with_accessibility_off_buoy_has_no_connection_to_the_accessibility_bus(self):
        with HeadlessSway() as sway, Accessibility(sway, enabled=False) as a11y:
            buoy, marker = start(sway, a11y)
            self.assertEqual(a11y.client("tree"), None)
            self.assertEqual(connections_to(a11y, buoy.pid), 0)
            # Switched on, it joins; switched off, it leaves.
            a11y.switch(True)
            a11y.app()
            self.assertEqual(connections_to(a11y, buoy.pid), 1)
            a11y.switch(False)
            wait_for(lambda: connections_to(a11y, buoy.pid) == 0, timeout=5,
                     message="buoy left the accessibility bus")
            self.assertIn("accessibility is off: leaving the accessibility bus", buoy.log())
            self.assertEqual(buoy.stop(), 0)

    def test_a_bus_without_a_registry_is_one_warning_and_buoy_runs_on(self):
        # AT_SPI_BUS_ADDRESS names a bus with no registry on it: Embed is refused.
        with HeadlessSway() as sway, Accessibility(sway) as a11y, SessionBus() as empty:
            # The pointer first, so that buoy binds it at start, as test_feedback does.
            pointer = sway.pointer()
            buoy, marker = start(sway, a11y, atspi_address=empty.address)
            wait_for(lambda: "[warning] accessibility" in buoy.log(), timeout=5, message="the warning")
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            pointer.click(cx, cy)
            wait_for(lambda: count_lines(marker) == 1, timeout=3, message="a click's tap ran")
            warnings = [line for line in buoy.log().splitlines() if "[warning]" in line or "[error]" in line]
            self.assertEqual(len(warnings), 1, warnings)
            self.assertIn("the registry refused Embed: org.freedesktop.DBus.Error.ServiceUnknown", warnings[0])
            self.assertIn("buoy runs on without it", warnings[0])
            self.assertEqual(connections_to(a11y, buoy.pid), 0)
            self.assertEqual(buoy.stop(), 0)


class AccessibleNameCheckTests(unittest.TestCase):
    def test_an_empty_or_overlong_accessible_name_is_a_check_error(self):
        with HeadlessSway() as sway:
            for value, error in (('""', "accessible_name must not be empty"),
                                 (f'"{"x" * 129}"', "accessible_name must be at most 128 characters, got 129")):
                buoy = Buoy(sway, config(button={"accessible_name": value}))
                check = subprocess.run([BUOY, "--check", "--config", str(buoy.config_path)], env=buoy.env,
                                       capture_output=True, text=True, timeout=10)
                self.assertEqual(check.returncode, 1, check.stdout)
                self.assertIn(f"{buoy.config_path}:2:", check.stderr)
                self.assertIn(error, check.stderr)
            buoy = Buoy(sway, config(button={"accessible_name": f'"{"x" * 128}"'}))
            check = subprocess.run([BUOY, "--check", "--config", str(buoy.config_path)], env=buoy.env,
                                   capture_output=True, text=True, timeout=10)
            self.assertEqual(check.returncode, 0, check.stderr)


if __name__ == "__main__":
    unittest.main()
