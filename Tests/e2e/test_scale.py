"""Crisp at every scale, cursors without a theme, and a panel that fades: wp_fractional_scale_v1,
wl_compositor v6, wp_cursor_shape_v1 and wp_alpha_modifier_v1, on a compositor that offers them
(trixie's sway 1.10; the Makefile runs this module on the trixie-sway leg only). On one that lacks
them the tests fail and say so."""

from __future__ import annotations

import math
import time
import unittest
from pathlib import Path

from buoy_fixture import MAGENTA, Buoy, count_lines
from harness import (DEFAULT_BACKGROUND, HarnessError, HeadlessSway, WaylandDebugLog, rim_sharpness,
                     wait_for, wait_steady, write_cursor_theme)
from test_button import config
from test_menu import start_buoy_with_menu, wait_open
from test_msg import msg
from test_panel import BACKGROUND, icon_centres, panel_config

# A mode whose logical size is whole at 1.25, 1.5 and 1.75 (1260 = 105 x 12, 840 = 105 x 8):
# grim then copies the output's pixels one to one. At 1280x720, whose 1.5 is 853.33 logical px
# wide, grim resamples the whole screenshot and softens every edge by itself.
RESOLUTION = (1260, 840)
SCALES = ("1.25", "1.5", "1.75")
FACE = 78  # logical px: a 56 px button and its shadow, 11 px on each side


def pixels(logical: int, scale: str) -> int:
    """The protocol's rounding: logical x scale, halfway away from zero."""
    return math.floor(logical * float(scale) + 0.5)


def require(sway: HeadlessSway, *interfaces: str) -> dict:
    offered = sway.globals()
    missing = [name for name in interfaces if name not in offered]
    if missing:
        raise HarnessError(f"{sway.program} offers no {', '.join(missing)}; run this module with "
                           "BUOY_E2E_COMPOSITOR=trixie-sway")
    return offered


def unfaded(**sections: dict) -> str:
    """test_button's config, with a button that never fades: a faded face is no longer the test
    colour, and on a loaded machine the screenshots come after its idle delay (1.5 s)."""
    sections.setdefault("button", {}).setdefault("idle_opacity", "1.0")
    return config(**sections)


def start(sway: HeadlessSway, scale: str, **kwargs) -> Buoy:
    if scale != "1":
        sway.swaymsg("output", "HEADLESS-1", "scale", scale)
    env = {"WAYLAND_DEBUG": "1", **kwargs.pop("env", {})}
    buoy = Buoy(sway, kwargs.pop("config", unfaded()), env=env, **kwargs).start()
    buoy.wait_for_button(MAGENTA)
    return buoy


def face_at_rest(sway: HeadlessSway) -> None:
    """Waits until the face's pixels on screen stay the same: its last buffer is shown."""
    wait_steady(lambda: sway.screenshot().find(MAGENTA, tolerance=8), message="the face at rest")


def face_attaches(buoy: Buoy):
    """The button face's attaches: the surfaces shown FACE x FACE logical px."""
    return [a for a in WaylandDebugLog(buoy.log()).attaches() if a.destination == (FACE, FACE)]


def sharpness_at(scale: str):
    with HeadlessSway(resolution=RESOLUTION) as sway:
        require(sway, "wp_fractional_scale_manager_v1")
        buoy = start(sway, scale)
        wanted = pixels(FACE, scale)
        wait_for(lambda: any(a.width == wanted for a in face_attaches(buoy)), timeout=3,
                 message=f"a {wanted} px face at {scale}")
        face_at_rest(sway)
        return rim_sharpness(sway.screenshot(), MAGENTA, DEFAULT_BACKGROUND)


class FractionalScaleTests(unittest.TestCase):
    def test_the_face_is_the_logical_size_times_the_preferred_scale_rounded_as_the_protocol_says(self):
        for scale in SCALES:
            with self.subTest(scale=scale), HeadlessSway(resolution=RESOLUTION) as sway:
                require(sway, "wp_fractional_scale_manager_v1", "wp_viewporter")
                buoy = start(sway, scale)
                wanted = pixels(FACE, scale)  # 98, 117, 137
                wait_for(lambda: face_attaches(buoy) and face_attaches(buoy)[-1].width == wanted,
                         timeout=3, message=f"the face at {wanted} px")
                log = WaylandDebugLog(buoy.log())
                numerator = round(float(scale) * 120)
                self.assertIn([str(numerator)], log.received("preferred_scale"))
                last = face_attaches(buoy)[-1]
                self.assertEqual((last.width, last.height, last.buffer_scale), (wanted, wanted, 1), last)
                # Every buffer buoy shows is stretched by a viewport to its logical size, at
                # buffer scale 1 (the one-pixel layer surface included).
                for attach in log.attaches():
                    self.assertEqual(attach.buffer_scale, 1, attach)
                print(f"\n    scale {scale}: face buffer {last.width}x{last.height} for "
                      f"{FACE}x{FACE} logical px", end="")

    def test_the_menus_images_are_their_logical_size_times_the_preferred_scale(self):
        with HeadlessSway(resolution=RESOLUTION) as sway:
            require(sway, "wp_fractional_scale_manager_v1")
            pointer = sway.pointer()
            sway.swaymsg("output", "HEADLESS-1", "scale", "1.5")
            buoy, _, (cx, cy) = start_buoy_with_menu(sway, env={"WAYLAND_DEBUG": "1"})
            pointer.click(cx / 1.5, cy / 1.5)
            wait_open(sway, buoy)
            self.assertIn("images drawn at scale 1.5", buoy.log())
            shown = WaylandDebugLog(buoy.log()).shown()
            images = {s: v for s, v in shown.items() if v[1] not in (None, (FACE, FACE)) and v[0] != (1, 1)}
            self.assertGreaterEqual(len(images), 8, shown)  # 4 circles, 4 pills (and the ring)
            for surface, ((width, height), (w, h)) in images.items():
                self.assertEqual((width, height), (pixels(w, "1.5"), pixels(h, "1.5")), surface)

    def test_wl_compositor_v6_is_bound_and_its_preferred_buffer_scale_heard(self):
        with HeadlessSway(resolution=RESOLUTION) as sway:
            offered = require(sway, "wp_fractional_scale_manager_v1")
            buoy = start(sway, "1.5")
            log = WaylandDebugLog(buoy.log())
            self.assertEqual(log.binds()["wl_compositor"], min(6, offered["wl_compositor"]))
            self.assertEqual(log.binds()["zwlr_layer_shell_v1"], min(4, offered["zwlr_layer_shell_v1"]))
            self.assertIn(["2"], log.received("preferred_buffer_scale"))
            self.assertIn(["0"], log.received("preferred_buffer_transform"))

    def test_on_a_turned_output_the_face_is_drawn_turned_and_its_shadow_still_falls_below(self):
        # sway turns an output clockwise; wl_output_transform counts counter-clockwise.
        unturned = None
        for transform, value in (("0", "0"), ("90", "3"), ("180", "2"), ("270", "1")):
            with self.subTest(transform=transform), HeadlessSway(resolution=RESOLUTION) as sway:
                require(sway, "wp_fractional_scale_manager_v1")
                sway.swaymsg("output", "HEADLESS-1", "transform", transform)
                buoy = start(sway, "1.5")
                wait_for(lambda: [value] in WaylandDebugLog(buoy.log()).requested("set_buffer_transform"),
                         timeout=3, message=f"set_buffer_transform({value})")
                face_at_rest(sway)
                image = sway.screenshot()
                disc = rim_sharpness(image, MAGENTA, DEFAULT_BACKGROUND)
                below, above, left, right = (shade(image, disc, angle) for angle in (90, 270, 180, 0))
                print(f"\n    transform {transform}: the shadow's grey below {below:.1f}, above {above:.1f}, "
                      f"left {left:.1f}, right {right:.1f}", end="")
                # The same as unturned: drawn turned the wrong way, the shadow (2.4 greys darker
                # below than above) would fall above or to one side.
                pattern = (above - below, left - right)
                unturned = unturned or pattern
                self.assertGreater(pattern[0], 1.5, "the shadow falls below")
                for got, want in zip(pattern, unturned):
                    self.assertAlmostEqual(got, want, delta=1.0, msg=(pattern, unturned))
                self.assertGreaterEqual(disc.ratio, 0.9, disc)
                self.assertLessEqual(disc.ratio, 1.1, disc)

    def test_the_rim_is_as_sharp_as_at_scale_1(self):
        one = sharpness_at("1")
        print(f"\n    scale 1: edge {one.width:.3f} px, ideal {one.ideal_width:.3f}, "
              f"ratio {one.ratio:.3f}", end="")
        for scale in SCALES:
            with self.subTest(scale=scale):
                m = sharpness_at(scale)
                print(f"\n    scale {scale}: edge {m.width:.3f} px, ideal {m.ideal_width:.3f}, ratio "
                      f"{m.ratio:.3f} ({m.ratio / one.ratio - 1:+.1%} from scale 1)", end="")
                self.assertAlmostEqual(m.radius, 28 * float(scale), delta=0.5, msg=m)
                self.assertLessEqual(abs(m.ratio / one.ratio - 1), 0.10, msg=(m, one))

    def test_the_input_region_still_follows_the_circle(self):
        for scale in SCALES:
            with self.subTest(scale=scale), HeadlessSway(resolution=RESOLUTION) as sway:
                require(sway, "wp_fractional_scale_manager_v1")
                pointer = sway.pointer()
                marker = sway.artifact("tapped")
                buoy = start(sway, scale, config=unfaded(actions={"tap": f'"echo tap >> {marker}"'}))
                face_at_rest(sway)
                disc = rim_sharpness(sway.screenshot(), MAGENTA, DEFAULT_BACKGROUND)
                k = float(scale)
                cx, cy, r = disc.center[0] / k, disc.center[1] / k, disc.radius / k
                wev = sway.wev()
                diagonal = math.sqrt(0.5)
                # Just outside, towards the square's corner: the window below gets it.
                out = (cx + (r + 2.5) * diagonal, cy - (r + 2.5) * diagonal)
                wev.take_pointer(pointer, *out)
                pointer.click(*out)
                self.assertEqual(len(wev.wait_buttons(2)), 2, f"a click {r + 2.5:.1f} px out")
                # Just inside: the button's tap.
                wev.mark()
                pointer.click(cx - (r - 2.5) * diagonal, cy + (r - 2.5) * diagonal)
                wait_for(lambda: count_lines(marker) == 1, timeout=3, message="tap ran")
                wev.caught_up(pointer, cx - 3 * r, cy)
                self.assertEqual(wev.button_events(), [], "wev saw the click on the button")


def shade(image, disc, angle: float) -> float:
    """The mean green just outside the disc, within 30 degrees of `angle` (0 is right, 90
    down): in the shadow, which is offset downwards, over the grey background."""
    values = []
    for r in range(2, 9):
        for a in range(-30, 31, 2):
            t = math.radians(angle + a)
            x = disc.center[0] + (disc.radius + r) * math.cos(t)
            y = disc.center[1] + (disc.radius + r) * math.sin(t)
            values.append(image.pixel(math.floor(x), math.floor(y))[1])
    return sum(values) / len(values)


def cursor_memfds(pid: int) -> list[str]:
    """The mappings of a loaded cursor theme: libwayland-cursor keeps its images in a memfd
    named wayland-cursor (the library itself is mapped either way)."""
    return [line for line in Path(f"/proc/{pid}/maps").read_text().splitlines()
            if "wayland-cursor" in line and "libwayland-cursor" not in line]


class CursorTests(unittest.TestCase):
    def test_with_cursor_shape_the_cursor_is_pointer_then_grabbing_and_no_theme_is_loaded(self):
        with HeadlessSway(resolution=RESOLUTION) as sway:
            require(sway, "wp_cursor_shape_manager_v1")
            pointer = sway.pointer()
            buoy = start(sway, "1.5")
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            cx, cy = cx / 1.5, cy / 1.5
            pointer.move(cx, cy)
            pointer.drag(cx, cy, cx - 300, cy, steps=20, duration_ms=200)
            pointer.up()
            shapes = lambda: [int(args[1]) for args in WaylandDebugLog(buoy.log()).requested("set_shape")]
            pointer_shape, grabbing = 4, 17
            wait_for(lambda: shapes()[-1:] == [pointer_shape] and grabbing in shapes(), timeout=3,
                     message=f"set_shape pointer, grabbing, pointer: {shapes()}")
            self.assertEqual(shapes()[0], pointer_shape)
            log = WaylandDebugLog(buoy.log())
            self.assertEqual(log.requested("set_cursor"), [], "a wl_pointer.set_cursor")
            self.assertEqual(cursor_memfds(buoy.pid), [], "a cursor theme is mapped")

    def test_without_cursor_shape_a_1x1_theme_at_scale_2_is_attached_at_buffer_scale_1(self):
        with HeadlessSway(resolution=RESOLUTION) as sway:
            require(sway, "wp_cursor_shape_manager_v1")
            pointer = sway.pointer()
            tiny = write_cursor_theme(sway.artifact("tiny-icons"), theme="tiny", side=1)
            env = {"BUOY_IGNORE_GLOBALS": "wp_cursor_shape_manager_v1", "XCURSOR_PATH": str(tiny),
                   "XCURSOR_THEME": "tiny", "XCURSOR_SIZE": "24"}
            buoy = start(sway, "2", env=env)
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            pointer.move(cx / 2, cy / 2)
            wait_for(lambda: WaylandDebugLog(buoy.log()).requested("set_cursor"), timeout=3,
                     message="wl_pointer.set_cursor")
            log = WaylandDebugLog(buoy.log())
            self.assertEqual(log.binds().get("wp_cursor_shape_manager_v1"), None)
            self.assertNotEqual(cursor_memfds(buoy.pid), [], "no theme loaded for the fallback")
            cursor = [a for a in log.attaches() if (a.width, a.height) == (1, 1) and a.destination is None]
            self.assertTrue(cursor, log.attaches())
            for attach in log.attaches():
                self.assertEqual((attach.width % attach.buffer_scale, attach.height % attach.buffer_scale),
                                 (0, 0), attach)
            self.assertEqual(cursor[-1].buffer_scale, 1)
            # sway 1.12 aborts as it draws a 1x1 cursor at scale 1.5 or more: a screenshot has it
            # draw the output, cursor and all (the headless output puts it in screenshots).
            try:
                sway.screenshot()
            except HarnessError:
                pass
            self.assertIsNone(sway.process.poll(), "sway died")
            sway.swaymsg("-t", "get_version")


if __name__ == "__main__":
    unittest.main()


def blended(image, over, colour) -> int:
    """Pixels of `colour` laid over `over` at an alpha between 0.2 and 0.8: what a fading panel
    shows (at rest only its antialiased rim does)."""
    return sum(image.count(tuple(round(o + a * (c - o)) for o, c in zip(over, colour)), tolerance=3)
               for a in (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8))


def screenshots_for(sway, seconds: float) -> list:
    shots, end = [], time.monotonic() + seconds
    while time.monotonic() < end:
        shots.append(sway.screenshot())
    return shots


class PanelFadeTests(unittest.TestCase):
    def test_the_panel_fades_in_as_it_opens_and_out_as_it_closes_and_rests_opaque(self):
        with HeadlessSway() as sway:
            require(sway, "wp_alpha_modifier_v1")
            text, _ = panel_config(sway, extra_menu={"open_duration": 1.5, "close_duration": 1.5})
            buoy = Buoy(sway, text, env={"WAYLAND_DEBUG": "1"}).start()
            buoy.wait_for_button(MAGENTA)
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            opening = screenshots_for(sway, 1.5)
            wait_for(lambda: all(icon_centres(sway.screenshot())), timeout=5, message="the panel open")
            rest = wait_for(lambda: (shot := sway.screenshot()).find(BACKGROUND, tolerance=2) and shot,
                            timeout=5, message="opaque at rest: the panel's own colour")
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            closing = screenshots_for(sway, 1.5)
            wait_for(lambda: sway.screenshot().find(BACKGROUND, tolerance=8) is None, timeout=5,
                     message="the panel gone")
            rim = blended(rest, DEFAULT_BACKGROUND, BACKGROUND)
            for name, shots in (("opening", opening), ("closing", closing)):
                counts = [blended(shot, DEFAULT_BACKGROUND, BACKGROUND) for shot in shots]
                most = max(counts)
                shots[counts.index(most)].save_png(sway.artifact(f"panel-{name}.png"))
                self.assertGreater(most, max(2000, 10 * rim), f"{name}: no translucent panel seen")

            # Every image of the panel faded together, from nearly clear to opaque and back to 0.
            log = WaylandDebugLog(buoy.log())
            factors: dict[str, list[int]] = {}
            for obj, request, args in log.requests:
                if request == "set_multiplier":
                    factors.setdefault(obj, []).append(int(args[0]))
            self.assertGreaterEqual(len(factors), 7, "the backdrop and each item's images")
            full = 2**32 - 1
            for obj, values in factors.items():
                peak = values.index(full)
                self.assertLess(values[0], full // 2, obj)
                self.assertEqual(values[:peak + 1], sorted(values[:peak + 1]), f"{obj} fades in")
                self.assertEqual(values[peak:], sorted(values[peak:], reverse=True), f"{obj} fades out")
            self.assertEqual(buoy.stop(), 0)
