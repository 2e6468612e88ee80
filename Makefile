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

# Regenerates the wayland-scanner glue from protocols/, wayland-protocols and
# plasma-wayland-protocols (KWin's fake-input, for buoy-touch only).
protocols:
	scripts/gen-protocols.sh

# CI: the committed glue must be what `make protocols` produces.
check-protocols: deps
	scripts/gen-protocols.sh
	git diff --exit-code -- Sources/CWaylandProtocols Sources/CKWinFakeInput
	@test -z "$$(git status --porcelain -- Sources/CWaylandProtocols Sources/CKWinFakeInput)" || \
		{ echo "untracked generated files in Sources/CWaylandProtocols or Sources/CKWinFakeInput"; exit 1; }

lint:
	$(SWIFT) format lint --strict -r Package.swift Sources Tests

unit: deps static-libs
	$(SWIFT) test

# End-to-end tests on a private headless compositor per test (sway; phoc, KWin and weston
# in their own modules); they never skip.
e2e: build
	BUOY=$(RELEASE)/buoy BUOY_POINTER=$(RELEASE)/buoy-pointer BUOY_TOUCH=$(RELEASE)/buoy-touch \
		$(PYTHON) -m unittest discover -s Tests/e2e -p 'test_*.py' -v

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

clean:
	rm -rf .build demo

# Packaging, benchmarks and fuzzing live in their own fragments.
include $(wildcard mk/*.mk)
