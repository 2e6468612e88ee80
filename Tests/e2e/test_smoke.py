"""The smoke set: what buoy must do on every compositor of the matrix (Tests/e2e/README.md).

It runs on the compositor that BUOY_E2E_COMPOSITOR names (default: the host's sway), so
`make e2e-smoke-labwc` and the like run these same tests on labwc, phoc and the rest. The
button shows, a tap runs its command once, a click beside it reaches the window below and not
buoy, a drag moves it and it snaps to an edge, and its menu opens and runs an item.
"""

from __future__ import annotations

import json
import unittest

from buoy_fixture import MAGENTA, Buoy, count_lines
from harness import WaylandDebugLog, matrix_compositor, selected_compositor, wait_for, wait_steady
from test_faults import parse_state
from test_menu import start_buoy_with_menu, wait_closed, wait_open
from test_msg import config, msg

MARGIN = 8
SIZE = 56
# What the harness and buoy need from a compositor: screenshots, a virtual pointer, layer
# shell (buoy binds up to v4; phoc 0.46 offers v3).
NEEDED = ("zwlr_layer_shell_v1", "zwlr_virtual_pointer_manager_v1", "zwlr_screencopy_manager_v1",
          "wl_seat", "xdg_wm_base")


def tap_config(compositor) -> tuple[str, object]:
    marker = compositor.artifact("tapped")
    return config(actions={"tap": f'"echo x >> {marker}"'}, snap={"duration": 0.1}), marker


def hide_and_show(test: unittest.TestCase, compositor) -> None:
    """`buoy msg hide` takes the button off the screen and `show` brings it back, with the menu
    closed and then open. phoc 0.24 crashed when the button's subsurface was unmapped
    (docs/compositors.md), so the host-phoc leg runs this too."""
    pointer = compositor.pointer()
    buoy, _, (cx, cy) = start_buoy_with_menu(compositor)
    for menu_open in (False, True):
        with test.subTest(menu_open=menu_open):
            if menu_open:
                pointer.click(cx, cy)
                wait_open(compositor, buoy)
            test.assertEqual(msg(buoy, "hide").returncode, 0)
            wait_for(lambda: compositor.screenshot().find(MAGENTA, tolerance=8) is None, timeout=3,
                     message="the button hidden")
            wait_closed(compositor)
            test.assertFalse(json.loads(msg(buoy, "state").stdout)["visible"])
            test.assertEqual(msg(buoy, "show").returncode, 0)
            buoy.wait_for_button(MAGENTA, timeout=3)
    test.assertEqual(buoy.stop(), 0)


class SmokeTests(unittest.TestCase):
    def test_the_compositor_offers_what_buoy_and_the_harness_need(self):
        with matrix_compositor() as compositor:
            compositor.pointer()  # phoc, labwc and wayfire offer wl_seat only once a device exists
            offered = compositor.globals()
            print(f"\n    {selected_compositor()}: layer shell v{offered.get('zwlr_layer_shell_v1')}, "
                  f"wl_compositor v{offered.get('wl_compositor')}", end="", flush=True)
            self.assertEqual([name for name in NEEDED if name not in offered], [], offered)

    def test_buoy_binds_the_highest_versions_it_understands_of_what_is_offered(self):
        with matrix_compositor() as compositor:
            compositor.pointer()
            offered = compositor.globals()
            buoy = Buoy(compositor, config(), env={"WAYLAND_DEBUG": "1"}).start()
            buoy.wait_for_button(MAGENTA)
            bound = WaylandDebugLog(buoy.log()).binds()
            # Layer shell: protocols/ describes v4; v3 (phoc 0.46) has all that buoy uses.
            understood = {"zwlr_layer_shell_v1": 4, "wl_compositor": 6, "wp_fractional_scale_manager_v1": 1,
                          "wp_cursor_shape_manager_v1": 1, "zphoc_device_state_v1": 2}
            for name, version in understood.items():
                self.assertEqual(bound.get(name), min(version, offered[name]) if name in offered else None,
                                 name)
            if "zphoc_device_state_v1" in offered:
                # phoc 0.46 headless has no tablet-mode switch: buoy reads that, asks for no switch
                # (a protocol error would end it), and the mode stays what it was.
                wait_for(lambda: "phoc's device state: none" in buoy.log(), timeout=3,
                         message="phoc's device state read")
                self.assertEqual(WaylandDebugLog(buoy.log()).requested("get_tablet_mode_switch"), [])
                self.assertEqual(json.loads(msg(buoy, "state").stdout)["mode"], "laptop")
            print(f"\n    {selected_compositor()}: bound layer shell v{bound['zwlr_layer_shell_v1']}, "
                  f"wl_compositor v{bound['wl_compositor']}", end="", flush=True)

    def test_the_button_shows_at_the_right_edge_and_state_names_the_output(self):
        with matrix_compositor() as compositor:
            compositor.pointer()
            buoy = Buoy(compositor, config()).start()
            match = buoy.wait_for_button(MAGENTA)
            left, top, right, bottom = match.bbox
            self.assertAlmostEqual(1280 - right, MARGIN, delta=2, msg=match)
            self.assertAlmostEqual(right - left, SIZE, delta=3, msg=match)
            self.assertAlmostEqual((top + bottom) / 2, 360, delta=2, msg=match)
            state = json.loads(msg(buoy, "state").stdout)
            self.assertEqual((state["output"], state["edge"], state["visible"]), ("HEADLESS-1", "right", True))
            self.assertEqual(buoy.stop(), 0)

    def test_hide_and_show_with_the_menu_closed_and_open(self):
        with matrix_compositor() as compositor:
            hide_and_show(self, compositor)

    def test_a_click_on_the_button_runs_tap_once_and_one_beside_it_reaches_the_window_below(self):
        with matrix_compositor() as compositor:
            pointer = compositor.pointer()
            text, marker = tap_config(compositor)
            buoy = Buoy(compositor, text).start()
            match = buoy.wait_for_button(MAGENTA)
            cx, cy = match.centroid
            wev = compositor.wev()  # over the whole output, under the overlay layer
            buoy.wait_for_button(MAGENTA)
            beside = match.bbox[0] - 40
            wev.take_pointer(pointer, beside, cy)
            mark = len(buoy.log())
            pointer.click(beside, cy)
            wait_for(lambda: len(wev.button_presses()) >= 2, timeout=3, message="wev's press and release")
            # The compositor sent the click to wev, so nothing of it to buoy; whatever else it
            # sent buoy before is handled once buoy answers, and a tap starts its command then.
            buoy.caught_up()
            presses = wev.button_presses()
            self.assertEqual([p.state for p in presses], ["pressed", "released"])
            self.assertAlmostEqual(presses[0].x, beside, delta=1)
            self.assertEqual(buoy.started_commands(mark), 0, "the click beside the button ran tap")

            mark = len(buoy.log())
            wev.mark()
            pointer.click(cx, cy)
            wait_for(lambda: count_lines(marker) == 1, timeout=3, message="tap ran")
            # buoy logs a command after starting it, and the command may run first: the log
            # has it once buoy answers.
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(mark), 1)
            # Back over wev (an enter, then a motion): its events come in order, so once it has
            # the motion it has any button event the compositor gave it for the click.
            pointer.move(beside - 1, cy)
            pointer.move(beside, cy)
            wait_for(lambda: any(abs(x - beside) < 1 and abs(y - cy) < 1 for x, y in wev.motions()),
                     timeout=3, message="wev's motion beside the button")
            self.assertEqual(wev.button_events(), [], "wev saw the click on the button")
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(mark), 1, "the click ran tap more than once")

    def test_a_drag_moves_the_button_with_the_pointer_and_it_snaps_to_the_left_edge(self):
        with matrix_compositor() as compositor:
            pointer = compositor.pointer()
            text, marker = tap_config(compositor)
            buoy = Buoy(compositor, text).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            mark = len(buoy.log())
            pointer.drag(cx, cy, 400, 500, steps=10, duration_ms=100)
            centre = wait_steady(lambda: compositor.screenshot().find(MAGENTA, tolerance=8),
                                 message="the button at rest under the held pointer").centroid
            self.assertAlmostEqual(centre[0], 400, delta=4, msg="follows the pointer")
            self.assertAlmostEqual(centre[1], 500, delta=4, msg="follows the pointer")
            # Still held: this moves on without a second press, then releases.
            pointer.drag(400, 500, 120, 500, steps=6, duration_ms=60, release=True)
            match = wait_for(lambda: (m := compositor.screenshot().find(MAGENTA, tolerance=8))
                             and abs(m.bbox[0] - MARGIN) <= 2 and m, timeout=3,
                             message="the button at the left edge")
            self.assertAlmostEqual(match.centroid[1], 500, delta=3, msg=match)
            wait_for(lambda: (state := parse_state(buoy.state_path.read_text()) if buoy.state_path.exists()
                              else None) and state["rest"].startswith("edge left "),
                     timeout=2, message="the state file saying edge left")
            # After the release (the drop, saved): a tap would have started its command by then.
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(mark), 0, "the drag ran tap")

    def test_a_tap_opens_the_menu_and_a_click_on_item_2_runs_it_once(self):
        with matrix_compositor() as compositor:
            pointer = compositor.pointer()
            buoy, markers, (cx, cy) = start_buoy_with_menu(compositor)
            pointer.move(cx, cy)
            buoy.caught_up()  # it has the pointer's enter: the hover look is what it draws now
            # Its frames are drawn by then (a frame callback paces each), the pointer's too.
            before = wait_steady(lambda: compositor.screenshot().data, message="the hovered button drawn")
            mark = len(buoy.log())
            pointer.click(cx, cy)
            centres = wait_open(compositor, buoy)
            ys = [y for _, y in centres]
            self.assertEqual(ys, sorted(ys), "items read top to bottom in config order")
            pointer.click(*centres[1])
            wait_for(lambda: count_lines(markers[1]) == 1, timeout=3, message="item 2 ran")
            wait_closed(compositor)
            # The pointer back where it was (phoc 0.46 draws its arrow into screenshots).
            pointer.move(cx, cy)
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(mark), 1, "item 2 alone ran, once")
            self.assertEqual([count_lines(m) for m in markers], [0, 1, 0, 0])
            # Until the screen is as it was: 3 s is ten times the close animation (0.1 s) and
            # the repaints that take its images away.
            try:
                wait_for(lambda: compositor.screenshot().data == before, timeout=3)
            except AssertionError:
                left = sum(1 for a, b in zip(before, compositor.screenshot().data) if a != b)
                self.fail(f"{left} bytes of the closed menu's images left on screen")


if __name__ == "__main__":
    unittest.main()
