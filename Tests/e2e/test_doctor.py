"""buoy doctor on real compositors: the compositor it names, the protocols, outputs, files and
helpers it lists, the pitfalls it finds and its exit status; and its one line when no
compositor answers."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import tempfile
import unittest

from buoy_fixture import BUOY, MAGENTA, Buoy
from harness import HeadlessKWin, HeadlessPhoc, HeadlessSway, HeadlessWeston, selected_compositor
from test_msg import config

# The variables doctor shows; unset here so that only what a test sets counts.
COMPOSITOR_VARIABLES = ("SWAYSOCK", "HYPRLAND_INSTANCE_SIGNATURE", "XDG_CURRENT_DESKTOP", "KDE_SESSION_VERSION")


def doctor(buoy: Buoy, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    env = env if env is not None else {k: v for k, v in buoy.env.items()
                                       if k == "SWAYSOCK" or k not in COMPOSITOR_VARIABLES}
    return subprocess.run([BUOY, "doctor", *args], env=env, capture_output=True, text=True, timeout=30)


def section(report: str, title: str) -> list[str]:
    """The lines of the section whose title starts with `title`, without their indent."""
    for block in report.split("\n\n"):
        lines = block.splitlines()
        if lines and lines[0].startswith(title):
            return [line[2:] for line in lines[1:]]
    raise AssertionError(f"no section {title!r} in:\n{report}")


def words(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


def installed(soname: str) -> bool:
    listing = subprocess.run(["/sbin/ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    return f"{soname} " in listing


class DoctorOnSwayTests(unittest.TestCase):
    def test_sway_can_run_buoy_and_a_running_one_answers(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config())
            result = doctor(buoy)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            self.assertEqual(result.stderr, "")
            report = result.stdout

            version = sway.swaymsg("-t", "get_version")["human_readable"]
            if selected_compositor() == "host-sway":
                self.assertEqual(version, "1.7")
            compositor = section(report, "Compositor")
            self.assertEqual(compositor[0], f"sway {version}, from SWAYSOCK")
            self.assertIn(f"SWAYSOCK={sway.env['SWAYSOCK']}", compositor)
            self.assertIn("XDG_CURRENT_DESKTOP is not set", compositor)

            offered = sway.globals()
            protocols = section(report, "Protocols")
            layer_shell = offered["zwlr_layer_shell_v1"]
            self.assertRegex(protocols[0], rf"^zwlr_layer_shell_v1 +offered {layer_shell}, used {min(layer_shell, 4)} ")
            for interface, line in (("wp_viewporter", "offered 1, used 1"),
                                    ("zxdg_output_manager_v1", f"offered {offered['zxdg_output_manager_v1']}, used 3")):
                self.assertTrue(any(re.match(rf"{interface} +{line} ", p) for p in protocols), protocols)
            # No input device yet: the seat has nothing, which is a pitfall.
            self.assertIn("  seat0: no pointer, keyboard or touch", protocols)
            self.assertIn("No seat has a pointer", "\n".join(section(report, "Known pitfalls on sway")))

            self.assertIn("HEADLESS-1: 1280x720, scale 1, normal, 1280x720 logical", section(report, "Outputs"))

            files = section(report, "Files and processes")
            self.assertEqual(files[0], f"config: {buoy.config_path}: ok")
            socket_path = f"{sway.env['XDG_RUNTIME_DIR']}/buoy-{sway.env['WAYLAND_DISPLAY']}.sock"
            self.assertEqual(files[1], f"control socket: {socket_path}: no buoy running")
            self.assertEqual(files[2], f"state file: {buoy.state_path}: none yet (no button was dragged or moved)")

            helpers = section(report, "Helpers")
            self.assertIn("drawing helper: works", helpers)
            self.assertIn("Pango: works" if installed("libpangocairo-1.0.so.0") else "Pango: not loaded", words(helpers))
            self.assertIn("librsvg: works" if installed("librsvg-2.so.2") else "librsvg: not loaded", words(helpers))
            self.assertEqual(report.splitlines()[-1], "buoy can run here.")

            # A pointer gives the seat its capability; a real buoy answers on the socket.
            sway.pointer()
            buoy.start()
            buoy.wait_for_button(MAGENTA)
            result = doctor(buoy)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            self.assertIn("  seat0: pointer", section(result.stdout, "Protocols"))
            self.assertEqual(section(result.stdout, "Files and processes")[1],
                             f"control socket: {socket_path}: buoy running (it answered buoy msg state)")
            pitfalls = words(section(result.stdout, "Known pitfalls"))
            self.assertIn("A buoy already runs on this display", pitfalls)
            self.assertNotIn("No seat has a pointer", pitfalls)
            # It changed nothing: the button still shows.
            buoy.wait_for_button(MAGENTA)
            self.assertIsNone(buoy.process.poll())

    def test_it_makes_no_surface_and_quits_after_two_roundtrips(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, config())
            result = doctor(buoy, env={**buoy.env, "WAYLAND_DEBUG": "1"})
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            requests = [line for line in result.stderr.splitlines() if " -> " in line]
            self.assertTrue(any(".bind(" in line for line in requests), result.stderr[-2000:])
            self.assertFalse([line for line in requests if "create_surface" in line or "get_layer_surface" in line])
            self.assertEqual(len([line for line in requests if "wl_display@1.sync(" in line]), 2)

    def test_a_config_with_errors_is_shown_and_exits_1(self):
        with HeadlessSway() as sway:
            buoy = Buoy(sway, "[button]\nsize = 9\n")
            result = doctor(buoy)
            self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
            files = section(result.stdout, "Files and processes")
            self.assertEqual(files[0], "config: cannot be used:")
            self.assertEqual(files[1], f"  {buoy.config_path}:2:8: error: size must be between 16 and 512 logical pixels, got 9")
            self.assertIn("The config has errors", words(section(result.stdout, "Known pitfalls")))
            self.assertEqual(result.stdout.splitlines()[-1],
                             "buoy cannot run here: the config has errors (see Files and processes).")

            # --config names another file; --check says the same of it.
            good = sway.artifact("good.toml")
            good.write_text(config())
            good.chmod(0o600)
            result = doctor(buoy, "--config", str(good))
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            check = subprocess.run([BUOY, "--check", "--config", str(good)], env=buoy.env, capture_output=True,
                                   text=True, timeout=10)
            self.assertEqual(section(result.stdout, "Files and processes")[0], f"config: {check.stdout.strip()}")

    def test_clicks_and_keys_through_the_virtual_pointer_and_keyboard_on_sway(self):
        with HeadlessSway() as sway:
            report = doctor(Buoy(sway, config())).stdout
            self.assertEqual([" ".join(line.split()) for line in section(report, "Clicks and keys")], [
                "click types through zwlr_virtual_pointer_v1, at the tapped point",
                "keys sent to the focused window through zwp_virtual_keyboard_v1, with a keymap of buoy's own"])


class DoctorWithoutACompositorTests(unittest.TestCase):
    def test_one_line_that_names_the_display(self):
        with tempfile.TemporaryDirectory() as tmp:
            refusing = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            refusing.bind(f"{tmp}/wayland-dead")  # a socket nobody listens on
            try:
                cases = [
                    ({"XDG_RUNTIME_DIR": tmp, "WAYLAND_DISPLAY": "wayland-nowhere"},
                     f'"wayland-nowhere" ({tmp}/wayland-nowhere): No such file or directory'),
                    ({"XDG_RUNTIME_DIR": tmp, "WAYLAND_DISPLAY": "wayland-dead"},
                     f'"wayland-dead" ({tmp}/wayland-dead): Connection refused'),
                    ({"XDG_RUNTIME_DIR": tmp},
                     f'"wayland-0" (WAYLAND_DISPLAY is not set; tried {tmp}/wayland-0): No such file or directory'),
                    ({"WAYLAND_DISPLAY": "wayland-1"},
                     '"wayland-1" (XDG_RUNTIME_DIR is not set): there is no socket to try'),
                ]
                for variables, where in cases:
                    env = {"PATH": os.environ["PATH"], "HOME": tmp, **variables}
                    result = subprocess.run([BUOY, "doctor"], env=env, capture_output=True, text=True, timeout=10)
                    self.assertEqual(result.returncode, 1, variables)
                    self.assertEqual(result.stdout, "", variables)
                    self.assertEqual(result.stderr,
                                     f"buoy doctor: cannot connect to the Wayland display {where}\n", variables)
            finally:
                refusing.close()


class DoctorElsewhereTests(unittest.TestCase):
    def report(self, compositor: HeadlessSway, status: int, named: str) -> tuple[Buoy, str]:
        """doctor's report on `compositor`, which it must name (a regex) from its globals."""
        buoy = Buoy(compositor, config())
        result = doctor(buoy)
        self.assertEqual(result.returncode, status, result.stdout + result.stderr)
        self.assertRegex(section(result.stdout, "Compositor")[0], rf"^{named}, from its global ")
        return buoy, result.stdout

    def test_json_is_the_same_report_as_one_object(self):
        for compositor, status in ((HeadlessSway, 0), (HeadlessWeston, 1)):
            with self.subTest(compositor.__name__), compositor() as running:
                buoy = Buoy(running, config())
                text, result = doctor(buoy), doctor(buoy, "--json")
                self.assertEqual(result.returncode, status, result.stderr)
                self.assertEqual(result.stdout.count("\n"), 1, "one line")
                report = json.loads(result.stdout)
                self.assertEqual(report["can_run"], status == 0)
                compositor_line = section(text.stdout, "Compositor")[0]
                self.assertEqual(f"{report['compositor']['name']}, {report['compositor']['evidence']}",
                                 compositor_line)
                layer_shell = next(p for p in report["protocols"] if p["interface"] == "zwlr_layer_shell_v1")
                self.assertEqual(layer_shell["offered"] is not None, status == 0)
                self.assertEqual([o["name"] or "(unnamed)" for o in report["outputs"]],
                                 [line.split(":")[0] for line in section(text.stdout, "Outputs")])

    def test_weston_has_no_layer_shell_and_doctor_says_what_to_use(self):
        with HeadlessWeston() as weston:
            buoy, report = self.report(weston, 1, "weston")
            self.assertRegex(section(report, "Compositor")[0], r"global weston_")
            self.assertRegex(section(report, "Protocols")[0],
                             r"^zwlr_layer_shell_v1 +not offered +REQUIRED: buoy cannot run without it$")
            pitfalls = words(section(report, "Known pitfalls on weston"))
            self.assertIn("weston has no wlr-layer-shell", pitfalls)
            self.assertIn("Run buoy on one that offers it: sway (and sxmo, which runs on it), Hyprland, "
                          "KDE Plasma and Plasma Mobile (KWin), labwc, wayfire and Phosh (phoc).", pitfalls)
            # The reason is the line buoy itself exits with there.
            started = buoy.start()
            self.assertEqual(started.process.wait(timeout=10), 1)
            exit_line = [line for line in buoy.log().splitlines() if line.startswith("buoy: ")][0]
            self.assertEqual(report.splitlines()[-1], f"buoy cannot run here: {exit_line[len('buoy: '):]}.")

    def test_kwin_is_named_with_its_focus_pitfall(self):
        with HeadlessKWin() as kwin:
            _, report = self.report(kwin, 0, r"KWin \(KDE Plasma\)")
            self.assertRegex(section(report, "Protocols")[0], r"^zwlr_layer_shell_v1 +offered 3, used 3 ")
            # buoy-touch's fake input gives the seat a pointer and touch.
            self.assertTrue(any(re.search(r": pointer, (keyboard, )?touch$", line)
                                for line in section(report, "Protocols")), report)
            pitfalls = words(section(report, "Known pitfalls on KWin"))
            self.assertIn("KWin 5.27 gives the keyboard to a layer surface that is clicked or touched", pitfalls)
            self.assertIn("buoy's buttons are docks", pitfalls)
            self.assertEqual(report.splitlines()[-1], "buoy can run here.")

    def test_clicks_and_keys_through_fake_input_on_kwin_for_kwin_s_user(self):
        # KWin offers fake input only to clients of its own user (as a user runs doctor).
        with HeadlessKWin() as kwin:
            buoy = Buoy(kwin, config())
            env = {k: v for k, v in buoy.env.items() if k not in COMPOSITOR_VARIABLES}
            argv = [BUOY, "doctor"]
            if kwin.account is not None:
                argv = ["setpriv", f"--reuid={kwin.account.pw_uid}", f"--regid={kwin.account.pw_gid}",
                        "--init-groups", *argv]
            result = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=30)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            self.assertEqual([" ".join(line.split()) for line in section(result.stdout, "Clicks and keys")], [
                "click types through KWin's fake input (org_kde_kwin_fake_input), at the tapped point",
                "keys sent to the focused window through KWin's fake input, as the keys of KWin's active layout"
                " (a key it lacks sends nothing of its list)"])

    def test_phoc_is_named_from_its_globals(self):
        with HeadlessPhoc() as phoc:
            _, report = self.report(phoc, 0, r"phoc \(Phosh\)")
            self.assertEqual(section(report, "Known pitfalls on phoc"), ["none known"])


if __name__ == "__main__":
    unittest.main()
