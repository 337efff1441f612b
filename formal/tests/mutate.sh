#!/usr/bin/env bash
# The formal proof can fail: alter the certificates' Coq data on a copy of formal/ (after
# `make -C formal`) and check that Coq then refuses the altered file. Each mutation must
# change the file (a pattern that no longer matches is an error of this script) and must
# make coqc fail because the checker computes `false`.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f Checker.vo ] || { echo "mutate.sh: build formal/ first (make -C formal)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# mutate NAME FILE PERL-SUBSTITUTION
mutate() {
    local name=$1 file=$2 subst=$3
    rm -rf "$work/f" && mkdir "$work/f" && tar -c --exclude="*.glob" . | tar -x -C "$work/f"
    perl -0pi -e "$subst" "$work/f/$file"
    if cmp -s "$file" "$work/f/$file"; then
        echo "mutate.sh: $name: the pattern did not match $file" >&2
        exit 1
    fi
    if (cd "$work/f" && coqc -R . JG "$file" >"$work/log" 2>&1); then
        echo "mutate.sh: $name: Coq accepted the altered $file" >&2
        exit 1
    fi
    # The refusal must be the checker's verdict (false), not some other error.
    if ! grep -q 'Unable to unify "true" with "false"' "$work/log"; then
        echo "mutate.sh: $name: coqc failed for another reason:" >&2
        cat "$work/log" >&2
        exit 1
    fi
    echo "mutation refused by Coq: $name"
}

# The data file that holds a certificate.
holder() { grep -l "Definition $1 " data/Data*.v; }
c110=$(holder c_110)
c315=$(holder c_315212_420091)

mutate "one number of cert-110 altered (pair 3-87 -> 3-88)" "$c110" \
    's/(Definition c_110 .*?)\(3, 87\)/$1(3, 88)/s'
mutate "one pair of cert-110 dropped (7-91)" "$c110" \
    's/(Definition c_110 .*?)\(7, 91\); /$1/s'
mutate "interval 315212-420091 widened to 315212-840182" "$c315" \
    's/Cert 315212 420091 /Cert 315212 840182 /'
mutate "one number of the closure of 315212-420091 dropped (105031)" "$c315" \
    's/(Definition c_315212_420091 .*?)105031; (105037\])/$1$2/s'
# The largest prime of the certificates past 1322069427 (s of the last one) replaced by the
# composite 988200288025 = 5^2 * 19 * 2080421659, in its certificate and in its primality
# certificate, the factors of 988200288024 written out correctly: only the Fermat test of
# Prime.v can refuse it.
c_last=$(holder c_988200288052_1000000000000)
mutate "prime 988200288013 of the 10^12 data replaced by the composite 988200288025" "$c_last" \
    's/PCert 988200288013 2 \[[^\]]*\]/PCert 988200288025 2 [2; 2; 2; 3; 613; 6329; 10613]/; s/\(1, 988200288013\)/(1, 988200288025)/'
# The openings (data/openings): the published list of n = 20 with one number altered (16, which
# wins, replaced by 14, which loses), and the matching of n = 20 with one pair dropped (7-14).
o20=$(grep -l "Definition m_20 " data/openings/Openings*.v)
mutate "winning openings of n = 20: 16 altered to 14" "$o20" \
    's/\(20, \[2; 4; 6; 8; 10; 12; 16; 18; 20\]\)/(20, [2; 4; 6; 8; 10; 12; 14; 18; 20])/'
mutate "one pair of the matching of n = 20 dropped (7-14)" "$o20" \
    's/(Definition m_20 .*?)\(PC k7 k14 (\(PC k10 k20 PN\))\)/$1$2/s'
echo "mutate.sh: 7 mutations, all refused"
