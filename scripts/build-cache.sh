#!/bin/sh
# Runs a build whose output depends only on KEY (a hash of its inputs and toolchain,
# which the caller computes), or copies that output from an earlier run of the same KEY
# on this machine: a cache outside the checkout ($BUOY_BUILD_CACHE, /var/cache/buoy/builds),
# so a clean clone does not build again what an earlier clone of the same sources built.
# Only a build that succeeded is kept; the newest few of each NAME stay.
#
#   scripts/build-cache.sh NAME OUTPUT KEY -- COMMAND...
#
# OUTPUT is the file or directory COMMAND makes.
set -eu
name=${1:?NAME OUTPUT KEY -- COMMAND...} output=${2:?} key=${3:?}
shift 3
[ "${1:-}" = "--" ] || { echo "build-cache: -- COMMAND expected" >&2; exit 2; }
shift
cache=${BUOY_BUILD_CACHE:-/var/cache/buoy/builds}
entry="$cache/$name-$key"
if [ -f "$entry/built" ]; then
    rm -rf "$output"
    mkdir -p "$(dirname "$output")"
    cp -a "$entry/output" "$output"
    echo "build-cache: $name $key reused, built $(cat "$entry/built")"
    exit 0
fi
"$@"
rm -rf "$entry.partial"
mkdir -p "$entry.partial"
cp -a "$output" "$entry.partial/output"
date -u +"on %Y-%m-%d at %H:%M UTC" > "$entry.partial/built"
rm -rf "$entry"
mv "$entry.partial" "$entry"
ls -dt "$cache/$name"-* | grep -v '\.partial$' | tail -n +6 | xargs -r rm -rf
