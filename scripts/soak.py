#!/usr/bin/env python3
"""`make soak`: buoy under long loops on private headless compositors.

1. gestures: N gestures (10,000 by default) on one headless compositor (`--compositor`: sway
   or phoc through the virtual pointer, KWin by real touch): taps, double taps, drags, the menu
   opened by a long press and closed by a press outside it or by a press on an item, which
   runs the item's command, and `buoy msg tap`, `menu` (twice: open, close) and `reload`
   between them. Before (after a warm-up) and after: open fds (no
   growth), VmRSS (< 5% growth), zombie children (none); every command buoy started is
   accounted for (marker lines and log lines against the gestures and requests sent).
2. churn: output churn (Tests/e2e/test_faults.py output_churn) for 100 cycles.
3. kills: SIGKILL during state saves (kill_during_saves) 1,000 times.
4. seams: N steps (500 by default) mixing dwell, click types, keys, edit mode and the menu while
   a second process writes the config, checked from outside (scripts/soak_seams.py).

Prints a table of goals and exits 1 when one is missed. Standard library only; needs the same
tools as the e2e tests (BUOY, BUOY_POINTER as in `make e2e`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "e2e"))

from buoy_fixture import MAGENTA, Buoy, count_lines  # noqa: E402
from harness import (HarnessError, HeadlessKWin, HeadlessPhoc, HeadlessSway, Image, proc_children, proc_fds,  # noqa: E402
                     proc_kib, wait_for)
from test_faults import NestedSway, ask, config, kill_during_saves, output_churn  # noqa: E402

from soak_seams import soak_seams  # noqa: E402

# Wide enough that a loaded machine (a build beside it) still sees a double tap's two clicks,
# 30 ms apart, as one gesture, and a click's press and release as a tap: buoy times presses
# when it reads them, so a late wakeup stretches the gaps it sees.
DOUBLE_TAP_WINDOW = 0.15
LONG_PRESS = 0.3
SNAP = 0.05
MENU_OPEN, MENU_CLOSE = 0.04, 0.04
# Gaps longer than the windows above, so each gesture is recognised as the one meant.
AFTER_TAP = DOUBLE_TAP_WINDOW + 0.07
KINDS = (("tap", 0.27), ("double_tap", 0.18), ("drag", 0.24), ("menu", 0.1), ("menu_item", 0.05),
         ("msg_tap", 0.06), ("msg_menu", 0.05), ("reload", 0.05))
# The icon of the item that "menu_item" presses, found on screen by its colour: the menu
# unfolds where the button rests, which drags move.
ITEM_ICON = (0, 200, 0)
COMPOSITORS = {"sway": HeadlessSway, "phoc": HeadlessPhoc, "kwin": HeadlessKWin}


class Finger:
    """The pointer's interface over KWin's touch point 0, so the gestures below are the same
    by touch: a click is a tap, down and up touch where the last move went."""

    def __init__(self, kwin: HeadlessKWin):
        self.touch = kwin.touch()
        self.extent = (1280, 720)  # KWin's virtual output
        self.at = (0.0, 0.0)

    def click(self, x: float, y: float) -> None:
        self.touch.tap(x, y)

    def move(self, x: float, y: float) -> None:
        self.at = (x, y)

    def down(self) -> None:
        self.touch.down(*self.at)

    def up(self) -> None:
        self.touch.up()

    def drag(self, x1, y1, x2, y2, steps=10, duration_ms=100, release=False) -> None:
        self.touch.drag(x1, y1, x2, y2, steps=steps, duration_ms=duration_ms, release=release)

    def sleep(self, ms: int) -> None:
        self.touch.sleep(ms)


class Goals:
    def __init__(self):
        self.rows: list[tuple[str, str, str, str, bool]] = []

    def add(self, goal: str, before, after, limit: str, ok: bool) -> None:
        self.rows.append((goal, str(before), str(after), limit, ok))

    @property
    def ok(self) -> bool:
        return all(row[4] for row in self.rows)

    def print(self) -> None:
        header = ("goal", "before", "after", "limit", "")
        rows = [header] + [(g, b, a, l, "ok" if ok else "FAILED") for g, b, a, l, ok in self.rows]
        widths = [max(len(row[i]) for row in rows) for i in range(5)]
        for n, row in enumerate(rows):
            print("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip())
            if n == 0:
                print("  ".join("-" * w for w in widths))


def snapshot(buoy: Buoy) -> dict:
    children = proc_children(buoy.pid)
    return {
        "fds": len(proc_fds(buoy.pid)),
        "rss": proc_kib(buoy.pid, "VmRSS"),
        "hwm": proc_kib(buoy.pid, "VmHWM"),
        "zombies": sum(1 for _, state in children if state == "Z"),
        "children": len(children),
    }


def soak_config(sway: HeadlessSway) -> tuple[str, dict]:
    markers = {name: sway.artifact(f"{name}.log") for name in ("tap", "double_tap", "menu_item")}
    # Random drops would land on drag to remove's target now and then: the soak counts gestures.
    text = config(
        button={"removable": "false"},
        snap={"duration": SNAP},
        gestures={"double_tap_window": DOUBLE_TAP_WINDOW, "touch_double_tap_window": DOUBLE_TAP_WINDOW,
                  "long_press_delay": LONG_PRESS},
        actions={"tap": f'"echo x >> {markers["tap"]}"',
                 "double_tap": f'"echo x >> {markers["double_tap"]}"',
                 "long_press": '"menu"'},
        menu={"open_duration": MENU_OPEN, "close_duration": MENU_CLOSE},
    )
    icon = sway.artifact("item-icon.png")
    Image(48, 48, bytes(ITEM_ICON) * 48 * 48).save_png(icon)
    for label in ("One", "Two", "Three"):
        text += f'\n[[menu.item]]\nlabel = "{label}"\ncommand = "echo x >> {markers["menu_item"]}"\n'
        if label == "Two":
            text += f'icon = "{icon}"\n'
    return text, markers


def centre(buoy: Buoy) -> tuple[float, float]:
    """Where the button rests (buoy reports the end of a snap animation)."""
    report = json.loads(ask(buoy, "state").split("\n", 1)[1])
    return report["x"] + report["size"] / 2, report["y"] + report["size"] / 2


def soak_gestures(count: int, seed: int, goals: Goals, compositor: str = "sway") -> None:
    rng = random.Random(seed)
    with COMPOSITORS[compositor]() as sway:
        pointer = Finger(sway) if compositor == "kwin" else sway.pointer()
        text, markers = soak_config(sway)
        buoy = Buoy(sway, text, verbosity="-d").start()
        buoy.wait_for_button(MAGENTA)
        width, height = pointer.extent
        sent = {kind: 0 for kind, _ in KINDS}
        at_start = snapshot(buoy)
        cx, cy = centre(buoy)

        def item_icon():
            """Where the menu item's icon is on screen, once the menu shows it."""
            found = sway.screenshot().find(ITEM_ICON, tolerance=10)
            return found if found and found.count > 100 else None

        def gesture(kind: str) -> None:
            nonlocal cx, cy
            if kind == "tap":
                pointer.click(cx, cy)
                pointer.sleep(int(AFTER_TAP * 1000))
            elif kind == "double_tap":
                pointer.click(cx, cy)
                pointer.sleep(30)
                pointer.click(cx, cy)
                pointer.sleep(int(AFTER_TAP * 1000))
            elif kind == "drag":
                while True:
                    tx, ty = rng.uniform(80, width - 80), rng.uniform(80, height - 80)
                    if abs(tx - cx) + abs(ty - cy) > 40:
                        break
                pointer.drag(cx, cy, tx, ty, steps=8, duration_ms=40, release=True)
                # Until the glide has surely landed on screen, where the next click aims: state
                # gives where it is going, and a loaded compositor shows it a little later.
                pointer.sleep(int((SNAP + 0.25) * 1000))
                cx, cy = centre(buoy)
            elif kind in ("menu", "menu_item"):
                pointer.move(cx, cy)
                pointer.down()
                pointer.sleep(int((LONG_PRESS + 0.07) * 1000))
                pointer.up()
                pointer.sleep(int((MENU_OPEN + 0.04) * 1000))
                if kind == "menu_item":
                    icon = wait_for(item_icon, timeout=3, message="the menu item's icon on screen")
                    pointer.click(*icon.centroid)
                else:
                    # The other half of the screen: outside the menu, which unfolds beside the button.
                    pointer.click(width * (0.2 if cx > width / 2 else 0.8), height / 2)
                pointer.sleep(int((MENU_CLOSE + 0.15) * 1000))
            elif kind in ("msg_tap", "reload"):
                reply = ask(buoy, "tap" if kind == "msg_tap" else "reload")
                if not reply.startswith("ok"):
                    raise AssertionError(f"{kind}: {reply!r}")
            elif kind == "msg_menu":
                for _ in range(2):  # opens (answered once open), then closes
                    reply = ask(buoy, "menu")
                    if not reply.startswith("ok"):
                        raise AssertionError(f"msg menu: {reply!r}")
                pointer.sleep(int((MENU_CLOSE + 0.04) * 1000))
            sent[kind] += 1

        def accounted() -> dict:
            log = buoy.log()
            return {
                "tap": count_lines(markers["tap"]), "double_tap": count_lines(markers["double_tap"]),
                "menu_item": count_lines(markers["menu_item"]),
                "started": log.count(": started pid "), "exited 0": log.count(" exited with status 0"),
                "opened": log.count("menu opened"), "closed": log.count("menu closed"),
                "reloaded": log.count("[info] reloaded "),
                "refused": log.count("refused"), "warnings": log.count("[warning]") + log.count("[error]"),
            }

        def wanted() -> dict:
            """What `accounted` must say for the gestures and requests sent so far."""
            taps = sent["tap"] + sent["msg_tap"]
            menus = sent["menu"] + sent["menu_item"] + sent["msg_menu"]
            commands = taps + sent["double_tap"] + sent["menu_item"]
            return {"tap": taps, "double_tap": sent["double_tap"], "menu_item": sent["menu_item"],
                    "opened": menus, "closed": menus, "started": commands, "exited 0": commands,
                    "reloaded": sent["reload"]}

        def check(where: str) -> None:
            try:
                wait_for(lambda: accounted()["exited 0"] == wanted()["exited 0"], timeout=5)
            except AssertionError:
                pass
            seen = accounted()
            wrong = {k: (seen[k], v) for k, v in wanted().items() if seen[k] != v}
            if wrong:
                raise AssertionError(f"{where}: counts (seen, sent) differ: {wrong}; all: {seen}")

        started = time.monotonic()
        warm_up = min(100, count)
        kinds = [kind for kind, _ in KINDS]
        for n in range(count):
            if n < warm_up:
                kind = kinds[n % len(kinds)]
            else:
                kind = rng.choices(kinds, weights=[w for _, w in KINDS])[0]
            gesture(kind)
            if buoy.process.poll() is not None:
                raise AssertionError(f"buoy exited with {buoy.process.returncode} after {n + 1} gestures")
            if n + 1 == warm_up:
                check("after the warm-up")
                before = snapshot(buoy)
            if (n + 1) % 500 == 0 or n + 1 == count:
                check(f"after {n + 1} gestures")
                rate = (n + 1) / (time.monotonic() - started)
                print(f"soak: {n + 1}/{count} gestures, {rate:.1f}/s, RSS {proc_kib(buoy.pid, 'VmRSS')} KiB",
                      flush=True)
        time.sleep(1)
        after = snapshot(buoy)
        seconds = time.monotonic() - started
        seen = accounted()

        print(f"\ngestures on {compositor}: {count} in {seconds:.0f} s ({count / seconds:.1f}/s): "
              + ", ".join(f"{v} {k}" for k, v in sent.items()))
        print(f"at start: {at_start}")
        goals.add("open fds", before["fds"], after["fds"], "no growth", after["fds"] <= before["fds"])
        growth = (after["rss"] - before["rss"]) / before["rss"]
        goals.add("VmRSS KiB", before["rss"], f"{after['rss']} ({growth:+.1%})", "< +5%", growth < 0.05)
        goals.add("VmHWM KiB", before["hwm"], after["hwm"], "(report)", True)
        goals.add("zombie children", before["zombies"], after["zombies"], "0", after["zombies"] == 0)
        goals.add("children running", before["children"], after["children"], "0", after["children"] == 0)
        expected = wanted()
        for name, got, want in (("tap marker lines", seen["tap"], expected["tap"]),
                                ("double_tap marker lines", seen["double_tap"], expected["double_tap"]),
                                ("commands started", seen["started"], expected["started"]),
                                ("commands exited 0", seen["exited 0"], expected["exited 0"]),
                                ("menus opened", seen["opened"], expected["opened"]),
                                ("menus closed", seen["closed"], expected["closed"]),
                                ("reloads", seen["reloaded"], expected["reloaded"]),
                                ("menu item marker lines", seen["menu_item"], expected["menu_item"]),
                                ("refused, warnings", seen["refused"] + seen["warnings"], 0)):
            goals.add(name, "", got, f"= {want}", got == want)
        if buoy.stop() != 0:
            goals.add("buoy exits 0 on SIGTERM", "", buoy.process.returncode, "0", False)


def soak_churn(cycles: int, goals: Goals) -> None:
    with NestedSway() as sway:
        buoy = Buoy(sway, config()).start()
        buoy.wait_for_button(MAGENTA)
        before = snapshot(buoy)
        result = output_churn(sway, buoy, cycles,
                              progress=lambda n: n % 25 == 0 and print(f"soak: churn {n}/{cycles}", flush=True))
        after = snapshot(buoy)
        print(f"churn: {cycles} cycles, {result['outputs']} outputs, {result['seconds']:.0f} s")
        goals.add(f"output churn x{cycles}", "", "button on a live output", "every cycle", True)
        goals.add("  open fds", before["fds"], after["fds"], "no growth", after["fds"] <= before["fds"])
        growth = (after["rss"] - before["rss"]) / before["rss"]
        goals.add("  VmRSS KiB", before["rss"], f"{after['rss']} ({growth:+.1%})", "(report)", True)


def soak_kills(iterations: int, seed: int, goals: Goals) -> None:
    with HeadlessSway() as sway:
        buoy = Buoy(sway, config())
        result = kill_during_saves(sway, buoy, iterations, seed=seed)
        print(f"kills: {iterations} in {result['seconds']:.0f} s, {result['saves']} saves, "
              f"{result['mid_save']} mid-save")
        goals.add(f"SIGKILL during saves x{iterations}", "", "never torn", "every kill", True)
        goals.add("  kills that landed mid-save", "", result["mid_save"], "> 0", result["mid_save"] > 0)
        goals.add("  temp files left behind", "", result["leftover_temp_files"], "(report)", True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gestures", type=int, default=10_000)
    parser.add_argument("--churn-cycles", type=int, default=100)
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--seams", type=int, default=500, help="steps of the seams part")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--compositor", choices=sorted(COMPOSITORS), default="sway",
                        help="where the gestures run (KWin: by touch)")
    parser.add_argument("--only", choices=("gestures", "churn", "kills", "seams"), action="append",
                        help="run only these parts (repeatable)")
    args = parser.parse_args()
    parts = args.only or ["gestures", "churn", "kills", "seams"]
    goals = Goals()
    started = time.monotonic()
    for part, run in (("gestures", lambda: soak_gestures(args.gestures, args.seed, goals, args.compositor)),
                      ("churn", lambda: soak_churn(args.churn_cycles, goals)),
                      ("kills", lambda: soak_kills(args.kills, args.seed, goals)),
                      ("seams", lambda: soak_seams(args.seams, args.seed, goals))):
        if part not in parts:
            continue
        try:
            run()
        except (AssertionError, HarnessError) as e:
            print(f"soak: {part} stopped: {e}", flush=True)
            goals.add(part, "", "stopped (see above)", "", False)
    print(f"\nsoak: {time.monotonic() - started:.0f} s in all\n")
    goals.print()
    return 0 if goals.ok else 1


if __name__ == "__main__":
    sys.exit(main())
