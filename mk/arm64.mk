# arm64, what phones run (PinePhone, Librem 5, OnePlus 6 on Mobian): `make ARCH=arm64`
# cross-builds buoy and its drawing helper with trixie's own swiftlang in the trixie root
# (scripts/cross-arm64.sh) against an arm64 sysroot of trixie's libraries and the arm64
# swiftlang's static standard library (scripts/arm64-sysroot.sh, built once under .build
# and reused while its stamp matches); `make deb ARCH=arm64` packages them as
# .build/deb-arm64/buoy_VERSION_arm64.deb, by `make deb`'s own recipe, with Depends from
# dpkg-shlibdeps against the sysroot. `make e2e-arm64` makes that package and runs the
# smoke set (test_smoke.py) with its buoy and buoy-draw, under qemu-user through
# binfmt_misc, against the host's sway; the test drivers stay amd64. All of it as root
# (chroot). docs/packaging.md has the recipe and what was measured.
ARM64_SYSROOT := .build/arm64-sysroot
ARM64_SCRATCH := .build/arm64
ARM64_DEB_OUT := .build/deb-arm64
# Where the package's tree puts them: so the leg runs what is shipped, stripped.
ARM64_DEB_TREE := $(ARM64_DEB_OUT)/debian/buoy/usr

.PHONY: arm64-sysroot binfmt-arm64 e2e-arm64

arm64-sysroot: trixie-root
	scripts/arm64-sysroot.sh $(ARM64_SYSROOT) $(TRIXIE_ROOT)

# binfmt-support registers qemu-aarch64 when its service starts, which a container or a
# CI machine without systemd never does.
binfmt-arm64: deps
	@[ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
	@[ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] || update-binfmts --enable qemu-aarch64

# The drivers (buoy-pointer) come from the host's build. The arm64 package is made once per
# machine for the same sources (scripts/source-key.sh), sysroot and trixie root
# (scripts/build-cache.sh): a clean
# clone of sources already cross-built here runs that package.
ARM64_DEB_KEY = $$( { scripts/source-key.sh; \
	cat $(ARM64_SYSROOT)/.buoy-sysroot-stamp; readlink -f $(TRIXIE_ROOT); dpkg-deb --version | head -n 1; } | \
	sha256sum | cut -c1-16)
e2e-arm64: deps build binfmt-arm64 arm64-sysroot
	scripts/build-cache.sh arm64-deb $(ARM64_DEB_OUT) "$(ARM64_DEB_KEY)" -- $(MAKE) --no-print-directory deb ARCH=arm64
	$(E2E_ENV) BUOY=$(ARM64_DEB_TREE)/bin/buoy QEMU_LD_PREFIX=$(CURDIR)/$(ARM64_SYSROOT) \
		BUOY_E2E_COMPOSITOR=host-sway $(PYTHON) -m unittest -v test_smoke

# With ARCH=arm64, `make` and `make deb` take the arm64 binaries: the build is the cross
# one, the package goes to its own directory, and DEB_HOST_ARCH (dpkg's name for the
# architecture a package is built for) and CROSS_SYSROOT tell scripts/make-deb.sh.
ifeq ($(ARCH),arm64)
RELEASE := $(ARM64_SCRATCH)/aarch64-unknown-linux-gnu/release
SWIFT_RELEASE := scripts/cross-arm64.sh $(ARM64_SYSROOT) $(TRIXIE_ROOT) $(ARM64_SCRATCH)
# mk/deb.mk, read after this file, sets its own.
override DEB_OUT := $(ARM64_DEB_OUT)
export DEB_HOST_ARCH := arm64
export CROSS_SYSROOT := $(ARM64_SYSROOT)
build: arm64-sysroot
else ifeq ($(origin ARCH),command line)
ifneq ($(ARCH),$(shell dpkg --print-architecture 2>/dev/null))
$(error ARCH=$(ARCH): only arm64 is cross-built (mk/arm64.mk); without ARCH, make builds for this machine)
endif
endif
