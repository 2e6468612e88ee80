#!/usr/bin/env python3
"""`make run` without a Wayland session: a private headless sway that shows buoy.

Starts buoy with examples/config.toml (its actions replaced by ones that leave a
trace), drives a tap, a drag and a double tap through a virtual pointer, saves a
screenshot after each step under demo/, and prints what happened.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests" / "e2e"))

from buoy_fixture import Buoy, count_lines  # noqa: E402
from harness import HeadlessSway, wait_for  # noqa: E402

BLUE = (0x35, 0x84, 0xE4)  # the example config's colour


def demo_config(events: Path) -> str:
    """The example config, with actions that append to `events`, and a menu
    on long press."""
    text = (REPO / "examples" / "config.toml").read_text()
    actions = {
        "tap": f'"echo tap >> {events}"',
        "double_tap": f'"echo double-tap >> {events}"',
        "long_press": '"menu"',
    }
    for key, value in actions.items():
        text = re.sub(rf"^#?\s*{key} = .*$", f"{key} = {value}", text, flags=re.M)
    items = [
        ("Terminal", "utilities-terminal", "terminal"),
        ("Files", "system-file-manager", "files"),
        ("Keyboard", "input-keyboard", "keyboard"),
        ("Screenshot", "camera-photo", "screenshot"),
    ]
    for label, icon, word in items:
        text += f'\n[[menu.item]]\nlabel = "{label}"\nicon = "{icon}"\ncommand = "echo menu-{word} >> {events}"\n'
    return text


def main() -> int:
    out = REPO / "demo"
    out.mkdir(exist_ok=True)
    with HeadlessSway(background=(0x2E, 0x34, 0x40)) as sway:
        pointer = sway.pointer()
        events = sway.artifact("events")
        # -d, not -dd: debug logging describes values by reflection, which
        # costs memory that a normal run does not pay.
        buoy = Buoy(sway, demo_config(events), verbosity="-d").start()

        def shot(name: str, note: str):
            sway.screenshot().save_png(out / name)
            print(f"  {out.relative_to(REPO) / name}: {note}")

        def button():
            return buoy.wait_for_button(BLUE)

        print("buoy demo on a private headless sway (1280x720)")
        where = button()
        shot("1-start.png", f"the button at the right edge, centre {fmt(where.centroid)}")

        pointer.click(*where.centroid)
        wait_for(lambda: count_lines(events) >= 1, timeout=3, message="tap ran")
        shot("2-tap.png", "after a tap; its command ran: " + events.read_text().strip())

        x, y = button().centroid
        pointer.drag(x, y, 420, 240, steps=20, duration_ms=200)
        time.sleep(0.1)
        shot("3-dragging.png", f"dragging, the pointer held at {fmt((420, 240))}")
        pointer.up()
        time.sleep(0.6)
        landed = button()
        shot("4-snapped.png", f"released: it snapped to the nearest edge, centre {fmt(landed.centroid)}")

        pointer.click(*landed.centroid)
        time.sleep(0.12)
        pointer.click(*landed.centroid)
        wait_for(lambda: "double-tap" in events.read_text(), timeout=3, message="double tap ran")
        shot("5-double-tap.png", "after a double tap: " + ", ".join(events.read_text().split()))

        pointer.move(*landed.centroid)
        pointer.down()
        pointer.sleep(700)
        pointer.up()
        wait_for(lambda: "menu opened" in buoy.log(), timeout=5, message="the menu opened")
        time.sleep(0.5)  # its animation
        shot("6-menu.png", "a long press opened the menu")
        # The first item sits below the button: half the button (28), the
        # spacing (12) and half an item (20) further down.
        pointer.click(landed.centroid[0], landed.centroid[1] + 28 + 12 + 20)
        time.sleep(0.4)
        shot("7-menu-item.png", "chose the first item: " + ", ".join(events.read_text().split()))
        status = buoy.status()
        print(f"buoy peak RSS (VmHWM): {status['VmHWM']}")
        buoy.stop()
    print(f"screenshots are in {out}/")
    return 0


def fmt(point) -> str:
    return "(%d, %d)" % (round(point[0]), round(point[1]))


if __name__ == "__main__":
    sys.exit(main())
