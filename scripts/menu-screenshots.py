#!/usr/bin/env python3
"""The menu's screenshots for the docs: a column and a panel on a dark (#2e3440) and a light
(#eceff4) wallpaper, labels in Chinese and Arabic, eight items on a panel on a 360x720 phone at
scale 2 (issue 43), each cropped to the menu and the button, and
the panel caught fading in as it opens on sway 1.10 (from the Debian 13 root that `make
trixie-root` builds), written to docs/screenshots/. Runs private headless sways, like `make
run`'s demo.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests" / "e2e"))

from buoy_fixture import Buoy  # noqa: E402
from harness import HeadlessSway, Image, debian_root, wait_for  # noqa: E402
from test_msg import msg  # noqa: E402

WALLPAPERS = {"dark": (0x2E, 0x34, 0x40), "light": (0xEC, 0xEF, 0xF4)}
ITEMS = [("Terminal", "utilities-terminal"), ("Files", "system-file-manager"),
         ("Keyboard", "input-keyboard"), ("Screenshot", "camera-photo"), ("Folder", "folder")]
# A phone's menu, whose labels a 360 px panel used to cut (issue 43).
PHONE_ITEMS = [("Right click", "input-mouse"), ("Undo", "edit-undo"), ("Volume up", "audio-volume-high"),
               ("Device", "computer"), ("Mute", "audio-volume-muted"), ("Terminal", "utilities-terminal"),
               ("Brightness down", "weather-clear-night"), ("Notifications", "preferences-system-notifications")]
OUT = REPO / "docs" / "screenshots"


def config(layout: str, items, open_duration: float = 0) -> str:
    text = f'[button]\nposition = "right"\nidle_opacity = 1.0\n[menu]\nlayout = "{layout}"\n'
    text += f"open_duration = {open_duration}\nclose_duration = 0\n"
    for label, icon in items:
        text += f'[[menu.item]]\nlabel = "{label}"\nicon = "{icon}"\ncommand = "true"\n'
    return text


def cropped(image: Image, wallpaper, pad: int = 12) -> Image:
    """`image` cut to what is not wallpaper, with `pad` px around it."""
    w, h = image.width, image.height
    xs, ys = [], []
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            if max(abs(a - b) for a, b in zip(image.pixel(x, y), wallpaper)) > 6:
                xs.append(x)
                ys.append(y)
    return image.crop(max(0, min(xs) - pad), max(0, min(ys) - pad), min(w, max(xs) + pad), min(h, max(ys) + pad))


def shoot(name: str, layout: str, wallpaper: str, items, resolution=(640, 400), opening: float = 0,
          root=None, scale: float = 1) -> None:
    """With `opening`, the menu opens over 1 s and is taken `opening` s into it."""
    colour = WALLPAPERS[wallpaper]
    with HeadlessSway(resolution=resolution, background=colour, root=root, scale=scale) as sway:
        buoy = Buoy(sway, config(layout, items, open_duration=1.0 if opening else 0)).start()
        wait_for(lambda: sway.screenshot().find((0x35, 0x84, 0xE4), tolerance=8), message="the button")
        msg(buoy, "menu")
        time.sleep(opening or 1.0)
        path = OUT / f"{name}.png"
        cropped(sway.screenshot(), colour).save_png(path)
        print(f"wrote {path.relative_to(REPO)}")
        buoy.stop()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for layout in ("column", "panel"):
        for wallpaper in WALLPAPERS:
            shoot(f"{layout}-{wallpaper}", layout, wallpaper, ITEMS)
    shoot("labels-cjk-rtl", "column", "dark", [("终端", "utilities-terminal"), ("مرحبا", "folder")])
    shoot("labels-cjk-rtl-panel", "panel", "light", [("终端", "utilities-terminal"), ("مرحبا", "folder")])
    shoot("panel-phone", "panel", "dark", PHONE_ITEMS, resolution=(720, 1440), scale=2)
    # sway 1.10 offers wp_alpha_modifier_v1, so the panel fades as well as grows.
    shoot("panel-fading", "panel", "dark", ITEMS, opening=0.35, root=debian_root("trixie"))


if __name__ == "__main__":
    main()
