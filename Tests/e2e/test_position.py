"""The config's `position` takes effect (issue 23): only a place the user chose is remembered,
and a config whose position changed since wins over it, at start and on reload."""

from __future__ import annotations

import json
import unittest

from buoy_fixture import MAGENTA, Buoy
from harness import HeadlessSway, wait_for
from test_msg import config, msg


def position_config(position: str) -> str:
    return config(button={"position": f'"{position}"'}, snap={"duration": 0.1})


def state(buoy: Buoy) -> dict:
    return json.loads(msg(buoy, "state").stdout)


def wait_edge(buoy: Buoy, edge: str) -> dict:
    """Waits until the button rests at `edge` and has arrived there on screen."""
    wait_for(lambda: state(buoy)["edge"] == edge, timeout=3, message=f"the button at {edge}")
    buoy.wait_for_button_to_rest(MAGENTA)
    return state(buoy)


class PositionTests(unittest.TestCase):
    def test_a_restart_with_another_position_goes_there(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, position_config("right")).start()
            buoy.wait_for_button(MAGENTA)
            self.assertEqual(buoy.stop(), 0)
            buoy.config_path.write_text(position_config("left"))
            buoy.start()
            left = buoy.wait_for_button(MAGENTA)
            self.assertLess(left.bbox[0], 20, "the config's new position, not the one saved at exit")
            self.assertEqual(state(buoy)["edge"], "left")
            self.assertEqual(buoy.stop(), 0)

    def test_a_dragged_place_is_kept_until_the_configs_position_changes(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy = Buoy(sway, position_config("right")).start()
            cx, cy = buoy.wait_for_button_to_rest(MAGENTA).centroid
            pointer.drag(cx, cy, 60, 300, release=True)
            wait_edge(buoy, "left")
            self.assertEqual(buoy.stop(), 0)

            # Same config: the place the user chose, and the log says why.
            buoy.start()
            buoy.wait_for_button(MAGENTA)
            self.assertEqual(state(buoy)["edge"], "left")
            self.assertIn("resting where it was put (left), not at the config's position right", buoy.log())
            self.assertEqual(buoy.stop(), 0)

            # The config changed since: it wins.
            buoy.config_path.write_text(position_config("top"))
            buoy.start()
            buoy.wait_for_button(MAGENTA)
            self.assertEqual(state(buoy)["edge"], "top")
            self.assertEqual(buoy.stop(), 0)
            buoy.config_path.write_text(position_config("bottom"))
            buoy.start()
            buoy.wait_for_button(MAGENTA)
            self.assertEqual(state(buoy)["edge"], "bottom", "an unchosen place is not remembered")
            self.assertEqual(buoy.stop(), 0)

    def test_a_reload_that_changes_the_position_moves_the_button_there(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy = Buoy(sway, position_config("right")).start()
            buoy.wait_for_button_to_rest(MAGENTA)
            buoy.config_path.write_text(position_config("top"))
            self.assertEqual(msg(buoy, "reload").returncode, 0)
            top = wait_edge(buoy, "top")
            self.assertEqual(top["y"], 8)
            self.assertLess(buoy.wait_for_button(MAGENTA).bbox[1], 20, "on screen at the top")

            # A dragged place survives a reload that keeps the position, and yields to one that
            # changes it.
            cx, cy = buoy.wait_for_button_to_rest(MAGENTA).centroid
            pointer.drag(cx, cy, 60, 300, release=True)
            wait_edge(buoy, "left")
            self.assertEqual(msg(buoy, "reload").returncode, 0)
            # The reload places the button as buoy applies it, before msg state answers.
            self.assertEqual(state(buoy)["edge"], "left")
            buoy.config_path.write_text(position_config("bottom"))
            self.assertEqual(msg(buoy, "reload").returncode, 0)
            wait_edge(buoy, "bottom")
            self.assertIn("it wins over the place the button was put at", buoy.log())
            self.assertEqual(buoy.stop(), 0)

    def test_msg_move_default_goes_back_to_the_config_and_forgets_the_place(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, position_config("right")).start()
            buoy.wait_for_button(MAGENTA)
            self.assertEqual(msg(buoy, "move", "top-left").returncode, 0)
            wait_edge(buoy, "top-left")
            self.assertIn("button main", buoy.state_path.read_text())
            self.assertEqual(msg(buoy, "move", "default").returncode, 0)
            wait_edge(buoy, "right")
            self.assertEqual(buoy.stop(), 0)
            self.assertNotIn("button main", buoy.state_path.read_text(), "the chosen place is forgotten")
            buoy.start()
            buoy.wait_for_button(MAGENTA)
            self.assertEqual(state(buoy)["edge"], "right")
            self.assertEqual(buoy.stop(), 0)


if __name__ == "__main__":
    unittest.main()
