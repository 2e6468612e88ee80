"""`buoy msg`, single instance and --replace, on a real headless sway."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import tempfile
import threading
import time
import unittest
from pathlib import Path

from buoy_fixture import BUOY, MAGENTA, Buoy, count_lines
from harness import TEST_USER, HeadlessSway, wait_for
from test_button import config as button_config

MARGIN = 8


def config(**sections) -> str:
    sections.setdefault("button", {})["idle_opacity"] = 1.0
    return button_config(**sections)


def msg(buoy: Buoy, *words: str, user: str | None = None) -> subprocess.CompletedProcess:
    argv = [BUOY, "msg", *words]
    if user:
        argv = ["setpriv", f"--reuid={user}", f"--regid={user}", "--init-groups", *argv]
    return subprocess.run(argv, env=buoy.env, capture_output=True, text=True, timeout=10)


def socket_path(buoy: Buoy) -> Path:
    return Path(buoy.env["XDG_RUNTIME_DIR"]) / f"buoy-{buoy.env['WAYLAND_DISPLAY']}.sock"


class MessageTests(unittest.TestCase):
    def test_state_after_start_and_after_move_left(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config()).start()
            buoy.started(MAGENTA)
            result = msg(buoy, "state")
            self.assertEqual(result.returncode, 0, result.stderr)
            state = json.loads(result.stdout)
            self.assertEqual(list(state), ["visible", "dragging", "output", "x", "y", "size", "edge",
                                           "opacity", "menu_open", "mode", "armed", "pointer_pad", "ready", "config",
                                           "buttons"])
            self.assertIsNone(state["armed"], "no click type armed")
            self.assertTrue(state["ready"], "logged ready, so ready in state")
            self.assertEqual(state["buttons"], [{
                "name": "main", "output": "HEADLESS-1", "visible": True, "hidden_by": None, "dragging": False,
                "x": state["x"], "y": state["y"],
                "size": 56, "edge": state["edge"], "opacity": state["opacity"], "badge": None}])
            self.assertEqual(state["visible"], True)
            self.assertEqual(state["output"], "HEADLESS-1")
            self.assertEqual((state["x"], state["y"], state["size"]), (1280 - MARGIN - 56, 360 - 28, 56))
            self.assertEqual(state["edge"], "right")
            self.assertEqual(state["menu_open"], False)
            self.assertEqual(state["config"], str(buoy.config_path))

            result = msg(buoy, "move", "left")
            self.assertEqual(result.returncode, 0, result.stderr)
            state = json.loads(msg(buoy, "state").stdout)
            self.assertEqual((state["x"], state["y"], state["edge"]), (MARGIN, 360 - 28, "left"))
            left, _, _, _ = buoy.wait_for_button_to_rest(MAGENTA).bbox
            self.assertAlmostEqual(left, MARGIN, delta=2)

    def test_hide_removes_the_button_from_the_screen_and_show_brings_it_back(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            marker = sway.artifact("tapped")
            buoy = Buoy(sway, config(actions={"tap": f'"echo x >> {marker}"'})).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            self.assertEqual(msg(buoy, "hide").returncode, 0)
            wait_for(lambda: sway.screenshot().find(MAGENTA, tolerance=8) is None, timeout=3,
                     message="hidden")
            self.assertFalse(json.loads(msg(buoy, "state").stdout)["visible"])
            wev = sway.wev()
            wev.take_pointer(pointer, 100, 100)
            pointer.click(cx, cy)
            self.assertEqual(len(wev.wait_buttons(2)), 2, "a hidden button takes no clicks")
            self.assertEqual(count_lines(marker), 0)
            self.assertEqual(msg(buoy, "show").returncode, 0)
            buoy.wait_for_button(MAGENTA, timeout=3)
            self.assertEqual(msg(buoy, "toggle").returncode, 0)
            wait_for(lambda: sway.screenshot().find(MAGENTA, tolerance=8) is None, timeout=3,
                     message="toggled off")

    def test_menu_during_a_drag_says_the_button_is_being_dragged(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy = Buoy(sway, config() + '\n[[menu.item]]\nlabel = "One"\ncommand = "true"\n').start()
            cx, cy = buoy.wait_for_button_to_rest(MAGENTA).centroid
            pointer.drag(cx, cy, 300, 200, release=False)
            wait_for(lambda: json.loads(msg(buoy, "state").stdout)["dragging"], timeout=3, message="dragging")
            refused = msg(buoy, "menu")
            self.assertEqual(
                (refused.returncode, refused.stderr),
                (1, "buoy: cannot open the menu: it is being dragged; open it once it is released\n"))
            pointer.up()
            buoy.wait_for_button_to_rest(MAGENTA)
            opened = msg(buoy, "menu")
            self.assertEqual(opened.returncode, 0, opened.stderr)

    def test_hide_after_a_move_to_the_top_with_the_menu_open_leaves_nothing_drawn(self):
        # sway 1.7 repaints a hidden face's old place only where its blank 1×1 lies on the
        # output: at the top edge the shadow puts that corner above it.
        with HeadlessSway() as sway:
            empty = sway.screenshot()
            buoy = Buoy(sway, config() + '\n[[menu.item]]\nlabel = "One"\ncommand = "true"\n').start()
            buoy.wait_for_button_to_rest(MAGENTA)
            self.assertEqual(msg(buoy, "menu").returncode, 0)
            self.assertEqual(msg(buoy, "move", "top").returncode, 0)
            buoy.wait_for_button_to_rest(MAGENTA)
            self.assertEqual(msg(buoy, "menu").returncode, 0, "closes it")
            wait_for(lambda: not json.loads(msg(buoy, "state").stdout)["menu_open"], timeout=3,
                     message="the menu closed")
            for _ in range(2):
                self.assertEqual(msg(buoy, "hide").returncode, 0)
                self.assertFalse(json.loads(msg(buoy, "state").stdout)["visible"])
                wait_for(lambda: sway.screenshot().data == empty.data, timeout=3,
                         message="nothing of buoy drawn once hidden")
                self.assertEqual(msg(buoy, "show").returncode, 0)
                buoy.wait_for_button_to_rest(MAGENTA)

    def test_a_button_at_the_left_edge_hidden_by_its_mode_leaves_nothing_drawn(self):
        with HeadlessSway() as sway:
            empty = sway.screenshot()
            text = config(button={"position": '"left"'}, visibility={"mode": '"tablet"'})
            buoy = Buoy(sway, text).start()
            wait_for(lambda: msg(buoy, "state").returncode == 0, timeout=5, message="buoy answers")
            self.assertEqual(msg(buoy, "mode", "tablet").returncode, 0)
            buoy.wait_for_button_to_rest(MAGENTA)
            self.assertEqual(msg(buoy, "mode", "laptop").returncode, 0)
            wait_for(lambda: sway.screenshot().data == empty.data, timeout=3,
                     message="nothing of buoy drawn once its mode hid it")

    def test_tap_runs_the_tap_action(self):
        with HeadlessSway() as sway:
            marker = sway.artifact("tapped")
            buoy = Buoy(sway, config(actions={"tap": f'"echo x >> {marker}"'})).start()
            buoy.wait_for_button(MAGENTA)
            self.assertEqual(msg(buoy, "tap").returncode, 0)
            wait_for(lambda: count_lines(marker) == 1, timeout=3, message="tap ran")

    def test_swipe_left_runs_the_flick_s_action(self):
        # Issue 44: msg's gesture commands are ButtonGesture's, flicks among them.
        with HeadlessSway() as sway:
            marker = sway.artifact("flicked")
            buoy = Buoy(sway, config(actions={"swipe_left": f'"echo x >> {marker}"'})).start()
            buoy.wait_for_button(MAGENTA)
            result = msg(buoy, "swipe-left")
            self.assertEqual(result.returncode, 0, result.stderr)
            wait_for(lambda: count_lines(marker) == 1, timeout=3, message="swipe_left ran")
            result = msg(buoy, "swipe-right")
            self.assertEqual(result.returncode, 1, result.stderr)
            self.assertIn("main has no swipe_right action configured", result.stderr)

    def test_a_bad_reload_returns_the_error_and_changes_nothing(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config()).start()
            buoy.wait_for_button(MAGENTA)
            buoy.config_path.write_text("[button]\nsize = 9\n")
            result = msg(buoy, "reload")
            self.assertEqual(result.returncode, 1)
            self.assertIn(f"{buoy.config_path}:2:8: error: size must be between 16 and 512 logical pixels, got 9", result.stderr)
            self.assertEqual(json.loads(msg(buoy, "state").stdout)["size"], 56)
            buoy.wait_for_button(MAGENTA)

    def test_usage_errors_and_no_running_instance(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config())
            result = msg(buoy, "state")
            self.assertEqual(result.returncode, 1)
            self.assertEqual(len(result.stderr.strip().splitlines()), 1, result.stderr)
            self.assertIn("no running buoy", result.stderr)
            result = msg(buoy, "move", "100")
            self.assertEqual(result.returncode, 2)
            self.assertIn("move 100: x y needs both coordinates", result.stderr)

    def test_buoy_msg_from_another_uid_is_rejected(self):
        with HeadlessSway() as sway:
            marker = sway.artifact("tapped")
            buoy = Buoy(sway, config(actions={"tap": f'"echo x >> {marker}"'})).start()
            buoy.wait_for_button(MAGENTA)
            path = socket_path(buoy)
            self.assertEqual(path.stat().st_mode & 0o777, 0o600)
            # The socket's mode stops other users first...
            result = msg(buoy, "tap", user=TEST_USER)
            self.assertEqual(result.returncode, 1)
            self.assertIn("permission denied", result.stderr)
            # ...and the peer's uid is checked even when the mode would allow it: buoy msg
            # refuses a server of another user itself, and buoy answers another user's peer
            # with an error.
            os.chmod(path, 0o666)
            result = msg(buoy, "tap", user=TEST_USER)
            self.assertEqual(result.returncode, 1)
            self.assertIn(f"buoy: refusing {path}: its server runs as uid 0, not as this user", result.stderr)
            peer = subprocess.run(
                ["setpriv", f"--reuid={TEST_USER}", f"--regid={TEST_USER}", "--init-groups", "python3", "-c",
                 "import socket, sys; s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); "
                 "s.sendall(b'tap\\n'); print(s.makefile().readline(), end='')", str(path)],
                capture_output=True, text=True, timeout=10)
            self.assertEqual(peer.stdout, "error: permission denied\n", peer.stderr)
            time.sleep(0.3)
            self.assertEqual(count_lines(marker), 0)
            self.assertIn("refused a connection from uid", buoy.log())


class InstanceTests(unittest.TestCase):
    def test_a_second_instance_is_refused_and_replace_takes_over(self):
        with HeadlessSway() as sway:
            first = Buoy(sway, config()).start()
            first.wait_for_button(MAGENTA)
            second = Buoy(sway, config(), name="second").start()
            self.assertEqual(second.process.wait(timeout=5), 1)
            # One line, which names buoy once.
            self.assertRegex(second.log(), r"(?m)^buoy: already running on this display \(it answers on .*\); "
                                           r"use --replace to replace it$")
            self.assertIsNone(first.process.poll())

            third = Buoy(sway, config(), name="third", args=("--replace",)).start()
            self.assertEqual(first.process.wait(timeout=5), 0)
            third.wait_for_button(MAGENTA)
            self.assertIsNone(third.process.poll())
            self.assertEqual(msg(third, "state").returncode, 0)


    def test_a_directory_where_the_socket_goes_stops_buoy_naming_it(self):
        """Issue 42 §1: with a directory where the control socket goes, two buoys started on one
        display, neither reachable by `buoy msg`. buoy refuses to start, naming the path."""
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config())
            path = socket_path(buoy)
            path.mkdir()
            buoy.start()
            self.assertEqual(buoy.process.wait(timeout=5), 1)
            self.assertRegex(buoy.log(), f"(?m)^buoy: {path} exists and is not a socket; remove it to let buoy"
                                         f" listen there$")


# A peer that serves the control socket's path from the test, not a buoy.
FAKE_SERVER = """
import socket, sys
server = socket.socket(socket.AF_UNIX)
server.bind(sys.argv[1])
server.listen()
print("ready", flush=True)
while True:
    peer, _ = server.accept()
    try:
        peer.recv(4096)
        peer.sendall(b'ok\\n{"visible":true}\\n')
    except OSError:
        pass
    peer.close()
"""


def fake_runtime(display: str = "wayland-fake") -> tuple[tempfile.TemporaryDirectory, dict, str]:
    """A runtime directory anyone may write to, the environment that points `buoy msg` there,
    and the control socket's path in it."""
    runtime = tempfile.TemporaryDirectory()
    os.chmod(runtime.name, 0o777)
    env = {**os.environ, "XDG_RUNTIME_DIR": runtime.name, "WAYLAND_DISPLAY": display}
    return runtime, env, f"{runtime.name}/buoy-{display}.sock"


class BoundedClientTests(unittest.TestCase):
    """Issue 42 §1: the clients (`buoy msg`, `buoy doctor`) give up on a peer that floods or
    never answers, and do not take another user's server for buoy."""

    def test_msg_refuses_a_server_of_another_user(self):
        runtime, env, path = fake_runtime()
        with runtime:
            server = subprocess.Popen(["setpriv", f"--reuid={TEST_USER}", f"--regid={TEST_USER}", "--init-groups",
                                       "python3", "-c", FAKE_SERVER, path], stdout=subprocess.PIPE, text=True)
            try:
                self.assertEqual(server.stdout.readline(), "ready\n")
                os.chmod(path, 0o666)
                result = subprocess.run([BUOY, "msg", "state"], env=env, capture_output=True, text=True, timeout=10)
                uid = os.stat(path).st_uid
                self.assertEqual((result.returncode, result.stdout, result.stderr),
                                 (1, "", f"buoy: refusing {path}: its server runs as uid {uid}, not as this"
                                         f" user (uid {os.getuid()})\n"))
            finally:
                server.kill()
                server.wait()

    def test_subscribe_gives_up_on_a_peer_that_floods_it_without_a_status_line(self):
        runtime, env, path = fake_runtime()
        with runtime, socket.socket(socket.AF_UNIX) as server:
            server.bind(path)
            server.listen()
            stop = threading.Event()

            def flood():
                peer, _ = server.accept()
                with peer:
                    try:
                        while not stop.is_set():
                            peer.sendall(b"x" * 65536)
                    except OSError:
                        pass

            flooder = threading.Thread(target=flood, daemon=True)
            flooder.start()
            started = time.monotonic()
            try:
                result = subprocess.run([BUOY, "msg", "subscribe"], env=env, capture_output=True, text=True,
                                        timeout=15)
            finally:
                stop.set()
            self.assertLess(time.monotonic() - started, 5)
            self.assertEqual((result.returncode, result.stdout), (1, ""))
            self.assertEqual(result.stderr, "buoy: a reply longer than 1048576 bytes\n")

    def test_doctor_says_which_socket_did_not_answer_within_its_bound(self):
        runtime, env, path = fake_runtime("wayland-frozen")
        display = f"{runtime.name}/wayland-frozen"
        with runtime, socket.socket(socket.AF_UNIX) as frozen:
            # Accepted by the kernel's backlog and never answered, as a stopped compositor does.
            frozen.bind(display)
            frozen.listen()
            env.pop("SWAYSOCK", None)
            started = time.monotonic()
            result = subprocess.run([BUOY, "doctor"], env=env, capture_output=True, text=True, timeout=15)
            self.assertLess(time.monotonic() - started, 5)
            self.assertEqual((result.returncode, result.stdout), (1, ""))
            self.assertEqual(result.stderr, f'buoy doctor: the Wayland display "wayland-frozen" ({display}) took'
                                            f' the connection and did not answer within 2 s\n')


    def test_doctor_names_a_swaysock_that_takes_the_connection_and_never_answers(self):
        with HeadlessSway() as sway, tempfile.TemporaryDirectory() as directory, \
                socket.socket(socket.AF_UNIX) as frozen:
            path = f"{directory}/sway-frozen.sock"
            frozen.bind(path)
            frozen.listen()
            started = time.monotonic()
            result = subprocess.run([BUOY, "doctor"], env={**sway.env, "SWAYSOCK": path}, capture_output=True,
                                    text=True, timeout=20)
            self.assertLess(time.monotonic() - started, 8)
            self.assertIn(f"SWAYSOCK does not answer: {path} did not answer within 2 s\n", result.stdout)

if __name__ == "__main__":
    unittest.main()
