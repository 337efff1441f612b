#!/usr/bin/env bash
# The Coq checker of the chain certificates (formal/ChainCheck.v) and `jg-verify` agree: on the
# chain mutants of the verifier's tests (examples/chain_agreement.rs writes each as Coq data and
# records the verifier's verdict), Coq's `check` computes `true` exactly where the verifier
# accepts. A text that Coq's data cannot hold counts as refused. Needs `make -C formal` first.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -f formal/ChainCheck.vo ] || { echo "chain-agree.sh: build formal/ first (make -C formal)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo run --release --locked --quiet --example chain_agreement -- "$work"
formal=$PWD/formal
agree=0
while IFS=$'\t' read -r i verifier name; do
    if [ "$(head -1 "$work/m$i.v")" = unreadable ]; then
        coq=refused
    else
        out=$(cd "$work" && coqc -R "$formal" JG "m$i.v" 2>&1) || {
            echo "chain-agree.sh: coqc failed on mutant $i ($name):" >&2
            echo "$out" >&2
            exit 1
        }
        case "$out" in
            *"= true"*) coq=accepted ;;
            *"= false"*) coq=refused ;;
            *) echo "chain-agree.sh: no verdict from Coq on mutant $i ($name): $out" >&2; exit 1 ;;
        esac
    fi
    if [ "$coq" != "$verifier" ]; then
        echo "chain-agree.sh: mutant $i ($name): jg-verify says $verifier, Coq says $coq" >&2
        exit 1
    fi
    agree=$((agree + 1))
done <"$work/verdicts.tsv"
accepted=$(grep -c $'\taccepted\t' "$work/verdicts.tsv" || true)
echo "chain-agree.sh: Coq and jg-verify agree on all $agree chain mutants ($accepted accepted)"
