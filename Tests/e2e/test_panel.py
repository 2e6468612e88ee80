"""The panel menu ([menu] layout = "panel"): a rounded panel beside the button, the items in a
grid with their labels under the icons, in the configured colours."""

from __future__ import annotations

import json
import subprocess
import unittest

from buoy_fixture import MAGENTA, Buoy, count_lines
from harness import HeadlessSway, Image, wait_for, wait_steady
from test_button import config as button_config
from test_msg import msg

# One vivid icon per item; item 6's file is symbolic (a dark grey square), so it is drawn in
# the label colour.
ICON_COLOURS = [(255, 0, 0), (0, 200, 0), (0, 0, 255), (128, 0, 255), (255, 128, 0)]
SYMBOLIC_GREY = (46, 51, 54)
BACKGROUND = (0x12, 0x34, 0x5F)
LABEL = (0xFF, 0xE6, 0x00)
FOCUS = (0x00, 0xFF, 0xFF)


def hex_rgb(colour) -> str:
    return "#" + "".join(f"{c:02x}" for c in colour)


def panel_config(sway, position='"right"', extra_menu=None) -> tuple[str, list]:
    """Six items (a 3 x 2 grid) on a panel in the test colours, opened by a tap; returns the
    config and each item's marker file (its command appends a line)."""
    markers, items = [], []
    for i, colour in enumerate(ICON_COLOURS + [SYMBOLIC_GREY]):
        name = "tool-symbolic.png" if i == 5 else f"icon-{i}.png"
        icon = sway.artifact(name)
        Image(48, 48, bytes(colour) * 48 * 48).save_png(icon)
        marker = sway.artifact(f"item-{i}.log")
        markers.append(marker)
        items.append(f'[[menu.item]]\nlabel = "Item {i + 1}"\nicon = "{icon}"\ncommand = "echo x >> {marker}"\n')
    menu = {"layout": '"panel"', "open_duration": 0.2, "close_duration": 0.1,
            "background": f'"{hex_rgb(BACKGROUND)}"', "label_color": f'"{hex_rgb(LABEL)}"',
            "focus_color": f'"{hex_rgb(FOCUS)}"', **(extra_menu or {})}
    text = button_config(button={"position": position, "idle_opacity": 1.0},
                         actions={"tap": '"menu"'}, menu=menu)
    return text + "\n" + "\n".join(items), markers


def icon_centres(image) -> list:
    found = [image.find(colour, tolerance=10) for colour in ICON_COLOURS]
    return [m.centroid if m and m.count > 100 else None for m in found]


def wtype(sway, *args: str) -> None:
    # As in test_menu: the virtual keyboard appears only now, so pause before the keys.
    subprocess.run(["wtype", "-s", "300", *args], env=sway.env, check=True, timeout=10)


class PanelTests(unittest.TestCase):
    def open_panel(self, sway, pointer, position='"right"'):
        text, markers = panel_config(sway, position)
        buoy = Buoy(sway, text).start()
        button = buoy.wait_for_button(MAGENTA)
        pointer.click(*button.centroid)
        wait_steady(lambda: (lambda c: all(c) and c)(icon_centres(sway.screenshot())), timeout=4,
                    message="every icon on the panel, at rest")
        return buoy, button, markers, sway.screenshot()

    def assert_panel_beside(self, image, button, width, height, side):
        panel = image.find(BACKGROUND, tolerance=2)
        self.assertIsNotNone(panel, "the panel's background colour is on screen")
        left, top, right, bottom = panel.bbox
        self.assertTrue(0 < left and right < width and 0 < top and bottom < height, panel.bbox)
        bl, bt, br, bb = button.bbox
        if side == "left":
            self.assertLess(right, bl, "the panel is left of the button, clear of it")
        else:
            self.assertGreater(top, bb, "the panel is below the button, clear of it")
        # A filled panel, not a few pixels of the colour.
        self.assertGreater(panel.count, 0.5 * panel.width * panel.height, panel)
        return panel

    def test_it_opens_beside_the_button_on_screen_in_its_colours_and_a_tap_runs_an_item(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy, button, markers, image = self.open_panel(sway, pointer)
            image.save_png(sway.artifact("panel.png"))
            panel = self.assert_panel_beside(image, button, 1280, 720, "left")
            centres = icon_centres(image)
            # A 3 x 2 grid in item order: rows of three, left to right.
            self.assertAlmostEqual(centres[0][1], centres[2][1], delta=1)
            self.assertLess(centres[0][0], centres[1][0])
            self.assertLess(centres[1][0], centres[2][0])
            self.assertGreater(centres[3][1], centres[0][1] + 40)
            self.assertAlmostEqual(centres[3][0], centres[0][0], delta=1)
            for x, y in centres:
                self.assertTrue(panel.bbox[0] < x < panel.bbox[2] and panel.bbox[1] < y < panel.bbox[3])
            # The labels under the icons, in the label colour.
            x, y = centres[0]
            under = image.crop(int(x) - 40, int(y) + 14, int(x) + 40, int(y) + 44)
            self.assertGreater(under.count(LABEL, tolerance=40), 20, "label 1 in label_color")
            # The symbolic icon (item 6, under item 3) is drawn in the label colour.
            sx, sy = centres[2][0], centres[3][1]
            symbolic = image.crop(int(sx) - 10, int(sy) - 10, int(sx) + 10, int(sy) + 10)
            self.assertGreater(symbolic.count(LABEL, tolerance=10), 300, "the symbolic icon recoloured")
            self.assertEqual(image.count(SYMBOLIC_GREY, tolerance=4), 0)
            self.assertTrue(json.loads(msg(buoy, "state").stdout)["menu_open"])

            pointer.click(*centres[4])
            wait_for(lambda: count_lines(markers[4]) == 1, timeout=3, message="item 5 ran")
            wait_for(lambda: sway.screenshot().find(BACKGROUND, tolerance=2) is None, timeout=3,
                     message="the panel closed")
            # buoy starts an item's command as it handles the tap: any other would be in its log
            # once it answers.
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(), 1)
            self.assertEqual([count_lines(m) for m in markers], [0, 0, 0, 0, 1, 0])
            self.assertEqual(buoy.stop(), 0)

    def test_its_icons_fill_their_cells_and_the_rows_stand_clear_of_each_other(self):
        # Issue 23: at the default item_size = 40 the icons were 24 px, and a row's label nearly
        # touched the icon of the row below.
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy, _, _, image = self.open_panel(sway, pointer)
            image.save_png(sway.artifact("panel.png"))
            icon = image.find(ICON_COLOURS[0], tolerance=10)
            self.assertGreaterEqual(icon.width, 31, f"80 % of the 40 px item: {icon}")
            self.assertGreaterEqual(icon.height, 31, icon)
            below = image.find(ICON_COLOURS[3], tolerance=10)
            # Label 1's lowest pixel, between its icon and the icon of the row below.
            x = int(icon.centroid[0])
            label = image.crop(x - 40, icon.bbox[3], x + 40, below.bbox[1]).find(LABEL, tolerance=40)
            self.assertIsNotNone(label, "label 1 under its icon")
            clear = below.bbox[1] - (icon.bbox[3] + label.bbox[3])
            self.assertGreaterEqual(clear, 14, f"label 1 ends {clear} px above item 4's icon")
            print(f"panel icon {icon.width} px, {clear} px from a label to the icon below", end=" ", flush=True)
            self.assertEqual(buoy.stop(), 0)

    def test_a_tap_on_the_panel_between_its_items_keeps_it_open_and_one_outside_closes_it(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy, button, markers, image = self.open_panel(sway, pointer)
            left, top, right, bottom = self.assert_panel_beside(image, button, 1280, 720, "left").bbox
            pointer.click(left + 3, (top + bottom) // 2)  # its padding, left of the first column
            # msg state answers after buoy has handled the click.
            self.assertTrue(buoy.caught_up()["menu_open"])
            self.assertIsNotNone(sway.screenshot().find(BACKGROUND, tolerance=2), "the panel still shows")
            pointer.click(left - 40, top - 40 if top > 60 else bottom + 40)
            wait_for(lambda: not json.loads(msg(buoy, "state").stdout)["menu_open"], timeout=3,
                     message="closed by a tap outside it")
            self.assertEqual(buoy.started_commands(), 0)
            self.assertEqual([count_lines(m) for m in markers], [0] * 6)
            self.assertEqual(buoy.stop(), 0)

    def test_arrow_keys_move_across_the_grid_and_enter_runs_the_focused_item(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy, button, markers, image = self.open_panel(sway, pointer)
            centres = icon_centres(image)
            self.assertIsNone(image.find(FOCUS, tolerance=10), "no ring before a key")
            wtype(sway, "-k", "Right")
            # The ring, in focus_color, round item 2's cell.
            ring = wait_for(lambda: sway.screenshot().find(FOCUS, tolerance=10), timeout=3,
                            message="the focus ring")
            self.assertAlmostEqual(ring.center[0], centres[1][0], delta=3)
            self.assertGreater(ring.width, 40)
            # Down moves to the row below (item 5), Left wraps back within it... twice: item 4.
            wtype(sway, "-k", "Down", "-k", "Left", "-k", "Return")
            wait_for(lambda: count_lines(markers[3]) == 1, timeout=3, message="item 4 ran from the keyboard")
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(), 1)
            self.assertEqual([count_lines(m) for m in markers], [0, 0, 0, 1, 0, 0])
            self.assertEqual(buoy.stop(), 0)

    def test_on_a_phone_from_the_top_edge_it_opens_below_the_button_on_screen(self):
        with HeadlessSway(resolution=(360, 640)) as sway:
            pointer = sway.pointer()
            buoy, button, markers, image = self.open_panel(sway, pointer, position='"top"')
            image.save_png(sway.artifact("phone-panel.png"))
            self.assert_panel_beside(image, button, 360, 640, "below")
            self.assertEqual(buoy.stop(), 0)


if __name__ == "__main__":
    unittest.main()
