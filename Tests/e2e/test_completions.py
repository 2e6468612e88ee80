"""The shell completions in completions/, run in bash, zsh and fish. Which names they list is
held to ControlCommand by Tests/BuoyCoreTests/CompletionsTests.swift; these check that each
shell offers them where they belong."""

from __future__ import annotations

import shlex
import subprocess
import unittest

from harness import REPO_ROOT, require_tools

COMPLETIONS = REPO_ROOT / "completions"
PLACES = ["left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right",
          "center", "default"]


def run(argv: list[str]) -> str:
    require_tools(argv[0])
    result = subprocess.run(argv, capture_output=True, text=True, timeout=30)
    if result.returncode != 0:
        raise AssertionError(f"{argv[0]} exited with {result.returncode}: {result.stderr}")
    return result.stdout


def bash(line: str) -> list[str]:
    """What bash offers for the last word of `line` (after a space: a new word)."""
    script = f"""
        source {shlex.quote(str(COMPLETIONS / 'buoy.bash'))}
        COMP_WORDS=({line}{' ""' if line.endswith(' ') else ''})
        COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1))
        _buoy
        printf '%s\\n' "${{COMPREPLY[@]}}"
    """
    return [word for word in run(["bash", "-c", script]).splitlines() if word]


def fish(line: str) -> list[str]:
    script = f"source {shlex.quote(str(COMPLETIONS / 'buoy.fish'))}; complete -C {shlex.quote(line)}"
    return [entry.split("\t")[0] for entry in run(["fish", "--no-config", "-c", script]).splitlines()]


def zsh(*words: str) -> list[str]:
    """The msg branch of _buoy with compadd and _arguments stubbed to print what they get."""
    script = f"""
        compadd() {{ local a; for a in "$@"; do [[ $a == -- || $a == -a ]] || print -r -- $a; done }}
        _arguments() {{ print -r -- _arguments }}
        words=({' '.join(shlex.quote(w) for w in words)})
        CURRENT=${{#words}}
        source {shlex.quote(str(COMPLETIONS / '_buoy'))}
    """
    output = run(["zsh", "-f", "-c", script]).splitlines()
    # `compadd -a places` passes the array's name.
    return PLACES if output == ["places"] else output


COMMANDS = ["show", "hide", "toggle", "move", "tap", "double-tap", "long-press", "menu", "badge", "mode", "reload",
            "state", "subscribe", "quit"]


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
        self.assertEqual(bash("buoy doctor "), ["-c", "--config"], "doctor takes --config only")
        self.assertEqual(bash("buoy doctor --c"), ["--config"])
        self.assertNotIn("doctor", bash("buoy -d "))

    def test_fish(self):
        self.assertIn("msg", fish("buoy "))
        self.assertEqual(fish("buoy --ch"), ["--check"])
        self.assertEqual(sorted(fish("buoy msg ")), sorted(COMMANDS))
        self.assertEqual(fish("buoy msg mov"), ["move"])
        self.assertEqual(sorted(fish("buoy msg move ")), sorted(PLACES))
        self.assertEqual(fish("buoy msg --b"), ["--button"])
        self.assertIn("doctor", fish("buoy "))
        self.assertEqual(fish("buoy doctor --"), ["--config"], "doctor takes --config only")

    def test_zsh(self):
        run(["zsh", "-n", str(COMPLETIONS / "_buoy")])
        self.assertEqual(zsh("buoy", "msg", ""), ["--button", *COMMANDS])
        self.assertEqual(zsh("buoy", "msg", "move", ""), PLACES)
        self.assertEqual(zsh("buoy", "msg", "--button", "main", "move", ""), PLACES)
        self.assertEqual(zsh("buoy", ""), ["_arguments"])
        self.assertEqual(zsh("buoy", "doctor", ""), ["_arguments"])


if __name__ == "__main__":
    unittest.main()
