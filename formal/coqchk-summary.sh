#!/usr/bin/env bash
# Reads the summary that `coqchk -o` printed (file $1) and fails unless every axiom it lists is
# one that formal/README.md names and explains (the indented names between its markers
# `<!-- coqchk axioms -->` and `<!-- end coqchk axioms -->`), and nothing relies on
# type-in-type, on unsafe (co)fixpoints or on an assumed positivity. `make coqchk` runs it.
set -euo pipefail
out=$1
readme=${2:-"$(dirname "$0")/README.md"}
allowed=$(sed -n '/<!-- coqchk axioms -->/,/<!-- end coqchk axioms -->/p' "$readme" |
    sed -n 's/^    \([A-Za-z0-9_.]*\)$/\1/p' | sort)
if [ -z "$allowed" ]; then
    echo "coqchk-summary.sh: $readme names no axiom between its markers" >&2
    exit 2
fi
if ! grep -q '^CONTEXT SUMMARY' "$out"; then
    echo "coqchk-summary.sh: coqchk printed no summary:" >&2
    cat "$out" >&2
    exit 1
fi
# The lines under "* Axioms:" up to the next "* " heading (none when it says <none>).
found=$(awk '/^\* Axioms:/ { on = 1; next } /^\* / { on = 0 } on && NF { print $1 }' "$out" | sort)
status=0
unexpected=$(comm -23 <(printf '%s\n' "$found" | sed '/^$/d') <(printf '%s\n' "$allowed"))
if [ -n "$unexpected" ]; then
    echo "coqchk: axioms that formal/README.md does not name:" >&2
    printf '    %s\n' $unexpected >&2
    status=1
fi
for what in 'relying on type-in-type' 'relying on unsafe (co)fixpoints' 'positivity is assumed'; do
    line=$(grep -F "$what" "$out" || true)
    if [ "${line%<none>}" = "$line" ]; then
        echo "coqchk: something is $what:" >&2
        awk -v w="$what" 'index($0, w) { on = 1 } on && /^\* / && !index($0, w) { on = 0 } on' "$out" >&2
        status=1
    fi
done
if [ "$status" -eq 0 ]; then
    echo "coqchk: no axiom but the $(printf '%s\n' "$found" | sed '/^$/d' | wc -l) named in README.md"
fi
exit "$status"
