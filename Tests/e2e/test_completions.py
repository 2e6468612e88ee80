"""The shell completions in completions/, run in bash, zsh and fish. Which names they list is
held to ControlCommand by Tests/BuoyCoreTests/CompletionsTests.swift; these check that each
shell offers them where they belong."""

from __future__ import annotations

import os
import shlex
import subprocess
import unittest
from pathlib import Path

from buoy_fixture import BUOY, MAGENTA, Buoy
from harness import REPO_ROOT, HeadlessSway, require_tools
from test_button import config as button_config

COMPLETIONS = REPO_ROOT / "completions"
PLACES = ["left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right",
          "center", "default"]


def run(argv: list[str], env: dict | None = None) -> str:
    require_tools(argv[0])
    result = subprocess.run(argv, capture_output=True, text=True, timeout=30, env=env)
    if result.returncode != 0:
        raise AssertionError(f"{argv[0]} exited with {result.returncode}: {result.stderr}")
    return result.stdout


def bash(line: str, env: dict | None = None) -> list[str]:
    """What bash offers for the last word of `line` (after a space: a new word)."""
    script = f"""
        source {shlex.quote(str(COMPLETIONS / 'buoy.bash'))}
        COMP_WORDS=({line}{' ""' if line.endswith(' ') else ''})
        COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1))
        _buoy
        printf '%s\\n' "${{COMPREPLY[@]}}"
    """
    return [word for word in run(["bash", "-c", script], env).splitlines() if word]


def fish(line: str, env: dict | None = None) -> list[str]:
    script = f"source {shlex.quote(str(COMPLETIONS / 'buoy.fish'))}; complete -C {shlex.quote(line)}"
    return [entry.split("\t")[0] for entry in run(["fish", "--no-config", "-c", script], env).splitlines()]


def zsh(*words: str, env: dict | None = None) -> list[str]:
    """The msg branch of _buoy with compadd and _arguments stubbed to print what they get
    (an array `compadd -a` names, element by element)."""
    script = f"""
        compadd() {{
            local a named
            local -a items
            for a in "$@"; do
                if [[ -n $named ]]; then items=(${{(P)a}}); (( $#items )) && print -rl -- $items; named=
                elif [[ $a == -a ]]; then named=1
                elif [[ $a != -- ]]; then print -r -- $a; fi
            done
        }}
        _arguments() {{ print -r -- _arguments }}
        words=({' '.join(shlex.quote(w) for w in words)})
        CURRENT=${{#words}}
        source {shlex.quote(str(COMPLETIONS / '_buoy'))}
    """
    return run(["zsh", "-f", "-c", script], env).splitlines()


CLICK_TYPES = ["right", "middle", "double", "drag", "scroll", "cancel"]

COMMANDS = ["show", "hide", "toggle", "move", "tap", "double-tap", "long-press", "swipe-up", "swipe-down",
            "swipe-left", "swipe-right", "menu", "badge", "mode", "reload", "state", "subscribe", "quit", "click",
            "pointer"]


class CompletionTests(unittest.TestCase):
    def test_bash(self):
        self.assertIn("msg", bash("buoy "))
        self.assertIn("--check", bash("buoy "))
        self.assertEqual(bash("buoy --ch"), ["--check"])
        self.assertEqual(bash("buoy msg "), ["--button", *COMMANDS])
        self.assertEqual(bash("buoy msg mov"), ["move"])
        self.assertEqual(bash("buoy msg move "), PLACES)
        self.assertEqual(bash("buoy msg --button main move top-"), ["top-left", "top-right"])
        self.assertEqual(bash("buoy msg move left "), [])
        self.assertEqual(bash("buoy --check msg"), [], "msg is a command only as the first word")
        self.assertIn("doctor", bash("buoy "))
        self.assertEqual(bash("buoy doc"), ["doctor"])
        self.assertEqual(bash("buoy doctor "), ["-c", "--config", "--json"], "doctor takes --config and --json")
        self.assertEqual(bash("buoy doctor --c"), ["--config"])
        self.assertNotIn("doctor", bash("buoy -d "))
        # Issue 43 §4: these offered nothing, or the options instead of the names.
        self.assertEqual(bash("buoy msg click "), CLICK_TYPES)
        self.assertIn("actions.tap", bash("buoy config set "))
        self.assertEqual(bash("buoy config get button.col"), ["button.color"])
        self.assertEqual(bash("buoy config item add --action screen"), ["screenshot", "screenshot-region"])
        self.assertIn("undo", bash("buoy config item add --keys "))
        self.assertEqual(bash("buoy config set actions.tap "), [], "a value is the user's")

    def test_fish(self):
        self.assertIn("msg", fish("buoy "))
        self.assertEqual(fish("buoy --ch"), ["--check"])
        self.assertEqual(sorted(fish("buoy msg ")), sorted(COMMANDS))
        self.assertEqual(fish("buoy msg mov"), ["move"])
        self.assertEqual(sorted(fish("buoy msg move ")), sorted(PLACES))
        self.assertEqual(fish("buoy msg --b"), ["--button"])
        self.assertIn("doctor", fish("buoy "))
        self.assertEqual(fish("buoy doctor --"), ["--config", "--json"], "doctor takes --config and --json")
        self.assertEqual(sorted(fish("buoy msg click ")), sorted(CLICK_TYPES))
        self.assertIn("actions.tap", fish("buoy config set "))
        self.assertEqual(fish("buoy config item add --action screen"), ["screenshot", "screenshot-region"])
        # Each with its description.
        script = f"source {shlex.quote(str(COMPLETIONS / 'buoy.fish'))}; complete -C 'buoy msg '"
        described = dict(line.split("\t") for line in run(["fish", "--no-config", "-c", script]).splitlines())
        self.assertEqual(described["show"], "show the button")
        script = f"source {shlex.quote(str(COMPLETIONS / 'buoy.fish'))}; complete -C 'buoy config item add --action lo'"
        self.assertEqual(run(["fish", "--no-config", "-c", script]).splitlines(), ["lock\tLock"])

    def test_zsh(self):
        run(["zsh", "-n", str(COMPLETIONS / "_buoy")])
        self.assertEqual(zsh("buoy", "msg", ""), ["--button", *COMMANDS])
        self.assertEqual(zsh("buoy", "msg", "move", ""), PLACES)
        self.assertEqual(zsh("buoy", "msg", "--button", "main", "move", ""), PLACES)
        self.assertEqual(zsh("buoy", ""), ["_arguments"])
        self.assertEqual(zsh("buoy", "doctor", ""), ["_arguments"])
        self.assertEqual(zsh("buoy", "msg", "click", ""), CLICK_TYPES)
        self.assertIn("actions.tap", zsh("buoy", "config", "set", ""))
        self.assertIn("screenshot", zsh("buoy", "config", "item", "add", "--action", ""))
        self.assertNotIn("--label", zsh("buoy", "config", "item", "add", "--action", ""))


class RunningBuoyTests(unittest.TestCase):
    def test_move_offers_the_outputs_of_the_running_buoy(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, button_config()).start()
            buoy.wait_for_button(MAGENTA)
            env = {**buoy.env, "PATH": f"{Path(BUOY).resolve().parent}:{os.environ['PATH']}"}
            self.assertEqual(bash("buoy msg move ", env), PLACES + ["HEADLESS-1"])
            self.assertEqual(bash("buoy msg move HEAD", env), ["HEADLESS-1"])
            self.assertEqual(sorted(fish("buoy msg move ", env)), sorted(PLACES + ["HEADLESS-1"]))
            self.assertEqual(zsh("buoy", "msg", "move", "", env=env), PLACES + ["HEADLESS-1"])
            self.assertEqual(bash("buoy msg --button ", env), ["main"])
            self.assertEqual(buoy.stop(), 0)


if __name__ == "__main__":
    unittest.main()
