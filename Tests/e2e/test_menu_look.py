"""The menu's looks, measured on screen: a column's pill and its disc are one calm style that
stands out 3:1 from dark and light wallpapers, with labels at 4.5:1 on it (WCAG 1.4.11, 1.4.3)."""

from __future__ import annotations

import unittest

from buoy_fixture import MAGENTA, Buoy, settle
from harness import HeadlessSway, wait_for
from test_menu import ICON_COLOURS, label_config
from test_msg import msg

WALLPAPERS = {"black": (0, 0, 0), "dark": (0x2E, 0x34, 0x40), "light": (0xEC, 0xEF, 0xF4),
              "white": (0xFF, 0xFF, 0xFF)}


def luminance(rgb) -> float:
    """WCAG's relative luminance of an sRGB byte triple."""
    def linear(byte: int) -> float:
        c = byte / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


class ColumnLookTests(unittest.TestCase):
    def measure(self, wallpaper: tuple[int, int, int], name: str) -> dict:
        """On `wallpaper`: the pill's rim, its fill, its brightest text and the disc's fill, read
        from a screenshot of a one-item column ("Files") beside a button at the right edge."""
        with HeadlessSway(resolution=(640, 400), background=wallpaper) as sway:
            buoy = Buoy(sway, label_config(sway, "Files")).start()
            buoy.wait_for_button(MAGENTA)
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            wait_for(lambda: sway.screenshot().find(ICON_COLOURS[0], tolerance=10), timeout=3,
                     message="the item's icon on screen")
            settle()
            image = sway.screenshot()
            image.save_png(sway.artifact(f"column-{name}.png"))
            icon = image.find(ICON_COLOURS[0], tolerance=10)
            cx, cy = (int(v) for v in icon.centroid)
            # The icon is 60 % of the 40-px disc: 4 px outside it is the disc's own fill.
            disc = image.pixel(icon.bbox[0] - 4, cy)
            # The pill: what is not wallpaper on the icon's row, left of the disc's spacing.
            pill = [x for x in range(0, cx - 24) if image.pixel(x, cy) != wallpaper]
            self.assertTrue(pill, f"no pill left of the disc on {name}")
            left, right = pill[0], pill[-1]
            # Down the pill's middle: wallpaper, then the rim, then the fill.
            x, y = (left + right) // 2, cy - 30
            while image.pixel(x, y) == wallpaper:
                y += 1
            rim, fill = image.pixel(x, y), image.pixel(x, y + 2)
            text = max((image.pixel(tx, ty) for tx in range(left + 3, right - 2) for ty in range(cy - 8, cy + 8)),
                       key=luminance)
            self.assertEqual(buoy.stop(), 0)
            return {"rim": rim, "fill": fill, "text": text, "disc": disc}

    def test_the_pill_and_its_disc_are_one_style_that_holds_3_to_1_on_every_wallpaper(self):
        for name, wallpaper in WALLPAPERS.items():
            with self.subTest(wallpaper=name):
                seen = self.measure(wallpaper, name)
                boundary = max(contrast(seen["rim"], wallpaper), contrast(seen["fill"], seen["rim"]))
                label = contrast(seen["text"], seen["fill"])
                print(f"contrast on {name}: pill edge {boundary:.2f}, label {label:.2f} ({seen})")
                self.assertGreaterEqual(boundary, 3, seen)
                self.assertGreaterEqual(label, 4.5, seen)
                # One style: the pill is filled as its disc is.
                for a, b in zip(seen["fill"], seen["disc"]):
                    self.assertLessEqual(abs(a - b), 2, seen)


if __name__ == "__main__":
    unittest.main()
