#!/bin/sh
# Builds the source package that `make dsc` wrote to .build/dsc as a Debian
# builder would (dpkg-buildpackage: swiftlang's build and the unit tests), in
# .build/dsc-SUITE, then runs lintian on the .deb; errors fail. Run inside a
# root: scripts/debian-root.sh --run .build/SUITE scripts/build-dsc.sh SUITE.
set -eu
suite=$1
work=.build/dsc-$suite
rm -rf "$work"
mkdir -p "$work"
started=$(date +%s)
dpkg-source --extract .build/dsc/buoy_*.dsc "$work/buoy" >/dev/null
(cd "$work/buoy" && dpkg-buildpackage -us -uc -b)
built=$(date +%s)
set -- "$work"/buoy_*.deb
[ $# -eq 1 ] && [ -f "$1" ] || { echo "build-dsc: dpkg-buildpackage made no single buoy_*.deb" >&2; exit 1; }
lintian --fail-on error --allow-root --tag-display-limit 0 --info "$1" "$work"/buoy-dbgsym_*.*deb
echo "build-dsc: $1 built with $(swift --version 2>&1 | head -1) in $((built - started)) s," \
    "$(du -k "$1" | cut -f1) KiB, installed $(dpkg-deb -f "$1" Installed-Size) KiB"
