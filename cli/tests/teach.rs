//! Teaching output through the real binary: traces on a solve, and `explain`.

mod common;

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn sieve(args: &[&str]) -> (i32, String, String) {
    let output = common::run(args, None);
    (
        output.status.code().unwrap_or(-1),
        common::stdout(&output),
        common::stderr(&output),
    )
}

#[test]
fn a_text_trace_goes_to_stderr_and_the_solution_to_stdout() {
    let (code, stdout, stderr) = sieve(&["sudoku", "solve", EASY, "--trace", "text"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout.trim(),
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    );
    let first = stderr.lines().next().expect("a trace");
    assert!(first.starts_with("r1c3 ≠ "), "{first}");
    assert!(
        first.contains("they are already placed in its row, column or box"),
        "{first}"
    );
    assert!(stderr.contains("hidden single"), "{stderr}");
}

#[test]
fn json_and_html_traces_are_written_to_a_file() {
    let dir = std::env::temp_dir().join(format!("sieve-teach-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json = dir.join("trace.json");
    let (code, _, stderr) = sieve(&[
        "sudoku",
        "solve",
        EASY,
        "--trace",
        "json",
        "--out",
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let trace: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(trace["format"], "sieve-trace");
    assert_eq!(trace["variables"][0], "r1c1");
    assert_eq!(trace["labels"][8], "9");
    assert!(trace["events"].as_array().unwrap().len() > 81);
    let html = dir.join("replay.html");
    let (code, _, stderr) = sieve(&[
        "sudoku",
        "solve",
        EASY,
        "--trace",
        "html",
        "--out",
        html.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") || page.starts_with("<!doctype html>"));
    assert!(!page.contains("http://") && !page.contains("https://"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn explain_answers_with_the_chain_of_rules() {
    let (code, stdout, stderr) = sieve(&["sudoku", "explain", EASY, "--cell", "r5c5"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("r5c5 holds 5 because:"), "{stdout}");
    assert!(stdout.contains("  1. r5c5 = 5  [naked single"), "{stdout}");
    let (code, stdout, _) = sieve(&["sudoku", "explain", EASY, "--cell", "r5c5", "--value", "1"]);
    assert_eq!(code, 0);
    assert!(
        stdout.starts_with("1 is gone from r5c5 because:"),
        "{stdout}"
    );
    let (code, stdout, _) = sieve(&["sudoku", "explain", EASY, "--cell", "r1c1"]);
    assert_eq!(code, 0);
    assert_eq!(stdout.trim(), "r1c1 is a given: 5");
}

#[test]
fn explain_rejects_a_bad_cell_or_value() {
    let (code, _, stderr) = sieve(&["sudoku", "explain", EASY, "--cell", "x3"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("is not a cell: write r3c5"), "{stderr}");
    let (code, _, stderr) = sieve(&["sudoku", "explain", EASY, "--cell", "r10c1"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("r10c1 is outside the 9x9 grid"), "{stderr}");
    let (code, _, stderr) = sieve(&["sudoku", "explain", EASY, "--cell", "r2c2", "--value", "Z"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("`Z` is not a value of a 9x9 grid"),
        "{stderr}"
    );
}
