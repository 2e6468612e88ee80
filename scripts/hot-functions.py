#!/usr/bin/env python3
"""Writes packaging/link/buoy.order, the linker's symbol order for buoy (`make order`).

buoy's peak RSS is mostly code: the kernel maps an executable's text 64 KiB around each page
that runs, so the functions a session runs, scattered over 5 MB of text, once kept 4 MB of it
resident. This runs the release binary under callgrind on a private headless sway through
what sessions do, in groups (GROUPS): a plain start; a start with accessibility off on a session
bus; a start with keys configured; a long session (taps, a double tap, a drag, the menu by tap
and `buoy msg` with status items, a submenu, a reload, hide and show, haptic feedback to a stub
feedbackd); a screen reader reading the tree with the menu open; edit mode, its picker and a
group of it. It lists every function that ran, as lld's --symbol-ordering-file lines: one symbol
a line, group by group, each group in address order after what the groups before it ran, aliases
folded by ICF included; lld places them first in .text and the rest after them. So what every
start runs is together, and what only one capability runs keeps to pages of its own.
Package.swift compiles with -function-sections and links with the file. A stale list only
costs memory (`make bench` reports how many of its names the binary still has).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests" / "e2e"))

from atspi import Accessibility  # noqa: E402
from buoy_fixture import MAGENTA, Buoy, hex_color  # noqa: E402
from feedbackd import FeedbackdStub, SessionBus  # noqa: E402
from harness import HeadlessSway, wait_for  # noqa: E402

RELEASE = REPO / ".build" / "release"
ORDER = REPO / "packaging" / "link" / "buoy.order"
# The sessions, most common first: every start; with a session bus and accessibility off; with
# keys configured; the menu, status items, gestures and haptics; accessibility on; edit mode.
GROUPS = ["start", "bus", "keys", "session", "a11y", "edit"]
# Seconds a start under callgrind is given to show its button and settle (about 3 s on 2 loaded cores).
SETTLE = 8
ICONS = ["utilities-terminal", "foot", "gvim", "camera-photo", "system-search", "folder"]


def config() -> str:
    # feedback = "on": sway has no touch, and haptics' D-Bus code should be with the rest.
    # Numbers at their defaults, fractional and whole, as the example config writes them:
    # parsing them runs code (Double from text, strtod, integers) that nothing else does.
    text = (f'[button]\ncolor = "{hex_color(MAGENTA)}"\nfeedback = "on"\nidle_delay = 1.5\n'
            '[actions]\ntap = "menu"\ndouble_tap = "true"\nlong_press = "true"\n'
            '[menu]\nopen_duration = 0.3\nitem_size = 40\n')
    for index, icon in enumerate(ICONS):
        text += f'[[menu.item]]\nlabel = "Item {index + 1}"\nicon = "{icon}"\ncommand = "true"\n'
        # Status items, one a toggle and one that hangs until it is killed at 1 s.
        if index < 3:
            text += ['status = "echo on"\n', 'status = "true"\ntoggle = true\n', 'status = "sleep 5"\n'][index]
    text += '[[menu.item]]\nlabel = "More"\nsubmenu = "more"\n'
    text += '[[submenu.more.item]]\nlabel = "Inner"\nicon = "folder"\ncommand = "true"\n'
    return text


def profiled(binary: Path, out_dir: Path, group: str) -> Path:
    """A wrapper that runs `binary` under callgrind, its profiles in `out_dir`/`group`."""
    (out_dir / group).mkdir()
    wrapper = out_dir / f"buoy-{group}"
    wrapper.write_text(
        "#!/bin/sh\nexec valgrind --tool=callgrind --dump-instr=no --compress-strings=no "
        f"--compress-pos=no --demangle=no --callgrind-out-file={out_dir / group}/callgrind.%p {binary} \"$@\"\n")
    wrapper.chmod(0o755)
    return wrapper


def place_of(buoy: Buoy, label: str, since: int) -> tuple[float, float]:
    """Where the debug log's last `menu: items at` line, after `since`, puts `label`."""
    def found():
        lines = [line for line in buoy.log()[since:].splitlines() if "menu: items at " in line]
        for part in (lines[-1].split("menu: items at ", 1)[1].split(" | ") if lines else []):
            name, _, numbers = part.rpartition("@")
            if name == label:
                x, y = numbers.split(",")[:2]
                return float(x), float(y)
        return None
    return wait_for(found, timeout=60, message=f"{label} on screen")


def session(binary: Path, out_dir: Path) -> None:
    """The sessions under callgrind, each group's profiles in a directory of its own (GROUPS)."""
    real = str(RELEASE / "buoy")
    with HeadlessSway() as sway:
        pointer = sway.pointer()
        # A start without feedback, a menu or a session bus: what every start runs.
        plain = Buoy(sway, f'[button]\ncolor = "{hex_color(MAGENTA)}"\n', name="plain", verbosity="")
        plain.process = sway.spawn([str(profiled(binary, out_dir, "start"))], log=plain.log_name, env=plain.env)
        # The default fade (1.5 s) may dim the button before callgrind's slow start shows it, so
        # its colour cannot be waited for; these starts stop after a settled while instead.
        time.sleep(SETTLE)
        plain.stop()
        # The same with accessibility off on the session bus: the watch and nothing more.
        with Accessibility(sway, enabled=False) as a11y:
            off = Buoy(sway, f'[button]\ncolor = "{hex_color(MAGENTA)}"\n', name="bus", verbosity="",
                       env={"DBUS_SESSION_BUS_ADDRESS": a11y.bus.address})
            off.process = sway.spawn([str(profiled(binary, out_dir, "bus"))], log=off.log_name, env=off.env)
            time.sleep(SETTLE)
            off.stop()
        # Keys configured, a keyboard on the seat (wtype's), as the bench's keys figure starts.
        keyboard = sway.spawn(["wtype", "-s", "600000", ""], log=sway.unique("wtype") + ".log")
        keys = Buoy(sway, f'[button]\ncolor = "{hex_color(MAGENTA)}"\n'
                    '[actions]\ntap = { keys = ["ctrl+l", "ctrl+c", "back", "overview"] }\n',
                    name="keys", verbosity="")
        keys.process = sway.spawn([str(profiled(binary, out_dir, "keys"))], log=keys.log_name, env=keys.env)
        time.sleep(SETTLE)
        keys.stop()
        keyboard.kill()
        keyboard.wait()
        with SessionBus() as bus, FeedbackdStub(bus):
            buoy = Buoy(sway, config(), verbosity="", env={"DBUS_SESSION_BUS_ADDRESS": bus.address})
            buoy.process = sway.spawn([str(profiled(binary, out_dir, "session"))], log=buoy.log_name,
                                      env=buoy.env)
            cx, cy = buoy.wait_for_button(MAGENTA, timeout=60).centroid

            def msg(*words: str) -> None:
                subprocess.run([real, "msg", *words], env=buoy.env, capture_output=True, timeout=60)
                time.sleep(2)

            pointer.click(cx, cy)  # the menu, by tap
            time.sleep(3)
            pointer.click(cx, cy)  # a tap on the button closes it
            time.sleep(2)
            pointer.click(cx, cy)
            time.sleep(0.05)
            pointer.click(cx, cy)
            time.sleep(2)
            pointer.move(cx, cy)
            pointer.down()
            time.sleep(1.5)
            pointer.up()
            time.sleep(1)
            pointer.drag(cx, cy, cx - 300, cy - 150, steps=20, duration_ms=600, release=True)
            time.sleep(3)
            for words in (["menu"], ["state"], ["menu"], ["menu", "more"], ["menu"], ["reload"], ["menu"],
                          ["menu"], ["hide"], ["show"]):
                msg(*words)
            buoy.stop()
        # Accessibility on: a screen reader reads the tree, and the menu opens.
        with Accessibility(sway, enabled=True) as a11y:
            # A command on tap, as the bench's: the tree names the button by its program.
            on = Buoy(sway, f'[button]\ncolor = "{hex_color(MAGENTA)}"\nidle_delay = 60\n[actions]\n'
                      'tap = "true"\nlong_press = "menu"\n'
                      + "".join(f'[[menu.item]]\nlabel = "Item {n}"\ncommand = "true"\n' for n in range(8)),
                      name="a11y", verbosity="", env={"DBUS_SESSION_BUS_ADDRESS": a11y.bus.address})
            on.process = sway.spawn([str(profiled(binary, out_dir, "a11y"))], log=on.log_name, env=on.env)
            on.wait_for_button(MAGENTA, timeout=60)
            a11y.app(timeout=60)
            for _ in range(2):  # taps by doAction, as a screen reader's
                a11y.client("timed-do", "0", "activate")
                time.sleep(1)
            subprocess.run([real, "msg", "menu"], env=on.env, capture_output=True, timeout=60)
            wait_for(lambda: a11y.client("tree")["children"][0]["children"], timeout=60,
                     message="the menu in the tree")
            on.stop()
        # Edit mode: Edit, then "+" (the picker), then Media, as the bench taps them; -dd, as
        # the bench runs it (its log says where the items are).
        edit = Buoy(sway, f'[button]\ncolor = "{hex_color(MAGENTA)}"\nidle_delay = 60\n[actions]\ntap = "menu"\n'
                    '[menu]\nedit = "touch"\n' + "".join(
                        f'[[menu.item]]\nlabel = "Item {n}"\nicon = "{icon}"\ncommand = "true"\n'
                        for n, icon in enumerate(ICONS)), name="edit")
        edit.process = sway.spawn([str(profiled(binary, out_dir, "edit")), "-dd"], log=edit.log_name,
                                  env=edit.env)
        cx, cy = edit.wait_for_button(MAGENTA, timeout=60).centroid
        edit.wait_ready(timeout=60)
        mark = len(edit.log())
        pointer.click(cx, cy)
        for label in ("Edit", "Add", "Media"):
            x, y = place_of(edit, label, mark)
            time.sleep(1)
            mark = len(edit.log())
            pointer.click(x, y)
            wait_for(lambda: "menu: showing edit mode" in edit.log()[mark:], timeout=60,
                     message="edit mode shown")
        time.sleep(1)
        edit.stop()


def functions_run(profile: Path, binary: Path) -> set[str]:
    names, object_name = set(), None
    for line in profile.read_text(errors="replace").splitlines():
        if line.startswith("ob="):
            object_name = line[3:].strip()
        elif line.startswith("fn=") and object_name == str(binary):
            names.add(line[3:].strip())
    return names


def main() -> int:
    if shutil.which("valgrind") is None:
        print("hot-functions: valgrind is missing (apt-get install valgrind)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="buoy-order-") as temp:
        out_dir = Path(temp)
        # valgrind 3.19 cannot read the DWARF 5 that swiftc writes: profile a copy without it,
        # beside the drawing helper, which buoy looks for next to itself.
        binary = out_dir / "buoy"
        subprocess.run(["objcopy", "--strip-debug", str(RELEASE / "buoy"), str(binary)], check=True)
        (out_dir / "buoy-draw").symlink_to(RELEASE / "buoy-draw")
        session(binary, out_dir)
        symbols: dict[int, list[str]] = {}
        nm = subprocess.run(["nm", "--defined-only", str(binary)], capture_output=True, text=True, check=True)
        for line in nm.stdout.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] in "tTwW":
                symbols.setdefault(int(parts[0], 16), []).append(parts[2])
        # Group by group, each in address order after the groups before it: what every start
        # runs is together, and what only one capability runs stays out of the others' pages.
        hot: list[int] = []
        for group in GROUPS:
            ran: set[str] = set()
            for profile in (out_dir / group).glob("callgrind.*"):
                ran |= functions_run(profile, binary)
            # A closure's C entry (`To`, what libwayland calls) runs whenever the closure does,
            # but callgrind names only the closure.
            ran |= {name + "To" for name in ran}
            placed = set(hot)
            new = sorted(address for address, names in symbols.items()
                         if address not in placed and ran.intersection(names))
            print(f"hot-functions: {group}: {len(new)} functions more")
            hot += new
        lines = [name for address in hot for name in sorted(symbols[address])]
    if len(hot) < 500:
        print(f"hot-functions: only {len(hot)} functions ran; the session failed?", file=sys.stderr)
        return 1
    ORDER.write_text("\n".join(lines) + "\n")
    print(f"hot-functions: {len(hot)} functions ({len(lines)} names) written to {ORDER.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
