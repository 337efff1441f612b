#!/usr/bin/env bash
# Builds the static site: the pages of web/ with the engine compiled to WebAssembly (wasm/),
# which answers them in the browser, and a service worker that keeps every file for offline use.
#
#   scripts/site.sh OUT_DIR
#
# OUT_DIR (made anew) can be served by any static file server (python3 -m http.server -d
# OUT_DIR) or published as it is. Needs the wasm target (rustup target add
# wasm32-unknown-unknown) and wasm-bindgen's CLI at the version wasm/Cargo.toml pins (cargo
# install wasm-bindgen-cli --version V --locked); wasm-opt (Debian's binaryen) shrinks the
# engine when it is there. Prints the size of the engine and of the whole folder.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-}
if [ -z "$out" ] || [ $# -ne 1 ]; then
    echo "usage: scripts/site.sh OUT_DIR" >&2
    exit 2
fi
case "$out" in
/ | . | .. | web | web/ | "$PWD" | "$PWD/")
    echo "refusing to build the site into '$out': give a folder of its own" >&2
    exit 2
    ;;
esac

# The wasm-bindgen version pinned by wasm/Cargo.toml (`wasm-bindgen = "=X"`): the CLI must match.
version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' wasm/Cargo.toml)
if ! command -v wasm-bindgen >/dev/null 2>&1 || [ "$(wasm-bindgen --version)" != "wasm-bindgen $version" ]; then
    echo "wasm-bindgen $version is needed: cargo install wasm-bindgen-cli --version $version --locked" >&2
    exit 1
fi
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    echo "the wasm target is needed: rustup target add wasm32-unknown-unknown" >&2
    exit 1
fi

cargo build --locked -p jg-wasm --target wasm32-unknown-unknown --profile wasm
built=${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/wasm/jg_wasm.wasm

rm -rf "$out"
mkdir -p "$out"
cp -R web/. "$out/"
# The pages ask the engine in the browser, not a server.
sed -i "s/^export const ENGINE = 'server';$/export const ENGINE = 'browser';/" "$out/js/engine.js"
grep -qx "export const ENGINE = 'browser';" "$out/js/engine.js"
# wasm-opt before wasm-bindgen: Debian's binaryen (version 108) shrinks the table that
# wasm-bindgen's glue grows afterwards, and the engine would not load.
if command -v wasm-opt >/dev/null 2>&1; then
    wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
        --enable-mutable-globals --enable-multivalue --enable-reference-types \
        -o "${built%.wasm}.opt.wasm" "$built"
    built=${built%.wasm}.opt.wasm
else
    echo "wasm-opt not found (Debian: apt-get install binaryen): the engine is left as built" >&2
fi
wasm-bindgen --target web --no-typescript --out-name jg_wasm --out-dir "$out/engine" "$built"

# The service worker's list of files and its version (a sha256 of every file: any
# change to the site is a new version, which the browsers fetch whole).
files=$(cd "$out" && find . -type f ! -name sw.js | sed 's|^\./||' | LC_ALL=C sort)
hash=$(cd "$out" && printf '%s\n' "$files" | xargs sha256sum | sha256sum | cut -c1-16)
list=$(printf '%s\n' "./" $files | sed "s/.*/  '&',/")
python3 - "$out/sw.js" "$hash" "$list" <<'PY'
import sys
path, version, files = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(path).read()
text = text.replace("const VERSION = 'unbuilt';", f"const VERSION = 'jg-{version}';")
text = text.replace("const FILES = [];", "const FILES = [\n" + files + "\n];")
open(path, "w").write(text)
PY

echo "engine: $(stat -c %s "$out/engine/jg_wasm_bg.wasm") bytes ($out/engine/jg_wasm_bg.wasm)"
echo "site: $(find "$out" -type f -printf '%s\n' | awk '{s += $1} END {print s}') bytes in $(find "$out" -type f | wc -l) files ($out)"
