#!/usr/bin/env python3
"""The fresh-machine path of `make run` and `make test`: scripts/install-deps.sh, in each of
its modes, on made-up machines, asks apt only for packages that exist.

dpkg-query, apt-get and sudo are stubs on PATH: dpkg-query answers from the made-up
machine's package list, apt-get records what it is asked to install. Each name asked for is
then looked up with the real `apt-cache show`, so a name the script mangles (python3's
removal once turned python3-pyatspi into "at-spi2-core-pyatspi") fails here.

The machines: nothing installed; Debian's base system (every package of priority required,
important or standard in apt's lists); and that base with Debian's python3, as Ubuntu,
Debian's cloud images and most desktops have.
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "scripts", "install-deps.sh")
MODES = [[], ["--build"], ["--deb"]]

DPKG_QUERY = """#!/bin/sh
# dpkg-query -W -f='${Status}' NAME: installed only if NAME is in the machine's list.
for name; do :; done
if grep -qx -- "$name" "$BUOY_STUB_INSTALLED"; then printf 'install ok installed'; exit 0; fi
echo "dpkg-query: no packages found matching $name" >&2
exit 1
"""

APT_GET = """#!/bin/sh
# Records an install's package names, one per line; update does nothing.
install=no
for arg; do
    case "$arg" in
        install) install=yes ;;
        -*|DPkg::*) ;;
        *) [ "$install" = yes ] && echo "$arg" >> "$BUOY_STUB_ASKED" ;;
    esac
done
exit 0
"""

SUDO = """#!/bin/sh
exec "$@"
"""


def apt_lists_present():
    names = subprocess.run(["apt-cache", "pkgnames"], capture_output=True, text=True).stdout
    return bool(names.strip())


def base_system():
    dump = subprocess.run(["apt-cache", "dumpavail"], capture_output=True, text=True, check=True).stdout
    names, package = set(), None
    for line in dump.splitlines():
        if line.startswith("Package: "):
            package = line.split()[1]
        elif line.startswith("Priority: ") and line.split()[1] in ("required", "important", "standard"):
            names.add(package)
    return names


def existing(names):
    """The names apt can install, from one `apt-cache show` over them all (one run per name
    takes minutes): a name it does not know prints no record."""
    shown = subprocess.run(["apt-cache", "show", "--no-all-versions", *sorted(names)], capture_output=True,
                           text=True)
    return {line.split()[1] for line in shown.stdout.splitlines() if line.startswith("Package: ")} & set(names)


def asked_for(mode, installed, work):
    stubs = os.path.join(work, "bin")
    os.makedirs(stubs, exist_ok=True)
    for name, text in (("dpkg-query", DPKG_QUERY), ("apt-get", APT_GET), ("sudo", SUDO)):
        path = os.path.join(stubs, name)
        with open(path, "w") as stub:
            stub.write(text)
        os.chmod(path, 0o755)
    installed_file = os.path.join(work, "installed")
    asked_file = os.path.join(work, "asked")
    with open(installed_file, "w") as listing:
        listing.write("".join(f"{name}\n" for name in sorted(installed)))
    if os.path.exists(asked_file):
        os.remove(asked_file)
    env = dict(os.environ, PATH=f"{stubs}:{os.environ['PATH']}", BUOY_STUB_INSTALLED=installed_file,
               BUOY_STUB_ASKED=asked_file)
    run = subprocess.run(["sh", SCRIPT, *mode], env=env, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"install-deps.sh {' '.join(mode)} failed ({run.returncode}): {run.stderr.strip()}")
    if not os.path.exists(asked_file):
        return []
    with open(asked_file) as asked:
        return asked.read().split()


def main():
    if not apt_lists_present():
        if os.geteuid() != 0:
            sys.exit("check-install-deps: apt has no package lists here; run `sudo apt-get update` first")
        subprocess.run(["apt-get", "update", "-qq"], check=True)
    base = base_system()
    machines = [("nothing installed", set()), ("Debian's base system", base),
                ("the base system with python3", base | {"python3"})]
    failures, runs = [], []
    with tempfile.TemporaryDirectory() as work:
        for label, installed in machines:
            for mode in MODES:
                runs.append((" ".join(mode) or "(all)", label, asked_for(mode, installed, work)))
    known = existing({name for _, _, names in runs for name in names})
    for shown, label, names in runs:
        unknown = sorted(set(names) - known)
        if unknown:
            failures.append(f"{shown} on {label}: apt has no package {', '.join(unknown)}")
        elif not names:
            failures.append(f"{shown} on {label}: asked apt for nothing, though the packages are missing")
        else:
            print(f"check-install-deps: {shown} on {label}: {len(names)} packages, each known to apt")
    if failures:
        sys.exit("\n".join(f"check-install-deps: {failure}" for failure in failures))


if __name__ == "__main__":
    main()
