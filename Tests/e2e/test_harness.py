"""Tests of the e2e harness itself, on a real headless sway.

Run: python3 -m unittest discover -s Tests/e2e -p 'test_harness.py' -v
"""

import os
import struct
import subprocess
import sys
import tempfile
import time
import unittest
import zlib
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from harness import (  # noqa: E402
    DEFAULT_BACKGROUND, Attach, HarnessError, HeadlessSway, Image, WaylandDebugLog, xcursor_bytes)


class ImageTest(unittest.TestCase):
    """The pure-Python image code, without a compositor."""

    def test_find_reports_count_bbox_and_centroid(self):
        width, height = 64, 48
        pixels = bytearray(bytes(DEFAULT_BACKGROUND) * (width * height))
        for y in range(10, 20):
            for x in range(30, 34):
                i = (y * width + x) * 3
                pixels[i : i + 3] = bytes((250, 10, 10))
        image = Image.from_ppm(b"P6\n%d %d\n255\n" % (width, height) + bytes(pixels))
        found = image.find((255, 0, 0), tolerance=10)
        self.assertEqual(found.count, 40)
        self.assertEqual(found.bbox, (30, 10, 34, 20))
        self.assertEqual(found.centroid, (32.0, 15.0))
        self.assertIsNone(image.find((255, 0, 0), tolerance=4))
        self.assertEqual(image.find((250, 10, 10), region=(0, 0, 32, 48)).bbox, (30, 10, 32, 20))
        self.assertEqual(image.count(DEFAULT_BACKGROUND), width * height - 40)

    def test_png_round_trips_through_zlib(self):
        image = Image(2, 1, bytes((1, 2, 3, 4, 5, 6)))
        png = image.to_png()
        self.assertTrue(png.startswith(b"\x89PNG\r\n\x1a\n"))
        length = struct.unpack(">I", png[33:37])[0]
        self.assertEqual(png[37:41], b"IDAT")
        self.assertEqual(zlib.decompress(png[41 : 41 + length]), b"\x00\x01\x02\x03\x04\x05\x06")

    def test_png_reads_back_what_to_png_wrote(self):
        image = Image(3, 2, bytes(range(18)))
        self.assertEqual(Image.from_png(image.to_png()).data, image.data)

    def test_xcursor_is_24_by_24_transparent_pixels(self):
        blob = xcursor_bytes(24)
        self.assertEqual(blob[:4], b"Xcur")
        self.assertEqual(len(blob), 16 + 12 + 36 + 4 * 24 * 24)
        self.assertEqual(struct.unpack_from("<II", blob, 28 + 16), (24, 24))  # width, height
        self.assertEqual(blob[64:], bytes(4 * 24 * 24))


class WaylandDebugLogTest(unittest.TestCase):
    """The same session as libwayland 1.21 (Debian 12) and 1.23 (trixie, the arm64 leg) log it."""

    LIBWAYLAND_1_21 = """\
[1683815.909] wl_registry@2.global(9, "zwlr_layer_shell_v1", 4)
[1683820.632]  -> wl_registry@2.bind(9, "zwlr_layer_shell_v1", 4, new id [unknown]@8)
[1684183.899]  -> wl_shm_pool@14.create_buffer(new id wl_buffer@15, 0, 78, 78, 312, 0)
[1684228.564]  -> wl_surface@16.attach(wl_buffer@15, 0, 0)
"""
    LIBWAYLAND_1_23 = """\
[1683815.909] {Default Queue} wl_registry#2.global(9, "zwlr_layer_shell_v1", 4)
[1683820.632] {Default Queue}  -> wl_registry#2.bind(9, "zwlr_layer_shell_v1", 4, new id [unknown]#8)
[1684183.899] {Default Queue}  -> wl_shm_pool#14.create_buffer(new id wl_buffer#15, 0, 78, 78, 312, 0)
[1684228.564] {Default Queue}  -> wl_surface#16.attach(wl_buffer#15, 0, 0)
"""

    def test_both_formats_read_alike(self):
        for text in (self.LIBWAYLAND_1_21, self.LIBWAYLAND_1_23):
            log = WaylandDebugLog(text)
            self.assertEqual(log.binds(), {"zwlr_layer_shell_v1": 4})
            self.assertEqual(log.received("global"), [["9", '"zwlr_layer_shell_v1"', "4"]])
            self.assertEqual(log.attaches(), [Attach("wl_surface@16", 78, 78, 1, None)])


class HeadlessSwayTest(unittest.TestCase):
    def test_screenshot_shows_background(self):
        started = time.monotonic()
        with HeadlessSway() as sway:
            startup = time.monotonic() - started
            image = sway.screenshot(sway.artifact("background.ppm"))
            self.assertEqual(image.size, (1280, 720))
            for x, y in [(0, 0), (640, 360), (1279, 719), (100, 600)]:
                self.assertEqual(image.pixel(x, y), DEFAULT_BACKGROUND, f"pixel ({x}, {y})")
            self.assertEqual(image.count(DEFAULT_BACKGROUND), 1280 * 720)
            image.save_png(sway.artifact("background.png"))
            self.assertTrue(sway.artifact("background.png").stat().st_size > 0)
            outputs = sway.outputs()
            self.assertEqual([o["name"] for o in outputs], ["HEADLESS-1"])
            print(f"\n  sway start-up took {startup:.2f}s", file=sys.stderr)

            # The cursor theme is transparent, so the pointer leaves no trace.
            sway.pointer().move(640, 360)
            self.assertEqual(sway.screenshot().count(DEFAULT_BACKGROUND), 1280 * 720)

    def test_background_colour_is_configurable(self):
        colour = (0x10, 0x40, 0x70)
        with HeadlessSway(background=colour) as sway:
            self.assertEqual(sway.screenshot().pixel(5, 5), colour)

    def test_missing_tools_fail_loudly(self):
        with tempfile.TemporaryDirectory() as empty, mock.patch.dict(os.environ, PATH=empty):
            with self.assertRaisesRegex(HarnessError, "missing: sway"):
                with HeadlessSway():
                    pass

    def test_click_reaches_window_once(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            self.assertEqual(pointer.extent, (1280, 720))
            wev = sway.wev()
            wev.mark()
            pointer.click(640, 360)
            events = wev.wait_buttons(2)
            self.assertEqual([e.state for e in events], ["pressed", "released"])
            for event in events:
                self.assertAlmostEqual(event.x, 640, delta=1)
                self.assertAlmostEqual(event.y, 360, delta=1)

    def test_pointer_errors_are_reported(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            with self.assertRaisesRegex(HarnessError, "unknown command"):
                pointer.command("jump 1 2")
            pointer.move(10.25, 20.5)  # still usable afterwards

    def test_pointer_exits_when_compositor_dies(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            sway.process.terminate()
            self.assertEqual(pointer.process.wait(5), 1)
            with self.assertRaisesRegex(HarnessError, "Wayland connection lost"):
                pointer.move(1, 1)

    def test_keys_from_wtype(self):
        with HeadlessSway() as sway:
            sway.pointer()
            wev = sway.wev()
            wev.mark()
            # First a pause, as test_menu does: wtype's virtual keyboard gives the seat its
            # keyboard, and a key typed before wev has its wl_keyboard is lost (sway 1.10).
            subprocess.run(["wtype", "-s", "300", "xy"], env=sway.env, check=True, timeout=5)
            keys = wev.wait_keys(4)
            self.assertEqual(
                [(k.sym, k.state) for k in keys],
                [("x", "pressed"), ("x", "released"), ("y", "pressed"), ("y", "released")],
            )

    def test_drag_moves_with_button_held(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            wev = sway.wev()
            wev.mark()
            pointer.drag(100, 100, 300, 200, steps=4, duration_ms=80)
            pointer.up()
            events = wev.wait_buttons(2)
            self.assertEqual(
                [(e.x, e.y, e.state) for e in events], [(100, 100, "pressed"), (300, 200, "released")]
            )
            self.assertEqual(wev.motions()[-4:], [(150, 125), (200, 150), (250, 175), (300, 200)])

    def test_runtime_scale_doubles_screenshot_relative_to_logical_size(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            sway.swaymsg("output", "HEADLESS-1", "scale", "2")
            (output,) = sway.outputs()
            self.assertEqual((output["rect"]["width"], output["rect"]["height"]), (640, 360))
            self.assertEqual(pointer.size(), (640, 360))
            image = sway.screenshot()
            # grim renders at the greatest output scale: the mode's pixels, 2x the logical size.
            self.assertEqual(image.size, (1280, 720))
            self.assertEqual(sway.screenshot(scale=1).size, (640, 360))

            # Logical coordinates still land where they should.
            wev = sway.wev()
            wev.mark()
            pointer.click(320, 180)
            events = wev.wait_buttons(2)
            self.assertEqual([(e.x, e.y) for e in events], [(320, 180), (320, 180)])

    def test_configured_scale_gives_2x_screenshot(self):
        with HeadlessSway(resolution=(2560, 1440), scale=2) as sway:
            (output,) = sway.outputs()
            self.assertEqual(output["scale"], 2.0)
            self.assertEqual((output["rect"]["width"], output["rect"]["height"]), (1280, 720))
            image = sway.screenshot()
            self.assertEqual(image.size, (2560, 1440))
            started = time.monotonic()
            self.assertEqual(image.count(DEFAULT_BACKGROUND), 2560 * 1440)
            self.assertLess(time.monotonic() - started, 1.0, "Image.count too slow at 2560x1440")
            self.assertEqual(sway.pointer().extent, (1280, 720))


if __name__ == "__main__":
    unittest.main()
