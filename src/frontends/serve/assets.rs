//! The pages: every file under `web/`, embedded in the binary at build time (include_dir; the
//! build script makes cargo rebuild when a file there is added or changed), served with the
//! content type of its extension. Nothing is read from disk at run time.

use include_dir::{include_dir, Dir};

static WEB: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/web");

/// The file at `path` (relative to `web/`, no leading slash; empty for `index.html`), with its
/// content type; None when there is no such file.
pub fn asset(path: &str) -> Option<(&'static [u8], String)> {
    let path = if path.is_empty() { "index.html" } else { path };
    // A path that climbs (`..`) or names a folder is no file of the pages.
    if path
        .split('/')
        .any(|part| part.is_empty() || part == "." || part == "..")
    {
        return None;
    }
    let file = WEB.get_file(path)?;
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let mime = match mime.type_() {
        mime_guess::mime::TEXT | mime_guess::mime::JAVASCRIPT => format!("{mime}; charset=utf-8"),
        _ if mime.subtype() == mime_guess::mime::JAVASCRIPT => format!("{mime}; charset=utf-8"),
        _ => mime.to_string(),
    };
    Some((file.contents(), mime))
}

/// Every embedded path, sorted (for the tests and `--help`).
pub fn paths() -> Vec<String> {
    fn walk(dir: &Dir<'static>, out: &mut Vec<String>) {
        for file in dir.files() {
            out.push(file.path().to_string_lossy().replace('\\', "/"));
        }
        for sub in dir.dirs() {
            walk(sub, out);
        }
    }
    let mut out = Vec::new();
    walk(&WEB, &mut out);
    out.sort();
    out
}
