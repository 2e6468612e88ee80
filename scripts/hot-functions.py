#!/usr/bin/env python3
"""Writes packaging/link/buoy.order, the linker's symbol order for buoy (`make order`).

buoy's peak RSS is mostly code: the kernel maps an executable's text 64 KiB around each page
that runs, so the functions a session runs, scattered over 5 MB of text, once kept 4 MB of it
resident. This runs the release binary through what a session does (start, taps, a double
tap, a drag, the menu by tap and `buoy msg` with status items, a submenu, a reload, hide and
show, haptic feedback to a stub feedbackd) on a private headless sway under callgrind, and lists every function that ran, as lld's
--symbol-ordering-file lines: one symbol a line, in address order, aliases folded by ICF
included; lld places them first in .text and the rest after them.
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

from buoy_fixture import MAGENTA, Buoy, hex_color  # noqa: E402
from feedbackd import FeedbackdStub, SessionBus  # noqa: E402
from harness import HeadlessSway  # noqa: E402

RELEASE = REPO / ".build" / "release"
ORDER = REPO / "packaging" / "link" / "buoy.order"
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


def session(binary: Path, out_dir: Path) -> None:
    """One session under callgrind, which writes a profile per process into `out_dir`."""
    wrapper = out_dir / "buoy-callgrind"
    wrapper.write_text(
        "#!/bin/sh\nexec valgrind --tool=callgrind --dump-instr=no --compress-strings=no "
        f"--compress-pos=no --demangle=no --callgrind-out-file={out_dir}/callgrind.%p {binary} \"$@\"\n")
    wrapper.chmod(0o755)
    real = str(RELEASE / "buoy")
    with HeadlessSway() as sway, SessionBus() as bus, FeedbackdStub(bus):
        pointer = sway.pointer()
        buoy = Buoy(sway, config(), verbosity="", env={"DBUS_SESSION_BUS_ADDRESS": bus.address})
        buoy.process = sway.spawn([str(wrapper)], log=buoy.log_name, env=buoy.env)
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
        # A start without feedback: the path a config without haptics takes.
        plain = Buoy(sway, f'[button]\ncolor = "{hex_color(MAGENTA)}"\n', name="plain", verbosity="")
        plain.process = sway.spawn([str(wrapper)], log=plain.log_name, env=plain.env)
        plain.wait_for_button(MAGENTA, timeout=60)
        plain.stop()


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
        ran: set[str] = set()
        for profile in out_dir.glob("callgrind.*"):
            ran |= functions_run(profile, binary)
        symbols: dict[int, list[str]] = {}
        nm = subprocess.run(["nm", "--defined-only", str(binary)], capture_output=True, text=True, check=True)
        for line in nm.stdout.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] in "tTwW":
                symbols.setdefault(int(parts[0], 16), []).append(parts[2])
        # A closure's C entry (`To`, what libwayland calls) runs whenever the closure does, but
        # callgrind names only the closure.
        ran |= {name + "To" for name in ran}
        hot = sorted(address for address, names in symbols.items() if ran.intersection(names))
        lines = [name for address in hot for name in sorted(symbols[address])]
    if len(hot) < 500:
        print(f"hot-functions: only {len(hot)} functions ran; the session failed?", file=sys.stderr)
        return 1
    ORDER.write_text("\n".join(lines) + "\n")
    print(f"hot-functions: {len(hot)} functions ({len(lines)} names) written to {ORDER.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
