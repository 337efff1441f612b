#!/usr/bin/env bash
# Per-n certificate figures for BENCHMARKS.md: positions, bytes, certify and verify seconds.
# Usage: scripts/bench-certificates.sh FROM TO [STRATEGY]   (after cargo build --release;
# STRATEGY is auto, scheme or closed as in `jg certify --strategy`, default auto)
set -euo pipefail
jg="$(dirname "$0")/../target/release/jg"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
echo "| n | winner | kind | positions | bytes | certify s | verify s |"
echo "|---|---|---|---|---|---|---|"
for n in $(seq "$1" "$2"); do
    start=$(date +%s.%N)
    line=$("$jg" certify "$n" --strategy "${3:-auto}" -o "$dir/c.bin")
    mid=$(date +%s.%N)
    "$jg" verify "$dir/c.bin" >/dev/null
    end=$(date +%s.%N)
    winner=$(sed -E 's/.*n=[0-9]+, ([a-z]+) player wins.*/\1/' <<<"$line")
    strategy=$(sed -E 's/.*player wins, ([a-z-]+),.*/\1/' <<<"$line")
    positions=$(sed -E 's/.* ([0-9]+) positions.*/\1/' <<<"$line")
    bytes=$(sed -E 's/.* ([0-9]+) bytes.*/\1/' <<<"$line")
    printf "| %s | %s | %s | %s | %s | %.2f | %.2f |\n" "$n" "$winner" "$strategy" "$positions" "$bytes" \
        "$(echo "$mid - $start" | bc)" "$(echo "$end - $mid" | bc)"
done
