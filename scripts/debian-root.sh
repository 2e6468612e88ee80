#!/bin/sh
# Builds, once per machine, a Debian root that the e2e matrix runs newer compositors
# from (Tests/e2e/README.md), in a cache outside the checkout ($BUOY_ROOT_CACHE,
# /var/cache/buoy/roots), keyed by the suite, its packages and this script; ROOT in
# the checkout is a link to it, so a clean clone reuses it. What goes into a root is
# scripts/debian-root-recipe.sh; a change there makes a new root. Two suites: trixie (Debian 13: sway, labwc, phoc, KWin
# 6.3) and sid, with only what the wayfire and KWin 6.7 legs need (wayfire
# 0.10, the first that renders in software, trixie's 0.9 needs a DRM device;
# KWin with the sway it runs in).
#
#   scripts/debian-root.sh SUITE ROOT  build or reuse the cached root, and link ROOT
#                                      (.build/trixie, .build/sid) to it
#   scripts/debian-root.sh --release ROOT
#                                      undo any mount left under ROOT (make clean)
#   scripts/debian-root.sh --run ROOT COMMAND...
#                                      run COMMAND as root inside ROOT, in this checkout,
#                                      which is bind-mounted at the same path there (the
#                                      swiftlang-SUITE legs build buoy with the root's Swift)
#   scripts/debian-root.sh --mirror    print the Debian mirror the roots come from (the arm64
#                                      sysroot's too, scripts/arm64-sysroot.sh)
#
# Every mount (proc, sys, /dev, /dev/shm, devpts) is made in a private mount
# namespace (unshare -m) that dies with this script, so no mount outlives it,
# whether it ends well, fails, is interrupted or killed; a leftover mount would
# make `rm -rf .build` descend into the host's /dev. The root is built under
# CACHED.partial and renamed only once complete, so an interrupted debootstrap
# or apt-get is rebuilt from scratch by the next run.
set -eu

STAMP_NAME=.buoy-root-stamp

say() { echo "debian-root: $*" >&2; }

# What a root is made of and how: the cache's key covers that file, not this one.
. "$(dirname "$0")/debian-root-recipe.sh"

# Lazily unmounts whatever is mounted at or under $1, deepest first.
release_mounts() {
    target=$(realpath -m "$1")
    # mountinfo field 5 is the mount point (octal escapes for spaces; our paths have none).
    awk -v t="$target" '$5 == t || index($5, t "/") == 1 { print $5 }' /proc/self/mountinfo |
        sort -r | while read -r point; do
            umount -l "$point" 2>/dev/null || say "cannot unmount $point"
        done
}

# The first Debian mirror apt's sources name (deb822 or one-line format).
mirror() {
    uri=""
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
        uri=$(awk '/^URIs:/ { for (i = 2; i <= NF; i++) if ($i !~ /security/) { print $i; exit } }' \
            /etc/apt/sources.list.d/debian.sources)
    fi
    if [ -z "$uri" ] && [ -f /etc/apt/sources.list ]; then
        uri=$(awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) {
            if ($i !~ /security/) { print $i; exit } else break } }' /etc/apt/sources.list)
    fi
    echo "${uri:-http://deb.debian.org/debian}"
}

stamp_text() {
    printf 'suite %s\npackages %s\n' "$SUITE" "$PACKAGES"
}

# In the private mount namespace: /proc (Debian's swift needs it to find its libraries,
# and Swift's CommandLine.arguments reads it) and the checkout, then COMMAND there.
run_inside() {
    root=$(realpath "$1") repo=$(realpath "$(dirname "$0")/..")
    shift
    mount -t proc proc "$root/proc"
    mount --bind /dev "$root/dev"
    mkdir -p "$root$repo"
    mount --bind "$repo" "$root$repo"
    exec chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/bin:/bin:/usr/sbin:/sbin LANG=C.UTF-8 \
        sh -c 'cd "$0" && exec "$@"' "$repo" "$@"
}

if [ "${1:-}" = "--run" ]; then
    ROOT=${2:?--run needs the root and a command}
    shift 2
    [ -f "$ROOT/$STAMP_NAME" ] || { say "$ROOT is not built (make trixie-root or sid-root)"; exit 1; }
    exec unshare --mount --propagation private -- "$0" --run-inner "$ROOT" "$@"
fi
if [ "${1:-}" = "--run-inner" ]; then
    shift
    run_inside "$@"
fi
if [ "${1:-}" = "--mirror" ]; then
    mirror
    exit 0
fi
if [ "${1:-}" = "--release" ]; then
    release_mounts "${2:?--release needs the root}"
    exit 0
fi
if [ "${1:-}" = "--inner" ]; then
    SUITE=$2
    inner "$3" "$4"
    exit 0
fi

SUITE=${1:?the suite (trixie or sid) and the root}
ROOT=${2:?the root, e.g. .build/$SUITE}
PACKAGES=$(echo $(packages_of "$SUITE"))
# A clean clone finds the root it needs in the cache, keyed by what the root is made from:
# the suite, its packages and the recipe. ROOT is then a link to it.
CACHE=${BUOY_ROOT_CACHE:-/var/cache/buoy/roots}
key=$({ stamp_text; cat "$(dirname "$0")/debian-root-recipe.sh"; } | sha256sum | cut -c1-16)
cached="$CACHE/$SUITE-$key"
if [ -f "$cached/$STAMP_NAME" ] && [ "$(cat "$cached/$STAMP_NAME")" = "$(stamp_text)" ]; then
    if [ "$(readlink "$ROOT" 2>/dev/null)" != "$cached" ]; then
        # A root built in the clone by an earlier version of this script, or a stale link.
        [ ! -d "$ROOT" ] || [ -L "$ROOT" ] || { release_mounts "$ROOT"; rm -rf --one-file-system "$ROOT"; }
        mkdir -p "$(dirname "$ROOT")"
        ln -sfn "$cached" "$ROOT"
    fi
    exit 0
fi
[ "$(id -u)" -eq 0 ] || { say "building $cached needs root (debootstrap, chroot, mount)"; exit 1; }
for tool in debootstrap unshare chroot; do
    command -v "$tool" >/dev/null || { say "$tool is missing (make deps installs it)"; exit 1; }
done

# A root of this suite in the clone, built for the same packages before the cache
# existed, moves into it rather than being built again.
if [ -d "$ROOT" ] && [ ! -L "$ROOT" ] && [ -f "$ROOT/$STAMP_NAME" ] &&
    [ "$(cat "$ROOT/$STAMP_NAME")" = "$(stamp_text)" ]; then
    mkdir -p "$CACHE"
    release_mounts "$ROOT"
    if mv "$ROOT" "$cached" 2>/dev/null; then
        ln -sfn "$cached" "$ROOT"
        say "moved $ROOT into the cache: $cached"
        exit 0
    fi
fi

uri=$(mirror)
partial="$cached.partial"
# sh waits for a child that catches SIGINT (apt-get does) and then carries on: stop here
# instead, before the half-built root is stamped.
trap 'say "interrupted: $partial is rebuilt by the next run"; exit 130' INT TERM HUP
say "building $cached: debootstrap $SUITE from $uri, then $PACKAGES"
started=$(date +%s)
mkdir -p "$CACHE" "$(dirname "$ROOT")"
for dir in "$partial" "$cached"; do
    release_mounts "$dir"
    rm -rf --one-file-system "$dir"
done
unshare --mount --propagation private -- "$0" --inner "$SUITE" "$partial" "$uri"
stamp_text > "$partial/$STAMP_NAME"
mv "$partial" "$cached"
[ ! -d "$ROOT" ] || [ -L "$ROOT" ] || { release_mounts "$ROOT"; rm -rf --one-file-system "$ROOT"; }
ln -sfn "$cached" "$ROOT"
say "built $cached in $(($(date +%s) - started)) s"
# The roots of this suite the cache held before: the newest stays, for a clone of an
# older commit; any older goes (each is about 1 GB).
ls -dt "$CACHE/$SUITE"-* 2>/dev/null | grep -v '\.partial$' | grep -vx "$cached" | tail -n +2 |
    while read -r old; do
        release_mounts "$old"
        rm -rf --one-file-system "$old"
    done
