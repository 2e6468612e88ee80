#!/bin/sh
# The build half of a swiftlang-SUITE leg (mk/dsc.mk): scripts/build-dsc.sh in the SUITE
# root, unless the same sources already built and passed there. Its .debs are kept by
# scripts/build-cache.sh (outside the checkout, $BUOY_BUILD_CACHE), keyed by the sources the
# package is built from (scripts/source-key.sh: the tracked files as they are now, as
# make-dsc.sh takes them, but the e2e tests and Markdown) and the root (its cache key,
# scripts/debian-root.sh), so a clean clone of a commit that already built there reuses them;
# `make dsc` and build-dsc.sh alone still build from nothing, as Debian's builders do.
#
#   scripts/swiftlang-build.sh SUITE
set -eu
suite=${1:?the suite: trixie or sid}
cd "$(dirname "$0")/.."
tree=$(scripts/source-key.sh)
root=$(basename "$(readlink -f ".build/$suite")")
work=.build/dsc-$suite
debs=.build/dsc-$suite-debs
# Only the .debs are kept: build-dsc.sh's directory holds the whole build beside them.
scripts/build-cache.sh "swiftlang-$suite" "$debs" "$tree-$root" -- sh -ec '
    scripts/debian-root.sh --run ".build/$1" scripts/build-dsc.sh "$1"
    rm -rf "$2"
    mkdir -p "$2"
    cp ".build/dsc-$1"/buoy_*.deb "$2"/
    cp ".build/dsc-$1"/buoy-dbgsym_*.*deb "$2"/ 2>/dev/null || true' sh "$suite" "$debs"
# scripts/check-dsc-deb.py installs them from where build-dsc.sh leaves them.
mkdir -p "$work"
rm -f "$work"/*.deb "$work"/*.ddeb
cp "$debs"/* "$work"/
