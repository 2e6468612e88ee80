"""`make soak`'s seams part (issue 42 §2): where features meet, from outside. On one headless sway
with wev as the window below, a random mix of a rest on the button (dwell taps it), click types
armed by `buoy msg click` and delivered by a rest or a tap on wev, keys sent by `msg double-tap`,
edit mode entered and left, and the menu opened and closed, while a second process
(`buoy config set`, in a thread) writes the config file under buoy's feet.

Checked from outside after every step and at the end:
- wev gets exactly the clicks and keys asked for, where they were asked for: none that nobody
  asked for, none lost;
- the config file always passes `buoy --check`, and keeps every write `buoy config` reported
  done (its value reads back until the next write of that key);
- `buoy msg state` is what the step left: no menu open, nothing armed, the button shown;
- every rest on the button taps it once (its command's marker lines).
"""

from __future__ import annotations

import json
import random
import subprocess
import threading
import time

from buoy_fixture import BUOY, MAGENTA, Buoy, count_lines
from harness import HeadlessSway, wait_for
from test_edit_mode import items_shown, wait_items
from test_faults import ask, config

DWELL = 0.5
KINDS = (("dwell_tap", 0.25), ("click_by_rest", 0.2), ("click_by_tap", 0.15), ("keys", 0.15),
         ("edit_mode", 0.1), ("menu", 0.15))
BTN_RIGHT = 273
# The keys `msg double-tap` sends, as wev names them.
KEY = "x"
# What the second process writes, each key's values; neither disturbs the steps (a reload
# with the same menu and button keeps an armed click type and a closed menu).
WRITES = {"button.idle_delay": ["2", "3", "4.5", "6"], "gestures.click_timeout": ["8", "9", "10", "12"]}


def seams_config(compositor: HeadlessSway) -> tuple[str, object]:
    marker = compositor.artifact("dwell-tap.log")
    text = config(
        button={"dwell": DWELL, "removable": "false", "idle_opacity": 1.0},
        gestures={"click_timeout": 8},
        actions={"tap": f'"echo x >> {marker}"', "double_tap": f'{{ keys = "{KEY}" }}',
                 "long_press": '"menu"'},
        menu={"edit": '"touch"', "open_duration": 0.04, "close_duration": 0.04})
    for label in ("One", "Two"):
        text += f'\n[[menu.item]]\nlabel = "{label}"\ncommand = "true"\n'
    return text, marker


class ConfigWriter(threading.Thread):
    """The second process: `buoy config set` in a loop, each write checked as it is reported."""

    def __init__(self, buoy: Buoy, seed: int):
        super().__init__(daemon=True)
        self.buoy = buoy
        self.rng = random.Random(seed)
        self.stop = threading.Event()
        self.done: dict[str, str] = {}
        self.writes = 0
        self.problems: list[str] = []

    def cli(self, *words: str) -> subprocess.CompletedProcess:
        return subprocess.run([BUOY, "config", "--config", str(self.buoy.config_path), *words],
                              env=self.buoy.env, capture_output=True, text=True, timeout=10)

    def run(self) -> None:
        while not self.stop.wait(0.25):
            key = self.rng.choice(sorted(WRITES))
            value = self.rng.choice(WRITES[key])
            result = self.cli("set", key, value)
            if result.returncode != 0:
                self.problems.append(f"config set {key} {value}: {result.returncode} {result.stderr.strip()}")
                continue
            self.done[key] = value
            self.writes += 1
            problem = self.check()
            if problem:
                self.problems.append(problem)

    def check(self) -> str | None:
        """The file passes --check and holds every value reported written."""
        check = subprocess.run([BUOY, "--check", "-c", str(self.buoy.config_path)],
                               env=self.buoy.env, capture_output=True, text=True, timeout=10)
        if check.returncode != 0:
            return f"the file fails --check: {check.stdout}{check.stderr}"
        for key, value in list(self.done.items()):
            got = self.cli("get", key).stdout.strip()
            if float(got) != float(value):
                return f"{key} reads {got!r}, but {value!r} was written last and reported done"
        return None


def soak_seams(count: int, seed: int, goals) -> None:
    rng = random.Random(seed)
    with HeadlessSway() as compositor:
        pointer = compositor.pointer()
        away = (200, 600)
        text, marker = seams_config(compositor)
        buoy = Buoy(compositor, text).start()  # -dd: the menu logs where its rows are
        cx, cy = buoy.wait_for_button(MAGENTA).centroid
        wev = compositor.wev()
        wev.take_pointer(pointer, *away)
        wait_for(wev.has_keyboard_focus, timeout=3, message="wev to have the keyboard")
        wev.mark()
        writer = ConfigWriter(buoy, seed)
        writer.start()
        sent = {kind: 0 for kind, _ in KINDS}
        clicks: list[tuple[int, str, float, float]] = []
        keys = 0

        def state() -> dict:
            return json.loads(ask(buoy, "state").split("\n", 1)[1])

        def somewhere() -> tuple[int, int]:
            """A point on wev, well away from the button and from where the pointer waits."""
            while True:
                x, y = rng.randrange(100, 1000, 10), rng.randrange(80, 640, 10)
                if abs(x - cx) > 150 and abs(x - away[0]) + abs(y - away[1]) > 60:
                    return x, y

        def step(kind: str) -> None:
            nonlocal keys
            if kind == "dwell_tap":
                before = count_lines(marker)
                pointer.arrive(cx, cy)
                wait_for(lambda: count_lines(marker) == before + 1, timeout=3, message="the rest's tap")
                pointer.move(*away)
            elif kind in ("click_by_rest", "click_by_tap"):
                overlays = buoy.log().count("takes input")
                reply = ask(buoy, "click right")
                if not reply.startswith("ok"):
                    raise AssertionError(f"msg click right: {reply!r}")
                # The pointer moves once the overlay is there, as a user who sees it would: one
                # that appears under the pointer where it goes is not rested on until it moves.
                wait_for(lambda: buoy.log().count("takes input") > overlays, timeout=3,
                         message="the click overlay takes input")
                x, y = somewhere()
                if kind == "click_by_rest":
                    pointer.arrive(x, y)
                else:
                    pointer.click(x, y)
                clicks.extend([(BTN_RIGHT, "pressed", x, y), (BTN_RIGHT, "released", x, y)])
                wev.wait_buttons(len(clicks), settle=0)
                wait_for(lambda: state()["armed"] is None, timeout=3, message="disarmed after the click")
                pointer.move(*away)
            elif kind == "keys":
                reply = ask(buoy, "double-tap")
                if not reply.startswith("ok"):
                    raise AssertionError(f"msg double-tap: {reply!r}")
                keys += 1
                wev.wait_keys(2 * keys, settle=0)
            elif kind == "edit_mode":
                mark = len(buoy.log())
                ask(buoy, "menu")
                shown = wait_items(buoy, mark, lambda p: "Edit" in p, "the menu")
                mark = len(buoy.log())
                pointer.click(*shown["Edit"][:2])
                shown = wait_items(buoy, mark, lambda p: "Done" in p, "edit mode")
                mark = len(buoy.log())
                pointer.click(*shown["Done"][:2])
                wait_items(buoy, mark, lambda p: "Edit" in p and "Done" not in p, "the menu after Done")
                ask(buoy, "menu")
                pointer.move(*away)
            elif kind == "menu":
                for _ in range(2):  # opens, then closes
                    reply = ask(buoy, "menu")
                    if not reply.startswith("ok"):
                        raise AssertionError(f"msg menu: {reply!r}")
            sent[kind] += 1

        def check(where: str) -> None:
            seen = [(e.button, e.state, e.x, e.y) for e in wev.button_events()]
            if seen != clicks:
                raise AssertionError(f"{where}: wev's clicks {seen[-6:]} (of {len(seen)}), "
                                     f"asked for {clicks[-6:]} (of {len(clicks)})")
            got = wev.keys()
            if len(got) != 2 * keys or any(k.sym != KEY for k in got):
                raise AssertionError(f"{where}: wev's keys {got[-4:]} (of {len(got)}), asked for {2 * keys}")
            def settled():
                report = state()
                return report if not report["menu_open"] and report["armed"] is None else None

            now = wait_for(settled, timeout=3, message=f"{where}: the menu closed and nothing armed")
            if not now["visible"]:
                raise AssertionError(f"{where}: the button is hidden: {now}")
            if count_lines(marker) != sent["dwell_tap"]:
                raise AssertionError(f"{where}: {count_lines(marker)} taps for {sent['dwell_tap']} rests")
            if writer.problems:
                raise AssertionError(f"{where}: {writer.problems[0]}")

        started = time.monotonic()
        kinds = [kind for kind, _ in KINDS]
        try:
            for n in range(count):
                kind = kinds[n] if n < len(kinds) else rng.choices(kinds, weights=[w for _, w in KINDS])[0]
                step(kind)
                check(f"after step {n + 1} ({kind})")
        finally:
            writer.stop.set()
            writer.join(timeout=15)
        check("at the end")
        final = writer.check()
        seconds = time.monotonic() - started
        print(f"\nseams on sway: {count} steps in {seconds:.0f} s: "
              + ", ".join(f"{v} {k}" for k, v in sent.items())
              + f"; {writer.writes} config writes by a second process")
        goals.add("seams: clicks in wev", "", len(clicks), f"= {len(clicks)} asked", True)
        goals.add("seams: keys in wev", "", 2 * keys, f"= {2 * keys} asked", True)
        goals.add("seams: config writes kept", "", writer.writes, "every one, file valid", final is None)
        goals.add("seams: taps by rests", "", count_lines(marker), f"= {sent['dwell_tap']}",
                  count_lines(marker) == sent["dwell_tap"])
        if buoy.stop() != 0:
            goals.add("seams: buoy exits 0 on SIGTERM", "", buoy.process.returncode, "0", False)
