"""`buoy msg badge`: a count or a dot at the button's top-right (issue 22)."""

from __future__ import annotations

import json
import unittest

from buoy_fixture import MAGENTA, Buoy
from harness import HeadlessSway, matrix_compositor, wait_for
from test_button import config as button_config
from test_msg import config, msg
from test_subscribe import subscribed

BADGE_RED = (0xE0, 0x1B, 0x24)
WHITE = (0xFF, 0xFF, 0xFF)


def badge_of(buoy: Buoy) -> str | None:
    return json.loads(msg(buoy, "state").stdout)["buttons"][0]["badge"]


def badge_on_screen(compositor, button_bbox) -> tuple[int, int]:
    """(red pixels, white pixels among them) in the button's top-right quarter."""
    left, top, right, bottom = button_bbox
    cx, cy = (left + right) // 2, (top + bottom) // 2
    region = compositor.screenshot().crop(cx, top - 12, right + 12, cy)
    red = region.find(BADGE_RED, tolerance=12)
    if red is None:
        return 0, 0
    return red.count, region.crop(*red.bbox).count(WHITE, tolerance=60)


class BadgeTests(unittest.TestCase):
    def test_a_badge_shows_at_the_top_right_is_drawn_once_survives_a_reload_and_clears(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config(button={"position": '"right"'})).start()
            button = buoy.wait_for_button(MAGENTA).bbox
            self.assertEqual(badge_on_screen(sway, button)[0], 0, "no badge before one is asked for")
            subscriber = subscribed(buoy)
            try:
                self.assertEqual(msg(buoy, "badge", "3").returncode, 0)
                self.assertEqual(subscriber.wait_event("badge"), {"event": "badge", "name": "main", "badge": "3"})
                wait_for(lambda: badge_on_screen(sway, button)[1] > 10, timeout=3,
                         message="a red disc with white text at the button's top-right")
                red, white = badge_on_screen(sway, button)
                self.assertGreater(red, 150)
                self.assertEqual(badge_of(buoy), "3")

                # The same badge again draws nothing and says nothing: buoy would start the
                # drawing in the wakeup that handles the request, which is over when it answers
                # the next one; an event it said would come before the clear's below, the next.
                self.assertEqual(msg(buoy, "badge", "3").returncode, 0)
                buoy.caught_up()
                self.assertEqual(buoy.log().count('drawing label "3"'), 1)

                # Too long: a clear error, exit 1, and the badge stays.
                refused = msg(buoy, "badge", "1234")
                self.assertEqual(refused.returncode, 1)
                self.assertIn('"1234" is 4 characters; a badge is 1 to 3 characters', refused.stderr)
                self.assertEqual(badge_of(buoy), "3")

                self.assertEqual(msg(buoy, "reload").returncode, 0)
                # What the reload has buoy draw again is on screen once its state says ready.
                wait_for(lambda: buoy.caught_up()["ready"], timeout=5, message="ready after the reload")
                self.assertEqual(badge_of(buoy), "3", "a reload keeps the badge")
                self.assertGreater(badge_on_screen(sway, button)[1], 10)

                self.assertEqual(msg(buoy, "badge", "--clear").returncode, 0)
                # The next badge event is the clear's: the same badge and the reload said none.
                self.assertEqual(subscriber.wait_event("badge"), {"event": "badge", "name": "main", "badge": None})
                wait_for(lambda: badge_on_screen(sway, button)[0] == 0, timeout=3, message="the badge gone")
                self.assertIsNone(badge_of(buoy))
            finally:
                subscriber.close()
            self.assertEqual(buoy.stop(), 0)

    def test_a_faded_buttons_badge_stays_at_full_opacity_unless_badge_fades(self):
        for fades in (False, True):
            with HeadlessSway() as sway, self.subTest(badge_fades=fades):
                button = {"position": '"right"', "idle_opacity": 0.4, "idle_delay": 0.2, "fade": 0}
                if fades:
                    button["badge_fades"] = "true"
                buoy = Buoy(sway, button_config(button=button)).start()
                wait_for(lambda: msg(buoy, "state").returncode == 0, timeout=5, message="buoy answers")
                self.assertEqual(msg(buoy, "badge", "3").returncode, 0)
                state = json.loads(msg(buoy, "state").stdout)
                bbox = (state["x"], state["y"], state["x"] + state["size"], state["y"] + state["size"])
                wait_for(lambda: json.loads(msg(buoy, "state").stdout)["opacity"] == 0.4, timeout=3,
                         message="faded")
                faded_red = tuple(round(0.4 * r + 0.6 * b) for r, b in zip(BADGE_RED, sway.background))
                expected = faded_red if fades else BADGE_RED

                def disc() -> int:
                    left, top, right, bottom = bbox
                    region = sway.screenshot().crop((left + right) // 2, top - 12, right + 12, (top + bottom) // 2)
                    found = region.find(expected, tolerance=12)
                    return found.count if found else 0

                wait_for(lambda: disc() > 150, timeout=3, message=f"the badge's disc in {expected}")
                red, white = badge_on_screen(sway, bbox)
                if fades:
                    self.assertEqual(red, 0, "no disc at full opacity")
                else:
                    self.assertGreater(red, 150, "the disc at full opacity")
                    self.assertGreater(white, 10, "its count in white")
                sway.screenshot().save_png(sway.artifact("faded-badge.png"))

    def test_badge_colours_come_from_the_config(self):
        with matrix_compositor() as compositor:
            green = (0x2E, 0xC2, 0x7E)
            text = config(button={"position": '"left"', "badge_color": '"#2ec27e"'})
            buoy = Buoy(compositor, text).start()
            left, top, right, bottom = buoy.wait_for_button(MAGENTA).bbox
            self.assertEqual(msg(buoy, "badge", "•").returncode, 0)

            def disc():
                found = compositor.screenshot().crop((left + right) // 2, top - 12, right + 12,
                                                     (top + bottom) // 2).find(green, tolerance=12)
                return found is not None and found.count > 150

            wait_for(disc, timeout=3, message="a badge in badge_color")
            self.assertEqual(buoy.stop(), 0)


if __name__ == "__main__":
    unittest.main()
