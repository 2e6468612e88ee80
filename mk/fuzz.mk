# `make fuzz`: libFuzzer with AddressSanitizer on the config parser
# (Config.parse) for FUZZ_SECONDS; fails on any crash, leak, timeout or broken
# invariant (see Tests/Fuzz/ConfigFuzzer.swift). `make fuzz-smoke` is the same
# for 60 s, and then `make fuzz-edit`'s target for 30 s: the lossless editor
# (ConfigEdit) on the same corpus, whose accepted edits must pass --check
# (Tests/Fuzz/ConfigEditFuzzer.swift). Concurrent writers of one file, which a libFuzzer process
# editing bytes in memory cannot be, are e2e's test_config_files.ConcurrentStressTests: every
# edit a run reported done is in the file. Tests/Fuzz/run.sh does the run and the verdict, with Swift's
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
FUZZ_SOURCES = $(FUZZ_LIBRARY) Tests/Fuzz/ConfigFuzzer.swift
FUZZ_EDIT_SOURCES = $(FUZZ_LIBRARY) Tests/Fuzz/ConfigEditFuzzer.swift

.PHONY: fuzz fuzz-edit fuzz-smoke fuzz-build

fuzz-build: $(FUZZ_DIR)/config-fuzzer $(FUZZ_DIR)/config-edit-fuzzer

# BuoyConfig's files say `import BuoyCore`. Here both are compiled into one
# module, BuoyFuzz, so that import resolves to an empty stand-in module.
$(FUZZ_DIR)/stub/BuoyCore.swiftmodule:
	@mkdir -p $(FUZZ_DIR)/stub
	@printf '// Empty: BuoyCore is compiled into BuoyFuzz itself.\n' > $(FUZZ_DIR)/stub/BuoyCore.swift
	$(SWIFTC) -emit-module -parse-as-library -module-name BuoyCore \
		-o $@ $(FUZZ_DIR)/stub/BuoyCore.swift

$(FUZZ_DIR)/config-fuzzer: $(FUZZ_SOURCES) $(FUZZ_DIR)/stub/BuoyCore.swiftmodule | deps
	$(SWIFTC) -sanitize=fuzzer,address -parse-as-library -O -D FUZZING \
		-module-name BuoyFuzz -I $(FUZZ_DIR)/stub -lm $(FUZZ_LDFLAGS) -o $@ $(FUZZ_SOURCES)

$(FUZZ_DIR)/config-edit-fuzzer: $(FUZZ_EDIT_SOURCES) $(FUZZ_DIR)/stub/BuoyCore.swiftmodule | deps
	$(SWIFTC) -sanitize=fuzzer,address -parse-as-library -O -D FUZZING \
		-module-name BuoyFuzz -I $(FUZZ_DIR)/stub -lm $(FUZZ_LDFLAGS) -o $@ $(FUZZ_EDIT_SOURCES)

fuzz: $(FUZZ_DIR)/config-fuzzer
	Tests/Fuzz/run.sh $(FUZZ_DIR)/config-fuzzer $(FUZZ_SECONDS) $(FUZZ_DIR) $(FUZZ_ARGS)

fuzz-edit: $(FUZZ_DIR)/config-edit-fuzzer
	Tests/Fuzz/run.sh $(FUZZ_DIR)/config-edit-fuzzer $(FUZZ_SECONDS) $(FUZZ_DIR)/edit $(FUZZ_ARGS)

fuzz-smoke: $(FUZZ_DIR)/config-fuzzer $(FUZZ_DIR)/config-edit-fuzzer
	Tests/Fuzz/run.sh $(FUZZ_DIR)/config-fuzzer 60 $(FUZZ_DIR) $(FUZZ_ARGS)
	Tests/Fuzz/run.sh $(FUZZ_DIR)/config-edit-fuzzer 30 $(FUZZ_DIR)/edit $(FUZZ_ARGS)
