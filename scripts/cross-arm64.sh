#!/bin/sh
# Cross-builds buoy and its drawing helper for arm64 (`make ARCH=arm64`, mk/arm64.mk):
# trixie's own swiftlang, run in the trixie ROOT, compiles against SYSROOT
# (scripts/arm64-sysroot.sh: trixie's arm64 libraries and the arm64 swiftlang's modules
# and static standard library, of the compiler's version) into SCRATCH, a SwiftPM
# scratch path of its own; the binaries land in SCRATCH/aarch64-unknown-linux-gnu/release.
# The test drivers stay amd64: only buoy and buoy-draw are built. Needs root (the root
# is entered with chroot, scripts/debian-root.sh --run), and SYSROOT and SCRATCH inside
# this checkout, which is what the root sees.
#
#   scripts/cross-arm64.sh SYSROOT ROOT SCRATCH
set -eu
TARGET=aarch64-unknown-linux-gnu
MULTIARCH=aarch64-linux-gnu

# In the root: a destination for SwiftPM, then the two products.
build_in_root() {
    sysroot=$1 scratch=$2
    mkdir -p "$scratch/home" "$scratch/tmp"
    # Nothing written into the root: SwiftPM's caches and configuration go under HOME.
    export HOME="$scratch/home" TMPDIR="$scratch/tmp"
    # -sdk among swiftc's flags too: the destination's "sdk" alone leaves SwiftGlibc
    # unfound. The resource directory is swift_static's: with lib/swift's, -static-stdlib
    # makes the driver look for a static-stdlib-args.lnk that is not there.
    cat > "$scratch/destination.json" <<EOF
{
    "version": 1,
    "sdk": "$sysroot",
    "toolchain-bin-dir": "/usr/libexec/swift/bin",
    "target": "$TARGET",
    "extra-cc-flags": [],
    "extra-swiftc-flags": ["-sdk", "$sysroot", "-resource-dir", "$sysroot/usr/libexec/swift/lib/swift_static"],
    "extra-cpp-flags": []
}
EOF
    # The arm64 libraries' .pc files, and their paths inside the sysroot. SwiftPM reads
    # .pc files itself: PKG_CONFIG_PATH comes before the root's own (amd64) ones, and
    # PKG_CONFIG_LIBDIR, which would replace those, it ignores.
    export PKG_CONFIG_PATH="$sysroot/usr/lib/$MULTIARCH/pkgconfig:$sysroot/usr/share/pkgconfig"
    export PKG_CONFIG_SYSROOT_DIR="$sysroot"
    scripts/quiet-pkgconfig.sh "$scratch/pkgconfig"
    PKG_CONFIG_PATH="$scratch/pkgconfig:$PKG_CONFIG_PATH"
    for product in buoy buoy-draw; do
        swift build -c release --destination "$scratch/destination.json" --scratch-path "$scratch" \
            --product "$product"
    done
}

if [ "${1:-}" = "--in-root" ]; then
    build_in_root "$2" "$3"
    exit 0
fi
SYSROOT=${1:?the arm64 sysroot, the trixie root and the scratch path}
ROOT=${2:?the trixie root whose swiftlang compiles}
SCRATCH=${3:?the scratch path (.build/arm64)}
cd "$(dirname "$0")/.."
stamp=$SYSROOT/.buoy-sysroot-stamp
[ -f "$stamp" ] || { echo "cross-arm64: $SYSROOT is not built (scripts/arm64-sysroot.sh)" >&2; exit 1; }
# SwiftPM notices neither new libraries nor a new standard library in the sysroot: a
# build against another sysroot than the last one starts afresh.
if ! cmp -s "$stamp" "$SCRATCH/sysroot-stamp"; then
    rm -rf "$SCRATCH"
    mkdir -p "$SCRATCH"
    cp "$stamp" "$SCRATCH/sysroot-stamp"
fi
exec scripts/debian-root.sh --run "$ROOT" scripts/cross-arm64.sh --in-root "$(realpath "$SYSROOT")" \
    "$(realpath "$SCRATCH")"
