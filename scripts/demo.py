#!/usr/bin/env python3
"""`make run` without a Wayland session: a private headless sway that shows buoy.

Starts buoy with examples/config.toml, whose tap opens the menu of programs buoy
finds (the first-run menu the README describes), and a double tap set to show
the on-screen keyboard. Drives a tap, a choice in the menu, a drag and a double
tap, saves a screenshot after each step under demo/, says in plain words what
each shows, and exits 1 when a step's screenshot is the same as the one before,
which would mean the step showed nothing.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests" / "e2e"))

from buoy_fixture import Buoy  # noqa: E402
from harness import HeadlessSway, Image, wait_for  # noqa: E402

BLUE = (0x35, 0x84, 0xE4)  # the example config's colour
# How many pixels a step must change for its screenshot to show it: the button's
# disc alone, moved, changes about twice its 56 x 56.
MIN_CHANGED = 2000


def demo_config() -> str:
    """The example config as installed, with a double tap that shows the keyboard.
    Its tap is "menu" with no [[menu.item]]: the first-run menu."""
    text = (REPO / "examples" / "config.toml").read_text()
    return re.sub(r"^# double_tap = .*$", 'double_tap = { action = "keyboard" }', text, flags=re.M)


def changed_pixels(before: Image, after: Image) -> int:
    """How many pixels differ between two screenshots of one size."""
    a, b = before.data, after.data
    return sum(1 for i in range(0, len(a), 3) if a[i : i + 3] != b[i : i + 3])


def stop_keyboard(sway: HeadlessSway) -> None:
    """Ends the keyboard the double tap started in this sway, which buoy's shell left
    running on its own (wvkbd would outlive the compositor)."""
    runtime = f"XDG_RUNTIME_DIR={sway.env['XDG_RUNTIME_DIR']}".encode()
    for proc in Path("/proc").iterdir():
        try:
            if (proc / "comm").read_text().strip() == "wvkbd-mobintl" and \
                    runtime in (proc / "environ").read_bytes().split(b"\0"):
                os.kill(int(proc.name), signal.SIGTERM)
        except (OSError, ValueError):
            continue  # gone, or not ours to read


def main() -> int:
    out = REPO / "demo"
    out.mkdir(exist_ok=True)
    shots: list[tuple[str, Image]] = []
    with HeadlessSway(background=(0x2E, 0x34, 0x40)) as sway:
        pointer = sway.pointer()
        # -d, not -dd: debug logging describes values by reflection, which
        # costs memory that a normal run does not pay.
        buoy = Buoy(sway, demo_config(), verbosity="-d").start()

        def shot(name: str, note: str) -> None:
            image = sway.screenshot()
            image.save_png(out / name)
            shots.append((name, image))
            print(f"  {out.relative_to(REPO) / name}: {note}")

        def changed_from_last() -> bool:
            return changed_pixels(shots[-1][1], sway.screenshot()) >= MIN_CHANGED

        def button():
            return buoy.wait_for_button(BLUE)

        def windows() -> str:
            return subprocess.run(["swaymsg", "-t", "get_tree"], env=sway.env, capture_output=True,
                                  text=True, timeout=10).stdout

        print("buoy demo on a private headless sway (1280x720)")
        where = button()
        shot("1-start.png", "buoy's button, floating at the right edge of the screen")

        pointer.click(*where.centroid)
        wait_for(lambda: "menu opened" in buoy.log(), timeout=5, message="the menu opened")
        time.sleep(0.5)  # its animation
        shot("2-tap-opens-the-menu.png",
             "a tap opens the menu: the programs buoy found here (a terminal, the on-screen"
             " keyboard, a screenshot, the screen lock) and an item that writes a config for you")

        # The menu takes the keyboard: Enter chooses its first item, the terminal.
        subprocess.run(["wtype", "-s", "300", "-k", "Return"], env=sway.env, check=True, timeout=10)
        wait_for(lambda: '"app_id": "foot"' in windows(), timeout=10, message="the terminal opened")
        wait_for(changed_from_last, timeout=5, message="the terminal on screen")
        time.sleep(0.5)  # its first frame
        shot("3-menu-item-opens-a-terminal.png",
             "choosing Terminal in the menu opened a terminal; the button stays above it")

        x, y = button().centroid
        pointer.drag(x, y, 420, 240, steps=20, duration_ms=200)
        wait_for(changed_from_last, timeout=5, message="the button follows the pointer")
        time.sleep(0.1)
        shot("4-dragging.png", "dragging the button across the screen, the pointer held down; a drop on the ×"
             " at the bottom would hide it")
        pointer.up()
        time.sleep(0.6)
        landed = button()
        shot("5-snapped.png", "let go, the button glides to the nearest edge and stays there")

        pointer.click(*landed.centroid)
        time.sleep(0.12)
        pointer.click(*landed.centroid)
        wait_for(lambda: "double_tap: started pid" in buoy.log(), timeout=5, message="the double tap ran")
        def keyboard_shown() -> bool:
            """wvkbd spans the screen's bottom row."""
            before, now = shots[-1][1], sway.screenshot()
            bottom = 3 * now.width * (now.height - 1)
            row = range(bottom, bottom + 3 * now.width, 3)
            return sum(1 for i in row if now.data[i : i + 3] != before.data[i : i + 3]) > now.width // 2

        wait_for(keyboard_shown, timeout=10, message="the keyboard on screen")
        time.sleep(0.5)  # wvkbd's first frame
        shot("6-double-tap-shows-the-keyboard.png",
             "a double tap shows the on-screen keyboard (double_tap = { action = \"keyboard\" })")
        status = buoy.status()
        print(f"buoy peak RSS (VmHWM): {status['VmHWM']}")
        buoy.stop()
        stop_keyboard(sway)
    print(f"screenshots are in {out}/")
    same = [(a[0], b[0]) for a, b in zip(shots, shots[1:]) if changed_pixels(a[1], b[1]) < MIN_CHANGED]
    for before, after in same:
        print(f"demo: {after} shows no change from {before}", file=sys.stderr)
    return 1 if same else 0


def fmt(point) -> str:
    return "(%d, %d)" % (round(point[0]), round(point[1]))


if __name__ == "__main__":
    sys.exit(main())
