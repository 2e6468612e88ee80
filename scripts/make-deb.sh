#!/bin/sh
# Turns the `make install` tree in OUT/debian/buoy into OUT/buoy_VERSION_ARCH.deb and
# runs lintian on it; `make deb` calls it. Needs dpkg-dev (dpkg-shlibdeps)
# and lintian: scripts/install-deps.sh installs both.
# A cross-built tree (`make deb ARCH=arm64`, mk/arm64.mk) names its architecture in
# DEB_HOST_ARCH, as dpkg's tools take it, and the sysroot it was built against in
# CROSS_SYSROOT (scripts/arm64-sysroot.sh): that architecture's binutils strip it, and
# dpkg-shlibdeps finds its libraries in the sysroot.
set -eu
out=$1
root=$out/debian/buoy
cd "$(dirname "$0")/.."
version=$(sed -n 's/^let buoyVersion = "\(.*\)"$/\1/p' Sources/buoy/Version.swift)
arch=${DEB_HOST_ARCH:-$(dpkg --print-architecture)}
strip=strip
library_dirs=""
if [ "$arch" != "$(dpkg --print-architecture)" ]; then
    [ -d "${CROSS_SYSROOT:-}" ] || { echo "make-deb: a package for $arch needs CROSS_SYSROOT, its sysroot" >&2; exit 1; }
    # dpkg-architecture warns that the C compiler is not the cross one; only its names matter here.
    strip=$(dpkg-architecture -a"$arch" -qDEB_HOST_GNU_TYPE 2>/dev/null)-strip
    # The sysroot's libraries are no installed package's: dpkg-shlibdeps reads their
    # shlibs and symbols in SYSROOT/DEBIAN, as in a package's build tree, and the binaries
    # with DEB_HOST_ARCH's objdump (binutils-aarch64-linux-gnu for arm64).
    library_dirs="-l$(realpath "$CROSS_SYSROOT")/usr/lib/$(dpkg-architecture -a"$arch" -qDEB_HOST_MULTIARCH 2>/dev/null)"
fi
[ -n "$version" ] || { echo "make-deb: no version in Sources/buoy/Version.swift" >&2; exit 1; }
for tool in dpkg-shlibdeps dpkg-deb lintian "$strip"; do
    command -v "$tool" >/dev/null || { echo "make-deb: $tool not found; run scripts/install-deps.sh" >&2; exit 1; }
done

# Debian policy: compressed man pages and changelog, a stripped binary, and a
# copyright file.
gzip -9nf "$root"/usr/share/man/man1/buoy.1 "$root"/usr/share/man/man5/buoy.5
for binary in "$root/usr/bin/buoy" "$root/usr/libexec/buoy/buoy-draw"; do
    "$strip" --strip-unneeded --remove-section=.comment --remove-section=.note "$binary"
done
doc=$root/usr/share/doc/buoy
cp packaging/debian/copyright "$doc/copyright"
install -Dm644 packaging/debian/buoy.lintian-overrides "$root/usr/share/lintian/overrides/buoy"
date=$(date -R -d "@$(git log -1 --format=%ct 2>/dev/null || date +%s)")
printf 'buoy (%s) unstable; urgency=medium\n\n  * Built from %s.\n\n -- %s  %s\n' \
    "$version" "$(git describe --always --dirty 2>/dev/null || echo 'a source tree')" \
    "$DEB_MAINTAINER" "$date" | gzip -9n > "$doc/changelog.gz"

# dpkg-shlibdeps reads debian/control beside debian/buoy, the package's tree;
# a minimal one will do. DEBIAN/ marks the tree's root for it.
mkdir -p "$root/DEBIAN"
printf 'Source: buoy\n\nPackage: buoy\nArchitecture: any\n' > "$out/debian/control"
# Both binaries: Pango and librsvg come in through the drawing helper.
# shellcheck disable=SC2086
depends=$(cd "$out" && dpkg-shlibdeps $library_dirs -O debian/buoy/usr/bin/buoy debian/buoy/usr/libexec/buoy/buoy-draw |
    sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
case "$depends" in *swift*) echo "make-deb: the package would depend on Swift: $depends" >&2; exit 1 ;; esac

size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s|@VERSION@|$version|" -e "s|@ARCH@|$arch|" -e "s|@DEPENDS@|$depends|" \
    -e "s|@SIZE@|$size|" -e "s|@MAINTAINER@|$DEB_MAINTAINER|" packaging/deb/control.in > "$root/DEBIAN/control"

deb=$out/buoy_${version}_${arch}.deb
rm -f "$out"/buoy_*.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "make-deb: wrote $deb (Depends: $depends)"
# Errors fail the build; warnings are shown. Running as root is fine here.
lintian --fail-on error --allow-root --tag-display-limit 0 "$deb"
