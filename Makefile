# buoy: a user runs `make` and then `make install` (or `make deb`); a developer
# runs `make run` and `make test`. Each installs what it needs first (`make`,
# `make deb` and `make run` in your own session only what building, packaging
# and running need; `make test` the compositors and tools of the tests too).
SWIFT ?= swift
PYTHON ?= python3
PREFIX ?= /usr/local
DESTDIR ?=
RELEASE := .build/release
# What packagers run: Package.swift itself links the static Swift standard
# library and libstdc++'s archive (see residentMemoryLinkerFlags there).
SWIFT_RELEASE := $(SWIFT) build -c release
# Pango's and librsvg's .pc files without the -pthread that SwiftPM drops with a
# warning on every build (scripts/quiet-pkgconfig.sh), first on the search path.
QUIET_PKGCONFIG := $(CURDIR)/.build/pkgconfig
ifeq (,$(findstring $(QUIET_PKGCONFIG),$(PKG_CONFIG_PATH)))
$(shell scripts/quiet-pkgconfig.sh $(QUIET_PKGCONFIG))
export PKG_CONFIG_PATH := $(QUIET_PKGCONFIG)$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))
endif
# A package that uses BuoyKit, the pure core as a library (`make example`).
EXAMPLE := Examples/FloatingButton

.PHONY: all have-swift deps deps-build build protocols check-protocols check-install-deps lint unit example e2e test run demo clean order

# What `make install` copies: buoy, its drawing helper and the man pages.
all: build man

# One line, not a misleading error from deeper down, when Swift is missing
# ($(error) is make's own one-line message and stop).
have-swift:
	@:$(if $(shell command -v $(SWIFT) 2>/dev/null),,$(error $(SWIFT) not found: buoy needs Swift 6.0 or newer \
		(https://www.swift.org/install/linux/, swiftly, or Debian 13's swiftlang), on PATH or given as SWIFT=/path/to/swift))

# Everything `make test` needs.
deps:
	@scripts/install-deps.sh

# Only what building and running need.
deps-build:
	@scripts/install-deps.sh --build

# SwiftPM does not relink when the symbol order or the link script changes: a newer one drops the binary.
build: have-swift deps-build
	@for input in packaging/link/buoy.order packaging/link/buoy-unnamed.ld; do \
		if [ -e $(RELEASE)/buoy ] && [ $$input -nt $(RELEASE)/buoy ]; then rm -f $(RELEASE)/buoy; fi; done
	$(SWIFT_RELEASE)

# Rewrites packaging/link/buoy.order from sessions run under callgrind (scripts/hot-functions.py),
# then relinks buoy with it. Run it when `make bench` says few of its names are left, and after
# new code that a start or a capability runs: code the sessions never ran stays in the cold text,
# a 64 KiB window resident for each function of it that runs (1.3 MB of peak RSS in issue 44).
order: deps build
	$(E2E_ENV) $(PYTHON) scripts/hot-functions.py
	$(MAKE) build

# Regenerates the wayland-scanner glue from protocols/ and wayland-protocols.
protocols:
	scripts/gen-protocols.sh

# CI: the committed glue must be what `make protocols` produces.
check-protocols: deps
	scripts/gen-protocols.sh
	git diff --exit-code -- Sources/CWaylandProtocols
	@test -z "$$(git status --porcelain -- Sources/CWaylandProtocols)" || \
		{ echo "untracked generated files in Sources/CWaylandProtocols"; exit 1; }

# Also: every public declaration of BuoyKit's modules has a /// comment,
# docs/architecture.md's file:line references still name their code, and scdoc
# takes the man pages (a merge once left a line that scdoc reads as an indented table).
lint:
	$(SWIFT) format lint --strict -r Package.swift Sources Tests $(EXAMPLE)/Package.swift $(EXAMPLE)/Sources
	$(PYTHON) scripts/check-doc-comments.py
	$(PYTHON) scripts/check-architecture.py
	@for page in docs/*.scd; do scdoc < $$page > /dev/null || { echo "$$page: scdoc refuses it"; exit 1; }; done

# The fresh-machine path: install-deps.sh's every mode on made-up bare machines asks apt
# only for packages apt knows (scripts/check-install-deps.py).
check-install-deps:
	$(PYTHON) scripts/check-install-deps.py

unit: have-swift deps
	$(SWIFT) test

# A program that uses BuoyKit as a package by path: built and run, it drives a
# ButtonController through a press, a drag and a snap, and fails if the button
# does not land where it should.
example: have-swift
	cd $(EXAMPLE) && $(SWIFT) run FloatingButton

# End-to-end tests on a private headless compositor per test; they never skip.
# `make e2e` runs every leg of the compositor matrix (Tests/e2e/README.md), each leg's
# tests as Tests/e2e/legs.py lists them: on the host's sway 1.7 the modules about buoy's own
# files, command line and config, once, and with trixie's sway those about what a compositor
# does with buoy's surfaces and input; the smoke set on the host's phoc 0.24, trixie's labwc
# and phoc, and sid's wayfire, sway, labwc and phoc; KWin (test_kwin.py, real touch): 5.27
# with the host leg, 6.3 from trixie and 6.7 from sid. The trixie compositors come from a
# Debian 13 root that `make trixie-root` builds once under .build/, the sid ones from a root
# that `make sid-root` builds beside it. Tests/e2e/run.py runs a leg's modules E2E_JOBS at a
# time, one per worker, and ends with each module's time and the slowest tests.
TRIXIE_ROOT := .build/trixie
SID_ROOT := .build/sid
E2E_ENV = BUOY=$(RELEASE)/buoy BUOY_POINTER=$(RELEASE)/buoy-pointer BUOY_TOUCH=$(RELEASE)/buoy-touch \
	PYTHONPATH=Tests/e2e
E2E_JOBS ?= 2
E2E_RUN = $(E2E_ENV) $(PYTHON) Tests/e2e/run.py -j $(E2E_JOBS)
E2E_TRIXIE_SMOKE_LEGS := e2e-smoke-labwc e2e-smoke-phoc
# sid's newest: sway 1.12, labwc 0.20 and phoc 0.58 (Phosh on postmarketOS edge, Mobian unstable).
E2E_SID_SMOKE_LEGS := e2e-smoke-sid-sway e2e-smoke-sid-labwc e2e-smoke-sid-phoc
E2E_KWIN_LEGS := e2e-trixie-kwin e2e-sid-kwin

.PHONY: trixie-root sid-root e2e-host e2e-host-phoc e2e-trixie-sway $(E2E_TRIXIE_SMOKE_LEGS) e2e-smoke-wayfire \
	$(E2E_SID_SMOKE_LEGS) $(E2E_KWIN_LEGS) flaky

E2E_LEGS := e2e-host e2e-host-phoc e2e-trixie-sway $(E2E_TRIXIE_SMOKE_LEGS) e2e-smoke-wayfire \
	$(E2E_SID_SMOKE_LEGS) $(E2E_KWIN_LEGS)
e2e: $(E2E_LEGS)

e2e-host: deps build
	$(E2E_RUN) --leg host-sway

# phoc 0.24: the smoke set and phoc 0.24's own regressions (test_phoc.py).
e2e-host-phoc: deps build
	$(E2E_RUN) --leg host-phoc

e2e-trixie-sway: deps build trixie-root
	$(E2E_RUN) --leg trixie-sway

# A static pattern rule: make skips implicit rules for phony targets.
$(E2E_TRIXIE_SMOKE_LEGS): e2e-smoke-%: deps build trixie-root
	$(E2E_RUN) --leg trixie-$*

e2e-smoke-wayfire: deps build sid-root
	$(E2E_RUN) --leg sid-wayfire

$(E2E_SID_SMOKE_LEGS): e2e-smoke-sid-%: deps build sid-root
	$(E2E_RUN) --leg sid-$*

$(E2E_KWIN_LEGS): e2e-%-kwin: deps build %-root
	$(E2E_RUN) --leg $*-kwin

# `make flaky MODULE=test_menu [RUNS=5] [LEG=trixie-sway]`: the module RUNS times in a row
# as LEG runs it, with a CPU burner on every core beside it (as on CI, beside a build); any
# failure fails.
# A leg from a root needs that root built (make trixie-root, make sid-root).
RUNS ?= 5
LEG ?= host-sway
flaky: deps build
	@test -n "$(MODULE)" || { echo "make flaky MODULE=test_x [RUNS=5] [LEG=host-sway]"; exit 2; }
	$(E2E_ENV) $(PYTHON) Tests/e2e/run.py --leg $(LEG) --runs $(RUNS) --load $(MODULE)

# Each reused while its stamp names the same suite and packages; see the script.
trixie-root: deps
	scripts/debian-root.sh trixie $(TRIXIE_ROOT)

sid-root: deps
	scripts/debian-root.sh sid $(SID_ROOT)

# fuzz-smoke (mk/fuzz.mk): a 60 s libFuzzer pass over the config parser;
# soak-short (mk/soak.mk): a few hundred gestures and requests on sway, phoc and KWin;
# deb-check (mk/deb.mk): `make deb` installed with apt-get, run and removed;
# e2e-arm64 (mk/arm64.mk): the smoke set with buoy cross-built for arm64, under qemu-user;
# swiftlang-trixie and swiftlang-sid (mk/dsc.mk): the source package built with
# Debian's own Swift in each root, its unit tests run there, the .deb installed there and run.
# Each step timed (scripts/timed-steps.sh): the table ends the log.
TEST_STEPS := deps check-install-deps lint check-protocols unit example $(E2E_LEGS) e2e-arm64 soak-short \
	fuzz-smoke deb-check swiftlang-trixie swiftlang-sid
test:
	@MAKE="$(MAKE)" scripts/timed-steps.sh $(TEST_STEPS)

# In a Wayland session: run buoy with your config (or, with none, the
# first-run menu), installing only what building and running need. Without
# one: a private headless sway demo that saves screenshots under demo/,
# which needs the test tools too.
run: build
	@if [ -n "$${WAYLAND_DISPLAY:-}" ] && [ -S "$${XDG_RUNTIME_DIR:-/nonexistent}/$${WAYLAND_DISPLAY}" ]; then \
		exec $(RELEASE)/buoy -d; \
	else \
		scripts/install-deps.sh && \
		BUOY=$(RELEASE)/buoy BUOY_POINTER=$(RELEASE)/buoy-pointer $(PYTHON) scripts/demo.py; \
	fi

# The Debian roots are never left with anything mounted, but make sure before
# removing them: rm would otherwise descend into the host's /dev.
clean:
	@for root in $(TRIXIE_ROOT) $(SID_ROOT); do for dir in $$root $$root.partial; do \
		[ ! -d $$dir ] || scripts/debian-root.sh --release $$dir || exit 1; done; done
	rm -rf --one-file-system .build demo

# Packaging (and for phones, mk/arm64.mk: `make deb ARCH=arm64`, `make e2e-arm64`),
# benchmarks and fuzzing live in their own fragments.
include $(wildcard mk/*.mk)
