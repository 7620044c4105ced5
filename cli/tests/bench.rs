//! `sieve bench`: the built binary's table, CSV and JSON, read back.

mod common;

use common::{assert_exit, stderr, stdout};

use std::path::PathBuf;
use std::process::Output;

use serde_json::Value;

/// Three 4x4 sudokus (the third with four solutions), a blank line and a comment,
/// with `\` between rows for reading; [`sudoku_file`] removes them.
const SUDOKU: &str = "\
# 4x4 puzzles
1...\\...2\\.3..\\..4.
....\\..21\\.3..\\4..3

12..\\....\\....\\..21
";

/// Runs `sieve bench` with `args`.
fn bench(args: &[&str]) -> Output {
    common::run_with("bench", args, None)
}

/// Writes `text` to a file unique to this test process and name.
fn input_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("sieve-bench-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("the temporary file is written");
    path
}

/// The puzzles in the one-line form the parser reads: rows joined without separators.
fn sudoku_file(name: &str) -> PathBuf {
    let text: String = SUDOKU
        .lines()
        .map(|line| format!("{}\n", line.replace('\\', "")))
        .collect();
    input_file(name, &text)
}

/// The CSV as a header and rows of fields, each row as long as the header.
fn parse_csv(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut lines = text.lines();
    let header: Vec<String> = lines
        .next()
        .expect("a header line")
        .split(',')
        .map(str::to_string)
        .collect();
    let rows: Vec<Vec<String>> = lines
        .map(|line| line.split(',').map(str::to_string).collect())
        .collect();
    for row in &rows {
        assert_eq!(row.len(), header.len(), "{row:?}");
    }
    (header, rows)
}

fn column(header: &[String], name: &str) -> usize {
    header
        .iter()
        .position(|h| h == name)
        .unwrap_or_else(|| panic!("no column {name} in {header:?}"))
}

#[test]
fn sudoku_csv_has_one_numeric_row_per_tier_and_strategy() {
    let path = sudoku_file("csv.txt");
    let file = path.to_str().expect("a UTF-8 path");
    let output = bench(&[
        "sudoku",
        "--file",
        file,
        "--schedules",
        "sweep,queue",
        "--restores",
        "copy,trail",
        "--var-orders",
        "first,fewest",
        "--tiers",
        "fast,hidden-single",
        "--repeats",
        "2",
        "--format",
        "csv",
    ]);
    assert_exit(&output, 0);
    let (header, rows) = parse_csv(&stdout(&output));
    assert_eq!(header[0], "rule_set");
    assert_eq!(rows.len(), 2 * 2 * 2 * 2);
    let puzzles = column(&header, "puzzles");
    let solutions = column(&header, "solutions");
    let rate = column(&header, "puzzles_per_second");
    for row in &rows {
        assert_eq!(row[puzzles], "3");
        // Limit 2: one each for the unique puzzles, two for the third.
        assert_eq!(row[solutions], "4", "{row:?}");
        let per_second: f64 = row[rate].parse().expect("a number");
        assert!(per_second > 0.0);
        for field in &row[column(&header, "median_seconds")..] {
            let value: f64 = field.parse().expect("numeric fields");
            assert!(value >= 0.0 && value.is_finite());
        }
    }
    let sets: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    assert!(sets.contains(&"fast") && sets.contains(&"hidden-single"));
}

#[test]
fn sudoku_json_reads_back_with_rules_and_puzzles() {
    let path = sudoku_file("json.txt");
    let output = bench(&[
        "sudoku",
        "--file",
        path.to_str().expect("a UTF-8 path"),
        "--schedules",
        "priority",
        "--var-orders",
        "fewest",
        "--tiers",
        "naked-single",
        "--limit",
        "2",
        "--repeats",
        "1",
        "--format",
        "json",
    ]);
    assert_exit(&output, 0);
    let json: Value = serde_json::from_str(&stdout(&output)).expect("valid JSON");
    assert_eq!(json["puzzle"], "sudoku");
    assert_eq!(json["puzzles"], 2);
    assert_eq!(json["disagreements"].as_array().map(Vec::len), Some(0));
    let rows = json["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 2, "copy and trail");
    for row in rows {
        assert_eq!(row["rule_set"], "naked-single");
        assert_eq!(row["schedule"], "priority");
        let puzzles = row["puzzles"].as_array().expect("per-puzzle outcomes");
        assert_eq!(puzzles.len(), 2);
        for puzzle in puzzles {
            assert_eq!(puzzle["solutions"], 1);
            let first = puzzle["first"].as_array().expect("the solution");
            assert_eq!(first.len(), 16);
        }
        let rules = row["rules"].as_array().expect("per-rule statistics");
        assert!(!rules.is_empty());
        let calls: u64 = rules.iter().map(|r| r["calls"].as_u64().unwrap_or(0)).sum();
        assert!(calls > 0);
        assert!(row["puzzles_per_second"].as_f64().is_some_and(|r| r > 0.0));
    }
}

#[test]
fn queens_list_counts_every_solution_per_board_size() {
    let path = input_file("queens.txt", "# sizes\n4, 6\n5\n");
    let file = path.to_str().expect("a UTF-8 path");
    let output = bench(&[
        "queens",
        "--file",
        file,
        "--all-solutions",
        "--repeats",
        "1",
        "--format",
        "json",
    ]);
    assert_exit(&output, 0);
    let json: Value = serde_json::from_str(&stdout(&output)).expect("valid JSON");
    let rows = json["rows"].as_array().expect("rows");
    // Default axes: 3 schedules x 2 restores x 2 variable orders, per board size.
    assert_eq!(rows.len(), 3 * 12);
    for row in rows {
        let expected = match row["rule_set"].as_str() {
            Some("N=4") => 2,
            Some("N=5") => 10,
            Some("N=6") => 4,
            other => panic!("unexpected rule set {other:?}"),
        };
        assert_eq!(row["totals"]["solutions"], expected, "{row}");
    }
    let table = bench(&["queens", "--file", file, "--repeats", "1"]);
    assert_exit(&table, 0);
    let text = stdout(&table);
    assert!(text.contains("puzzles/s"), "{text}");
    assert!(text.contains("N=5"), "{text}");
    let csv = bench(&[
        "queens",
        "--file",
        file,
        "--repeats",
        "1",
        "--format",
        "csv",
    ]);
    assert_exit(&csv, 0);
    let (_, rows) = parse_csv(&stdout(&csv));
    assert_eq!(rows.len(), 36);
}

#[test]
fn bad_input_and_unsupported_puzzles_exit_2() {
    let path = input_file("bad.txt", "1...\n");
    let output = bench(&["sudoku", "--file", path.to_str().expect("a UTF-8 path")]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("line 1"), "{}", stderr(&output));
    let queens = input_file("bad-queens.txt", "8 eight\n");
    let output = bench(&["queens", "--file", queens.to_str().expect("a UTF-8 path")]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("`eight`"), "{}", stderr(&output));
    let output = bench(&["magic", "--file", queens.to_str().expect("a UTF-8 path")]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("not supported yet"));
}
