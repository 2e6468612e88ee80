"""buoy's command line: --version, -d, the commands' help, and msg's habits, on a real headless sway."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import tempfile
import unittest

from buoy_fixture import BUOY, MAGENTA, Buoy
from harness import REPO_ROOT, HeadlessSway, wait_for
from test_msg import config, msg

STAMP = re.compile(r"^buoy \d\d:\d\d:\d\d\.\d{3} \[")


def run(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    # No WAYLAND_DISPLAY and no runtime dir: nothing here may need a display.
    bare = {"PATH": os.environ["PATH"], "HOME": "/nonexistent", **(env or {})}
    return subprocess.run([BUOY, *args], env=bare, capture_output=True, text=True, timeout=10)


def man_page_commands() -> list[str]:
    """The commands buoy(1) documents under COMMANDS, in order."""
    text = (REPO_ROOT / "docs" / "buoy.1.scd").read_text()
    section = text.split("# COMMANDS", 1)[1].split("\n# ", 1)[0]
    names = []
    for line in section.splitlines():
        if line.startswith("*") and not line.startswith("*buoy"):
            names += re.findall(r"\*([a-z-]+)\*", line.split(" _")[0])
    return names


class OptionTests(unittest.TestCase):
    def test_version_without_a_display(self):
        for flag in ("-v", "--version"):
            result = run(flag)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertRegex(result.stdout, r"^buoy \d+\.\d+\.\d+\n$")
            self.assertEqual(result.stderr, "")

    def test_verbosity_is_d_and_vv_is_gone(self):
        result = run("-vv")
        self.assertEqual(result.returncode, 2)
        self.assertIn('unknown argument "-vv"', result.stderr)
        for flags in (["-d"], ["-dd"], ["--debug", "--debug"], ["-d", "-d"]):
            result = run(*flags, "--check", "--config", "/nonexistent/config.toml")
            self.assertEqual(result.returncode, 1, flags)
            self.assertIn("no such file", result.stderr)

    def test_help_lists_every_command_the_man_page_does(self):
        documented = man_page_commands()
        self.assertIn("quit", documented)
        self.assertIn("subscribe", documented)
        help_text = run("--help").stdout
        msg_help = run("msg", "--help")
        self.assertEqual(msg_help.returncode, 0)
        listed = [line.split()[0] for line in msg_help.stdout.splitlines() if line.startswith("  ")]
        self.assertEqual(listed, documented)
        for name in documented:
            self.assertRegex(help_text, rf"(?m)^  {re.escape(name)}\b")
        self.assertIn("-d, --debug", help_text)
        self.assertIn("-v, --version", help_text)
        # No command at all: the same list, as a usage error.
        bare = run("msg")
        self.assertEqual(bare.returncode, 2)
        self.assertEqual(bare.stdout, "")
        self.assertIn(msg_help.stdout.strip(), bare.stderr)


class StartupErrorTests(unittest.TestCase):
    """A fatal error at start-up comes first and alone, before what a config has to say."""

    def test_a_second_buoy_says_only_that_one_is_running(self):
        with HeadlessSway() as sway:
            warned = config() + "".join(f"unknown_{i} = 1\n" for i in range(9))
            first = Buoy(sway, warned).start()
            first.wait_for_button(MAGENTA)
            second = subprocess.run([BUOY], env=first.env, capture_output=True, text=True, timeout=10)
            self.assertEqual(second.returncode, 1)
            self.assertRegex(second.stderr, r"\Abuoy: already running on this display \(it answers on [^)]*\); "
                                            r"use --replace to replace it\n\Z")
            self.assertIsNone(first.process.poll())

    def test_without_a_display_its_error_comes_alone(self):
        # No config file either, whose first-run notice would come first.
        bare = {"XDG_CONFIG_DIRS": "/nonexistent"}
        with tempfile.TemporaryDirectory() as runtime:
            for env, stderr in (
                    ({**bare, "XDG_RUNTIME_DIR": runtime},
                     'buoy: cannot connect to Wayland display "wayland-0"; is a Wayland compositor running?\n'),
                    (bare, 'buoy: cannot connect to Wayland display "wayland-0": XDG_RUNTIME_DIR is not set\n')):
                result = run(env=env)
                self.assertEqual((result.returncode, result.stderr), (1, stderr))
            self.assertEqual(os.listdir(runtime), [], "no socket claimed")


class MessageHabitTests(unittest.TestCase):
    def test_an_action_that_is_not_configured_fails_with_the_reason(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config(actions={"tap": '"true"'})).start()
            buoy.wait_for_button(MAGENTA)
            self.assertEqual(msg(buoy, "tap").returncode, 0)
            for command, key in (("double-tap", "double_tap"), ("long-press", "long_press")):
                result = msg(buoy, command)
                self.assertEqual(result.returncode, 1, result.stderr)
                self.assertIn(f"main has no {key} action configured", result.stderr)

    def test_reload_prints_the_warnings_and_the_errors(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config()).start()
            buoy.wait_for_button(MAGENTA)
            buoy.config_path.write_text(config() + "colour = 1\n")
            result = msg(buoy, "reload")
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertRegex(result.stderr, r'^\S+/config\.toml:\d+:1: unknown key "colour" in \[button\]; did you mean "color"\?\n$')
            self.assertEqual(result.stdout, "")
            buoy.config_path.write_text("[button]\nsize = 9\nopacity = 7\n")
            result = msg(buoy, "reload")
            self.assertEqual(result.returncode, 1)
            self.assertEqual(result.stderr.splitlines()[0],
                             f"buoy: {buoy.config_path}:2:8: error: size must be between 16 and 512 logical pixels, got 9")

    def test_move_to_x_y_is_clamped_on_screen_and_to_an_output(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config()).start()
            buoy.wait_for_button(MAGENTA)

            def state():
                return json.loads(msg(buoy, "state").stdout)

            self.assertEqual(msg(buoy, "move", "100", "200").returncode, 0)
            self.assertEqual((state()["x"], state()["y"], state()["edge"]), (100, 200, "free"))
            self.assertEqual(msg(buoy, "move", "5000", "-30").returncode, 0)
            self.assertEqual((state()["x"], state()["y"]), (1280 - 56, 0), "fully on screen")
            wait_for(lambda: buoy.wait_for_button(MAGENTA).bbox[0] >= 1280 - 58, timeout=3,
                     message="drawn at the right edge")

            result = msg(buoy, "move", "HEADLESS-9")
            self.assertEqual(result.returncode, 1)
            self.assertIn('no output or position named "HEADLESS-9"; outputs: HEADLESS-1', result.stderr)
            sway.swaymsg("create_output")
            wait_for(lambda: msg(buoy, "move", "HEADLESS-2").returncode == 0, timeout=3,
                     message="moved to HEADLESS-2")
            wait_for(lambda: state()["output"] == "HEADLESS-2", timeout=3, message="on HEADLESS-2")
            self.assertEqual(state()["edge"], "free", "it rests as it did")


class LoggingTests(unittest.TestCase):
    def test_to_the_journal_no_timestamps_but_priorities(self):
        with HeadlessSway() as sway:
            for journal in (True, False):
                path = sway.artifact(f"stderr-{journal}.log")
                with open(path, "w") as err:
                    info = os.fstat(err.fileno())
                    stream = f"{info.st_dev}:{info.st_ino}" if journal else "1:2"
                    buoy = Buoy(sway, config(), name=f"buoy-{journal}")
                    process = subprocess.Popen([BUOY, "-dd"], env={**buoy.env, "JOURNAL_STREAM": stream},
                                               stdout=subprocess.DEVNULL, stderr=err)
                    buoy.process = process
                    try:
                        buoy.wait_for_button(MAGENTA)
                        self.assertEqual(msg(buoy, "quit").returncode, 0)
                        self.assertEqual(process.wait(timeout=5), 0)
                    finally:
                        if process.poll() is None:
                            process.kill()
                lines = path.read_text().splitlines()
                self.assertTrue(lines)
                if journal:
                    self.assertTrue(all(re.match(r"^<[3467]>\[(error|warning|info|debug)\] ", line)
                                        for line in lines), lines[:5])
                    self.assertTrue(any(line.startswith("<6>[info] listening for buoy msg") for line in lines))
                else:
                    self.assertTrue(all(STAMP.match(line) for line in lines), lines[:5])

    def test_under_the_journal_each_commands_output_is_a_stream_tagged_with_what_ran_it(self):
        # A stand-in for journald's stdout socket (BUOY_JOURNAL_SOCKET): it keeps what each
        # connection sends. buoy's stderr is the journal (JOURNAL_STREAM names it).
        with HeadlessSway() as sway:
            listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            listener.bind(str(sway.artifact("journal-stdout")))
            listener.listen(8)
            listener.settimeout(5)
            marker = sway.artifact("tapped")
            text = config(actions={"tap": f'"echo out-of-tap; echo err-of-tap >&2; touch {marker}"'})
            path = sway.artifact("stderr.log")
            with open(path, "w") as err:
                info = os.fstat(err.fileno())
                buoy = Buoy(sway, text)
                env = {**buoy.env, "JOURNAL_STREAM": f"{info.st_dev}:{info.st_ino}",
                       "BUOY_JOURNAL_SOCKET": str(sway.artifact("journal-stdout"))}
                process = subprocess.Popen([BUOY, "-dd"], env=env, stdout=subprocess.DEVNULL, stderr=err)
                buoy.process = process
                try:
                    pointer = sway.pointer()
                    pointer.click(*buoy.wait_for_button(MAGENTA).centroid)
                    connection, _ = listener.accept()
                    connection.settimeout(5)
                    received = b""
                    while chunk := connection.recv(4096):
                        received += chunk
                    self.assertTrue(marker.exists())
                    self.assertEqual(msg(buoy, "quit").returncode, 0)
                    self.assertEqual(process.wait(timeout=5), 0)
                finally:
                    if process.poll() is None:
                        process.kill()
            # systemd-cat's header for an info stream named buoy/tap, then both outputs.
            self.assertEqual(received, b"buoy/tap\n\n6\n0\n0\n0\n0\nout-of-tap\nerr-of-tap\n")
            log = path.read_text()
            # The command line is in buoy's log; its output is not.
            self.assertNotIn("out-of-tap", log.splitlines())
            self.assertNotIn("err-of-tap", log.splitlines())
            self.assertIn('(its output: journalctl -t "buoy/tap")', log)

            # Without the journal the command writes to buoy's stdout and stderr, as it always did.
            marker.unlink()
            plain = sway.artifact("plain.log")
            with open(plain, "w") as err:
                buoy.process = subprocess.Popen([BUOY, "-d"], env=buoy.env, stdout=subprocess.DEVNULL, stderr=err)
                pointer.click(*buoy.wait_for_button(MAGENTA).centroid)
                wait_for(lambda: marker.exists(), timeout=3, message="the tap's command ran")
                self.assertEqual(msg(buoy, "quit").returncode, 0)
                self.assertEqual(buoy.process.wait(timeout=5), 0)
            self.assertIn("err-of-tap", plain.read_text().splitlines())
            listener.settimeout(0.2)
            with self.assertRaises(socket.timeout):
                listener.accept()
            listener.close()


if __name__ == "__main__":
    unittest.main()
