"""`make install` and `make uninstall` into a temporary DESTDIR.

Runs make from the repository root; `install` only copies what `make` built (the
Makefile's `e2e` target has built the binary, and `man` the pages, already).
Needs scdoc, man-db and systemd-analyze (scripts/install-deps.sh installs them).

Run: python3 -m unittest discover -s Tests/e2e -p 'test_install.py' -v
"""

import os
import re
import stat
import subprocess
import tempfile
import unittest
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# What `make install PREFIX=/usr` writes, relative to DESTDIR, with its mode.
EXPECTED = {
    "usr/bin/buoy": 0o755,
    "usr/libexec/buoy/buoy-draw": 0o755,
    "usr/share/man/man1/buoy.1": 0o644,
    "usr/share/man/man5/buoy.5": 0o644,
    "usr/share/doc/buoy/config.toml": 0o644,
    "usr/share/doc/buoy/phone.toml": 0o644,
    "usr/share/doc/buoy/touch-desktop.toml": 0o644,
    "usr/share/doc/buoy/two-buttons.toml": 0o644,
    "usr/share/doc/buoy/buoy.desktop": 0o644,
    "usr/share/applications/buoy.desktop": 0o644,
    "usr/lib/systemd/user/buoy.service": 0o644,
    "usr/share/bash-completion/completions/buoy": 0o644,
    "usr/share/zsh/site-functions/_buoy": 0o644,
    "usr/share/fish/vendor_completions.d/buoy.fish": 0o644,
}


def readme_examples() -> set[str]:
    """The files under examples/ that README.md names."""
    return set(re.findall(r"examples/([A-Za-z0-9_.-]+)", (REPO / "README.md").read_text()))


def make(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """Runs make in the repository; fails the test with make's output if it fails."""
    result = subprocess.run(["make", *args], cwd=REPO, capture_output=True, text=True, timeout=1800,
                            env=env)
    if result.returncode != 0:
        raise AssertionError(
            f"make {' '.join(args)} exited with {result.returncode}\n"
            f"--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}")
    return result


def files_under(root: Path) -> dict:
    """Every file (not directory) under `root`, relative path -> permission bits."""
    return {
        path.relative_to(root).as_posix(): stat.S_IMODE(path.lstat().st_mode)
        for path in root.rglob("*")
        if not path.is_dir()
    }


def render_man(page: Path) -> subprocess.CompletedProcess:
    """`man -l page` as plain text, 80 columns wide, with troff's warnings on stderr."""
    env = {**os.environ, "MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"}
    env.pop("MAN_KEEP_FORMATTING", None)
    result = subprocess.run(["man", "--warnings", "-l", str(page)], capture_output=True, text=True,
                            timeout=60, env=env)
    # Bold and underline come as overstrikes ("b\bb", "_\bx"); keep the letter.
    result.stdout = re.sub(r".\x08", "", result.stdout)
    return result


def without_make_flags() -> dict:
    """The environment, not as a sub-make of `make test`, which would add "Entering directory"
    lines."""
    return {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}


def setUpModule():
    make("man")  # `make` renders the pages that `install` copies; e2e builds only the binary


class InstallTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls._tmp = tempfile.TemporaryDirectory(prefix="buoy-install-")
        cls.destdir = Path(cls._tmp.name)
        # Only copies: it would fail here if it built, as under sudo's PATH without Swift.
        make("install", f"DESTDIR={cls.destdir}", "PREFIX=/usr", "SWIFT=no-such-swift")

    @classmethod
    def tearDownClass(cls):
        cls._tmp.cleanup()

    def test_installs_exactly_the_expected_files_with_their_modes(self):
        installed = files_under(self.destdir)
        self.assertEqual(sorted(installed), sorted(EXPECTED))
        self.assertEqual({path: oct(mode) for path, mode in installed.items()},
                         {path: oct(mode) for path, mode in EXPECTED.items()})

    def test_installed_binary_runs(self):
        result = subprocess.run([str(self.destdir / "usr/bin/buoy"), "--version"], capture_output=True,
                                text=True, timeout=10)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertRegex(result.stdout, r"^buoy \S+")

    def test_the_drawing_helper_runs_where_buoy_looks_for_it(self):
        # ../libexec/buoy/buoy-draw from buoy's directory (DrawingHelper.candidates).
        helper = self.destdir / "usr/bin/../libexec/buoy/buoy-draw"
        result = subprocess.run([str(helper)], capture_output=True, text=True, timeout=10)
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertIn("buoy starts it", result.stderr)

    def test_every_example_the_readme_names_is_installed(self):
        named = readme_examples()
        self.assertIn("config.toml", named)
        installed = {path.rsplit("/", 1)[1] for path in EXPECTED if path.startswith("usr/share/doc/buoy/")}
        self.assertEqual(named - installed, set(), "README names examples that make install leaves out")

    def test_man_pages_render(self):
        for page, section, must_mention in [
            ("usr/share/man/man1/buoy.1", "1", ["buoy msg", "--check", "SIGUSR1", "buoy(5)"]),
            ("usr/share/man/man5/buoy.5", "5", ["[button]", "[[menu.item]]", "max_running", "buoy(1)"]),
        ]:
            with self.subTest(page=page):
                result = render_man(self.destdir / page)
                self.assertEqual(result.returncode, 0, result.stderr)
                self.assertNotRegex(result.stderr, r"(?m)^.*troff.*warning.*$")
                text = result.stdout
                self.assertTrue(text.strip(), "empty output")
                self.assertTrue(text.lstrip().startswith(f"buoy({section})"), text[:200])
                self.assertIn("NAME", text)
                for phrase in must_mention:
                    self.assertIn(phrase, text)
                # The JSON example of `buoy msg state` is one line, and ACTIONS quotes each
                # built-in action's command lines as they run (DocumentationTests holds them
                # to the table): their literal lines may be wider.
                literal = re.search(r"(?ms)^ACTIONS$.*?^EXAMPLE$", text)
                prose = text.replace(literal.group(0), "") if literal else text
                too_wide = [line for line in prose.splitlines() if len(line.expandtabs()) > 80
                            and "{" not in line]
                self.assertEqual(too_wide, [], "lines wider than MANWIDTH=80")

    def test_the_pages_command_is_whole_as_copied(self):
        # scdoc reads a backslash as an escape even in a literal block: a lone one at a line's
        # end vanished, and the command copied from the page split in two, the second half
        # (HYPRLAND_INSTANCE_SIGNATURE, XDG_CURRENT_DESKTOP) run as a command of its own.
        command = r"(?m)^\s*(systemctl --user import-environment .*)$"
        readme = re.findall(command, (REPO / "README.md").read_text())
        text = render_man(self.destdir / "usr/share/man/man1/buoy.1").stdout
        continued = re.findall(r"(?m)^\s*systemctl --user import-environment .*\n.*$", text)
        self.assertEqual(len(continued), 1, text)
        # The rendered lines, joined where a backslash continues them, are README's one line.
        page = re.findall(command, re.sub(r"\\\n\s*", "", text))
        self.assertEqual(page, readme, continued[0])

    def test_unit_has_the_session_lines_and_the_binary_path(self):
        unit = (self.destdir / "usr/lib/systemd/user/buoy.service").read_text()
        lines = unit.splitlines()
        for line in ["PartOf=graphical-session.target", "After=graphical-session.target",
                     "ConditionEnvironment=WAYLAND_DISPLAY",
                     "ExecReload=kill -HUP $MAINPID", "ExecStart=/usr/bin/buoy", "Restart=on-failure",
                     "WantedBy=graphical-session.target", "Documentation=man:buoy(1) man:buoy(5)"]:
            self.assertIn(line, lines)
        self.assertNotIn("@BINDIR@", unit)
        self.assertNotIn("@", unit)

    def test_install_only_copies(self):
        dry = make("--dry-run", "install", f"DESTDIR={self.destdir}", "PREFIX=/usr").stdout
        for building in ["swift", "install-deps", "scdoc"]:
            self.assertNotIn(building, dry)

    def test_install_before_make_says_to_run_make_in_one_line(self):
        result = subprocess.run(["make", "install", f"DESTDIR={self.destdir}/none", "RELEASE=/nowhere"],
                                cwd=REPO, capture_output=True, text=True, timeout=60,
                                env=without_make_flags())
        self.assertNotEqual(result.returncode, 0)
        self.assertEqual(result.stdout, "")
        lines = result.stderr.splitlines()
        self.assertEqual(len(lines), 1, result.stderr)
        self.assertIn("/nowhere/buoy is missing: run `make` first (as yourself), then `make install`",
                      lines[0])
        self.assertFalse((self.destdir / "none").exists())

    def test_example_config_is_installed_unchanged(self):
        self.assertEqual((self.destdir / "usr/share/doc/buoy/config.toml").read_bytes(),
                         (REPO / "examples/config.toml").read_bytes())


class HomeInstallTest(unittest.TestCase):
    """`make install PREFIX=~/.local`: no root, and units where systemd looks for a user's own."""

    def test_into_dot_local_with_the_unit_where_systemd_finds_it_and_the_session_note(self):
        with tempfile.TemporaryDirectory(prefix="buoy-home-") as tmp:
            home = Path(tmp)
            # As zsh and dash pass it on: the tilde unexpanded.
            result = make("install", "PREFIX=~/.local", env={**os.environ, "HOME": str(home)})
            installed = files_under(home / ".local")
            unit_path = "share/systemd/user/buoy.service"
            expected = {path.removeprefix("usr/"): mode for path, mode in EXPECTED.items()
                        if not path.endswith("buoy.service")}
            self.assertEqual(installed, {**expected, unit_path: 0o644})
            unit = (home / ".local" / unit_path).read_text()
            self.assertIn(f"ExecStart={home}/.local/bin/buoy\n", unit)
            verify = subprocess.run(["systemd-analyze", "verify", "--man=no",
                                     str(home / ".local" / unit_path)],
                                    capture_output=True, text=True, timeout=60)
            self.assertEqual((verify.returncode, verify.stderr), (0, ""))
            # What the unit's commands need: said here, and the same in README and buoy(1).
            session = re.search(r"^ *(systemctl --user import-environment .*)$", result.stdout, re.M)
            self.assertIsNotNone(session, result.stdout)
            self.assertIn("SWAYSOCK", session.group(1))
            self.assertIn("dbus-update-activation-environment --systemd --all", result.stdout)
            for doc in ["README.md", "docs/buoy.1.scd"]:
                # A man page's literal line wider than 80 columns goes on with a backslash, which
                # the scdoc source writes doubled.
                words = " ".join((REPO / doc).read_text().replace("\\\\\n", " ").split())
                self.assertTrue(session.group(1) in words, f"{doc} lacks it")
            # zsh looks for completions in none of ~/.local's directories: the install says
            # where to add it, and README says so too.
            zsh_dir = home / ".local/share/zsh/site-functions"
            fpath = subprocess.run(["zsh", "-f", "-c", "print -l $fpath"], capture_output=True, text=True,
                                   timeout=10, env={**os.environ, "HOME": str(home)}).stdout.split()
            self.assertNotIn(str(zsh_dir), fpath)
            self.assertIn(f"  fpath=({zsh_dir} $fpath)\n", result.stdout)
            self.assertIn("`fpath=(~/.local/share/zsh/site-functions $fpath)`", (REPO / "README.md").read_text())
            make("uninstall", "PREFIX=~/.local", env={**os.environ, "HOME": str(home)})
            self.assertEqual(files_under(home), {})


class DependencyTest(unittest.TestCase):
    def missing(self, *args: str) -> list[str]:
        """What scripts/install-deps.sh would install on a machine with nothing installed, as a
        user without sudo: it says so and stops before apt-get."""
        with tempfile.TemporaryDirectory() as tmp:
            for name, body in [("dpkg-query", "exit 1"), ("id", "echo 1000")]:
                stub = Path(tmp) / name
                stub.write_text(f"#!/bin/sh\n{body}\n")
                stub.chmod(0o755)
            result = subprocess.run(["/bin/sh", str(REPO / "scripts/install-deps.sh"), *args],
                                    capture_output=True, text=True, timeout=30,
                                    env={"PATH": f"{tmp}:/usr/bin:/bin"})
        self.assertEqual(result.returncode, 1, result.stderr)
        match = re.search(r"need root \(or sudo\) to install: *(.*)", result.stderr)
        self.assertIsNotNone(match, result.stderr)
        return match.group(1).split()

    def test_building_and_running_need_no_compositor_or_test_tool(self):
        needed = self.missing("--build")
        # scdoc: `make` renders the man pages that `make install` copies. Pango's and librsvg's
        # headers: the drawing helper links them. An icon theme: README's optional piece, which
        # `make run` installs too.
        for package in ["libwayland-dev", "libcairo2-dev", "libxkbcommon-dev", "pkg-config", "scdoc",
                        "libpango1.0-dev", "librsvg2-dev", "adwaita-icon-theme"]:
            self.assertIn(package, needed)
        for package in ["sway", "phoc", "weston", "grim", "wev", "foot", "wtype", "lintian"]:
            self.assertNotIn(package, needed)
        packaging = self.missing("--deb")
        self.assertEqual(set(packaging) - set(needed), {"dpkg-dev", "lintian"})
        everything = self.missing()
        self.assertTrue(set(packaging) < set(everything))
        for package in ["sway", "phoc", "weston", "lintian", "dpkg-dev", "zsh", "fish", "systemd"]:
            self.assertIn(package, everything)

    def test_make_build_run_and_deb_ask_only_for_their_dependencies(self):
        for target, deps in [("build", "--build"), ("run", "--build"), ("deb", "--deb")]:
            # For run: what comes before it looks for a session (without one, the demo needs
            # the test tools, and installs them then).
            dry = make("--dry-run", "--always-make", target).stdout.split("if [")[0]
            self.assertIn(f"scripts/install-deps.sh {deps}\n", dry, target)
            self.assertNotIn("scripts/install-deps.sh\n", dry, target)

    def test_without_swift_make_says_so_in_one_line(self):
        result = subprocess.run(["make", "build", "SWIFT=no-such-swift"], cwd=REPO, capture_output=True,
                                text=True, timeout=60, env=without_make_flags())
        self.assertNotEqual(result.returncode, 0)
        self.assertEqual(result.stdout, "")
        lines = result.stderr.splitlines()
        self.assertEqual(len(lines), 1, result.stderr)
        self.assertIn("no-such-swift not found: buoy needs Swift 6", lines[0])


class UninstallTest(unittest.TestCase):
    def test_uninstall_removes_what_install_wrote_and_nothing_else(self):
        with tempfile.TemporaryDirectory(prefix="buoy-uninstall-") as tmp:
            destdir = Path(tmp)
            make("install", f"DESTDIR={destdir}", "PREFIX=/usr")
            self.assertEqual(sorted(files_under(destdir)), sorted(EXPECTED))
            # Someone else's file in a shared directory must survive.
            other = destdir / "usr/bin/other-tool"
            other.write_text("#!/bin/sh\n")
            make("uninstall", f"DESTDIR={destdir}", "PREFIX=/usr")
            self.assertEqual(sorted(files_under(destdir)), ["usr/bin/other-tool"])
            self.assertFalse((destdir / "usr/share/doc/buoy").exists(), "share/doc/buoy is left behind")
            self.assertFalse((destdir / "usr/libexec/buoy").exists(), "libexec/buoy is left behind")
            other.unlink()
            self.assertEqual(files_under(destdir), {})
            # A second uninstall finds nothing to remove and still succeeds.
            make("uninstall", f"DESTDIR={destdir}", "PREFIX=/usr")


if __name__ == "__main__":
    unittest.main()
