#!/bin/sh
# Installs the Debian packages buoy needs, but only those missing, so a
# prepared machine pays nothing. Runs apt-get update once before installing.
#
#   scripts/install-deps.sh           everything `make test` needs: building,
#                                     the compositors and tools of the e2e
#                                     tests, `make deb` and its check, and
#                                     the arm64 package and its leg
#   scripts/install-deps.sh --build   only what building and running buoy
#                                     need (`make build`, `make run` in your
#                                     own session): no compositors, no tests
#   scripts/install-deps.sh --deb     that, and what `make deb` needs
set -eu
# Building: the C libraries' headers (Pango's and librsvg's for the drawing
# helper, buoy-draw, which links them), pkg-config and scdoc (the man pages
# that `make install` copies). Running: a font for the menu's labels, and an
# icon theme.
build="pkg-config libwayland-dev libcairo2-dev libxkbcommon-dev libpango1.0-dev librsvg2-dev scdoc
fonts-dejavu-core adwaita-icon-theme"
# The link takes libstdc++'s archive (Package.swift), from the libstdc++-N-dev of the
# newest GCC directory, which is the one clang picks: 12 on Debian 12, 14 on 13.
gcc_major=$(ls /usr/lib/gcc/"$(uname -m)"-linux-gnu 2>/dev/null | sort -n | tail -n 1)
build="$build libstdc++-${gcc_major:-12}-dev"
# Packaging: dpkg-dev (dpkg-shlibdeps) and lintian for `make deb`.
deb="dpkg-dev lintian"
# Testing: wayland-protocols (make protocols, bench), the compositors and
# clients of the e2e tests, man-db for the man pages, systemd-analyze for the
# unit, zsh and fish, whose completions the e2e tests run, debootstrap for the
# matrix's Debian 13 root, KWin with its fake-input protocol (real touch), a
# private session bus for the stub feedbackd (dbus-daemon --session needs
# dbus-session-bus-common's config), Pango's headers with CJK and colour
# emoji fonts, valgrind for `make order`, gtk-update-icon-cache, which
# writes the icon theme caches buoy reads, and at-spi2-core with pyatspi
# (for Debian's /usr/bin/python3) for test_accessibility, with Orca and
# Xwayland (Orca 43 reads the keymap from an X display before it starts).
test="wayland-protocols sway grim wev foot wtype wvkbd swaylock man-db xkb-data phoc weston python3
gtk-update-icon-cache
zsh fish debootstrap kwin-wayland plasma-wayland-protocols dbus dbus-bin dbus-daemon
dbus-session-bus-common util-linux systemd fonts-noto-cjk fonts-noto-color-emoji valgrind
at-spi2-core python3-pyatspi gir1.2-atspi-2.0 orca xwayland"
# The arm64 package and its leg (mk/arm64.mk): aarch64 binutils, whose strip and objdump
# (dpkg-shlibdeps's) read arm64 binaries, and qemu-user with binfmt-support, which run
# the arm64 buoy here and the arm64 buoy-draw it starts.
arm64="binutils-aarch64-linux-gnu qemu-user-static binfmt-support"
case "${1:-}" in
    --build) packages=$build ;;
    --deb) packages="$build $deb" ;;
    "") packages="$build $deb $test $arm64" ;;
    *) echo "usage: install-deps.sh [--build|--deb]" >&2; exit 2 ;;
esac
missing=""
for package in $packages; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $package"
    fi
done
# python3 may come from elsewhere (pyenv); only the command matters. Compared
# word by word: python3-pyatspi is another package.
if command -v python3 >/dev/null; then
    kept=""
    for package in $missing; do
        [ "$package" = python3 ] || kept="$kept $package"
    done
    missing=$kept
fi
[ -z "$missing" ] && exit 0
echo "install-deps: installing$missing"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "install-deps: need root (or sudo) to install:$missing" >&2; exit 1; }
    sudo=sudo
fi
export DEBIAN_FRONTEND=noninteractive
# Wait for another apt (an unattended upgrade, say) rather than fail at once.
lock="-o DPkg::Lock::Timeout=300"
# shellcheck disable=SC2086
$sudo apt-get $lock update -qq
# No recommends: sway would pull in Xwayland and a desktop's worth of extras.
# shellcheck disable=SC2086
$sudo apt-get $lock install -y -qq --no-install-recommends $missing
