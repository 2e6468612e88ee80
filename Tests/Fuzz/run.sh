#!/bin/sh
# Runs a config fuzzer (the parser's or the editor's) for a bounded time and judges the result; used by
# `make fuzz` and `make fuzz-smoke` (mk/fuzz.mk).
#
#   Tests/Fuzz/run.sh FUZZER SECONDS WORKDIR [libFuzzer options...]
#
# New inputs go to WORKDIR/corpus; the seeds in Tests/FuzzCorpus/config are
# only read. Exits non-zero on any crash, leak, timeout or out-of-memory; the
# input is then copied to Tests/FuzzCorpus/crashes/ and printed escaped.
set -u
fuzzer=$1 seconds=$2 work=$3
shift 3
cd "$(dirname "$0")/../.."
seeds=Tests/FuzzCorpus/config
mkdir -p "$work/corpus" "$work/artifacts"
rm -f "$work"/artifacts/*
log=$work/fuzz.log
echo "fuzz: $(basename "$fuzzer") for $seconds s (log: $log)"
status=0
# Swift's crash handler walks the stack in a way ASan reports as a
# stack-buffer-underflow, 200 lines that bury the real failure above them.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} "$fuzzer" \
    -max_total_time="$seconds" -max_len=65536 -timeout=5 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$work/artifacts/" -dict=Tests/Fuzz/toml.dict \
    "$@" "$work/corpus" "$seeds" >"$log" 2>&1 || status=$?

# The final stats are missing when the run stops early; then the last status
# line ("#123456 NEW ...") has the count.
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
[ -n "$execs" ] || execs=$(sed -n 's/^#\([0-9][0-9]*\).*/\1/p' "$log" | tail -n 1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
echo "fuzz: ${execs:-0} executions (${rate:-?}/s), corpus $(ls "$work/corpus" | wc -l) inputs"

artifacts=$(ls "$work/artifacts")
if [ "$status" -eq 0 ] && [ -z "$artifacts" ] && ! grep -qE '^==[0-9]+==ERROR|deadly signal|ERROR: libFuzzer' "$log"; then
    echo "fuzz: no crash, leak or timeout"
    exit 0
fi
grep -E -A40 '^==[0-9]+==ERROR|deadly signal|ERROR: libFuzzer|Fatal error|fuzzer: ' "$log" | head -n 100
mkdir -p Tests/FuzzCorpus/crashes
for name in $artifacts; do
    cp "$work/artifacts/$name" Tests/FuzzCorpus/crashes/
    echo "fuzz: input saved as Tests/FuzzCorpus/crashes/$name ($(wc -c <"$work/artifacts/$name") bytes):"
    python3 -c 'import sys; print(repr(open(sys.argv[1], "rb").read()))' "$work/artifacts/$name" | cut -c1-2000
done
echo "fuzz: FAILED (libFuzzer exit status $status); reproduce with:" \
    "SWIFT_BACKTRACE=enable=no $fuzzer Tests/FuzzCorpus/crashes/<file>"
exit 1
