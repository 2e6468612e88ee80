"""`buoy msg subscribe` and a control socket that never blocks the button, on a real headless sway."""

from __future__ import annotations

import json
import os
import select
import socket
import subprocess
import time
import unittest

from buoy_fixture import BUOY, MAGENTA, Buoy, count_lines
from harness import HarnessError, HeadlessSway, wait_for
from test_menu import start_buoy_with_menu, wait_closed, wait_open
from test_msg import config, msg, socket_path


class Subscriber:
    """`buoy msg subscribe` in the background; its lines parsed as JSON as they come."""

    def __init__(self, buoy: Buoy):
        self.process = subprocess.Popen([BUOY, "msg", "subscribe"], env=buoy.env, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
        self.buffer = b""
        self.events: list[dict] = []
        self.arrived: list[float] = []  # time.monotonic() of each event's arrival

    def read(self, timeout: float) -> None:
        fd = self.process.stdout.fileno()
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            return
        chunk = os.read(fd, 65536)
        if not chunk:
            raise HarnessError(f"buoy msg subscribe ended: {self.process.wait()} "
                               f"{self.process.stderr.read().decode(errors='replace')}")
        self.buffer += chunk
        *lines, self.buffer = self.buffer.split(b"\n")
        for line in lines:
            self.events.append(json.loads(line))
            self.arrived.append(time.monotonic())

    def wait_event(self, name: str, timeout: float = 3.0) -> dict:
        """The first event called `name` not yet waited for; consumes the ones before it."""
        deadline = time.monotonic() + timeout
        while True:
            for index, event in enumerate(self.events):
                if event["event"] == name:
                    self.events = self.events[index + 1:]
                    self.last_arrival = self.arrived[index]
                    self.arrived = self.arrived[index + 1:]
                    return event
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise HarnessError(f"no {name} event within {timeout} s; got {self.events}")
            self.read(remaining)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
        self.process.wait(timeout=5)
        self.process.stdout.close()
        self.process.stderr.close()


def subscribed(buoy: Buoy) -> Subscriber:
    """A subscriber that buoy has accepted (it logs each one)."""
    before = buoy.log().count("buoy msg subscribe:")
    subscriber = Subscriber(buoy)
    wait_for(lambda: buoy.log().count("buoy msg subscribe:") > before, timeout=3, message="subscribed")
    return subscriber


def raw_connection(buoy: Buoy, send: bytes = b"") -> socket.socket:
    peer = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    peer.connect(str(socket_path(buoy)))
    if send:
        peer.sendall(send)
    return peer


class SubscribeTests(unittest.TestCase):
    def test_a_click_yields_a_tap_line_within_100_ms_to_every_subscriber(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            marker = sway.artifact("tapped")
            buoy = Buoy(sway, config(actions={"tap": f'"echo x >> {marker}"'})).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            first, second = subscribed(buoy), subscribed(buoy)
            pointer.move(cx, cy)
            pointer.down()
            buoy.caught_up()  # it has the press: what is timed is the release's way to the line
            released = time.monotonic()
            pointer.up()
            for subscriber in (first, second):
                self.assertEqual(subscriber.wait_event("tap"), {"event": "tap", "name": "main"})
                self.assertLess(subscriber.last_arrival - released, 0.1, "the tap line within 100 ms")
            wait_for(lambda: count_lines(marker) == 1, timeout=3, message="the tap's command")
            first.close()
            second.close()

    def test_a_drag_yields_moved_and_hide_show_reload_their_events(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy = Buoy(sway, config()).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            subscriber = subscribed(buoy)
            pointer.drag(cx, cy, 40, 40, steps=20, duration_ms=200, release=True)
            self.assertEqual(subscriber.wait_event("moved"),
                             {"event": "moved", "name": "main", "edge": "left", "output": "HEADLESS-1"})
            self.assertEqual(msg(buoy, "hide").returncode, 0)
            self.assertEqual(subscriber.wait_event("hidden"), {"event": "hidden", "name": "main", "reason": "msg"})
            self.assertEqual(msg(buoy, "show").returncode, 0)
            self.assertEqual(subscriber.wait_event("shown"), {"event": "shown", "name": "main", "reason": "msg"})
            self.assertEqual(msg(buoy, "move", "100", "200").returncode, 0)
            self.assertEqual(subscriber.wait_event("moved")["edge"], "free")
            self.assertEqual(msg(buoy, "reload").returncode, 0)
            self.assertEqual(subscriber.wait_event("reloaded"),
                             {"event": "reloaded", "name": "main", "warnings": []})
            buoy.config_path.write_text("[button]\nsize = 9\n")
            self.assertEqual(msg(buoy, "reload").returncode, 1)
            failed = subscriber.wait_event("reload_failed")
            self.assertEqual(failed["name"], "main")
            self.assertIn(f"{buoy.config_path}:2:8: error: size must be between 16 and 512 logical pixels, got 9", failed["diagnostic"])
            # buoy exiting ends the stream, and buoy msg subscribe with status 0.
            self.assertEqual(buoy.stop(), 0)
            self.assertEqual(subscriber.process.wait(timeout=5), 0)
            subscriber.close()

    def test_ready_comes_again_once_a_reloaded_menu_is_drawn_ahead(self):
        """`ready` (buoy(1)): false in `state` while the renamed item's menu is drawn again after
        a reload, then the event, and true again."""
        with HeadlessSway() as sway:
            buoy, _, _ = start_buoy_with_menu(sway)  # ready: on screen, the menu drawn ahead
            self.assertTrue(buoy.caught_up()["ready"])
            subscriber = subscribed(buoy)
            buoy.config_path.write_text(buoy.config_path.read_text().replace("Item 1", "Renamed"))
            mark = len(buoy.log())
            self.assertEqual(msg(buoy, "reload").returncode, 0)
            self.assertEqual(subscriber.wait_event("ready"), {"event": "ready", "name": "main"})
            after = buoy.log()[mark:]
            self.assertLess(after.index("not ready: waiting for the menus to be drawn"),
                            after.index("images drawn at scale 1 by a child"), after)
            self.assertTrue(buoy.caught_up()["ready"])
            subscriber.close()

    def test_the_menu_reports_opening_and_the_item_chosen(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy, markers, (cx, cy) = start_buoy_with_menu(sway)
            subscriber = subscribed(buoy)
            pointer.click(cx, cy)
            self.assertEqual(subscriber.wait_event("tap"), {"event": "tap", "name": "main"})
            centres = wait_open(sway, buoy)
            self.assertEqual(subscriber.wait_event("menu_opened"),
                             {"event": "menu_opened", "name": "main", "path": []})
            pointer.click(*centres[1])
            self.assertEqual(subscriber.wait_event("menu_closed"),
                             {"event": "menu_closed", "name": "main", "chosen": "Item 2", "path": []})
            wait_closed(sway)
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            subscriber.wait_event("menu_opened")
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            self.assertEqual(subscriber.wait_event("menu_closed")["chosen"], None)
            subscriber.close()

    def test_a_subscriber_that_never_reads_does_not_delay_a_tap(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            marker = sway.artifact("tapped")
            buoy = Buoy(sway, config(actions={"tap": f'"echo x >> {marker}"'})).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            stuck = raw_connection(buoy, b"subscribe\n")
            stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            wait_for(lambda: "buoy msg subscribe:" in buoy.log(), timeout=3, message="subscribed")
            # Fill what the kernel holds for it, then buoy's 64 KiB: a shown or
            # hidden line per toggle, asked for over raw connections (fast).
            toggles = 0
            while "dropped a subscriber that stopped reading" not in buoy.log():
                self.assertLess(toggles, 20000, "the subscriber that never reads was never dropped")
                peer = raw_connection(buoy, b"toggle\n")
                peer.settimeout(3)
                self.assertEqual(peer.recv(100), b"ok\n")
                peer.close()
                toggles += 1
            if toggles % 2:
                self.assertEqual(msg(buoy, "toggle").returncode, 0)
            buoy.wait_for_button(MAGENTA)
            for tap in range(3):
                started = time.monotonic()
                pointer.click(cx, cy)
                wait_for(lambda: count_lines(marker) == tap + 1, timeout=1, message="the tap's command")
                self.assertLess(time.monotonic() - started, 1.0)
                wait_for(lambda: not buoy.running_commands(), timeout=3, message="the tap's command ended")
            self.assertIsNone(buoy.process.poll(), "buoy keeps running")
            self.assertEqual(msg(buoy, "state").returncode, 0)
            stuck.close()


def first_line(peer: socket.socket) -> bytes:
    """What the peer reads up to its first newline, or to its end."""
    peer.settimeout(3)
    reply = b""
    while b"\n" not in reply:
        try:
            chunk = peer.recv(4096)
        except ConnectionResetError:  # a refused peer's unread request resets it after the reply
            break
        if not chunk:
            break
        reply += chunk
    return reply.split(b"\n")[0]


class ConnectionLimitTests(unittest.TestCase):
    def test_64_idle_subscribers_leave_room_for_requests_and_one_too_many_is_told_the_limit(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config()).start()
            buoy.wait_for_button(MAGENTA)
            peers = [raw_connection(buoy, b"subscribe\n") for _ in range(64)]
            replies = [first_line(peer) for peer in peers]
            result = msg(buoy, "state")
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual(replies[:32], [b"ok"] * 32)
            self.assertEqual(replies[32:], [b"error: too many connections: at most 32 subscribers at once"] * 32)
            late = subprocess.run([BUOY, "msg", "subscribe"], env=buoy.env, capture_output=True, text=True,
                                  timeout=10)
            self.assertEqual((late.returncode, late.stderr),
                             (1, "buoy: too many connections: at most 32 subscribers at once\n"))
            self.assertIn("control socket: 32 subscribers open; refusing another", buoy.log())
            for peer in peers:
                peer.close()

    def test_a_request_past_64_open_connections_is_told_the_limit(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config()).start()
            buoy.wait_for_button(MAGENTA)
            # Silent peers hold their place for 2 s: time enough to ask.
            silent = [raw_connection(buoy) for _ in range(64)]
            result = msg(buoy, "state")
            self.assertEqual((result.returncode, result.stderr),
                             (1, "buoy: too many connections: at most 64 requests at once\n"))
            self.assertIn("control socket: 64 requests open; refusing a new connection", buoy.log())
            for peer in silent:
                peer.close()
            wait_for(lambda: msg(buoy, "state").returncode == 0, timeout=3, message="served again")


class SocketTests(unittest.TestCase):
    def test_silent_peers_do_not_delay_a_tap_and_are_dropped_after_2_s(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            marker = sway.artifact("tapped")
            buoy = Buoy(sway, config(actions={"tap": f'"echo x >> {marker}"'})).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            silent = [raw_connection(buoy) for _ in range(5)]
            opened = time.monotonic()
            started = time.monotonic()
            pointer.click(cx, cy)
            wait_for(lambda: count_lines(marker) == 1, timeout=1, message="the tap's command")
            self.assertLess(time.monotonic() - started, 0.15, "a tap with 5 silent peers connected")
            self.assertEqual(msg(buoy, "state").returncode, 0, "answered while they are connected")
            for peer in silent:
                peer.settimeout(4)
                self.assertEqual(peer.recv(100), b"", "buoy closed the silent peer")
            self.assertGreater(time.monotonic() - opened, 1.8)
            self.assertLess(time.monotonic() - opened, 3.0)
            self.assertIn("dropped a peer that sent no request within 2", buoy.log())
            for peer in silent:
                peer.close()

    def test_a_request_in_pieces_is_answered(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config()).start()
            buoy.wait_for_button(MAGENTA)
            peer = raw_connection(buoy, b"sta")
            # buoy accepts and reads its peers in the order they came, each wakeup reading every
            # peer with data: once it answers a later one, it has read "sta" alone.
            buoy.caught_up()
            peer.sendall(b"te\n")
            peer.settimeout(3)
            reply = b""
            while chunk := peer.recv(4096):
                reply += chunk
            status, payload = reply.decode().split("\n", 1)
            self.assertEqual(status, "ok")
            self.assertEqual(json.loads(payload)["edge"], "right")
            # A half-closed peer (nc -N) gets its reply too.
            peer = raw_connection(buoy, b"state")
            peer.shutdown(socket.SHUT_WR)
            peer.settimeout(3)
            self.assertTrue(peer.recv(4096).startswith(b"ok\n"))


if __name__ == "__main__":
    unittest.main()
