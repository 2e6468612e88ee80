# buoy: `make run` and `make test` are the two entry points; both install
# what they need first.
SWIFT ?= swift
PYTHON ?= python3
PREFIX ?= /usr/local
DESTDIR ?=
RELEASE := .build/release
SWIFT_RELEASE := $(SWIFT) build -c release --static-swift-stdlib

.PHONY: all deps build static-libs protocols check-protocols lint unit e2e test run demo clean

all: build

deps:
	@scripts/install-deps.sh

build: deps static-libs
	$(SWIFT_RELEASE)

# Package.swift links buoy against the libstdc++ archive found here (see the
# comment on residentMemoryLinkerFlags there).
static-libs:
	@mkdir -p .build/static-libs
	@archive=$$(clang -print-file-name=libstdc++.a); \
	if [ ! -f "$$archive" ]; then \
		echo "make: libstdc++.a not found (Debian: libstdc++-12-dev, which Swift itself needs)" >&2; exit 1; \
	fi; \
	ln -sf "$$archive" .build/static-libs/libstdc++.a

# Regenerates the wayland-scanner glue from protocols/ and wayland-protocols.
protocols:
	scripts/gen-protocols.sh

# CI: the committed glue must be what `make protocols` produces.
check-protocols: deps
	scripts/gen-protocols.sh
	git diff --exit-code -- Sources/CWaylandProtocols
	@test -z "$$(git status --porcelain -- Sources/CWaylandProtocols)" || \
		{ echo "untracked generated files in Sources/CWaylandProtocols"; exit 1; }

lint:
	$(SWIFT) format lint --strict -r Package.swift Sources Tests

unit: deps static-libs
	$(SWIFT) test

# End-to-end tests on a private headless compositor per test; they never skip.
# `make e2e` runs every leg of the compositor matrix (Tests/e2e/README.md): the
# whole suite on the host's sway 1.7 and phoc 0.24, and on trixie's sway; the
# smoke set (test_smoke.py) on trixie's labwc and phoc. The trixie compositors
# come from a Debian 13 root that `make trixie-root` builds once under .build/.
TRIXIE_ROOT := .build/trixie
E2E_ENV = BUOY=$(RELEASE)/buoy BUOY_POINTER=$(RELEASE)/buoy-pointer PYTHONPATH=Tests/e2e
E2E_MODULES = $(basename $(notdir $(wildcard Tests/e2e/test_*.py)))
# Modules that test one host compositor by name, so only the host leg runs them.
E2E_HOST_ONLY := test_phoc
# Modules that need what only the newer compositors offer (fractional scale, cursor shape).
E2E_TRIXIE_ONLY := test_scale
E2E_SMOKE_LEGS := e2e-smoke-labwc e2e-smoke-phoc

.PHONY: trixie-root e2e-host e2e-trixie-sway $(E2E_SMOKE_LEGS)

e2e: e2e-host e2e-trixie-sway $(E2E_SMOKE_LEGS)

e2e-host: build
	$(E2E_ENV) BUOY_E2E_COMPOSITOR=host-sway $(PYTHON) -m unittest -v \
		$(filter-out $(E2E_TRIXIE_ONLY),$(E2E_MODULES))

e2e-trixie-sway: build trixie-root
	$(E2E_ENV) BUOY_E2E_COMPOSITOR=trixie-sway $(PYTHON) -m unittest -v \
		$(filter-out $(E2E_HOST_ONLY),$(E2E_MODULES))

# A static pattern rule: make skips implicit rules for phony targets.
$(E2E_SMOKE_LEGS): e2e-smoke-%: build trixie-root
	$(E2E_ENV) BUOY_E2E_COMPOSITOR=trixie-$* $(PYTHON) -m unittest -v test_smoke

# Reused while its stamp names the same suite and packages; see the script.
trixie-root: deps
	scripts/trixie-root.sh $(TRIXIE_ROOT)

# fuzz-smoke (mk/fuzz.mk): a 60 s libFuzzer pass over the config parser.
test: deps lint check-protocols unit e2e fuzz-smoke

# In a Wayland session: run buoy with the example config. Without one: a
# private headless sway demo that saves screenshots under demo/.
run: build
	@if [ -n "$${WAYLAND_DISPLAY:-}" ] && [ -S "$${XDG_RUNTIME_DIR:-/nonexistent}/$${WAYLAND_DISPLAY}" ]; then \
		exec $(RELEASE)/buoy --config examples/config.toml -v; \
	else \
		BUOY=$(RELEASE)/buoy BUOY_POINTER=$(RELEASE)/buoy-pointer $(PYTHON) scripts/demo.py; \
	fi

# The trixie root is never left with anything mounted, but make sure before
# removing it: rm would otherwise descend into the host's /dev.
clean:
	@[ ! -d $(TRIXIE_ROOT) ] || scripts/trixie-root.sh --release $(TRIXIE_ROOT)
	@[ ! -d $(TRIXIE_ROOT).partial ] || scripts/trixie-root.sh --release $(TRIXIE_ROOT).partial
	rm -rf --one-file-system .build demo

# Packaging, benchmarks and fuzzing live in their own fragments.
include $(wildcard mk/*.mk)
