"""A private session bus with at-spi-bus-launcher on it, and pyatspi (Debian's, run by
/usr/bin/python3 through atspi_client.py) to read and drive what is on its accessibility bus:
for test_accessibility.py and bench/run.py. A missing tool is a failure, never a skip."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

from feedbackd import SessionBus
from harness import HarnessError, HeadlessSway, require_tools, stop_process, wait_for

LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
DEBIAN_PYTHON = "/usr/bin/python3"
CLIENT = Path(__file__).with_name("atspi_client.py")


class Accessibility:
    """A private session bus with at-spi-bus-launcher on it, accessibility switched on (or
    not), and pyatspi to read and drive what is on its accessibility bus."""

    def __init__(self, sway: HeadlessSway, enabled: bool = True):
        require_tools(LAUNCHER, DEBIAN_PYTHON, "dbus-send")
        self.bus = SessionBus()
        self.env = {**os.environ, "DBUS_SESSION_BUS_ADDRESS": self.bus.address,
                    "XDG_RUNTIME_DIR": str(sway.artifact("a11y-runtime"))}
        os.makedirs(self.env["XDG_RUNTIME_DIR"], mode=0o700, exist_ok=True)
        self.env.pop("AT_SPI_BUS_ADDRESS", None)
        self.launcher = subprocess.Popen([LAUNCHER, "--launch-immediately"], env=self.env,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(lambda: self.send("org.freedesktop.DBus", "/org/freedesktop/DBus",
                                   "org.freedesktop.DBus.NameHasOwner", "string:org.a11y.Bus",
                                   check=False).endswith("true"),
                 timeout=5, message="at-spi-bus-launcher owns org.a11y.Bus")
        # The launcher's own default for IsEnabled is on here (no GSettings schema says otherwise).
        self.switch(enabled)

    def send(self, destination: str, path: str, method: str, *args: str, check: bool = True) -> str:
        result = subprocess.run(["dbus-send", "--session", f"--dest={destination}", "--print-reply",
                                 path, method, *args], env=self.env, capture_output=True, text=True,
                                timeout=10)
        if check and result.returncode != 0:
            raise HarnessError(f"dbus-send {method}: {result.stderr}")
        return result.stdout.strip()

    def switch(self, on: bool) -> None:
        """org.a11y.Status IsEnabled, as GNOME's settings or Orca set it."""
        self.send("org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties.Set",
                  "string:org.a11y.Status", "string:IsEnabled", f"variant:boolean:{str(on).lower()}")

    def address(self) -> str:
        reply = self.send("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus.GetAddress")
        return reply.split('"')[1]

    def client(self, *args: str) -> object:
        result = subprocess.run([DEBIAN_PYTHON, str(CLIENT), *args], env=self.env,
                                capture_output=True, text=True, timeout=20)
        if result.returncode != 0:
            raise HarnessError(f"atspi_client {' '.join(args)}: {result.stderr}")
        return json.loads(result.stdout)

    def app(self, timeout: float = 10) -> dict:
        """Waits until the registry's desktop lists buoy; returns what pyatspi read of it."""
        return wait_for(lambda: self.client("tree"), timeout=timeout, interval=0.2,
                        message="pyatspi lists the application buoy")

    def close(self) -> None:
        stop_process(self.launcher)
        self.bus.close()

    def __enter__(self) -> "Accessibility":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Orca:
    """Orca 43 on `a11y`'s buses, what it would speak read from its debug log ("SPEECH OUTPUT"
    lines, which Orca writes whether or not a synthesizer is there; `-d speech` keeps it from
    starting speech-dispatcher). Orca 43 reads the keymap from an X display before it starts
    (`xkbcomp $DISPLAY`, and without DISPLAY it dies with a KeyError), so a rootless Xwayland on
    the compositor gives it one; it reads the rest (focus, names) from the accessibility bus."""

    def __init__(self, sway: HeadlessSway, a11y: Accessibility):
        require_tools("orca", "Xwayland")
        # A display number no X server holds (another test's Xwayland may hold a low one).
        display = next(n for n in range(100 + os.getpid() % 400, 1000)
                       if not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists())
        self.xwayland = sway.spawn(["Xwayland", f":{display}", "-rootless", "-noreset"],
                                   log=sway.unique("xwayland") + ".log")
        wait_for(lambda: Path(f"/tmp/.X11-unix/X{display}").exists(), timeout=10,
                 message="Xwayland's display socket")
        self.log = sway.artifact(sway.unique("orca") + "-debug.log")
        home = sway.artifact(sway.unique("orca-home"))
        prefs = home / ".local/share/orca"
        prefs.mkdir(parents=True)
        # Orca writes its debug log through a buffer it never flushes; its customizations,
        # loaded at start, make that buffer flush at each line, so the test reads it as it comes.
        (prefs / "orca-customizations.py").write_text(
            "from orca import debug\n"
            "if debug.debugFile:\n"
            "    debug.debugFile.reconfigure(line_buffering=True)\n")
        env = {**sway.env, "DBUS_SESSION_BUS_ADDRESS": a11y.bus.address, "DISPLAY": f":{display}",
               "HOME": str(home)}
        env.pop("AT_SPI_BUS_ADDRESS", None)
        self.process = sway.spawn(["orca", "-d", "speech", "--debug-file", str(self.log)],
                                  log=sway.unique("orca") + ".log", env=env)
        wait_for(lambda: "ORCA: Starting registry" in self.text(), timeout=30, interval=0.2,
                 message="Orca started (its debug log)")

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def spoken(self) -> list[str]:
        """What Orca has said so far, in order."""
        return re.findall(r"SPEECH OUTPUT: '([^']*)'", self.text())

    def close(self) -> None:
        # Orca does not end on SIGTERM while its registry runs; stop_process then kills it.
        stop_process(self.process, grace=1.0)
        stop_process(self.xwayland)


def connections_to(a11y: Accessibility, pid: int) -> int:
    """How many connections `pid` has to the accessibility bus, as its dbus-daemon counts them."""
    def call(method: str, *args: str) -> str:
        result = subprocess.run(["dbus-send", f"--bus={a11y.address()}", "--dest=org.freedesktop.DBus",
                                 "--print-reply", "/org/freedesktop/DBus", f"org.freedesktop.DBus.{method}",
                                 *args], env=a11y.env, capture_output=True, text=True, timeout=10)
        return result.stdout if result.returncode == 0 else ""
    names = [word.strip('"') for word in call("ListNames").split() if word.startswith('":')]
    return sum(1 for name in names
               if call("GetConnectionUnixProcessID", f"string:{name}").split()[-1:] == [str(pid)])
