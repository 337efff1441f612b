#!/usr/bin/env bash
# The formal proof can fail: alter the certificates' Coq data, or the constants and
# inequalities of the tail's proof (Chebyshev.v, Tail.v), on a copy of formal/ (after
# `make -C formal`) and check that Coq then refuses the altered file. Each mutation must
# change the file (a pattern that no longer matches is an error of this script) and must
# make coqc fail for the expected reason: for the data, the checker computes `false`.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f Checker.vo ] || { echo "mutate.sh: build formal/ first (make -C formal)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# mutate NAME FILE PERL-SUBSTITUTION [REASON [THEN-FILE]]
# Alters FILE on a fresh copy and compiles it; with THEN-FILE, FILE must still compile and
# THEN-FILE (which uses it) must be refused. coqc's error must contain REASON (by default
# the checker's verdict `false`).
mutate() {
    local name=$1 file=$2 subst=$3 reason=${4:-'Unable to unify "true" with "false"'} then=${5:-}
    rm -rf "$work/f" && mkdir "$work/f" && tar -c --exclude="*.glob" . | tar -x -C "$work/f"
    perl -0pi -e "$subst" "$work/f/$file"
    if cmp -s "$file" "$work/f/$file"; then
        echo "mutate.sh: $name: the pattern did not match $file" >&2
        exit 1
    fi
    local refused=$file
    if [ -n "$then" ]; then
        if ! (cd "$work/f" && coqc -R . JG "$file" >"$work/log" 2>&1); then
            echo "mutate.sh: $name: the altered $file itself failed:" >&2
            cat "$work/log" >&2
            exit 1
        fi
        refused=$then
    fi
    if (cd "$work/f" && coqc -R . JG "$refused" >"$work/log" 2>&1); then
        echo "mutate.sh: $name: Coq accepted $refused" >&2
        exit 1
    fi
    # The refusal must be the expected one, not some other error.
    if ! grep -qF "$reason" "$work/log"; then
        echo "mutate.sh: $name: coqc failed on $refused for another reason:" >&2
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
# The tail (Chebyshev.v, Tail.v), proved without hypothesis for every n >= N0 = 393216:
# a wrong constant, an inequality weakened until the statement is false, the bound lowered
# below what the argument gives, and N0 moved past the certificates the main theorem rests on.
mutate "B = 2^14 3^9 5^5 off by one (the multinomial's ratio)" Chebyshev.v \
    's/Definition B : N := 1007769600000\./Definition B : N := 1007769600001./' \
    'not a valid ring equation'
mutate "f(Y) = 1 claimed up to Y = 6 instead of 5 (the upper bound's digit)" Chebyshev.v \
    's/\(if 6 <=\? Y then 1 else 0\)\.\n/(if 7 <=? Y then 1 else 0).\n/' \
    'Cannot find witness'
mutate "the interval (a, b] widened to a <= b (4a <= 3b + 2 weakened to 4a <= 4b)" Chebyshev.v \
    's/131072 <= b -> 1 <= a -> 4 \* a <= 3 \* b \+ 2 ->/131072 <= b -> 1 <= a -> 4 * a <= 4 * b ->/' \
    'Cannot find witness'
mutate "the bound b >= 2^17 lowered to b >= 2^16 (N0 = 196608)" Chebyshev.v \
    's/131072 <= b -> 1 <= a ->/65536 <= b -> 1 <= a ->/' \
    'has type "65536 <= b" while it is expected to have type'
mutate "N0 = 10^12 + 2, past the certificates of Data1.v (Certified.v: they no longer reach it)" \
    Tail.v 's/Definition N0 : N := 393216\./Definition N0 : N := 1000000000002./' \
    'Cannot find witness' Certified.v
# `make coqchk` refuses a lemma closed with `Admitted` (an axiom that README.md does not name):
# the tail's theorem admitted in a copy, which coqc itself accepts (make rebuilds Tail.v and the
# files above it), must make `make coqchk` fail and name the admitted lemma.
rm -rf "$work/f" && mkdir "$work/f" && tar -c --exclude="*.glob" . | tar -x -C "$work/f"
perl -0pi -e 's/(Theorem tail_first_player_wins .*?\nProof\.).*?\nQed\./$1\nAdmitted./s' "$work/f/Tail.v"
if cmp -s Tail.v "$work/f/Tail.v"; then
    echo "mutate.sh: admitted lemma: the pattern did not match Tail.v" >&2
    exit 1
fi
if ! make -s -C "$work/f" all >"$work/log" 2>&1; then
    echo "mutate.sh: admitted lemma: coqc refused the copy:" >&2
    cat "$work/log" >&2
    exit 1
fi
if make -s -C "$work/f" coqchk >"$work/log" 2>&1; then
    echo "mutate.sh: admitted lemma: make coqchk accepted it" >&2
    exit 1
fi
if ! grep -qF "JG.Tail.tail_first_player_wins" "$work/log"; then
    echo "mutate.sh: admitted lemma: make coqchk failed for another reason:" >&2
    cat "$work/log" >&2
    exit 1
fi
echo "axiom refused by make coqchk: tail_first_player_wins admitted"

# The longest chains (ChainCheck.v, Chains200.v), when `make -C formal chains-200` (or `chains`)
# has been run. A
# certificate's mutation is checked on that certificate alone (its definition taken out of its
# data file with the same header, then `check c = true` by vm_compute, as its file's
# `forallb check … = true` does): the unaltered one must pass, the altered one be refused.
chain_mutations=0
if [ -f Chains200.vo ]; then
    # mutate_chain NAME N PERL-SUBSTITUTION
    mutate_chain() {
        local name=$1 n=$2 subst=$3 file
        file=$(grep -l "^Definition chain_$n " data/chains/Chains*.v)
        mkdir -p "$work/c"
        for variant in plain altered; do
            {
                sed -n '/^From /p; /^Import /p; /^Open /p' "$file"
                awk "/^Definition chain_$n /,/^\$/" "$file"
                echo "Lemma checked : check chain_$n = true."
                echo "Proof. vm_compute. reflexivity. Qed."
            } >"$work/c/Cert.v"
            if [ "$variant" = altered ]; then
                cp "$work/c/Cert.v" "$work/c/Plain.v"
                perl -0pi -e "$subst" "$work/c/Cert.v"
                if cmp -s "$work/c/Plain.v" "$work/c/Cert.v"; then
                    echo "mutate.sh: $name: the pattern did not match chain_$n" >&2
                    exit 1
                fi
                if (cd "$work/c" && coqc -R "$OLDPWD" JG Cert.v >"$work/log" 2>&1); then
                    echo "mutate.sh: $name: Coq accepted it" >&2
                    exit 1
                fi
                if ! grep -qF 'Unable to unify "true" with "false"' "$work/log"; then
                    echo "mutate.sh: $name: coqc failed for another reason:" >&2
                    cat "$work/log" >&2
                    exit 1
                fi
            elif ! (cd "$work/c" && coqc -R "$OLDPWD" JG Cert.v >"$work/log" 2>&1); then
                echo "mutate.sh: $name: the unaltered chain_$n is refused:" >&2
                cat "$work/log" >&2
                exit 1
            fi
        done
        chain_mutations=$((chain_mutations + 1))
        echo "mutation refused by Coq: $name"
    }
    mutate_chain "chain of n = 10 with a non-divisor step (3 then 7)" 10 \
        's/\[k5; k10; k2; k4; k8; k1; k9; k3; k6\]/[k5; k10; k2; k4; k8; k1; k9; k3; k7]/'
    mutate_chain "chain of n = 10 with a number twice (9, 3, 9)" 10 \
        's/\[k5; k10; k2; k4; k8; k1; k9; k3; k6\]/[k5; k10; k2; k4; k8; k1; k9; k3; k9]/'
    mutate_chain "one multiplier of n = 50 altered (d 1: 6 -> 5)" 50 's/RD k1 6;/RD k1 5;/'
    mutate_chain "a cut of n = 50 made invalid (its k, 50, replaced by 49, not in its set)" 50 \
        's/\(k50, \[k5; k6; k8;/(k49, [k5; k6; k8;/'
    mutate_chain "a dropped cut row of n = 50 (c 0)" 50 's/; RC 0 \d+//'
    # A term of the b-file changed: a(50) = 41 claimed 42 (Chains200.v: no certificate proves it).
    mutate "a term of the b-file changed: a(50) = 41 -> 42" data/chains/Terms.v \
        's/(\[0;(?:\s+\d+;){49}\s+)41;/${1}42;/s' 'Unable to unify "true" with "false"' Chains200.v
    chain_mutations=$((chain_mutations + 1))
    # The statement weakened: a chain may repeat a number (ChainSound.v's proof then fails).
    mutate "the definition of a chain weakened: repeats allowed" ChainRules.v \
        's/NoDup c \/\\ //' 'NoDup c' ChainSound.v
    chain_mutations=$((chain_mutations + 1))
else
    echo "mutate.sh: the chains are not built (make -C formal chains-200): their mutations skipped"
fi
echo "mutate.sh: 12 mutations, one admitted lemma and $chain_mutations chain mutations, all refused"
