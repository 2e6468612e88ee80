"""Foundation: a button you can see and click on a real headless sway."""

from __future__ import annotations

import os
import subprocess
import tempfile
import unittest
from pathlib import Path

from buoy_fixture import BUOY, MAGENTA, Buoy, count_lines, hex_color
from harness import REPO_ROOT, HeadlessSway, HeadlessWeston, WaylandDebugLog, wait_for


def config(**sections: dict) -> str:
    """A config with the test colour; keyword sections map keys to TOML literals."""
    sections.setdefault("button", {})
    sections["button"].setdefault("color", f'"{hex_color(MAGENTA)}"')
    lines = []
    for name, keys in sections.items():
        lines.append(f"[{name}]")
        lines += [f"{key} = {value}" for key, value in keys.items()]
    return "\n".join(lines) + "\n"


class ButtonTests(unittest.TestCase):
    def test_button_is_visible_at_the_configured_edge_with_the_configured_size(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config(button={"position": '"left"', "size": 64, "margin": 8})).start()
            match = buoy.wait_for_button(MAGENTA)
            left, top, right, bottom = match.bbox
            self.assertAlmostEqual(left, 8, delta=2, msg=match)
            self.assertAlmostEqual(right - left, 64, delta=3, msg=match)
            self.assertAlmostEqual(bottom - top, 64, delta=3, msg=match)
            self.assertAlmostEqual(match.centroid[1], 360, delta=2, msg=match)
            self.assertEqual(buoy.stop(), 0)

    def test_its_namespace_is_buoy_though_sway_offers_org_kde_kwin_globals(self):
        # Only KWin's layer surfaces are docks. sway, phoc and Hyprland offer org_kde_kwin_idle
        # or _server_decoration_manager too, and Hyprland's layer rules match ^(buoy)$.
        with HeadlessSway() as sway:
            self.assertIn("org_kde_kwin_server_decoration_manager", sway.globals())
            buoy = Buoy(sway, config(), env={"WAYLAND_DEBUG": "1"}).start()
            buoy.wait_for_button(MAGENTA)
            namespaces = [args[-1] for args in WaylandDebugLog(buoy.log()).requested("get_layer_surface")]
            self.assertEqual(namespaces, ['"buoy"'])

    def test_the_glyph_has_its_configured_colour(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config(button={"glyph_color": '"#00ff00"'})).start()
            left, top, right, bottom = buoy.wait_for_button(MAGENTA).bbox
            glyph = sway.screenshot().find((0, 255, 0), tolerance=10, region=(left, top, right, bottom))
            self.assertIsNotNone(glyph)
            self.assertGreater(glyph.count, 100)
            cx, cy = glyph.centroid
            self.assertAlmostEqual(cx, (left + right) / 2, delta=2)
            self.assertAlmostEqual(cy, (top + bottom) / 2, delta=2)

    def test_default_position_is_the_middle_of_the_right_edge(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config()).start()
            left, top, right, bottom = buoy.wait_for_button(MAGENTA).bbox
            self.assertAlmostEqual(1280 - right, 8, delta=2)
            self.assertAlmostEqual((top + bottom) / 2, 360, delta=2)

    def test_a_click_runs_tap_exactly_once(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            marker = sway.artifact("tapped")
            buoy = Buoy(sway, config(actions={"tap": f'"echo tap >> {marker}"'})).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            pointer.click(cx, cy)
            wait_for(lambda: count_lines(marker) >= 1, timeout=3, message="tap's command ran")
            # No double_tap is set, so the tap started as buoy handled the release: a second run
            # would be in its log once it answers.
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(), 1)
            self.assertEqual(count_lines(marker), 1)
            self.assertIn("tap: started pid", buoy.log())

    def test_a_click_beside_the_button_reaches_the_window_below_and_one_on_it_does_not(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            marker = sway.artifact("tapped")
            buoy = Buoy(sway, config(actions={"tap": f'"echo tap >> {marker}"'})).start()
            match = buoy.wait_for_button(MAGENTA)
            wev = sway.wev()
            cx, cy = match.centroid
            wev.take_pointer(pointer, match.bbox[0] - 40, cy)
            pointer.click(match.bbox[0] - 40, cy)
            self.assertEqual(len(wev.wait_buttons(2)), 2, "the click 40 px left of the button")

            wev.mark()
            pointer.click(cx, cy)
            wait_for(lambda: count_lines(marker) == 1, timeout=3, message="tap ran")
            wev.caught_up(pointer, match.bbox[0] - 40, cy)
            self.assertEqual(wev.button_events(), [], "wev saw the click on the button")

    def test_a_click_in_the_transparent_corner_reaches_the_window_below(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            marker = sway.artifact("tapped")
            buoy = Buoy(sway, config(button={"size": 96}, actions={"tap": f'"echo tap >> {marker}"'}))
            buoy.start()
            left, top, right, bottom = buoy.wait_for_button(MAGENTA).bbox
            wev = sway.wev()
            wev.take_pointer(pointer, left - 20, top + 4)
            # Inside the circle's bounding square, outside the circle.
            pointer.click(left + 4, top + 4)
            self.assertEqual(len(wev.wait_buttons(2)), 2)
            # The click went to wev, so none of it to buoy; what buoy had is handled once it answers.
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(), 0, "the corner click ran tap")


class CommandLineTests(unittest.TestCase):
    def test_check_reports_a_syntax_error_on_line_3_and_exits_non_zero(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "config.toml"
            path.write_text('[button]\nsize = 56\ncolor = "#3584e4\n')
            result = subprocess.run([BUOY, "--check", "--config", str(path)], capture_output=True,
                                    text=True, timeout=10)
            self.assertNotEqual(result.returncode, 0)
            self.assertRegex(result.stderr, rf"^{path}:3:\d+: ")

    def test_check_accepts_the_example_config(self):
        example = Path(__file__).resolve().parents[2] / "examples" / "config.toml"
        result = subprocess.run([BUOY, "--check", "--config", str(example)], capture_output=True,
                                text=True, timeout=10)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stderr, "")

    def test_no_reachable_display_exits_non_zero_with_one_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            env = {**os.environ, "XDG_RUNTIME_DIR": tmp, "WAYLAND_DISPLAY": "wayland-nowhere",
                   "XDG_CONFIG_HOME": tmp, "XDG_STATE_HOME": tmp}
            result = subprocess.run([BUOY], capture_output=True, text=True, timeout=10, env=env)
            self.assertNotEqual(result.returncode, 0)
            lines = [line for line in result.stderr.splitlines() if "[info]" not in line]
            self.assertEqual(len(lines), 1, result.stderr)
            self.assertIn("wayland-nowhere", lines[0])

    def test_a_compositor_without_layer_shell_gets_one_line_and_exit_1(self):
        with HeadlessWeston() as weston:
            buoy = Buoy(weston, "").start()
            self.assertEqual(buoy.process.wait(timeout=10), 1)
            lines = [line for line in buoy.log().splitlines() if "[info]" not in line]
            self.assertEqual(len(lines), 1, buoy.log())
            self.assertTrue(lines[0].startswith("buoy: "), lines[0])
            self.assertIn("zwlr_layer_shell_v1", lines[0])
            # README and buoy(1) quote it where they say that GNOME cannot run buoy.
            for doc in ["README.md", "docs/buoy.1.scd"]:
                words = " ".join((REPO_ROOT / doc).read_text().split())
                self.assertTrue(lines[0] in words, f"{doc} does not quote: {lines[0]}")


if __name__ == "__main__":
    unittest.main()
