"""Faults buoy must survive without losing anything, on a real headless sway.

The compositor dying (at rest, mid-drag), outputs coming and going, commands that hang, flood
their output or do not exist, a burst of taps, SIGKILL in the middle of saving the state file,
and config files that are garbage. scripts/soak.py runs the longer loops (output_churn,
kill_during_saves) with bigger counts.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from pathlib import Path
from typing import Optional

from buoy_fixture import BUOY, MAGENTA, Buoy, count_lines
from harness import HeadlessSway, proc_children, proc_fds, proc_kib, screenshot, wait_for
from test_msg import config, msg, socket_path

SIZE = 56
# Peak RSS buoy must stay under while its commands misbehave.
HWM_LIMIT_KIB = 12 * 1024
_STAMP = re.compile(r"^buoy \d\d:\d\d:\d\d\.\d{3} \[(info|debug)\] ")
_EDGES = ("left", "right", "top", "bottom")
_CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")


def figure(text: str) -> None:
    """A measured figure, printed under the test's name in `make test`'s output."""
    print(f"\n    figure: {text}", file=sys.stderr, end="", flush=True)


# --------------------------------------------------------------------------------------------
# The state file, as Sources/BuoyCore/State/SavedState.swift writes it


def _fraction(text: str) -> bool:
    try:
        value = float(text)
    except ValueError:
        return False
    return 0 <= value <= 1


def _valid_rest(value: str) -> bool:
    rest = value.split(" ")
    return (
        (rest[0] == "edge" and len(rest) == 3 and rest[1] in _EDGES and _fraction(rest[2]))
        or (rest[0] == "corner" and len(rest) == 2 and rest[1] in _CORNERS)
        or rest == ["center"]
        or (rest[0] == "free" and len(rest) == 3 and _fraction(rest[1]) and _fraction(rest[2]))
    )


def parse_state(text: str) -> Optional[dict]:
    """The state file (version 2, or 1) as {'output', 'rest', 'places'}: 'places' lists every
    record as {'button', 'each', 'output', 'config', 'rest'}, and 'output' and 'rest' are those
    of the button main (or the first; None when no button has a place). None when the text is
    not a whole, valid state file (wrong header, unknown, repeated or misplaced key, bad rest,
    no final newline, no `end`)."""
    if not text.endswith("\n"):
        return None
    lines = text[:-1].split("\n")
    places: list[dict] = []
    if lines[0] == "buoy-state 1":
        found: dict = {}
        for line in lines[1:]:
            key, space, value = line.partition(" ")
            if not space or key not in ("output", "rest") or key in found:
                return None
            found[key] = value
        places.append({"button": "main", "each": None, "output": found.get("output"),
                       "rest": found.get("rest", "")})
    elif lines[0] == "buoy-state 2":
        if lines[-1] != "end":
            return None
        order = ("button", "each", "output", "config", "rest")
        for line in lines[1:-1]:
            key, space, value = line.partition(" ")
            if not space or key not in order:
                return None
            if key == "button":
                places.append({"button": value, "each": None, "output": None, "config": None, "rest": None,
                               "_at": 0})
                continue
            if not places or order.index(key) <= places[-1]["_at"] or places[-1]["rest"] is not None:
                return None
            places[-1][key] = value
            places[-1]["_at"] = order.index(key)
        for place in places:
            place.pop("_at", None)
    else:
        return None
    if not all(p["rest"] and _valid_rest(p["rest"]) for p in places):
        return None
    main = next((p for p in places if p["button"] == "main"), places[0] if places else {})
    return {"output": main.get("output"), "rest": main.get("rest"), "places": places}


def problem_lines(log: str) -> list[str]:
    """Every line buoy printed that is not an [info] or [debug] log line."""
    return [line for line in log.splitlines() if line.strip() and not _STAMP.match(line)]


def log_text(buoy: Buoy, last: Optional[int] = None) -> str:
    """buoy's log, or its `last` bytes, without NUL bytes (a command that printed /dev/zero
    wrote into it, and it may be 100 MB)."""
    path = buoy.sway.artifact(buoy.log_name)
    with open(path, "rb") as f:
        if last is not None:
            f.seek(max(0, path.stat().st_size - last))
        data = f.read()
    return data.replace(b"\0", b"").decode(errors="replace")


def log_size(buoy: Buoy) -> int:
    return buoy.sway.artifact(buoy.log_name).stat().st_size


def state(buoy: Buoy) -> dict:
    result = msg(buoy, "state")
    if result.returncode != 0:
        raise AssertionError(f"buoy msg state failed ({result.returncode}): {result.stderr.strip()}")
    return json.loads(result.stdout)


def ask(buoy: Buoy, words: str, timeout: float = 2.0) -> str:
    """One request on buoy's control socket, without a `buoy msg` process: the reply text."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.settimeout(timeout)
        conn.connect(str(socket_path(buoy)))
        conn.sendall(words.encode() + b"\n")
        reply = b""
        while chunk := conn.recv(4096):
            reply += chunk
    return reply.decode()


def alive(buoy: Buoy) -> None:
    status = buoy.process.poll()
    if status is not None:
        raise AssertionError(f"buoy exited with {status}:\n{log_text(buoy, 3000)}")


# --------------------------------------------------------------------------------------------
# Loops shared with scripts/soak.py


class NestedSway(HeadlessSway):
    """A sway whose outputs can really be unplugged: it runs with the wayland backend inside
    an outer headless sway, so each of its outputs (WL-1, WL-2, ...) is a window there, and
    closing that window destroys the output and its wl_output global.

    Headless sway 1.7 cannot do that: it has no `output NAME unplug` (1.8 has), and its
    `output NAME disable` fails on every headless or nested output (wlroots 0.15 logs
    "Unsupported output state fields: 0x8", sway "Failed to commit output") while swaymsg
    still reports success.
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.outer = HeadlessSway(resolution=self.resolution)

    def start(self) -> None:
        self.outer.start()
        self.backend_env = {
            "WLR_BACKENDS": "wayland",
            "WLR_WL_OUTPUTS": "1",
            "WAYLAND_DISPLAY": str(self.outer.runtime_dir / self.outer.env["WAYLAND_DISPLAY"]),
        }
        super().start()

    def stop(self) -> None:
        super().stop()
        self.outer.stop()

    def active_outputs(self) -> list[str]:
        return sorted(o["name"] for o in self.outputs() if o.get("active"))

    def plug(self) -> str:
        """Adds an output (a new window in the outer sway); returns its name."""
        before = {o["name"] for o in self.outputs()}
        self.swaymsg("create_output")
        added = wait_for(lambda: set(self.active_outputs()) - before, timeout=3, message="the new output")
        return sorted(added)[0]

    def unplug(self, name: str) -> None:
        """Closes the output's window, which destroys the output."""
        self.outer.swaymsg(f'[title="^wlroots - {name}$"]', "kill")
        wait_for(lambda: name not in [o["name"] for o in self.outputs()], timeout=3,
                 message=f"{name} gone from get_outputs")


def output_churn(sway: NestedSway, buoy: Buoy, cycles: int, progress=None) -> dict:
    """`cycles` rounds of: plug in an output, rotate (0/90/180/270) and rescale (1/2) the old
    one, unplug the old one (the button must move to the new one), and every other round unplug
    that one too, so that for a moment there is no output at all, and plug in another. After
    each step that leaves an output the button must be on it, fully on screen. The outputs also
    change size as the outer sway tiles their windows.

    Returns {'cycles', 'outputs' (how many were plugged in), 'seconds'}.
    """
    started = time.monotonic()
    plugged = 0
    (current,) = sway.active_outputs()
    for cycle in range(cycles):
        step = "plugging in a second output"
        try:
            new = sway.plug()
            plugged += 1
            sway.swaymsg("output", current, "transform", ("0", "90", "180", "270")[cycle % 4])
            sway.swaymsg("output", current, "scale", ("1", "2")[cycle % 2])
            check_on_live_output(sway, buoy)
            step = f"unplugging {current}"
            sway.unplug(current)
            check_on_live_output(sway, buoy, expect=new)
            current = new
            if cycle % 2 == 1:
                step = f"unplugging the last output {current} and plugging in another"
                sway.unplug(current)
                current = sway.plug()
                plugged += 1
                check_on_live_output(sway, buoy, expect=current)
            step = f"rotating and scaling {current}"
            sway.swaymsg("output", current, "transform", ("90", "0")[cycle % 2])
            sway.swaymsg("output", current, "scale", ("2", "1")[cycle % 2])
            check_on_live_output(sway, buoy, expect=current)
        except AssertionError as e:
            raise AssertionError(f"cycle {cycle + 1} of {cycles}, {step}: {e}") from None
        if progress:
            progress(cycle + 1)
    return {"cycles": cycles, "outputs": plugged, "seconds": time.monotonic() - started}


def check_on_live_output(sway: HeadlessSway, buoy: Buoy, expect: Optional[str] = None,
                         timeout: float = 3.0) -> None:
    """The button is on an active output (per `buoy msg state`; `expect` if given), fully
    inside it, both in its reported position and in a grim screenshot of that output."""
    last = ["nothing checked yet"]

    def placed():
        alive(buoy)
        report = state(buoy)
        outputs = {o["name"]: o for o in sway.outputs() if o.get("active")}
        output = outputs.get(report["output"])
        if output is None or (expect is not None and report["output"] != expect):
            last[0] = f"buoy reports output {report['output']!r}; active: {sorted(outputs)}"
            return False
        width, height, scale = output["rect"]["width"], output["rect"]["height"], output["scale"]
        x, y, size = report["x"], report["y"], report["size"]
        if not (report["visible"] and 0 <= x and x + size <= width and 0 <= y and y + size <= height):
            last[0] = f"state {report} outside {width}x{height}"
            return False
        image = screenshot(sway.env, output=report["output"])
        match = image.find(MAGENTA, tolerance=8)
        diameter = size * scale
        if match is None:
            last[0] = f"no button on {report['output']} ({image.width}x{image.height})"
            return False
        left, top, right, bottom = match.bbox
        whole = (abs(match.width - diameter) <= 3 and abs(match.height - diameter) <= 3
                 and left >= 0 and top >= 0 and right <= image.width and bottom <= image.height)
        if not whole:
            last[0] = f"button {match} on {report['output']} ({image.width}x{image.height}, " \
                      f"expected {diameter} px across)"
            return False
        return True

    wait_for(placed, timeout=timeout, interval=0.05, message=lambda: f"the button on a live output: {last[0]}")


def kill_during_saves(sway: HeadlessSway, buoy: Buoy, iterations: int, seed: int = 1) -> dict:
    """Starts buoy, has it save the state file over and over (`move left`/`move right` on its
    socket, each an atomic temp-file + fsync + rename), and SIGKILLs it at a random moment;
    `iterations` times. Each time the file must hold either the last acknowledged content or
    the one in flight, never a torn mix, and the next buoy must start from it.

    Returns {'iterations', 'saves', 'mid_save' (kills after which a temp file was there: the
    kill landed between creating it and the rename), 'leftover_temp_files' (in the state dir
    at the end), 'seconds'}.
    """
    rng = random.Random(seed)
    started = time.monotonic()
    saves = mid_save = 0
    expected_edge = None  # what the file says after the previous iteration
    for iteration in range(iterations):
        buoy.start()
        wait_for(lambda: _answers(buoy), timeout=5, interval=0.002, message="buoy's control socket")
        if expected_edge is None:  # a first save, so there is always an old content
            if not ask(buoy, "move left").startswith("ok"):
                raise AssertionError("buoy msg move left failed")
            expected_edge = "left"
        report = json.loads(ask(buoy, "state").split("\n", 1)[1])
        if report["edge"] != expected_edge:
            raise AssertionError(f"iteration {iteration}: buoy started at {report['edge']}, "
                                 f"but the state file says {expected_edge}")
        acked: list[str] = []
        sending: list[Optional[str]] = [None]
        stop = threading.Event()

        def mover():
            edge = "left" if rng.random() < 0.5 else "right"
            while not stop.is_set():
                edge = "right" if edge == "left" else "left"
                sending[0] = edge
                try:
                    reply = ask(buoy, f"move {edge}", timeout=1)
                except OSError:
                    return
                if not reply.startswith("ok"):
                    return
                acked.append(edge)
                sending[0] = None

        thread = threading.Thread(target=mover)
        thread.start()
        time.sleep(rng.uniform(0.0, 0.03))
        buoy.process.send_signal(signal.SIGKILL)
        buoy.process.wait(5)
        stop.set()
        thread.join(5)
        saves += len(acked)
        # A kill mid-save leaves the write's temp file (AtomicFile: .state.tmp. and 8 hex digits),
        # which the next save removes.
        if any(buoy.state_path.parent.glob(".state.tmp.*")):
            mid_save += 1
        text = buoy.state_path.read_text() if buoy.state_path.exists() else ""
        parsed = parse_state(text)
        if parsed is None:
            raise AssertionError(f"iteration {iteration}: torn state file {text!r}")
        edge = parsed["rest"].split()[1]
        allowed = {e for e in (acked[-1] if acked else expected_edge, sending[0]) if e}
        if allowed and edge not in allowed:
            raise AssertionError(f"iteration {iteration}: state says {edge}; last acknowledged "
                                 f"{acked[-1:]}, in flight {sending[0]}")
        expected_edge = edge
    leftovers = [p.name for p in buoy.state_path.parent.iterdir() if p.name != "state"]
    return {"iterations": iterations, "saves": saves, "mid_save": mid_save,
            "leftover_temp_files": len(leftovers), "seconds": time.monotonic() - started}


def _answers(buoy: Buoy) -> bool:
    if buoy.process.poll() is not None:
        raise AssertionError(f"buoy exited with {buoy.process.returncode}:\n{log_text(buoy, 2000)}")
    try:
        return ask(buoy, "state").startswith("ok")
    except OSError:
        return False


# --------------------------------------------------------------------------------------------


class CompositorLossTests(unittest.TestCase):
    def assert_clean_exit_after_compositor_death(self, sway: HeadlessSway, buoy: Buoy) -> None:
        killed = time.monotonic()
        os.kill(sway.process.pid, signal.SIGKILL)
        try:
            status = buoy.process.wait(2.0)
        except subprocess.TimeoutExpired:
            self.fail(f"buoy still runs 2 s after the compositor died:\n{buoy.log()[-2000:]}")
        figure(f"buoy exited {1000 * (time.monotonic() - killed):.0f} ms after the compositor died")
        self.assertGreaterEqual(status, 0, f"buoy died of signal {-status}:\n{buoy.log()[-3000:]}")
        self.assertNotEqual(status, 0)
        problems = problem_lines(buoy.log())
        self.assertEqual(len(problems), 1, buoy.log()[-3000:])
        self.assertRegex(problems[0], r"^buoy: lost the connection to the compositor: \S")
        self.assertTrue(buoy.state_path.exists(), "the state file is gone")
        self.assertIsNotNone(parse_state(buoy.state_path.read_text()), buoy.state_path.read_text())

    def test_compositor_killed_at_rest(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config()).start()
            buoy.wait_for_button(MAGENTA)
            self.assertEqual(msg(buoy, "move", "left").returncode, 0)
            self.assertIn("rest edge left", buoy.state_path.read_text())
            self.assert_clean_exit_after_compositor_death(sway, buoy)

    def test_compositor_killed_mid_drag(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy = Buoy(sway, config(snap={"duration": 0.05})).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            pointer.drag(cx, cy, 100, 300, steps=20, duration_ms=100, release=True)
            wait_for(lambda: buoy.state_path.exists(), timeout=2, message="the state saved by the drag")
            # Not while it still snaps: a press where it was a frame ago may miss it.
            cx, cy = buoy.wait_for_button_to_rest(MAGENTA).centroid
            pointer.drag(cx, cy, 600, 400, steps=20, duration_ms=100)  # still held
            wait_for(lambda: buoy.log().count(": drag began") == 2, timeout=2, message="the second drag")
            self.assert_clean_exit_after_compositor_death(sway, buoy)

    def test_sigterm_while_the_button_is_held_exits_0(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy = Buoy(sway, config()).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            pointer.move(cx, cy)
            pointer.down()
            wait_for(lambda: "main: press at" in buoy.log(), timeout=2, message="the press")
            self.assertEqual(buoy.stop(), 0, buoy.log()[-3000:])
            self.assertIsNotNone(parse_state(buoy.state_path.read_text()))


class OutputChurnTests(unittest.TestCase):
    def test_20_cycles_of_output_churn_leave_the_button_on_a_live_output(self):
        with NestedSway() as sway:
            buoy = Buoy(sway, config()).start()
            buoy.wait_for_button(MAGENTA)
            result = output_churn(sway, buoy, cycles=20)
            figure(f"{result['cycles']} cycles, {result['outputs']} outputs plugged in and out, "
                   f"in {result['seconds']:.1f} s")
            alive(buoy)
            self.assertEqual([line for line in problem_lines(buoy.log())], [])


class HostileCommandTests(unittest.TestCase):
    def test_a_hanging_a_flooding_and_a_missing_command_leave_buoy_responsive(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            marker = sway.artifact("tapped")
            good_tap = f"echo x >> {marker}"
            buoy = Buoy(sway, config(actions={"tap": f'"{good_tap}"'})).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            taps = 0

            def set_tap(command: str) -> None:
                temp = buoy.config_path.with_suffix(".new")
                temp.write_text(config(actions={"tap": f'"{command}"'}))
                os.replace(temp, buoy.config_path)
                result = msg(buoy, "reload")
                self.assertEqual(result.returncode, 0, result.stderr)

            def responsive() -> None:
                nonlocal taps
                set_tap(good_tap)
                pointer.click(cx, cy)
                taps += 1
                wait_for(lambda: count_lines(marker) == taps, timeout=3, message=f"tap {taps} ran")
                self.assertEqual(state(buoy)["size"], SIZE)

            def no_zombies() -> None:
                wait_for(lambda: not [c for c in proc_children(buoy.pid) if c[1] == "Z"], timeout=2,
                         message=lambda: f"no zombie children; have {proc_children(buoy.pid)}")

            # 1. A command that never exits: buoy goes on; the child holds none of buoy's fds.
            set_tap("sleep 1000")
            pointer.click(cx, cy)

            def sleeping():
                for pid, _ in proc_children(buoy.pid):
                    try:
                        if b"sleep" in Path(f"/proc/{pid}/cmdline").read_bytes():
                            return pid
                    except OSError:
                        pass
                return None
            child = wait_for(sleeping, timeout=3, message="sleep 1000 running")
            self.assertEqual(sorted(proc_fds(child)), [0, 1, 2], f"fds buoy leaked: {proc_fds(child)}")
            responsive()
            os.killpg(child, signal.SIGTERM)  # the command runs in a session of its own
            wait_for(lambda: not proc_children(buoy.pid), timeout=2,
                     message=lambda: f"sleep 1000 reaped; children {proc_children(buoy.pid)}")
            self.assertIn(f"pid {child} killed by signal 15", buoy.log())

            # 2. A command that prints 100 MB (into buoy's stderr, which the child inherits).
            set_tap("head -c 100000000 /dev/zero")
            size_before = log_size(buoy)
            started = time.monotonic()
            pointer.click(cx, cy)
            wait_for(lambda: log_size(buoy) >= size_before + 100_000_000 and not proc_children(buoy.pid),
                     timeout=20, message="head's 100 MB written, and head reaped")
            flood_seconds = time.monotonic() - started
            wait_for(lambda: re.search(r"pid \d+ exited with status 0", log_text(buoy, 4096)), timeout=2,
                     message="head's exit logged")
            responsive()
            no_zombies()

            # 3. A command that does not exist: sh exits 127, logged as a warning.
            set_tap("nonexistent-command-xyz")
            pointer.click(cx, cy)
            wait_for(lambda: re.search(r"pid \d+ exited with status 127", log_text(buoy, 4096)), timeout=3,
                     message="exit status 127 logged")
            responsive()
            no_zombies()

            alive(buoy)
            hwm = proc_kib(buoy.pid, "VmHWM")
            figure(f"VmHWM {hwm} KiB after all three; the 100 MB flood took {flood_seconds:.2f} s")
            self.assertLessEqual(hwm, HWM_LIMIT_KIB)


class RapidTapTests(unittest.TestCase):
    def test_150_taps_in_bursts_each_run_once_within_max_running(self):
        """30 bursts of 5 taps at 30 a second: each tap runs its command once, a burst's commands
        run side by side, never more than max_running (8), and none is refused. Each command
        runs until the test lets it end (a gate file), so how many run at once is the test's
        doing and not the machine's speed: with `sleep 0.1` commands, a loaded machine piled up
        more than 8 and buoy refused taps, as max_running is meant to."""
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            marker, gate = sway.artifact("tapped"), sway.artifact("gate")
            tap = f'"echo x >> {marker}; until [ -e {gate} ]; do sleep 0.01; done"'
            buoy = Buoy(sway, config(actions={"tap": tap})).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            most = 0
            began = time.monotonic()
            for burst in range(1, 31):
                for k in range(5):
                    if k:
                        pointer.sleep(33)  # 30 taps a second, paced by the pointer's driver
                    pointer.click(cx, cy)
                wait_for(lambda: count_lines(marker) == 5 * burst, timeout=5,
                         message=lambda: f"burst {burst}'s 5 commands; {count_lines(marker)} lines")
                most = max(most, len(proc_children(buoy.pid)))
                gate.touch()
                wait_for(lambda: buoy.caught_up() is not None and not buoy.running_commands(), timeout=5,
                         message=lambda: f"burst {burst}'s commands ended: {buoy.running_commands()}")
                gate.unlink()
            figure(f"150 taps in 30 bursts of 5 in {time.monotonic() - began:.2f} s; at most {most} "
                   "commands running at once")
            # Every click has been handled: a 151st command would have been logged as started.
            buoy.caught_up()
            self.assertEqual(buoy.started_commands(), 150)
            self.assertEqual(count_lines(marker), 150)
            self.assertEqual(most, 5, "a burst's commands side by side")
            self.assertNotIn("refused", buoy.log())

    def test_with_max_running_1_taps_beyond_it_are_refused_and_logged(self):
        with HeadlessSway() as sway:
            pointer = sway.pointer()
            buoy = Buoy(sway, config(actions={"tap": '"sleep 0.5"', "max_running": 1})).start()
            cx, cy = buoy.wait_for_button(MAGENTA).centroid
            for _ in range(3):
                pointer.click(cx, cy)
                pointer.sleep(50)
            wait_for(lambda: buoy.log().count("refused") == 2, timeout=2,
                     message=lambda: f"2 refusals in the log:\n{buoy.log()[-1500:]}")
            self.assertEqual(buoy.log().count("tap: started pid"), 1)
            self.assertEqual(len(proc_children(buoy.pid)), 1)
            self.assertRegex(buoy.log(), r"\[warning\] tap: refused; 1 commands still running "
                                         r"\(\[actions\] max_running = 1\)")
            wait_for(lambda: not proc_children(buoy.pid), timeout=2, message="sleep 0.5 reaped")
            pointer.click(cx, cy)
            wait_for(lambda: buoy.log().count("tap: started pid") == 2, timeout=2,
                     message="a tap runs again once the first command is done")


class StateFileTests(unittest.TestCase):
    def test_sigkill_during_100_rounds_of_saves_never_tears_the_state_file(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config())
            result = kill_during_saves(sway, buoy, iterations=100)
            figure(f"{result['iterations']} kills in {result['seconds']:.1f} s after {result['saves']} "
                   f"saves; {result['mid_save']} landed mid-save; "
                   f"{result['leftover_temp_files']} temp files left in the state dir")
            self.assertGreater(result["mid_save"], 0, "no kill landed during a save")

    def test_a_state_file_that_is_a_fifo_is_ignored_and_sigterm_still_stops_buoy(self):
        # Issue 34 #7: opening a FIFO with no writer blocked start-up, after the loop had
        # blocked SIGTERM for its signalfd, so nothing but SIGKILL stopped buoy.
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config())
            buoy.state_path.parent.mkdir(parents=True)
            os.mkfifo(buoy.state_path)
            buoy.start()
            buoy.wait_for_button(MAGENTA)
            self.assertIn(f"ignoring the unreadable state file {buoy.state_path}: not a regular file",
                          buoy.log())
            self.assertEqual(buoy.stop(), 0, buoy.log()[-2000:])
            # buoy doctor reads it the same way (buoy's save on SIGTERM replaced the FIFO).
            buoy.state_path.unlink()
            os.mkfifo(buoy.state_path)
            doctor = subprocess.run([BUOY, "doctor"], env=buoy.env, capture_output=True, text=True, timeout=10)
            self.assertIn(f"{buoy.state_path}: unreadable, so buoy ignores it: not a regular file",
                          doctor.stdout)


# Config files that are not configs.
def _bad_configs() -> dict[str, bytes]:
    return {
        "binary garbage": random.Random(1234).randbytes(65536),
        "10 MB": b"[button]\n" + b"# padding\n" * 1_000_000,
        "deep nesting": b"a = " + b"[" * 100_000,
        "invalid UTF-8": b'[button]\nsize = 56\ncolor = "\xff\xfe"\n',
    }


class BadConfigTests(unittest.TestCase):
    def assert_one_line_and_caret(self, path: Path, stderr: str) -> None:
        lines = stderr.rstrip("\n").split("\n")
        self.assertRegex(lines[0], rf"^{re.escape(str(path))}:\d+:\d+: \S", stderr[:600])
        self.assertEqual(len(lines), 3, stderr[:600])  # the message, the line, the caret
        self.assertRegex(lines[2], r"^\s*\^$", stderr[:600])

    def test_check_reports_each_bad_file_in_one_line_plus_caret_within_2_s(self):
        with tempfile.TemporaryDirectory() as tmp:
            for name, content in _bad_configs().items():
                with self.subTest(name):
                    path = Path(tmp) / (name.replace(" ", "-") + ".toml")
                    path.write_bytes(content)
                    started = time.monotonic()
                    result = subprocess.run([BUOY, "--check", "--config", str(path)], capture_output=True,
                                            timeout=10)
                    seconds = time.monotonic() - started
                    stderr = result.stderr.decode(errors="replace")
                    self.assertGreater(result.returncode, 0, f"status {result.returncode}: {stderr[:600]}")
                    self.assertLess(seconds, 2)
                    self.assert_one_line_and_caret(path, stderr)

    def test_a_bad_file_on_reload_keeps_the_old_config_in_force(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config()).start()
            buoy.wait_for_button(MAGENTA)
            for name, content in _bad_configs().items():
                with self.subTest(name):
                    buoy.config_path.write_bytes(content)
                    result = msg(buoy, "reload")
                    self.assertEqual(result.returncode, 1, result.stderr)
                    self.assertEqual(len(result.stderr.strip().splitlines()), 1, result.stderr[:600])
                    self.assertRegex(result.stderr, rf"{re.escape(str(buoy.config_path))}:\d+:\d+: \S")
                    alive(buoy)
                    self.assertEqual(state(buoy)["size"], SIZE)
                    match = buoy.wait_for_button(MAGENTA, timeout=2)
                    self.assertAlmostEqual(match.width, SIZE, delta=3)


if __name__ == "__main__":
    unittest.main()
