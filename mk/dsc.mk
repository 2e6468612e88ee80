# `make dsc`: a Debian source package in .build/dsc (scripts/make-dsc.sh), from
# packaging/debian, built with Debian's own Swift (swiftlang).
# `make swiftlang-trixie` and `make swiftlang-sid` (both in `make test`) build it
# in the project's Debian 13 and sid roots as a Debian builder would
# (dpkg-buildpackage: the release build and the unit tests, with that suite's
# swiftlang and libraries), run lintian on the .deb (errors fail), then install
# it there and run it: --version, --check on the examples, doctor against the
# root's sway (scripts/build-dsc.sh, scripts/check-dsc-deb.py). A tree that already
# built and passed its unit tests in that root is not built again: scripts/swiftlang-build.sh
# keeps its .debs through scripts/build-cache.sh; the install and the run still happen.
DSC_OUT := .build/dsc
SWIFTLANG_LEGS := swiftlang-trixie swiftlang-sid

.PHONY: dsc $(SWIFTLANG_LEGS)

dsc: deps-deb
	scripts/make-dsc.sh $(DSC_OUT)

$(SWIFTLANG_LEGS): swiftlang-%: dsc %-root
	scripts/swiftlang-build.sh $*
	$(E2E_ENV) $(PYTHON) scripts/check-dsc-deb.py $*
