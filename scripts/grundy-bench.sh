#!/bin/sh
# The paired benchmark of `jg grundy N` (BENCHMARKS.md, "Sprague–Grundy values"): for each n
# of PAIRED, RUNS pairs of runs, the fast method then the plain memo (`--method plain`),
# alternated so that the machine's load falls on both alike, and the ratio taken pair by pair;
# for each n of ALONE, one run of the fast method. Wall time and peak memory by GNU time.
#   JG=target/release/jg PAIRED="30 32 34 36" ALONE="40 50 60 70" RUNS=3 scripts/grundy-bench.sh
set -eu
JG=${JG:-target/release/jg}
PAIRED=${PAIRED:-"30 32 34 36"}
ALONE=${ALONE:-"40 44 48 52 56 60 64 68 70 72"}
RUNS=${RUNS:-3}
FIRST=${FIRST:-even}
measure() { # prints "seconds peak_kib" of one run of jg grundy with the given arguments
    /usr/bin/time -f "%e %M" -o /tmp/grundy-bench.$$ "$JG" grundy "$@" --first "$FIRST" -q --format json >/dev/null
    cat /tmp/grundy-bench.$$
}
echo "n first run fast_s fast_kib plain_s plain_kib ratio"
for n in $PAIRED; do
    run=1
    while [ "$run" -le "$RUNS" ]; do
        set -- $(measure "$n") $(measure "$n" --method plain)
        ratio=$(awk "BEGIN { printf \"%.1f\", $3 / ($1 > 0.005 ? $1 : 0.005) }")
        echo "$n $FIRST $run $1 $2 $3 $4 $ratio"
        run=$((run + 1))
    done
done
for n in $ALONE; do
    set -- $(measure "$n")
    echo "$n $FIRST 1 $1 $2 - - -"
done
rm -f /tmp/grundy-bench.$$
