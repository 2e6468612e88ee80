"""The button's face: [button] icon or label instead of the ring and dot."""

from __future__ import annotations

import subprocess
import tempfile
import unittest
from pathlib import Path

from buoy_fixture import BUOY, GREEN, MAGENTA, Buoy, hex_color
from harness import HeadlessSway, Image, wait_for
from test_button import config

RED = (255, 0, 0)


def face_config(**keys) -> str:
    """The magenta button at full opacity (no fade to change its colours), with a green glyph
    colour and `keys` added to [button]."""
    button = {"idle_opacity": 1.0, "glyph_color": f'"{hex_color(GREEN)}"', **keys}
    return config(button=button)


def write_png(path: Path, colour, size: int = 48) -> Path:
    Image(size, size, bytes(colour) * size * size).save_png(path)
    return path


def face(sway, buoy) -> tuple[Image, tuple[int, int, int, int]]:
    """The button's square on screen, and where it is."""
    bbox = buoy.wait_for_button(MAGENTA).bbox
    return sway.screenshot().crop(*bbox), bbox


def differing(a: bytes, b: bytes) -> int:
    return sum(1 for x, y in zip(a, b) if x != y)


def default_glyph(sway) -> bytes:
    """Where the default glyph is green, on a button like the ones under test."""
    buoy = Buoy(sway, face_config(), name="default").start()
    image, _ = face(sway, buoy)
    buoy.stop()
    wait_for(lambda: sway.screenshot().find(MAGENTA, tolerance=8) is None, timeout=3,
             message="the default button gone")
    return image.mask(GREEN, tolerance=10)


class FaceTests(unittest.TestCase):
    def test_a_label_replaces_the_ring_and_dot_and_takes_the_glyph_colour(self):
        with HeadlessSway() as sway:
            ring = default_glyph(sway)
            self.assertGreater(ring.count(1), 100, "the default glyph in green")
            buoy = Buoy(sway, face_config(label='"A"')).start()

            def label_drawn():
                image, _ = face(sway, buoy)
                mask = image.mask(GREEN, tolerance=10)
                return mask if differing(mask, ring) > 100 else None

            label = wait_for(label_drawn, timeout=5, message="the label instead of the ring and dot")
            self.assertGreater(label.count(1), 60, "the A is drawn in the glyph colour")
            image, bbox = face(sway, buoy)
            found = image.find(GREEN, tolerance=10)
            width, height = bbox[2] - bbox[0], bbox[3] - bbox[1]
            self.assertAlmostEqual(found.center[0], width / 2, delta=3, msg=found)
            self.assertAlmostEqual(found.center[1], height / 2, delta=3, msg=found)
            self.assertIn('main: label "A" drawn at 34 px by a child', buoy.log())

    def test_an_icon_given_by_path_is_drawn_in_the_middle_and_again_after_a_scale_change(self):
        with HeadlessSway() as sway:
            icon = write_png(sway.artifact("red.png"), RED)
            buoy = Buoy(sway, face_config(icon=f'"{icon}"')).start()

            def icon_drawn(min_count):
                image, bbox = face(sway, buoy)
                found = image.find(RED, tolerance=10)
                return (found, bbox) if found and found.count >= min_count else None

            # 60 % of 56 px: a 34 px square.
            found, bbox = wait_for(lambda: icon_drawn(800), timeout=5, message="the red icon")
            self.assertAlmostEqual(found.width, 34, delta=2, msg=found)
            self.assertAlmostEqual(found.centroid[0], (bbox[2] - bbox[0]) / 2, delta=1.5, msg=found)
            self.assertAlmostEqual(found.centroid[1], (bbox[3] - bbox[1]) / 2, delta=1.5, msg=found)
            self.assertIsNone(sway.screenshot().crop(*bbox).find(GREEN, tolerance=10), "no ring and dot")

            sway.swaymsg("output", "HEADLESS-1", "scale", "2")
            wait_for(lambda: "drawn at 66 px" in buoy.log(), timeout=5, message="drawn again at scale 2")
            found, _ = wait_for(lambda: icon_drawn(4 * 800), timeout=5, message="the icon at scale 2")
            self.assertAlmostEqual(found.width, 66, delta=3, msg=found)

    def test_a_reload_that_changes_the_face_draws_it_again(self):
        with HeadlessSway() as sway:
            icon = write_png(sway.artifact("red.png"), RED)
            buoy = Buoy(sway, face_config(label='"B"')).start()
            wait_for(lambda: 'label "B" drawn' in buoy.log(), timeout=5, message="the label drawn")
            buoy.config_path.write_text(face_config(icon=f'"{icon}"'))

            def red():
                image, _ = face(sway, buoy)
                found = image.find(RED, tolerance=10)
                return found and found.count > 800

            wait_for(red, timeout=5, message="the icon after the reload")

    def test_a_missing_icon_leaves_the_default_glyph_and_is_logged_once_with_its_path(self):
        with HeadlessSway() as sway:
            ring = default_glyph(sway)
            missing = sway.artifact("no-such-icon.png")
            buoy = Buoy(sway, face_config(icon=f'"{missing}"')).start()
            line = f"main: icon {missing} could not be loaded; drawing the default glyph"
            wait_for(lambda: line in buoy.log(), timeout=5, message="the missing icon logged")
            image, _ = face(sway, buoy)
            self.assertLessEqual(differing(image.mask(GREEN, tolerance=10), ring), 4,
                                 "the default glyph, where it always is")
            # A scale change has a child try again; that is not a warning again.
            sway.swaymsg("output", "HEADLESS-1", "scale", "2")
            wait_for(lambda: buoy.log().count(line) >= 2, timeout=5, message="a second try at scale 2")
            self.assertEqual(buoy.log().count(f"[warning] {line}"), 1, buoy.log())
            self.assertEqual(buoy.log().count(f"[debug] {line}"), 1, buoy.log())
            self.assertIn("main: drawing icon", buoy.log())


def check(text: str) -> subprocess.CompletedProcess:
    """`buoy --check` of a config file holding `text`; its path is in `.args[-1]`."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "config.toml"
        path.write_text(text)
        return subprocess.run([BUOY, "--check", "--config", str(path)], capture_output=True, text=True,
                              timeout=10)


class CheckTests(unittest.TestCase):
    def test_check_warns_of_a_missing_icon_path_with_its_line_and_column_as_for_a_menu_icon(self):
        # A warning, not an error: the button still works (with its default glyph), as a menu
        # item with a missing icon does (with its initial), and --check treats both alike.
        result = check('[button]\nicon = "/no/such/icon.png"\n')
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertRegex(
            result.stderr,
            rf"^{result.args[-1]}:2:8: warning: no icon file at /no/such/icon.png; "
            "the button shows its default glyph")
        self.assertIn("ok, with 1 warning", result.stdout)

    def test_check_rejects_an_icon_and_a_label_together(self):
        result = check('[button]\nicon = "input-keyboard"\nlabel = "A"\n')
        self.assertNotEqual(result.returncode, 0)
        self.assertRegex(result.stderr, rf"^{result.args[-1]}:3:1: error: label and icon cannot both be set")


if __name__ == "__main__":
    unittest.main()
