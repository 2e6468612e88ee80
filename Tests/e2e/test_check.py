"""`buoy --check` against what the running buoy finds in the same config: the built-in actions of
every level of the menu, and the icons no theme has."""

from __future__ import annotations

import re
import subprocess
import unittest

from buoy_fixture import BUOY, MAGENTA, Buoy
from harness import HeadlessSway, wait_for
from test_msg import config

ICON_WARNING = re.compile(r'menu item "[^"]*": icon "[^"]*" not found in the icon themes; drawing its first letter')


def menu_with_a_submenu() -> str:
    """A top level and a submenu, each with a built-in action and an icon no theme has."""
    return config(actions={"tap": '"menu"'}) + """
[[menu.item]]
action = "mute"
[[menu.item]]
label = "Device"
icon = "buoy-test-no-such-icon"
submenu = "device"
[submenu.device]
[[submenu.device.item]]
action = "brightness-up"
[[submenu.device.item]]
label = "Odd"
icon = "buoy-test-nor-this-one"
command = "true"
"""


class CheckTests(unittest.TestCase):
    def test_check_lists_a_submenus_actions_and_the_icons_the_running_buoy_misses(self):
        # Issue 34: --check listed the top level's actions only, and said nothing of icons that
        # the running buoy then logged as missing.
        with HeadlessSway() as sway:
            buoy = Buoy(sway, menu_with_a_submenu())
            check = subprocess.run([BUOY, "--check", "--config", str(buoy.config_path)], env=buoy.env,
                                   capture_output=True, text=True, timeout=10)
            self.assertEqual(check.returncode, 0, check.stderr)
            actions = [line.split(":")[0] for line in check.stdout.splitlines() if line.startswith("action ")]
            self.assertEqual(actions, ["action mute", "action brightness-up"], check.stdout)
            checked = sorted(ICON_WARNING.findall(check.stderr))
            self.assertEqual(len(checked), 2, check.stderr)
            self.assertIn(f"{buoy.config_path}: ok, with 4 warnings", check.stdout)

            # The running buoy draws both levels ahead of a tap, and logs the same two.
            buoy.start()
            buoy.wait_for_button(MAGENTA)
            wait_for(lambda: len(ICON_WARNING.findall(buoy.log())) >= 2, timeout=5,
                     message="the running buoy's icon warnings")
            self.assertEqual(sorted(ICON_WARNING.findall(buoy.log())), checked)
            self.assertEqual(buoy.stop(), 0)


if __name__ == "__main__":
    unittest.main()
