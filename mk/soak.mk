# `make soak`: buoy under long fault loops on private headless compositors
# (scripts/soak.py): 10,000 gestures through the virtual pointer (taps, double
# taps, drags, menu open/close) with fd, RSS, zombie and command accounting;
# 100 rounds of output churn; 1,000 SIGKILLs in the middle of state saves.
# Prints a table and fails on a missed goal. It takes about 35 minutes.
# SOAK_ARGS passes options to scripts/soak.py, e.g.
# SOAK_ARGS="--gestures 1000 --only gestures" (see `python3 scripts/soak.py --help`).
SOAK_ARGS ?=

.PHONY: soak

soak: deps build
	BUOY=$(RELEASE)/buoy BUOY_POINTER=$(RELEASE)/buoy-pointer $(PYTHON) scripts/soak.py $(SOAK_ARGS)
