# `make soak`: buoy under long fault loops on private headless compositors
# (scripts/soak.py): 10,000 gestures through the virtual pointer (taps, double
# taps, drags, menu open/close, menu items run, and `buoy msg` tap, menu and
# reload between them) with fd, RSS, zombie and command accounting;
# 100 rounds of output churn; 1,000 SIGKILLs in the middle of state saves;
# 500 steps where features meet (scripts/soak_seams.py: dwell, click types,
# keys, edit mode and the menu, with `buoy config` writing from a second
# process; wev, the file and `msg state` checked after each step).
# Prints a table and fails on a missed goal. It takes about 45 minutes.
# SOAK_ARGS passes options to scripts/soak.py, e.g.
# SOAK_ARGS="--gestures 1000 --only gestures" (see `python3 scripts/soak.py --help`).
SOAK_ARGS ?=
# The seam model (Tests/BuoyCommandLineTests/SeamModelTests.swift): `make test` runs
# seeds 1...1000 of its random sequences, `make soak` this many (about 200 to 300 a second in a
# debug build, shrinking included).
SOAK_MODEL_SEQUENCES ?= 10000
# `make soak-short`, part of `make test`: the gestures part, a few hundred
# gestures and requests on each of sway and phoc (pointer) and KWin (touch), so a
# gesture that stops counting fails CI, then a few seams steps on sway.
SOAK_SHORT_GESTURES ?= 120
SOAK_SHORT_SEAMS ?= 25
SOAK_SHORT_COMPOSITORS := sway phoc kwin
SOAK_ENV = BUOY=$(RELEASE)/buoy BUOY_POINTER=$(RELEASE)/buoy-pointer BUOY_TOUCH=$(RELEASE)/buoy-touch

.PHONY: soak soak-short

soak: deps build
	BUOY_MODEL_SEQUENCES=$(SOAK_MODEL_SEQUENCES) $(SWIFT) test --filter SeamModelTests.testRandomSequencesKeepTheInvariants
	$(SOAK_ENV) $(PYTHON) scripts/soak.py $(SOAK_ARGS)

soak-short: deps build
	@set -e; for compositor in $(SOAK_SHORT_COMPOSITORS); do \
		echo "soak-short: $$compositor"; \
		$(SOAK_ENV) $(PYTHON) scripts/soak.py --only gestures --gestures $(SOAK_SHORT_GESTURES) \
			--compositor $$compositor; \
	done; \
	echo "soak-short: seams"; \
	$(SOAK_ENV) $(PYTHON) scripts/soak.py --only seams --seams $(SOAK_SHORT_SEAMS)
