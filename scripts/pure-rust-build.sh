#!/usr/bin/env bash
# Proves that the default build needs nothing but Rust (cargo, rustc) and the C compiler and
# linker that Rust itself uses: no cmake, no C++ compiler, no libclang.
#
#   scripts/pure-rust-build.sh          # build, install and run both binaries from a fresh target/
#   scripts/pure-rust-build.sh --test   # also the README's test command, in the same environment
#
# PURE_RUST_TARGET_DIR=DIR builds in DIR instead of a temporary folder (and keeps it), so that
# later steps can reuse the build; DIR must be missing or empty, since only a build from
# nothing runs every build script under the restricted PATH. (.ci/run uses it for target/.)
#
# It checks that no crate known to need them (highs, highs-sys, cmake, bindgen, clang-sys) is in
# the default dependency graph, then builds and installs in a fresh target folder with a PATH
# that holds only cargo, rustc, rustdoc, cc (gcc), ld, as and ar (and sh, bash, kill, head, which
# the tests call), and with LIBCLANG_PATH pointing nowhere, so that a build script that wanted
# cmake, c++ or clang would fail. Takes a few minutes (a
# whole build from nothing).
set -euo pipefail
cd "$(dirname "$0")/.."

sysroot=$(rustc --print sysroot)
cargo_home=${CARGO_HOME:-$HOME/.cargo}
bin=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$bin" "$work"' EXIT
target="$work/target"
if [ -n "${PURE_RUST_TARGET_DIR:-}" ]; then
    if [ -e "$PURE_RUST_TARGET_DIR" ] && [ -n "$(ls -A "$PURE_RUST_TARGET_DIR")" ]; then
        echo "pure-rust-build: $PURE_RUST_TARGET_DIR is not empty: a build from nothing needs a fresh folder" >&2
        exit 1
    fi
    mkdir -p "$PURE_RUST_TARGET_DIR"
    target=$(cd "$PURE_RUST_TARGET_DIR" && pwd)
fi

for tool in cargo rustc rustdoc; do
    ln -s "$sysroot/bin/$tool" "$bin/$tool"
done
# cc, ld, as, ar: the C compiler and linker Rust itself uses; sh, bash, kill, head: what the
# tests run (README examples through sh, a pipe closed early, a server stopped by a signal).
for tool in cc gcc ld as ar sh bash kill head; do
    path=$(type -P "$tool") || { echo "pure-rust-build: $tool is missing" >&2; exit 1; }
    ln -s "$path" "$bin/$tool"
done

echo "pure-rust-build: default dependency graph"
if cargo tree --locked --workspace -e normal,build --prefix none \
    | grep -E '^(highs|highs-sys|cmake|bindgen|clang-sys) '; then
    echo "pure-rust-build: the default build depends on a crate that needs C++ tools" >&2
    exit 1
fi

run() {
    env -i HOME="$HOME" CARGO_HOME="$cargo_home" PATH="$bin" LIBCLANG_PATH=/nonexistent \
        CARGO_TARGET_DIR="$target" "$@"
}
for tool in cmake c++ g++ clang; do
    if run sh -c "command -v $tool" >/dev/null 2>&1; then
        echo "pure-rust-build: $tool is still visible" >&2
        exit 1
    fi
done

echo "pure-rust-build: cargo build --release --locked --workspace (PATH: $(ls "$bin" | xargs))"
run cargo build --release --locked --workspace
echo "pure-rust-build: cargo install --locked --path . and --path verifier"
run cargo install --locked --path . --root "$work/root"
run cargo install --locked --path verifier --root "$work/root"
run "$work/root/bin/jg" table --to 20 >/dev/null
run "$work/root/bin/jg" certify 110 -o "$work/cert-110.bin" -q
run "$work/root/bin/jg-verify" "$work/cert-110.bin"
run "$work/root/bin/jg" chain 100 --certificate "$work/chain-100.txt" -q >/dev/null
run "$work/root/bin/jg-verify" "$work/chain-100.txt"
if [ "${1:-}" = "--test" ]; then
    echo "pure-rust-build: cargo test --workspace --release --locked --no-fail-fast"
    run cargo test --workspace --release --locked --no-fail-fast
fi
echo "pure-rust-build: ok"
