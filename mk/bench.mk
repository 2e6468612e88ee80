# `make bench`: buoy against a minimal C layer-shell client (bench/reference.c)
# on a private headless sway; prints a table and writes bench/results.md.
# BENCH_RUNS sets the number of runs per figure; BENCH_ARGS passes more
# options to bench/run.py (see `python3 bench/run.py --help`).
BENCH_DIR := .build/bench
BENCH_RUNS ?= 5
BENCH_ARGS ?=
BENCH_CC ?= gcc
BENCH_CFLAGS := -O2 -Wall -Wno-unused-parameter -std=c11
WAYLAND_PROTOCOLS_DIR ?= $(shell pkg-config --variable=pkgdatadir wayland-protocols 2>/dev/null || echo /usr/share/wayland-protocols)

# The build before AT-SPI (issue 31), whose session-bus cost the a11y figures
# are compared with (bench/README.md): built once, from git, in its own directory.
BEFORE_ATSPI := $(BENCH_DIR)/before-atspi
BEFORE_ATSPI_COMMIT := ee1b763

.PHONY: bench bench-reference

bench: build $(BENCH_DIR)/reference $(BEFORE_ATSPI)/.build/release/buoy
	$(PYTHON) bench/run.py --runs $(BENCH_RUNS) --buoy $(RELEASE)/buoy \
		--pointer $(RELEASE)/buoy-pointer --reference $(BENCH_DIR)/reference \
		--before-atspi $(BEFORE_ATSPI)/.build/release/buoy \
		--results bench/results.md $(BENCH_ARGS)

$(BEFORE_ATSPI)/.build/release/buoy:
	rm -rf $(BEFORE_ATSPI) && mkdir -p $(BEFORE_ATSPI)
	git archive $(BEFORE_ATSPI_COMMIT) | tar -x -C $(BEFORE_ATSPI)
	$(SWIFT_RELEASE) --package-path $(BEFORE_ATSPI) --product buoy
	$(SWIFT_RELEASE) --package-path $(BEFORE_ATSPI) --product buoy-draw

bench-reference: $(BENCH_DIR)/reference

# The layer-shell glue comes from the project's own protocols/. Its get_popup
# request names xdg_popup, so xdg-shell's glue is linked too.
$(BENCH_DIR)/wlr-layer-shell-unstable-v1-client-protocol.h: protocols/wlr-layer-shell-unstable-v1.xml | deps
	@mkdir -p $(BENCH_DIR)
	wayland-scanner client-header $< $@

$(BENCH_DIR)/wlr-layer-shell-unstable-v1-protocol.c: protocols/wlr-layer-shell-unstable-v1.xml | deps
	@mkdir -p $(BENCH_DIR)
	wayland-scanner private-code $< $@

$(BENCH_DIR)/xdg-shell-protocol.c: | deps
	@mkdir -p $(BENCH_DIR)
	wayland-scanner private-code $(WAYLAND_PROTOCOLS_DIR)/stable/xdg-shell/xdg-shell.xml $@

$(BENCH_DIR)/reference: bench/reference.c $(BENCH_DIR)/wlr-layer-shell-unstable-v1-client-protocol.h \
		$(BENCH_DIR)/wlr-layer-shell-unstable-v1-protocol.c $(BENCH_DIR)/xdg-shell-protocol.c
	$(BENCH_CC) $(BENCH_CFLAGS) -I$(BENCH_DIR) -o $@ bench/reference.c \
		$(BENCH_DIR)/wlr-layer-shell-unstable-v1-protocol.c $(BENCH_DIR)/xdg-shell-protocol.c \
		$$(pkg-config --cflags --libs wayland-client cairo)
