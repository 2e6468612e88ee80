#!/bin/sh
# Builds, once, the arm64 sysroot that buoy is cross-built against (`make deb ARCH=arm64`,
# mk/arm64.mk), and reuses it while its stamp names the same packages and swiftlang.
#
#   scripts/arm64-sysroot.sh SYSROOT ROOT
#
# SYSROOT (.build/arm64-sysroot) gets Debian trixie's arm64 C library, libstdc++'s and
# libgcc's archives and the -dev packages buoy links, with everything they depend on, and
# from the arm64 swiftlang of the version the trixie ROOT compiles with (the compiler and
# the standard library must be the same version), the Swift modules and the static
# standard library. The host's own apt downloads them, with a configuration of its own
# (APT::Architecture arm64, an empty dpkg status, trixie from the mirror apt's sources
# name), and dpkg-deb -x unpacks them: nothing arm64 runs, so there is no emulation,
# under which debootstrap's second stage had not finished after 27 minutes here.
#
# SYSROOT/DEBIAN/shlibs and symbols hold every package's shlibs and symbols files. To
# dpkg-shlibdeps a directory with DEBIAN/ is a package's build tree, and for a library
# that no installed package owns it reads those files there: so scripts/make-deb.sh
# computes the arm64 package's Depends from the libraries it links, as for amd64.
#
# Like the Debian roots (scripts/debian-root.sh), it is built in SYSROOT.partial and
# renamed only once complete, so an interrupted build starts again from scratch.
set -eu

STAMP_NAME=.buoy-sysroot-stamp
SUITE=trixie
ARCH=arm64
# clang takes the newest GCC directory it finds, and libstdc++.a (which
# packaging/link/libstdc++.so names) comes with libstdc++-N-dev: trixie's GCC is 14.
PACKAGES="libc6-dev libstdc++-14-dev libgcc-14-dev libwayland-dev libcairo2-dev libxkbcommon-dev
libpango1.0-dev librsvg2-dev"
# Of the arm64 swiftlang (400 MB), only what compiling for arm64 and linking the standard
# library statically read: the modules, the runtime's shims, swift_static's archives, and
# the clang headers that the Swift compiler's clang takes from the resource directory.
SWIFT_PARTS="./usr/lib/swift ./usr/libexec/swift/lib/swift/linux ./usr/libexec/swift/lib/swift/shims
./usr/libexec/swift/lib/swift_static/linux ./usr/libexec/swift/lib/swift_static/shims
./usr/libexec/swift/lib/swift_static/clang ./usr/libexec/swift/lib/clang/*/include"

say() { echo "arm64-sysroot: $*" >&2; }

SYSROOT=${1:?the sysroot to build (.build/arm64-sysroot) and the trixie root}
ROOT=${2:?the trixie root whose swiftlang compiles (.build/trixie)}
cd "$(dirname "$0")/.."
swiftlang=$(dpkg-query --admindir="$ROOT/var/lib/dpkg" -W -f='${Version}' swiftlang 2>/dev/null) || true
[ -n "$swiftlang" ] || { say "no swiftlang in $ROOT (make trixie-root)"; exit 1; }
PACKAGES=$(echo $PACKAGES)
SWIFT_PARTS=$(set -f; echo $SWIFT_PARTS)
stamp_text() {
    printf 'suite %s\narch %s\npackages %s\nswiftlang %s: %s\n' "$SUITE" "$ARCH" "$PACKAGES" "$swiftlang" \
        "$SWIFT_PARTS"
}
if [ -f "$SYSROOT/$STAMP_NAME" ] && [ "$(cat "$SYSROOT/$STAMP_NAME")" = "$(stamp_text)" ]; then
    exit 0
fi
for tool in apt-get dpkg-deb; do
    command -v "$tool" >/dev/null || { say "$tool is missing"; exit 1; }
done

partial=$SYSROOT.partial
apt_dir=$(realpath -m "$SYSROOT.apt")
trap 'say "interrupted: $partial is rebuilt by the next run"; exit 130' INT TERM HUP
started=$(date +%s)
rm -rf --one-file-system "$partial" "$SYSROOT" "$apt_dir"
mkdir -p "$partial/DEBIAN" "$apt_dir/etc/sources.list.d" "$apt_dir/etc/preferences.d" \
    "$apt_dir/state/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/swiftlang"
: > "$apt_dir/state/status"
uri=$(scripts/debian-root.sh --mirror)
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri $SUITE main" \
    > "$apt_dir/etc/sources.list"
# The host's apt.conf.d still applies (it is read before APT_CONFIG); its preferences,
# which may pin the host's suite, do not.
cat > "$apt_dir/apt.conf" <<EOF
APT::Architecture "$ARCH";
APT::Architectures { "$ARCH"; };
APT::Install-Recommends "false";
APT::Sandbox::User "root";
Acquire::Check-Valid-Until "false";
Dir::State "$apt_dir/state";
Dir::State::status "$apt_dir/state/status";
Dir::Cache "$apt_dir/cache";
Dir::Etc::SourceList "$apt_dir/etc/sources.list";
Dir::Etc::SourceParts "$apt_dir/etc/sources.list.d";
Dir::Etc::Preferences "$apt_dir/etc/preferences";
Dir::Etc::PreferencesParts "$apt_dir/etc/preferences.d";
EOF
export APT_CONFIG="$apt_dir/apt.conf"
say "building $SYSROOT: $SUITE $ARCH from $uri: $PACKAGES, and swiftlang $swiftlang's standard library"
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --download-only $PACKAGES
(cd "$apt_dir/swiftlang" && apt-get download -qq "swiftlang=$swiftlang")

for deb in "$apt_dir"/cache/archives/*.deb; do
    dpkg-deb -x "$deb" "$partial"
    dpkg-deb -e "$deb" "$apt_dir/control"
    for file in shlibs symbols; do
        [ ! -f "$apt_dir/control/$file" ] || cat "$apt_dir/control/$file" >> "$partial/DEBIAN/$file"
    done
    rm -rf "$apt_dir/control"
done
set -- "$apt_dir"/swiftlang/swiftlang_*.deb
# The parts are tar's patterns, not the shell's.
set -f
# shellcheck disable=SC2086
dpkg-deb --fsys-tarfile "$1" | tar -x --wildcards -C "$partial" $SWIFT_PARTS
set +f
# Merged /usr, as base-files makes it on an installed trixie (the loader is
# /lib/ld-linux-aarch64.so.1); no package here ships into /lib itself, and -T fails if one does.
for dir in bin sbin lib; do
    ln -sT "usr/$dir" "$partial/$dir"
done
count=$(ls "$apt_dir"/cache/archives/*.deb | wc -l)
rm -rf "$apt_dir"
stamp_text > "$partial/$STAMP_NAME"
mv "$partial" "$SYSROOT"
say "built $SYSROOT in $(($(date +%s) - started)) s: $count packages and swiftlang $swiftlang," \
    "$(du -sm "$SYSROOT" | cut -f1) MB"
