"""Starting and observing buoy itself on a HeadlessSway (see harness.py)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path
from typing import Optional

from harness import REPO_ROOT, HarnessError, HeadlessSway, Match, wait_for

# Absolute: `make e2e` names it relative to the checkout, and some tests run it from elsewhere.
BUOY = os.path.abspath(os.environ.get("BUOY") or str(REPO_ROOT / ".build" / "release" / "buoy"))

# What buoy logs each time it becomes ready (App+Readiness.swift).
READY = "ready: every button on screen, every menu drawn"

# Vivid colours that neither sway's background nor wev's grey checkerboard contain.
MAGENTA = (0xFF, 0x00, 0xFF)
GREEN = (0x00, 0xFF, 0x00)


def hex_color(rgb: tuple[int, int, int]) -> str:
    return "#%02x%02x%02x" % rgb


class Buoy:
    """One buoy process with its own config, state and config dirs under the test's temp dir."""

    def __init__(self, sway: HeadlessSway, config: Optional[str] = "", args: tuple = (),
                 name: str = "buoy", env: Optional[dict] = None, verbosity: str = "-dd"):
        self.sway = sway
        self.home = sway.artifact(name)
        self.config_path = self.home / "config" / "buoy" / "config.toml"
        self.state_path = self.home / "state" / "buoy" / "state"
        self.log_name = f"{sway.unique(name)}.log"
        self.config_path.parent.mkdir(parents=True, exist_ok=True)
        if config is not None:
            self.config_path.write_text(config)
        self.env = {
            **sway.env,
            "HOME": str(self.home),
            "XDG_CONFIG_HOME": str(self.home / "config"),
            "XDG_STATE_HOME": str(self.home / "state"),
            # Never the machine's own /etc/xdg/buoy/config.toml.
            "XDG_CONFIG_DIRS": str(self.home / "xdg"),
            **(env or {}),
        }
        self.args = [verbosity, *args] if verbosity else list(args)
        self.process: Optional[subprocess.Popen] = None

    def start(self) -> "Buoy":
        self.process = self.sway.spawn([BUOY, *self.args], log=self.log_name, env=self.env)
        return self

    @property
    def pid(self) -> int:
        return self.process.pid

    def log(self) -> str:
        return self.sway.artifact(self.log_name).read_text(errors="replace")

    def stop(self, timeout: float = 5.0) -> int:
        """SIGTERM, then the exit status (buoy exits 0 on SIGTERM)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise HarnessError(f"buoy did not exit within {timeout}s of SIGTERM")

    def status(self) -> dict:
        fields = {}
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            fields[key] = value.strip()
        return fields

    def msg(self, *words: str) -> subprocess.CompletedProcess:
        """`buoy msg WORDS` to this buoy; what it printed and its status."""
        return subprocess.run([BUOY, "msg", *words], env=self.env, capture_output=True, text=True,
                              timeout=10)

    def wait_ready(self, since: int = 0, timeout: float = 10.0) -> None:
        """Until buoy logs that it is ready, after the log's first `since` characters: every
        button that shows is on screen (the compositor has answered a frame callback of its
        surface) and every menu is drawn ahead of time (buoy(1), `state`'s `ready`)."""
        def ready():
            if self.process.poll() is not None:
                raise HarnessError(f"buoy exited with {self.process.returncode}:\n{self.log()}")
            return READY in self.log()[since:]

        wait_for(ready, timeout=timeout, message=lambda: f"buoy to be ready; its log:\n{self.log()[-3000:]}")

    def started(self, color: tuple[int, int, int] = MAGENTA, timeout: float = 10.0) -> Match:
        """Once buoy is ready, where its button shows (the first button, in `color`)."""
        self.wait_ready(timeout=timeout)
        return self.wait_for_button(color, timeout=timeout)

    def caught_up(self) -> dict:
        """`buoy msg state`, as a barrier: buoy reads and handles what the compositor sent it
        (input) before its control socket's requests in each wakeup, so everything the
        compositor had sent buoy before this call has been handled, and logged, once it
        answers. Returns the state."""
        result = self.msg("state")
        if result.returncode != 0:
            raise HarnessError(f"buoy msg state failed: {result.stderr}")
        return json.loads(result.stdout)

    def past(self, seconds: float) -> dict:
        """`seconds` from now on the test's clock, then two `caught_up` round trips: whatever
        buoy had due by then (a deadline it set before this call, at most `seconds` ahead: a
        double-tap window, a long press, the config watch's settling) has been handled and
        logged, however late buoy was scheduled. The first round trip's wakeup sees the
        deadline passed; buoy fires its controllers' timers after the socket's requests in a
        wakeup, so the second round trip is what comes after them. Returns the state."""
        time.sleep(seconds)
        self.caught_up()
        return self.caught_up()

    def started_commands(self, since: int = 0) -> int:
        """How many commands buoy has started (it logs each with its pid) after the log's first
        `since` characters. Read after `caught_up`, it is exact: buoy starts a command in the
        wakeup that decides it, while the command's own effects come later."""
        return len(re.findall(r": started pid \d+: ", self.log()[since:]))

    def running_commands(self) -> set[str]:
        """The pids of the commands buoy has logged as started and not yet as exited (it logs
        each exit as it reaps the child)."""
        log = self.log()
        started = set(re.findall(r": started pid (\d+): ", log))
        return started - set(re.findall(r"\bpid (\d+) (?:exited|killed)", log))

    def wait_for_button(self, color: tuple[int, int, int], timeout: float = 5.0,
                        min_pixels: int = 200) -> Match:
        """Waits until the button's colour shows in a screenshot; returns where."""
        found: list[Match] = []

        def visible():
            if self.process.poll() is not None:
                raise HarnessError(f"buoy exited with {self.process.returncode}:\n{self.log()}")
            match = self.sway.screenshot().find(color, tolerance=8)
            if match and match.count >= min_pixels:
                found.append(match)
                return True
            return False

        wait_for(visible, timeout=timeout, message=f"buoy's button ({hex_color(color)}) on screen")
        return found[-1]

    def wait_for_button_to_rest(self, color: tuple[int, int, int], timeout: float = 5.0,
                                still: float = 0.15) -> Match:
        """Waits until the button shows and has not moved for `still` s (a snap or slide has
        landed); returns where. A press aimed at a button still moving may miss it."""
        last: list = [None, 0.0]

        def resting():
            match = self.wait_for_button(color, timeout=timeout)
            now = time.monotonic()
            if last[0] is None or match.bbox != last[0].bbox:
                last[:] = [match, now]
                return None
            return match if now - last[1] >= still else None

        return wait_for(resting, timeout=timeout, interval=0.03,
                        message=f"buoy's button ({hex_color(color)}) at rest")


def count_lines(path: Path) -> int:
    return len(path.read_text().splitlines()) if path.exists() else 0


def settle(seconds: float = 0.3) -> None:
    """Gives a spawned command time to run; used only where absence is asserted."""
    time.sleep(seconds)
