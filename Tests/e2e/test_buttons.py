"""Several buttons from one config ([[button]]) on a real headless sway."""

from __future__ import annotations

import json
import signal
import subprocess
import unittest

from buoy_fixture import BUOY, GREEN, MAGENTA, Buoy, count_lines, hex_color
from harness import HeadlessSway, wait_for
from test_faults import NestedSway, parse_state
from test_msg import msg

KEYBOARD_COLOR = GREEN
MAIN_COLOR = MAGENTA


def two_buttons(keyboard_tap: str, main_tap: str, main_position: str = "right", extra: str = "") -> str:
    """A keyboard button at the bottom-left and a main one at `main_position`, each with its
    own tap command; neither fades, so screenshots find their colours."""
    return f"""
[[button]]
name = "keyboard"
position = "bottom-left"
color = "{hex_color(KEYBOARD_COLOR)}"
idle_opacity = 1.0
[button.actions]
tap = "{keyboard_tap}"

[[button]]
name = "main"
position = "{main_position}"
color = "{hex_color(MAIN_COLOR)}"
idle_opacity = 1.0
{extra}
[button.actions]
tap = "{main_tap}"
"""


def state(buoy: Buoy) -> dict:
    result = msg(buoy, "state")
    if result.returncode != 0:
        raise AssertionError(f"buoy msg state: {result.stderr}")
    return json.loads(result.stdout)


def overlap(a: tuple, b: tuple) -> bool:
    """Whether two (left, top, right, bottom) boxes share any area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class SeveralButtonsTests(unittest.TestCase):
    def test_each_button_runs_its_own_command_exactly_once(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            keyboard, main = sway.artifact("keyboard-tapped"), sway.artifact("main-tapped")
            buoy = Buoy(sway, two_buttons(f"echo k >> {keyboard}", f"echo m >> {main}")).start()
            k = buoy.wait_for_button(KEYBOARD_COLOR)
            m = buoy.wait_for_button(MAIN_COLOR)
            self.assertAlmostEqual(k.bbox[0], 8, delta=2, msg=k)
            self.assertAlmostEqual(k.bbox[3], 720 - 8, delta=2, msg=k)
            self.assertAlmostEqual(m.bbox[2], 1280 - 8, delta=2, msg=m)
            pointer.click(*k.centroid)
            wait_for(lambda: count_lines(keyboard) == 1, timeout=3, message="keyboard's tap ran")
            pointer.click(*m.centroid)
            wait_for(lambda: count_lines(main) == 1, timeout=3, message="main's tap ran")
            # No double_tap is set: each tap starts as buoy handles its release, so a second run
            # would be in its log once it answers.
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(), 2)
            self.assertEqual((count_lines(keyboard), count_lines(main)), (1, 1))
            self.assertEqual(buoy.stop(), 0)

    def test_a_click_between_two_buttons_reaches_the_window_below(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            keyboard, main = sway.artifact("keyboard-tapped"), sway.artifact("main-tapped")
            buoy = Buoy(sway, two_buttons(f"echo k >> {keyboard}", f"echo m >> {main}", "bottom-right"))
            buoy.start()
            k = buoy.wait_for_button(KEYBOARD_COLOR)
            m = buoy.wait_for_button(MAIN_COLOR)
            wev = sway.wev()
            between = ((k.bbox[2] + m.bbox[0]) / 2, k.centroid[1])
            wev.take_pointer(pointer, *between)
            pointer.click(*between)
            self.assertEqual(len(wev.wait_buttons(2)), 2, "the click between the buttons")
            # The click went to wev; what buoy had is handled once it answers.
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(), 0)

    def test_two_buttons_at_one_place_never_overlap(self):
        with HeadlessSway() as sway:
            config = two_buttons("true", "true").replace('position = "bottom-left"', 'position = "right"')
            buoy = Buoy(sway, config).start()
            k = buoy.wait_for_button(KEYBOARD_COLOR)
            m = buoy.wait_for_button(MAIN_COLOR)
            self.assertFalse(overlap(k.bbox, m.bbox), (k, m))
            for match in (k, m):
                self.assertAlmostEqual(match.bbox[2], 1280 - 8, delta=2, msg=match)

    def test_a_button_dropped_onto_another_moves_to_a_free_place_and_runs_no_tap(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            keyboard, main = sway.artifact("keyboard-tapped"), sway.artifact("main-tapped")
            buoy = Buoy(sway, two_buttons(f"echo k >> {keyboard}", f"echo m >> {main}")).start()
            k = buoy.wait_for_button(KEYBOARD_COLOR)
            m = buoy.wait_for_button(MAIN_COLOR)
            pointer.drag(*m.centroid, *k.centroid, steps=20, duration_ms=300)
            pointer.up()

            def apart():
                shot = sway.screenshot()
                k2, m2 = shot.find(KEYBOARD_COLOR, tolerance=8), shot.find(MAIN_COLOR, tolerance=8)
                if not (k2 and m2 and k2.count > 1500 and m2.count > 1500):
                    return False
                return not overlap(k2.bbox, m2.bbox) and 0 <= m2.bbox[0] and m2.bbox[2] <= 1280 \
                    and 0 <= m2.bbox[1] and m2.bbox[3] <= 720 and m2.bbox[0] < 100

            wait_for(apart, timeout=3, message="the dropped button at a free place near the other")
            report = state(buoy)
            boxes = {b["name"]: (b["x"], b["y"], b["x"] + b["size"], b["y"] + b["size"])
                     for b in report["buttons"]}
            self.assertFalse(overlap(boxes["keyboard"], boxes["main"]), report)
            # The state's round trip came after the release: a tap would be in the log.
            self.assertEqual(buoy.started_commands(), 0)

    def test_a_click_in_the_cut_off_corner_of_a_rounded_button_reaches_the_window_below(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            marker = sway.artifact("tapped")
            config = f"""
[button]
size = 96
shape = "rounded"
corner_radius = 24
color = "{hex_color(MAIN_COLOR)}"
idle_opacity = 1.0
[actions]
tap = "echo tap >> {marker}"
"""
            buoy = Buoy(sway, config).start()
            left, top, right, bottom = buoy.wait_for_button(MAIN_COLOR).bbox
            wev = sway.wev()
            wev.take_pointer(pointer, left - 20, top + 4)
            # In the bounding square, outside the rounded corner (its centre is 24 px in).
            pointer.click(left + 3, top + 3)
            self.assertEqual(len(wev.wait_buttons(2)), 2, "the click in the cut-off corner")
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(), 0, "the corner click ran tap")
            # Inside the rounded edge, but outside the circle a round button would be.
            wev.mark()
            pointer.click(left + 11, top + 11)
            wait_for(lambda: count_lines(marker) == 1, timeout=3, message="tap just inside the edge")
            wev.caught_up(pointer, left - 20, top + 4)
            self.assertEqual(wev.button_events(), [], "wev saw the click inside the rounded edge")

    def test_msg_button_hides_only_that_button_and_state_lists_both(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, two_buttons("true", "true")).start()
            buoy.wait_for_button(KEYBOARD_COLOR)
            buoy.wait_for_button(MAIN_COLOR)
            result = msg(buoy, "--button", "keyboard", "hide")
            self.assertEqual(result.returncode, 0, result.stderr)
            wait_for(lambda: sway.screenshot().find(KEYBOARD_COLOR, tolerance=8) is None, timeout=3,
                     message="the keyboard button hidden")
            self.assertIsNotNone(sway.screenshot().find(MAIN_COLOR, tolerance=8), "main was hidden too")
            report = state(buoy)
            self.assertEqual([(b["name"], b["visible"]) for b in report["buttons"]],
                             [("keyboard", False), ("main", True)])
            self.assertEqual(report["output"], "HEADLESS-1")

            result = msg(buoy, "--button", "nosuch", "hide")
            self.assertEqual(result.returncode, 1)
            self.assertEqual(result.stderr.strip().splitlines(),
                             ['buoy: no button named "nosuch"; buttons: keyboard, main'])
            result = msg(buoy, "tap")
            self.assertEqual(result.returncode, 1)
            self.assertEqual(len(result.stderr.strip().splitlines()), 1, result.stderr)
            self.assertIn("keyboard, main", result.stderr)

            self.assertEqual(msg(buoy, "toggle").returncode, 0)
            wait_for(lambda: sway.screenshot().find(MAIN_COLOR, tolerance=8) is None, timeout=3,
                     message="toggle hid every button")
            self.assertEqual([b["visible"] for b in state(buoy)["buttons"]], [False, False])

    def test_the_old_single_button_config_and_state_file_still_work(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, f'[button]\ncolor = "{hex_color(MAIN_COLOR)}"\nidle_opacity = 1.0\n')
            buoy.state_path.parent.mkdir(parents=True, exist_ok=True)
            buoy.state_path.write_text("buoy-state 1\noutput HEADLESS-1\nrest corner top-left\n")
            buoy.start()
            left, top, _, _ = buoy.wait_for_button(MAIN_COLOR).bbox
            self.assertAlmostEqual(left, 8, delta=2)
            self.assertAlmostEqual(top, 8, delta=2)
            report = state(buoy)
            self.assertEqual((report["edge"], report["buttons"][0]["name"]), ("top-left", "main"))
            self.assertEqual(msg(buoy, "move", "bottom-right").returncode, 0)
            saved = parse_state(buoy.state_path.read_text())
            self.assertEqual(saved["places"],
                             [{"button": "main", "each": None, "output": "HEADLESS-1", "config": "right",
                               "rest": "corner bottom-right"}])

    def test_sigusr1_toggles_every_button(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, two_buttons("true", "true")).start()
            buoy.wait_for_button(KEYBOARD_COLOR)
            buoy.wait_for_button(MAIN_COLOR)
            buoy.process.send_signal(signal.SIGUSR1)
            wait_for(lambda: [b["visible"] for b in state(buoy)["buttons"]] == [False, False], timeout=3,
                     message="both hidden")
            shot = sway.screenshot()
            self.assertEqual((shot.find(KEYBOARD_COLOR, tolerance=8), shot.find(MAIN_COLOR, tolerance=8)),
                             (None, None))
            buoy.process.send_signal(signal.SIGUSR1)
            buoy.wait_for_button(KEYBOARD_COLOR)
            buoy.wait_for_button(MAIN_COLOR)

    def test_a_bad_reload_names_the_line_and_leaves_the_running_buttons_as_they_were(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, two_buttons("true", "true")).start()
            buoy.wait_for_button(KEYBOARD_COLOR)
            before = state(buoy)["buttons"]
            bad = two_buttons("true", "true").replace('name = "main"', 'name = "keyboard"')
            line = bad.splitlines().index('name = "keyboard"', 3) + 1
            buoy.config_path.write_text(bad)
            result = msg(buoy, "reload")
            self.assertEqual(result.returncode, 1)
            self.assertRegex(result.stderr, rf"{buoy.config_path}:{line}:\d+: .*already used by the button at line 2")
            self.assertEqual(state(buoy)["buttons"], before)
            buoy.wait_for_button(MAIN_COLOR)

    def test_check_rejects_bad_button_configs_with_their_line_and_warns_of_a_lone_corner_radius(self):
        with HeadlessSway() as sway:
            path = sway.artifact("check.toml")
            cases = [
                ('[[button]]\nname = "Main"\n', 2, "a-z"),
                ('[[button]]\nname = "a"\n[[button]]\nname = "a"\n', 4, "already used"),
                ("".join(f'[[button]]\nname = "b{i}"\n' for i in range(17)), 33, "at most 16 buttons"),
                ('[button]\nsize = 56\n[[button]]\nname = "x"\n', 3, "cannot be mixed"),
            ]
            for text, line, words in cases:
                path.write_text(text)
                result = subprocess.run([BUOY, "--check", "--config", str(path)], capture_output=True,
                                        text=True, timeout=10)
                self.assertEqual(result.returncode, 1, (text, result.stderr))
                self.assertRegex(result.stderr, rf"^{path}:{line}:\d+: .*{words}", text)
            path.write_text("[button]\ncorner_radius = 10\n")
            result = subprocess.run([BUOY, "--check", "--config", str(path)], capture_output=True, text=True,
                                    timeout=10)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertRegex(result.stderr, rf"{path}:2:1: (warning: )?corner_radius has no effect")


class EveryOutputTests(unittest.TestCase):
    def test_one_instance_per_output_each_remembers_its_place_and_unplugging_removes_it(self):
        with NestedSway() as sway:
            config = f"""
[button]
output = "*"
color = "{hex_color(MAIN_COLOR)}"
idle_opacity = 1.0
"""
            first = sway.active_outputs()[0]
            second = sway.plug()
            buoy = Buoy(sway, config).start()
            wait_for(lambda: msg(buoy, "state").returncode == 0, timeout=5, message="buoy answering")

            def instances():
                return sorted((b["output"], b["visible"]) for b in state(buoy)["buttons"])

            wait_for(lambda: instances() == sorted([(first, True), (second, True)]), timeout=5,
                     message="one button on each output")
            self.assertEqual(msg(buoy, "move", "top-left").returncode, 0)
            saved = wait_for(lambda: parse_state(buoy.state_path.read_text())
                             if buoy.state_path.exists() else None, timeout=3, message="the saved places")
            self.assertEqual(sorted((p["each"], p["rest"]) for p in saved["places"]),
                             sorted([(first, "corner top-left"), (second, "corner top-left")]))
            self.assertEqual(buoy.stop(), 0)

            buoy.start()
            wait_for(lambda: msg(buoy, "state").returncode == 0, timeout=5, message="buoy answering again")
            wait_for(lambda: sorted((b["output"], b["edge"]) for b in state(buoy)["buttons"])
                     == sorted([(first, "top-left"), (second, "top-left")]), timeout=5,
                     message="both places restored after a restart")
            sway.unplug(second)
            wait_for(lambda: [b["output"] for b in state(buoy)["buttons"]] == [first], timeout=5,
                     message="the unplugged output's instance gone")
            third = sway.plug()
            wait_for(lambda: sorted(b["output"] for b in state(buoy)["buttons"]) == sorted([first, third]),
                     timeout=5, message="a fresh instance on the new output")
            self.assertIsNone(buoy.process.poll(), "buoy exited")
            self.assertEqual(buoy.stop(), 0)


if __name__ == "__main__":
    unittest.main()
