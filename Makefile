# buoy: `make run` and `make test` are the two entry points; both install
# what they need first (`make run` in your own session only what building and
# running need; `make test` the compositors and tools of the tests too).
SWIFT ?= swift
PYTHON ?= python3
PREFIX ?= /usr/local
DESTDIR ?=
RELEASE := .build/release
# What packagers run: Package.swift itself links the static Swift standard
# library and libstdc++'s archive (see residentMemoryLinkerFlags there).
SWIFT_RELEASE := $(SWIFT) build -c release

.PHONY: all have-swift deps deps-build build protocols check-protocols lint unit e2e test run demo clean

all: build

# One line, not a misleading error from deeper down, when Swift is missing
# ($(error) is make's own one-line message and stop).
have-swift:
	@:$(if $(shell command -v $(SWIFT) 2>/dev/null),,$(error $(SWIFT) not found: buoy needs Swift 6 \
		(https://www.swift.org/install/linux/ or swiftly), on PATH or given as SWIFT=/path/to/swift))

# Everything `make test` needs.
deps:
	@scripts/install-deps.sh

# Only what building and running need.
deps-build:
	@scripts/install-deps.sh --build

build: have-swift deps-build
	$(SWIFT_RELEASE)

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

unit: have-swift deps
	$(SWIFT) test

# End-to-end tests on a private headless sway per test; they never skip.
e2e: deps build
	BUOY=$(RELEASE)/buoy BUOY_POINTER=$(RELEASE)/buoy-pointer \
		$(PYTHON) -m unittest discover -s Tests/e2e -p 'test_*.py' -v

# fuzz-smoke (mk/fuzz.mk): a 60 s libFuzzer pass over the config parser;
# deb-check (mk/deb.mk): `make deb` installed with apt-get, run and removed.
test: deps lint check-protocols unit e2e fuzz-smoke deb-check

# In a Wayland session: run buoy with your config (or, with none, the
# first-run menu), installing only what building and running need. Without
# one: a private headless sway demo that saves screenshots under demo/,
# which needs the test tools too.
run: build
	@if [ -n "$${WAYLAND_DISPLAY:-}" ] && [ -S "$${XDG_RUNTIME_DIR:-/nonexistent}/$${WAYLAND_DISPLAY}" ]; then \
		exec $(RELEASE)/buoy -v; \
	else \
		scripts/install-deps.sh && \
		BUOY=$(RELEASE)/buoy BUOY_POINTER=$(RELEASE)/buoy-pointer $(PYTHON) scripts/demo.py; \
	fi

clean:
	rm -rf .build demo

# Packaging, benchmarks and fuzzing live in their own fragments.
include $(wildcard mk/*.mk)
