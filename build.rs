//! Rebuild when a page of `web/` is added, removed or changed: `jg serve` embeds every file
//! there (src/frontends/serve/assets.rs), and a macro alone cannot tell cargo about new files.

fn main() {
    println!("cargo:rerun-if-changed=web");
    println!("cargo:rerun-if-changed=build.rs");
}
