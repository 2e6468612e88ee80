#!/bin/sh
# `make deb-check`: installs OUT/buoy_*.deb with apt-get, as a user would,
# checks that it works (buoy --version, its man pages, its completions), then
# removes it and checks that nothing is left. Needs root (or sudo); fails,
# rather than overwrite it, when a buoy that no package owns is installed.
set -eu
out=$1
cd "$(dirname "$0")/.."
set -- "$out"/buoy_*.deb
[ $# -eq 1 ] && [ -f "$1" ] || { echo "check-deb: expected one $out/buoy_*.deb; run make deb" >&2; exit 1; }
deb=$1
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "check-deb: need root (or sudo) to install $deb" >&2; exit 1; }
    sudo=sudo
fi
if [ -e /usr/bin/buoy ] && ! dpkg -S /usr/bin/buoy >/dev/null 2>&1; then
    echo "check-deb: /usr/bin/buoy exists and no package owns it; not overwriting it" >&2
    exit 1
fi
fail() {
    echo "check-deb: $*" >&2
    $sudo apt-get remove --purge -y -qq buoy >/dev/null 2>&1 || true
    exit 1
}
export DEBIAN_FRONTEND=noninteractive
# Another apt-get (another check, install-deps) may hold the lock for a while.
apt="$sudo apt-get -y -qq -o DPkg::Lock::Timeout=300"
start=$(date +%s.%N)
$apt install "./$deb" >/dev/null || fail "apt-get install ./$deb failed"
installed=$(date +%s.%N)
version=$(/usr/bin/buoy --version) || fail "buoy --version failed"
case "$version" in "buoy "*) ;; *) fail "buoy --version printed: $version" ;; esac
empty=$(mktemp -d)
XDG_CONFIG_HOME=$empty XDG_CONFIG_DIRS=$empty /usr/bin/buoy --check | grep -q "defaults in use" ||
    fail "buoy --check without a config did not say the defaults are in use"
rmdir "$empty"
man -w buoy >/dev/null || fail "man -w buoy found no page"
man -w 5 buoy >/dev/null || fail "man -w 5 buoy found no page"
[ -x /usr/libexec/buoy/buoy-draw ] || fail "the drawing helper /usr/libexec/buoy/buoy-draw is not installed"
for file in /usr/share/bash-completion/completions/buoy /usr/share/zsh/vendor-completions/_buoy \
    /usr/share/fish/vendor_completions.d/buoy.fish /usr/lib/systemd/user/buoy.service \
    /usr/share/doc/buoy/config.toml; do
    [ -f "$file" ] || fail "$file is not installed"
done
cmp -s /usr/share/doc/buoy/config.toml examples/config.toml || fail "the installed example differs"
$apt remove --purge buoy >/dev/null || fail "apt-get remove buoy failed"
[ ! -e /usr/bin/buoy ] || fail "/usr/bin/buoy is left after removal"
[ ! -e /usr/libexec/buoy ] || fail "/usr/libexec/buoy is left after removal"
! dpkg -s buoy >/dev/null 2>&1 || fail "buoy is still known to dpkg"
seconds=$(awk "BEGIN { printf \"%.1f\", $installed - $start }")
echo "check-deb: $deb installed in $seconds s, $version, removed"
