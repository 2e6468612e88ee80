#!/bin/sh
# Writes into DIR a copy of each .pc file on pkg-config's search path whose
# Cflags carry -pthread, without it. SwiftPM reads .pc files itself, drops
# -pthread from Cflags as a flag it does not pass on, and warns about it on
# every build ("prohibited flag(s): -pthread", four times: gmodule-no-export-2.0,
# which Pango and librsvg require). glibc has had its threads in libc since
# 2.34, so the flag does nothing there; the callers put DIR first in
# PKG_CONFIG_PATH. Honours PKG_CONFIG_PATH (the arm64 sysroot's .pc files).
set -eu
dir=$1
rm -rf "$dir"
mkdir -p "$dir"
search="${PKG_CONFIG_PATH:-}:$(pkg-config --variable pc_path pkg-config 2>/dev/null || true)"
IFS=:
for path in $search; do
    [ -d "$path" ] && [ "$path" != "$dir" ] || continue
    for pc in "$path"/*.pc; do
        [ -e "$pc" ] && grep -q '^Cflags:.*-pthread' "$pc" || continue
        name=${pc##*/}
        # The first on the search path is the one pkg-config would read.
        [ -e "$dir/$name" ] || sed 's/^\(Cflags:.*\) -pthread/\1/' "$pc" > "$dir/$name"
    done
done
