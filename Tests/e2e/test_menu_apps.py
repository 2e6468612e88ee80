"""Menu items for the app in front (issue 30 §3): an item's show_for and hide_for are matched
against the focused window's app id, read through foreign-toplevel when the menu opens."""

from __future__ import annotations

import time
import unittest

from buoy_fixture import settle
from harness import HeadlessKWin, HeadlessSway, wait_for
from test_menu import item_centres, start_buoy_with_menu, wait_closed
from test_msg import msg


def focused_app(sway) -> str | None:
    return next((w.get("app_id") for w in sway.windows() if w.get("focused")), None)


def only_for_wev(text: str) -> str:
    """Item 2 shows only while wev is in front; item 3 never while it is."""
    text = text.replace('label = "Item 2"', 'label = "Item 2"\nshow_for = ["w?v"]')
    return text.replace('label = "Item 3"', 'label = "Item 3"\nhide_for = ["wev"]')


class MenuAppsTests(unittest.TestCase):
    def test_the_menu_shows_the_items_for_the_app_in_front(self):
        with HeadlessSway() as sway:
            buoy, _, _ = start_buoy_with_menu(sway, only_for_wev)
            sway.wev()
            sway.spawn(["foot"], log=sway.unique("foot") + ".log")
            wait_for(lambda: focused_app(sway) == "foot", timeout=5, message="foot in front")
            for front, shown in (("foot", [True, False, True, True]), ("wev", [True, True, False, True]),
                                 ("foot", [True, False, True, True])):
                sway.swaymsg(f'[app_id="{front}"]', "focus")
                wait_for(lambda: focused_app(sway) == front, timeout=3, message=f"{front} in front")
                self.assertEqual(msg(buoy, "menu").returncode, 0)
                wait_for(lambda: all(found is not None for found, wanted in zip(item_centres(sway), shown)
                                     if wanted), timeout=3, message=f"the items for {front}")
                time.sleep(0.3)  # an item that should not show has had time to
                self.assertEqual([found is not None for found in item_centres(sway)], shown, front)
                self.assertEqual(msg(buoy, "menu").returncode, 0)
                wait_closed(sway)
            self.assertEqual(buoy.stop(), 0)

    def test_every_item_hidden_for_the_app_in_front_says_which_app_and_keeps_edit(self):
        """Issue 42 §1: with every item hidden for wev, `msg menu` said "no [[menu.item]] is
        configured" though four are, and Edit could not be reached while wev was in front."""
        def hidden_for_wev(text: str) -> str:
            return text.replace('command = ', 'hide_for = ["wev"]\ncommand = ')

        with HeadlessSway() as sway:
            buoy, _, _ = start_buoy_with_menu(sway, hidden_for_wev)
            sway.wev()
            wait_for(lambda: focused_app(sway) == "wev", timeout=5, message="wev in front")
            refused = msg(buoy, "menu")
            self.assertEqual((refused.returncode, refused.stderr),
                             (1, "buoy: cannot open the menu: every [[menu.item]] is hidden for wev"
                                 " (show_for, hide_for)\n"))
            self.assertEqual(buoy.stop(), 0)
            # With edit mode on, the menu opens with Edit alone.
            buoy, _, _ = start_buoy_with_menu(
                sway, lambda text: hidden_for_wev(text).replace("[menu]\n", '[menu]\nedit = "touch"\n', 1))
            sway.swaymsg('[app_id="wev"]', "focus")
            wait_for(lambda: focused_app(sway) == "wev", timeout=5, message="wev in front")
            opened = msg(buoy, "menu")
            self.assertEqual(opened.returncode, 0, opened.stderr)
            wait_for(lambda: "menu: items at Edit@" in buoy.log(), timeout=3, message="the menu with Edit alone")
            self.assertEqual(buoy.stop(), 0)

    def test_on_kwin_without_foreign_toplevel_every_item_shows_after_one_warning(self):
        with HeadlessKWin() as kwin:
            buoy, _, _ = start_buoy_with_menu(kwin, only_for_wev)
            kwin.wev()
            wait_for(lambda: "menu items show whatever their show_for and hide_for" in buoy.log(), timeout=3,
                     message="the warning")
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            wait_for(lambda: all(item_centres(kwin)), timeout=3, message="every item")
            self.assertEqual(msg(buoy, "reload").returncode, 0)
            settle()
            self.assertEqual(buoy.log().count("does not offer wlr-foreign-toplevel-management"), 1)
            self.assertEqual(buoy.stop(), 0)


if __name__ == "__main__":
    unittest.main()
