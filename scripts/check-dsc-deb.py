#!/usr/bin/env python3
"""Installs the .deb that scripts/build-dsc.sh built in the SUITE root, as a user of that
Debian would (apt-get install ./buoy_*.deb), and checks it there: `buoy --version`, `buoy
--check` on each example config, and `buoy doctor` against the root's own headless sway.
Then removes it, so the root is as it was. `make swiftlang-SUITE` runs it after the build.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests" / "e2e"))

from harness import HeadlessSway, debian_root  # noqa: E402


def in_root(suite: str, *argv: str) -> subprocess.CompletedProcess:
    """argv run as root inside the SUITE root, in this checkout (scripts/debian-root.sh --run)."""
    return subprocess.run([str(REPO / "scripts" / "debian-root.sh"), "--run", f".build/{suite}", *argv],
                          cwd=REPO, capture_output=True, text=True)


def check(result: subprocess.CompletedProcess, what: str) -> str:
    if result.returncode != 0:
        raise SystemExit(f"check-dsc-deb: {what} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
    return result.stdout


def main() -> int:
    suite = sys.argv[1]
    debs = sorted((REPO / ".build" / f"dsc-{suite}").glob("buoy_*.deb"))
    if len(debs) != 1:
        raise SystemExit(f"check-dsc-deb: expected one .build/dsc-{suite}/buoy_*.deb, found {len(debs)}")
    deb = debs[0].relative_to(REPO)
    check(in_root(suite, "apt-get", "install", "-y", "-q", "--no-install-recommends", f"./{deb}"),
          f"apt-get install ./{deb}")
    try:
        version = check(in_root(suite, "buoy", "--version"), "buoy --version").strip()
        if not re.fullmatch(r"buoy \d+\.\d+\.\d+", version):
            raise SystemExit(f"check-dsc-deb: buoy --version printed {version!r}")
        examples = sorted(str(path.relative_to(REPO)) for path in (REPO / "examples").glob("*.toml"))
        for example in examples:
            check(in_root(suite, "buoy", "--check", "--config", example), f"buoy --check --config {example}")
        with HeadlessSway(root=debian_root(suite)) as sway:
            doctor = subprocess.run(sway.root_client(["buoy", "doctor"]), capture_output=True,
                                    text=True, timeout=30)
            report = check(doctor, "buoy doctor")
            if not re.search(r"^  zwlr_layer_shell_v1 +offered \d", report, re.MULTILINE):
                raise SystemExit(f"check-dsc-deb: buoy doctor found no layer shell:\n{report}")
            sway_version = sway.swaymsg("-t", "get_version")["human_readable"]
        print(f"check-dsc-deb: {deb} installed in the {suite} root: {version}, --check passed on "
              f"{len(examples)} examples, doctor ran against sway {sway_version}")
    finally:
        check(in_root(suite, "apt-get", "remove", "--purge", "-y", "-q", "buoy"), "apt-get remove buoy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
