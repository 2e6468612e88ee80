# `make fuzz`: libFuzzer with AddressSanitizer on the config parser
# (Config.parse) for FUZZ_SECONDS; fails on any crash, leak, timeout or broken
# invariant (see Tests/Fuzz/ConfigFuzzer.swift). `make fuzz-smoke` is the same
# for 60 s, and then `make fuzz-edit`'s target for 30 s: the lossless editor
# (ConfigEdit) on the same corpus, whose accepted edits must pass --check
# (Tests/Fuzz/ConfigEditFuzzer.swift). Both are one binary, chosen by
# BUOY_FUZZ_TARGET (Tests/Fuzz/FuzzTarget.swift): the ASan build is the slow part.
# Concurrent writers of one file, which a libFuzzer process editing bytes in memory cannot
# be, are e2e's test_config_files.ConcurrentStressTests: every edit a run reported done is in
# the file. Tests/Fuzz/run.sh does the run and the verdict, with Swift's
# backtracer off (SWIFT_BACKTRACE=enable=no) so that ASan reports the failure itself.
SWIFTC ?= swiftc
FUZZ_DIR := .build/fuzz
FUZZ_SECONDS ?= 300
# More libFuzzer options, e.g. FUZZ_ARGS=-seed=1
FUZZ_ARGS ?=
# lld: gold prints a warning for each of ASan's local symbols.
FUZZ_LDFLAGS ?= $(if $(shell command -v ld.lld 2>/dev/null),-use-ld=lld)
# Every file of both modules, in their folders by concern.
FUZZ_LIBRARY = $(shell find Sources/BuoyCore Sources/BuoyConfig -name '*.swift' | sort)
FUZZ_SOURCES = $(FUZZ_LIBRARY) $(wildcard Tests/Fuzz/*.swift)
FUZZER := $(FUZZ_DIR)/config-fuzzers

.PHONY: fuzz fuzz-edit fuzz-smoke fuzz-build

fuzz-build: $(FUZZER)

# BuoyConfig's files say `import BuoyCore`. Here both are compiled into one
# module, BuoyFuzz, so that import resolves to an empty stand-in module.
$(FUZZ_DIR)/stub/BuoyCore.swiftmodule:
	@mkdir -p $(FUZZ_DIR)/stub
	@printf '// Empty: BuoyCore is compiled into BuoyFuzz itself.\n' > $(FUZZ_DIR)/stub/BuoyCore.swift
	$(SWIFTC) -emit-module -parse-as-library -module-name BuoyCore \
		-o $@ $(FUZZ_DIR)/stub/BuoyCore.swift

# -package-name: the package's `package` declarations (VirtualKeymap.decimal) compile here as in SwiftPM.
FUZZ_COMPILE = $(SWIFTC) -sanitize=fuzzer,address -parse-as-library -O -D FUZZING -package-name buoy \
	-module-name BuoyFuzz -I $(FUZZ_DIR)/stub -lm $(FUZZ_LDFLAGS) -o $@ $(FUZZ_SOURCES)

# Built once per machine for the same sources, flags and compiler (scripts/build-cache.sh).
$(FUZZER): $(FUZZ_SOURCES) $(FUZZ_DIR)/stub/BuoyCore.swiftmodule | deps
	scripts/build-cache.sh config-fuzzers $@ \
		"$$({ $(SWIFTC) --version 2>&1; echo '$(FUZZ_COMPILE)'; cat $(FUZZ_SOURCES); } | sha256sum | cut -c1-16)" \
		-- $(FUZZ_COMPILE)

fuzz: $(FUZZER)
	BUOY_FUZZ_TARGET=parser Tests/Fuzz/run.sh $(FUZZER) $(FUZZ_SECONDS) $(FUZZ_DIR) $(FUZZ_ARGS)

fuzz-edit: $(FUZZER)
	BUOY_FUZZ_TARGET=editor Tests/Fuzz/run.sh $(FUZZER) $(FUZZ_SECONDS) $(FUZZ_DIR)/edit $(FUZZ_ARGS)

fuzz-smoke: $(FUZZER)
	BUOY_FUZZ_TARGET=parser Tests/Fuzz/run.sh $(FUZZER) 60 $(FUZZ_DIR) $(FUZZ_ARGS)
	BUOY_FUZZ_TARGET=editor Tests/Fuzz/run.sh $(FUZZER) 30 $(FUZZ_DIR)/edit $(FUZZ_ARGS)
