//! Words shared by the front-ends and the `jg` binary.

/// A count and its noun, singular for one: `1 position`, `2 positions`.
pub fn counted(count: impl std::fmt::Display, one: &str, many: &str) -> String {
    let word = if count.to_string() == "1" { one } else { many };
    format!("{count} {word}")
}
