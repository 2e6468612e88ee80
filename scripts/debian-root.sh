#!/bin/sh
# Builds, once, a Debian root that the e2e matrix runs newer compositors from
# (Tests/e2e/README.md), and reuses it while its stamp still names the same
# suite and packages. Two suites: trixie (Debian 13: sway, labwc, phoc, KWin
# 6.3) and sid, with only what the wayfire and KWin 6.7 legs need (wayfire
# 0.10, the first that renders in software, trixie's 0.9 needs a DRM device;
# KWin with the sway it runs in).
#
#   scripts/debian-root.sh SUITE ROOT  build or reuse ROOT (.build/trixie, .build/sid)
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
# ROOT.partial and renamed only once complete, so an interrupted debootstrap
# or apt-get is rebuilt from scratch by the next run.
set -eu

STAMP_NAME=.buoy-root-stamp

say() { echo "debian-root: $*" >&2; }

# KWin 6 (the kwin legs) and dbus-run-session; it runs nested in the root's sway, whose
# grim takes the screenshots that KWin 6 without a GPU cannot (Tests/e2e/README.md).
KWIN_PACKAGES="kwin-wayland dbus"

# Debian's own Swift and what building buoy and its source package need in a root
# (the swiftlang legs, make dsc: the drawing helper's unit tests shape CJK and colour
# emoji labels, hence the Noto fonts, and hold the built-in actions' icons to Adwaita's).
# $1 is the GCC whose libstdc++.a the static
# link takes: clang picks the newest GCC directory in the root (14 in trixie; 16 in
# sid, though its default GCC is 15), and packaging/link/libstdc++.so names the
# archive, which only libstdc++-N-dev ships.
swift_packages() {
    echo "swiftlang libstdc++-$1-dev pkg-config libwayland-dev libcairo2-dev libxkbcommon-dev
        libpango1.0-dev librsvg2-dev scdoc build-essential debhelper dpkg-dev fakeroot lintian
        fonts-noto-cjk fonts-noto-color-emoji adwaita-icon-theme"
}

# The packages SUITE's root holds, or a complaint and exit for another suite.
packages_of() {
    case $1 in
    trixie) echo "sway labwc phoc grim wev foot wvkbd wayland-utils xkb-data fonts-dejavu-core $KWIN_PACKAGES
        $(swift_packages 14)" ;;
    sid) echo "wayfire wayland-utils xkb-data sway labwc phoc grim $KWIN_PACKAGES $(swift_packages 16)" ;;
    *) say "no packages for suite '$1' (trixie or sid)"; exit 2 ;;
    esac
}

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

# In the private mount namespace: debootstrap, then the packages.
inner() {
    partial=$1 uri=$2
    debootstrap --variant=minbase "$SUITE" "$partial" "$uri"
    install_packages "$partial"
}

# In the private mount namespace: the packages into a root of the same suite that was
# built for fewer (its stamp names other packages), without building it anew.
inner_add() {
    partial=$1
    install_packages "$partial" update
}

# $1: the root; with $2 (update), apt-get update first, for a root built earlier.
install_packages() {
    partial=$1
    PACKAGES=$(echo $(packages_of "$SUITE"))
    mount -t proc proc "$partial/proc"
    mount -t sysfs sys "$partial/sys"
    mount --bind /dev "$partial/dev"
    mount --bind /dev/shm "$partial/dev/shm"
    mount -t devpts devpts "$partial/dev/pts"
    # No service may start inside the root while packages install.
    printf '#!/bin/sh\nexit 101\n' > "$partial/usr/sbin/policy-rc.d"
    chmod 755 "$partial/usr/sbin/policy-rc.d"
    # sid's Release file on the mirror may have expired; a test root can live with that.
    echo 'Acquire::Check-Valid-Until "false";' > "$partial/etc/apt/apt.conf.d/99buoy-valid-until"
    [ -z "${2:-}" ] || chroot "$partial" apt-get update -q
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive chroot "$partial" apt-get install -y -q --no-install-recommends $PACKAGES
    chroot "$partial" apt-get clean
    rm -f "$partial/usr/sbin/policy-rc.d"
    # apt-get may exit 0 after an interrupt ("Operation was interrupted before it could
    # finish"): only a root whose every package is installed and configured is complete.
    # shellcheck disable=SC2086
    if chroot "$partial" dpkg-query -W -f='${Status}\n' $PACKAGES | grep -qv '^install ok installed$' ||
        [ -n "$(chroot "$partial" dpkg --audit)" ]; then
        say "the packages in $partial are not all installed"
        exit 1
    fi
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
if [ "${1:-}" = "--inner-add" ]; then
    SUITE=$2
    inner_add "$3"
    exit 0
fi

SUITE=${1:?the suite (trixie or sid) and the root}
ROOT=${2:?the root, e.g. .build/$SUITE}
PACKAGES=$(echo $(packages_of "$SUITE"))
if [ -f "$ROOT/$STAMP_NAME" ] && [ "$(cat "$ROOT/$STAMP_NAME")" = "$(stamp_text)" ]; then
    exit 0
fi
[ "$(id -u)" -eq 0 ] || { say "building $ROOT needs root (debootstrap, chroot, mount)"; exit 1; }
for tool in debootstrap unshare chroot; do
    command -v "$tool" >/dev/null || { say "$tool is missing (make deps installs it)"; exit 1; }
done

# A root of this suite built for other packages gets the missing ones: a new package
# costs a minute, not a new root. Its stamp changes only once they are all installed.
if [ -f "$ROOT/$STAMP_NAME" ] && [ "$(head -n 1 "$ROOT/$STAMP_NAME")" = "suite $SUITE" ]; then
    say "adding to $ROOT: $PACKAGES"
    unshare --mount --propagation private -- "$0" --inner-add "$SUITE" "$ROOT"
    stamp_text > "$ROOT/$STAMP_NAME"
    exit 0
fi

uri=$(mirror)
partial="$ROOT.partial"
# sh waits for a child that catches SIGINT (apt-get does) and then carries on: stop here
# instead, before the half-built root is stamped.
trap 'say "interrupted: $partial is rebuilt by the next run"; exit 130' INT TERM HUP
say "building $ROOT: debootstrap $SUITE from $uri, then $PACKAGES"
started=$(date +%s)
mkdir -p "$(dirname "$ROOT")"
for dir in "$partial" "$ROOT"; do
    release_mounts "$dir"
    rm -rf --one-file-system "$dir"
done
unshare --mount --propagation private -- "$0" --inner "$SUITE" "$partial" "$uri"
stamp_text > "$partial/$STAMP_NAME"
mv "$partial" "$ROOT"
say "built $ROOT in $(($(date +%s) - started)) s"
