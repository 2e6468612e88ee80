#!/bin/sh
# `make dsc`: a Debian source package in OUT (.build/dsc): the upstream tarball
# from git (this tree's tracked files as they are now, committed or not), and
# packaging/debian as its debian/ directory. What Debian's and Mobian's
# builders build with `dpkg-buildpackage`; scripts/build-dsc.sh does that in the
# project's trixie and sid roots. Needs dpkg-dev (dpkg-source).
set -eu
out=$1
cd "$(dirname "$0")/.."
version=$(sed -n 's/^let buoyVersion = "\(.*\)"$/\1/p' Sources/buoy/Version.swift)
[ -n "$version" ] || { echo "make-dsc: no version in Sources/buoy/Version.swift" >&2; exit 1; }
# Version.swift owns the version; the changelog's newest entry must name it.
packaged=$(sed -n '1s/^buoy (\([^)-]*\)-[^)]*).*/\1/p' packaging/debian/changelog)
[ "$packaged" = "$version" ] || {
    echo "make-dsc: packaging/debian/changelog is for $packaged, Sources/buoy/Version.swift says $version" >&2
    exit 1
}
command -v dpkg-source >/dev/null || { echo "make-dsc: dpkg-source not found; run scripts/install-deps.sh --deb" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out"
# `git stash create` commits the tracked files' changes without touching the tree or the
# stash; with none, it prints nothing and HEAD is the tree.
tree=$(git stash create)
git archive --format=tar --prefix="buoy-$version/" "${tree:-HEAD}" | xz -6 > "$out/buoy_$version.orig.tar.xz"
tar -C "$out" -xJf "$out/buoy_$version.orig.tar.xz"
cp -r packaging/debian "$out/buoy-$version/debian"
(cd "$out" && dpkg-source --build "buoy-$version" >/dev/null)
rm -rf "${out:?}/buoy-$version"
echo "make-dsc: wrote $(ls "$out"/*.dsc)"
