#!/bin/sh
# Installs the Debian packages buoy needs to build, test and run its demo
# (debootstrap builds the e2e matrix's Debian 13 root), but only those
# missing, so a prepared machine pays nothing. Runs apt-get update once before
# installing.
set -eu
packages="pkg-config libwayland-dev libcairo2-dev libxkbcommon-dev wayland-protocols
sway grim wev foot wtype wvkbd scdoc man-db xkb-data fonts-dejavu-core librsvg2-2 phoc weston debootstrap python3
libpango1.0-dev fonts-noto-cjk fonts-noto-color-emoji"
missing=""
for package in $packages; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $package"
    fi
done
# python3 may come from elsewhere (pyenv); only the command matters.
case "$missing" in *python3*) command -v python3 >/dev/null && missing=$(echo "$missing" | sed 's/ python3//') ;; esac
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
