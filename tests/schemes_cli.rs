//! `jg schemes [N]` as a user sees it: the catalogue listing, one n with a scheme, one without,
//! and the one-line error with exit code 2 for n = 0 (ARCHITECTURE.md, CLI contract).

use std::process::Command;

fn jg_schemes(args: &[&str]) -> (String, String, Option<i32>) {
    let output = Command::new(env!("CARGO_BIN_EXE_jg"))
        .arg("schemes")
        .args(args)
        .output()
        .expect("the jg binary runs");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

#[test]
fn the_catalogue_listing() {
    let (stdout, _, code) = jg_schemes(&[]);
    assert_eq!(code, Some(0));
    insta::assert_snapshot!(stdout);
}

#[test]
fn a_board_with_a_catalogue_scheme() {
    let (stdout, _, code) = jg_schemes(&["40"]);
    assert_eq!(code, Some(0));
    insta::assert_snapshot!(stdout);
}

#[test]
fn a_board_with_the_general_scheme() {
    let (stdout, _, code) = jg_schemes(&["1000000000000"]);
    assert_eq!(code, Some(0));
    insta::assert_snapshot!(stdout);
}

#[test]
fn a_board_without_a_scheme() {
    let (stdout, _, code) = jg_schemes(&["118"]);
    assert_eq!(code, Some(0));
    assert!(stdout.contains("no prime-window scheme applies to n = 118"));
}

#[test]
fn n_zero_is_a_usage_error() {
    let (stdout, stderr, code) = jg_schemes(&["0"]);
    assert_eq!(code, Some(2));
    assert!(stdout.is_empty());
    assert!(
        stderr.starts_with("jg: ") && stderr.contains("n must be at least 1"),
        "{stderr}"
    );
}

#[test]
fn a_range_check_reports_the_boards_without_a_scheme() {
    let (stdout, _, code) = jg_schemes(&["100", "--to", "130"]);
    assert_eq!(code, Some(0));
    // MATH.md §4: the catalogue covers 93..=109 and 119..=129, the general window 111..=115.
    assert!(
        stdout.contains("no scheme for 4 n: 110 116 117 118"),
        "{stdout}"
    );
    let (stdout, _, _) = jg_schemes(&["119", "--to", "2000"]);
    assert!(stdout.contains("every n has a scheme"), "{stdout}");
    let (_, stderr, code) = jg_schemes(&["50", "--to", "40"]);
    assert_eq!((code, stderr.lines().count()), (Some(2), 1));
}
