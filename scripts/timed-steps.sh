#!/bin/sh
# `make test`'s steps, one after another as make would run them, each timed: at the end
# (or at the first failure) a table of each step's seconds, also kept in
# .build/test-times.txt, so that where the suite's time goes is in every run's log.
#
#   scripts/timed-steps.sh STEP...      (MAKE names the make to run them with)
set -u
make=${MAKE:-make}
mkdir -p .build
table=.build/test-times.txt
: > "$table"
started=$(date +%s)
status=0
for step in "$@"; do
    begun=$(date +%s)
    $make --no-print-directory "$step" || status=$?
    echo "$step $(($(date +%s) - begun))" >> "$table"
    [ "$status" -eq 0 ] || { echo "make test: $step failed"; break; }
done
echo "total $(($(date +%s) - started))" >> "$table"
echo
echo "make test, seconds per step:"
awk '{ printf "  %-22s %6d\n", $1, $2 }' "$table"
exit "$status"
