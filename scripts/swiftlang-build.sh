#!/bin/sh
# The build half of a swiftlang-SUITE leg (mk/dsc.mk): scripts/build-dsc.sh in the SUITE
# root, unless the same sources already built and passed there. Its .debs are kept in a
# cache outside the checkout ($BUOY_BUILD_CACHE, /var/cache/buoy/builds), keyed by the
# sources the package is built from (scripts/source-key.sh: the tracked files as they are
# now, as make-dsc.sh takes them, but the e2e tests and Markdown) and the root (its cache key, scripts/debian-root.sh), so a clean clone of a
# commit that already built there reuses them; `make dsc` and build-dsc.sh alone still
# build from nothing, as Debian's builders do.
#
#   scripts/swiftlang-build.sh SUITE
set -eu
suite=${1:?the suite: trixie or sid}
cd "$(dirname "$0")/.."
say() { echo "swiftlang-build: $*" >&2; }
tree=$(scripts/source-key.sh)
root=$(basename "$(readlink -f ".build/$suite")")
cached=${BUOY_BUILD_CACHE:-/var/cache/buoy/builds}/dsc-$suite-$tree-$root
work=.build/dsc-$suite
if [ -f "$cached/built" ]; then
    rm -rf "$work"
    mkdir -p "$work"
    cp "$cached"/*deb "$work"/
    say "sources $tree already built and tested in $root: reused $(cat "$cached/built")"
    exit 0
fi
scripts/debian-root.sh --run ".build/$suite" scripts/build-dsc.sh "$suite"
rm -rf "$cached.partial"
mkdir -p "$cached.partial"
cp "$work"/buoy_*.deb "$cached.partial"/
cp "$work"/buoy-dbgsym_*.*deb "$cached.partial"/ 2>/dev/null || true
date -u +"on %Y-%m-%d at %H:%M UTC" > "$cached.partial/built"
rm -rf "$cached"
mv "$cached.partial" "$cached"
# Builds of this suite from other trees: the newest few stay, for clones of older commits.
ls -dt "${cached%-"$tree"-"$root"}"-* 2>/dev/null | grep -v '\.partial$' | tail -n +6 | xargs -r rm -rf
