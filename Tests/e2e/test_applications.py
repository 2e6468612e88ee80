"""Edit mode's picker offers the installed applications: `buoy __list-applications`, the child
buoy starts to read the `.desktop` files without holding up its loop, run on real files in
XDG_DATA_HOME and XDG_DATA_DIRS. Its output is what buoy's loop reads: four NUL-ended fields
(desktop file ID, name, icon, command) for each application, sorted by name."""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

from buoy_fixture import BUOY

FIREFOX = """[Desktop Entry]
Name=Firefox ESR
Exec=/usr/lib/firefox-esr/firefox-esr %u
Terminal=false
Type=Application
Icon=firefox-esr

[Desktop Action new-window]
Name=New Window
Exec=/usr/lib/firefox-esr/firefox-esr --new-window %u
"""

NAUTILUS = """[Desktop Entry]
Name[de]=Dateien
Name=Files
Exec=nautilus --new-window %U
Icon=org.gnome.Nautilus
Terminal=false
Type=Application
DBusActivatable=true
OnlyShowIn=GNOME;
"""

FOOT = """[Desktop Entry]
Type=Application
Exec=foot
Icon=foot
Terminal=false
Name=Foot
"""

HTOP = """[Desktop Entry]
Type=Application
Name=Htop
Icon=htop
Exec=htop
Terminal=true
"""


def application(name: str, exec_line: str, extra: str = "") -> str:
    return f"[Desktop Entry]\nType=Application\nName={name}\nExec={exec_line}\n{extra}"


def listed(env: dict) -> list[tuple[str, str, str, str]]:
    result = subprocess.run([BUOY, "__list-applications"], env=env, capture_output=True, timeout=10)
    if result.returncode != 0 or result.stderr:
        raise AssertionError(f"exit {result.returncode}: {result.stderr!r}")
    fields = result.stdout.decode().split("\0")
    if fields.pop() != "" or len(fields) % 4:
        raise AssertionError(f"not whole entries: {result.stdout!r}")
    return [tuple(fields[i:i + 4]) for i in range(0, len(fields), 4)]


class ApplicationListTests(unittest.TestCase):
    def setUp(self):
        self.root = Path(tempfile.mkdtemp(prefix="buoy-apps-"))
        self.home = self.root / "home" / "applications"
        self.system = self.root / "usr" / "applications"
        self.local = self.root / "local" / "applications"
        for directory in (self.home, self.system / "kde", self.local):
            directory.mkdir(parents=True)
        (self.system / "firefox-esr.desktop").write_text(FIREFOX)
        (self.system / "org.gnome.Nautilus.desktop").write_text(NAUTILUS)
        (self.system / "foot.desktop").write_text(FOOT)
        (self.system / "htop.desktop").write_text(HTOP)
        (self.system / "kde" / "okular.desktop").write_text(application("Okular", "okular %U", "Icon=okular\n"))
        (self.system / "mimeinfo.cache").write_text("[MIME Cache]\n")
        # The user's copy hides the system's foot; the first data dir's editor wins over the second's.
        (self.home / "foot.desktop").write_text(FOOT + "Hidden=true\n")
        (self.local / "editor.desktop").write_text(application("Editor", '"/opt/my editor/ed" %F'))
        (self.system / "editor.desktop").write_text(application("Old editor", "ed"))
        self.env = {
            "PATH": os.environ["PATH"], "HOME": "/nonexistent", "XDG_DATA_HOME": str(self.root / "home"),
            "XDG_DATA_DIRS": f"{self.root / 'local'}:{self.root / 'usr'}",
        }

    def test_the_applications_of_a_sway_session(self):
        self.assertEqual(listed({**self.env, "XDG_CURRENT_DESKTOP": "sway", "LANG": "C.UTF-8"}), [
            ("editor.desktop", "Editor", "", "'/opt/my editor/ed'"),
            ("firefox-esr.desktop", "Firefox ESR", "firefox-esr", "/usr/lib/firefox-esr/firefox-esr"),
            ("kde-okular.desktop", "Okular", "okular", "okular"),
        ])

    def test_a_german_gnome_session_gets_files_by_its_german_name(self):
        entries = listed({**self.env, "XDG_CURRENT_DESKTOP": "ubuntu:GNOME", "LANG": "de_DE.UTF-8"})
        self.assertEqual([entry[1] for entry in entries], ["Dateien", "Editor", "Firefox ESR", "Okular"])
        self.assertIn(("org.gnome.Nautilus.desktop", "Dateien", "org.gnome.Nautilus", "nautilus --new-window"),
                      entries)
        # LC_ALL speaks before LANG.
        entries = listed({**self.env, "XDG_CURRENT_DESKTOP": "GNOME", "LANG": "de_DE.UTF-8", "LC_ALL": "en_US"})
        self.assertIn("Files", [entry[1] for entry in entries])

    def test_sh_gets_the_arguments_the_exec_line_quotes(self):
        # The file's \\ is \ after the string escapes; inside double quotes \" \$ \` \\ are escaped.
        exec_line = 'printf "%%s|" "a \\\\"quoted\\\\" \\\\$HOME \\\\`id\\\\`" it\'s ~ "" 100%% %U'
        (self.local / "tricky.desktop").write_text(application("Tricky", exec_line))
        command = dict((entry[0], entry[3]) for entry in listed(self.env))["tricky.desktop"]
        shown = subprocess.run(["sh", "-c", command], capture_output=True, text=True, timeout=5,
                               env={"PATH": os.environ["PATH"], "HOME": "/nonexistent"})
        self.assertEqual(shown.stdout, 'a "quoted" $HOME `id`|it\'s|~||100%|')

    def test_a_try_exec_program_must_be_installed(self):
        (self.local / "gone.desktop").write_text(application("Gone", "gone", "TryExec=buoy-test-not-installed\n"))
        (self.local / "shell.desktop").write_text(application("Shell", "sh", "TryExec=sh\n"))
        (self.local / "abs.desktop").write_text(application("Absolute", "x", "TryExec=/nonexistent/x\n"))
        names = [entry[1] for entry in listed(self.env)]
        self.assertIn("Shell", names)
        self.assertNotIn("Gone", names)
        self.assertNotIn("Absolute", names)

    def test_no_directories_no_applications(self):
        self.assertEqual(listed({**self.env, "XDG_DATA_HOME": str(self.root / "none"),
                                 "XDG_DATA_DIRS": str(self.root / "none")}), [])

    def test_two_thousand_files_take_a_child_well_under_a_second(self):
        many = self.root / "many" / "applications"
        many.mkdir(parents=True)
        for number in range(2000):
            (many / f"app{number:04}.desktop").write_text(
                application(f"App {number:04}", f"app{number} %U", f"Icon=app{number}\nComment=An app\n"))
        env = {**self.env, "XDG_DATA_DIRS": str(self.root / "many"), "XDG_CURRENT_DESKTOP": "sway"}
        started = time.monotonic()
        entries = listed(env)
        took = time.monotonic() - started
        print(f"\n2,000 .desktop files listed by the child in {took * 1000:.0f} ms")
        self.assertEqual(len(entries), 2000)
        self.assertEqual(entries[0], ("app0000.desktop", "App 0000", "app0", "app0"))
        self.assertLess(took, 5)


if __name__ == "__main__":
    unittest.main()
