"""Which tests each leg of the compositor matrix runs (`make e2e-…`, run.py --leg), and why.

The rule (Tests/e2e/README.md, "Which leg runs what"; test_harness.LegRuleTests holds these
lists to it):
- a module about buoy's own files, command line, config, control socket, D-Bus peers or
  processes runs once, on the host-sway leg (OWN);
- a module about what a compositor does with buoy's surfaces and input runs on both sways,
  Debian 12's 1.7 and trixie's 1.10 (COMPOSITOR), but a test in it that starts the host's KWin,
  phoc or weston by name runs from the host leg only (host_compositor_tests), since any other
  leg would start the same host compositor again;
- a module that starts the host's KWin by name runs on the host-sway leg, and on the KWin legs,
  where the same class is that root's KWin (KWIN);
- test_scale needs what sway 1.7 lacks, so trixie-sway alone runs it (NEWER_SWAY);
- every other compositor runs the smoke set (SMOKE); phoc 0.24 also its own regressions
  (test_phoc) and phoc 0.58 the sequences users make.

Standard library only; importing this starts nothing.
"""

from __future__ import annotations

import ast
from pathlib import Path

E2E_DIR = Path(__file__).resolve().parent

OWN = (
    "test_accessibility", "test_applications", "test_check", "test_cli", "test_completions",
    "test_config", "test_config_command", "test_config_files", "test_config_watch", "test_control", "test_doctor",
    "test_feedback", "test_first_run", "test_harness", "test_install", "test_legs", "test_subscribe",
)
COMPOSITOR = (
    "test_actions", "test_badge", "test_button", "test_buttons", "test_clicks", "test_cursor",
    "test_dwell", "test_edit_mode", "test_face", "test_faults", "test_focus", "test_gestures",
    "test_keys", "test_menu", "test_menu_apps", "test_menu_look", "test_msg", "test_outputs",
    "test_panel", "test_phone", "test_pointer", "test_position", "test_remove", "test_sequences", "test_smoke",
    "test_status", "test_submenu", "test_touch", "test_visibility",
)
KWIN = ("test_kwin", "test_edit_mode_kwin", "test_pointer_kwin")
NEWER_SWAY = ("test_scale",)
# phoc 0.24's own regressions: crashes that only it had, run on the host-phoc leg.
PHOC_024 = ("test_phoc",)
# Each smoke leg also right-clicks through buoy's click types (the virtual pointer).
SMOKE = ("test_smoke", "test_clicks.ClickTypeTests.test_right_click_at_the_tapped_point_and_no_left_press")

LEGS: dict[str, tuple[str, ...]] = {
    "host-sway": OWN + COMPOSITOR + KWIN,
    "trixie-sway": COMPOSITOR + NEWER_SWAY,
    "host-phoc": SMOKE + PHOC_024,
    "trixie-labwc": SMOKE,
    "trixie-phoc": SMOKE,
    "sid-wayfire": SMOKE,
    "sid-sway": SMOKE,
    "sid-labwc": SMOKE,
    # What Phosh users on postmarketOS edge and Mobian unstable run, Phosh users being many.
    "sid-phoc": SMOKE + ("test_sequences",),
    "trixie-kwin": KWIN,
    "sid-kwin": KWIN,
}
HOST_LEGS = ("host-sway", "host-phoc")
# The compositors the harness starts from the host whatever the leg says, unless the leg is
# that compositor's own (HeadlessKWin on trixie-kwin is trixie's KWin).
HOST_COMPOSITOR_CLASSES = {"HeadlessKWin": "kwin", "HeadlessPhoc": "phoc", "HeadlessWeston": "weston"}


def all_modules() -> list[str]:
    """Every test module in Tests/e2e, by name."""
    return sorted(path.stem for path in E2E_DIR.glob("test_*.py"))


def named_compositors(module: str) -> dict[str, set[str]]:
    """For each function of `module` (test ids for test methods, `module.Class.name` or
    `module.name` for the others), the host compositor classes it names."""
    tree = ast.parse((E2E_DIR / f"{module}.py").read_text())
    found: dict[str, set[str]] = {}

    def visit(node, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}.{child.name}")
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names = {n.id for n in ast.walk(child) if isinstance(n, ast.Name)} & HOST_COMPOSITOR_CLASSES.keys()
                if names:
                    found[f"{prefix}.{child.name}"] = names
            else:
                visit(child, prefix)

    visit(tree, module)
    return found


def host_compositor_tests(module: str, leg: str) -> list[str]:
    """The test ids of `module` that start the host's KWin, phoc or weston when run on `leg`:
    every other leg than a host one would run the same host compositor again."""
    if leg in HOST_LEGS:
        return []
    program = leg.split("-", 1)[1]
    return sorted(name for name, classes in named_compositors(module).items()
                  if any(HOST_COMPOSITOR_CLASSES[c] != program for c in classes))


def leg_tests(leg: str) -> tuple[list[str], list[str]]:
    """The names the leg runs (modules, or module.Class.test) and the test ids it leaves out."""
    names = list(LEGS[leg])
    modules = sorted({name.split(".", 1)[0] for name in names})
    excluded = [test for module in modules for test in host_compositor_tests(module, leg)]
    return names, excluded
