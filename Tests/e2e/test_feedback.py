"""Haptic feedback on sway, where only the pointer can press: `feedback = "on"` asks feedbackd for
pointer presses too. Mostly what happens without a usable session bus, which must cost a press
nothing but one debug line. Touch, and "auto", are tested on KWin (test_kwin.KWinFeedbackTests)."""

from __future__ import annotations

import os
import socket
import time
import unittest

from buoy_fixture import MAGENTA, Buoy, count_lines
from feedbackd import FeedbackdStub, SessionBus, feedback_lines
from harness import HeadlessSway, wait_for
from test_gestures import appended
from test_msg import config


def start(sway: HeadlessSway, address: str | None) -> tuple[Buoy, object, tuple[float, float]]:
    """buoy with feedback = "on" and DBUS_SESSION_BUS_ADDRESS `address` (unset for None)."""
    marker = sway.artifact("tapped")
    buoy = Buoy(sway, config(button={"feedback": '"on"'}, actions={"tap": f'"{appended(marker)}"'}))
    buoy.env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    if address is not None:
        buoy.env["DBUS_SESSION_BUS_ADDRESS"] = address
    buoy.start()
    return buoy, marker, buoy.wait_for_button(MAGENTA).centroid


class FeedbackWithoutABusTests(unittest.TestCase):
    def clicks_work_and_one_debug_line_says(self, address: str | None, why: str) -> None:
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy, marker, (cx, cy) = start(sway, address)
            for n in (1, 2):
                pointer.click(cx, cy)
                wait_for(lambda: count_lines(marker) == n, timeout=3, message=f"tap {n} ran")
                pointer.sleep(400)
            lines = feedback_lines(buoy)
            self.assertEqual(len(lines), 1, lines)
            self.assertRegex(lines[0], r"\[debug\] no haptic feedback: " + why)
            self.assertEqual([line for line in buoy.log().splitlines() if "[warning]" in line or "[error]" in line],
                             [])
            self.assertEqual(buoy.stop(), 0)

    def test_unset(self):
        self.clicks_work_and_one_debug_line_says(None, "DBUS_SESSION_BUS_ADDRESS is not set")

    def test_pointing_at_no_socket(self):
        self.clicks_work_and_one_debug_line_says(
            "unix:path=/nonexistent/bus", "cannot connect to the session bus at unix:path=/nonexistent/bus: "
                                          "No such file or directory")

    def test_with_no_unix_transport(self):
        self.clicks_work_and_one_debug_line_says("tcp:host=localhost,port=1", "the session bus address .* has no "
                                                                                "unix:path= or unix:abstract=")

    def test_a_bus_that_never_answers_holds_up_nothing(self):
        # A socket that accepts and never says a word: buoy waits in its poll, not for the bus.
        with HeadlessSway() as sway:
            path = str(sway.artifact("silent-bus"))
            listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            listener.bind(path)
            listener.listen(1)
            try:
                pointer = sway.pointer()
                buoy, marker, (cx, cy) = start(sway, f"unix:path={path}")
                peer, _ = listener.accept()
                pointer.click(cx, cy)
                wait_for(lambda: count_lines(marker) == 1, timeout=3, message="tap ran")
                self.assertEqual(peer.recv(4096)[:15], b"\0AUTH EXTERNAL ")
                self.assertEqual(feedback_lines(buoy), [])
                self.assertEqual(buoy.stop(), 0)
                peer.close()
            finally:
                listener.close()


class FeedbackOnSwayTests(unittest.TestCase):
    def test_on_a_click_is_felt_over_an_abstract_address_and_a_bus_that_goes_away_costs_nothing(self):
        listen = f"unix:abstract=/tmp/buoy-e2e-{os.getpid()}-{time.monotonic_ns()}"
        with HeadlessSway() as sway, SessionBus(listen) as bus, FeedbackdStub(bus) as feedbackd:
            self.assertTrue(bus.address.startswith("unix:abstract="), bus.address)
            pointer = sway.pointer()
            buoy, marker, (cx, cy) = start(sway, bus.address)
            wait_for(lambda: feedback_lines(buoy), timeout=3, message="buoy to hear of feedbackd")
            pointer.click(cx, cy)
            self.assertEqual(feedbackd.wait_events(1), ["button-pressed"])
            self.assertEqual(feedbackd.calls[0].flags & 0x3, 0x1, "under on, the bus may start feedbackd")

            bus.close()
            # The stub's connection ends too, and the bus may say so before it goes.
            gone = "[debug] no haptic feedback: the session bus closed the connection"
            wait_for(lambda: gone in feedback_lines(buoy)[-1], timeout=3, message="buoy to see the bus go")
            pointer.sleep(400)
            pointer.click(cx, cy)
            wait_for(lambda: count_lines(marker) == 2, timeout=3, message="a tap after the bus went")
            self.assertEqual(buoy.stop(), 0)


if __name__ == "__main__":
    unittest.main()
