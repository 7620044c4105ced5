//! `sieve queens`: the built binary's output, messages and exit codes.

mod common;

use common::{assert_exit, stderr, stdout};

use std::collections::HashSet;
use std::path::PathBuf;
use std::process::Output;

use sieve_queens::{Board, Step, check_solution, parse_memory};

/// Runs `sieve queens` with `args`.
fn queens(args: &[&str]) -> Output {
    common::run_with("queens", args, None)
}

/// A path in the temporary directory, unique to this test process and name.
fn temporary_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("sieve-queens-{}-{name}", std::process::id()))
}

/// The output's lines as boards, each checked to be a solution of size `n`.
fn solution_lines(output: &Output, n: usize) -> Vec<Board> {
    stdout(output)
        .lines()
        .map(|line| {
            let board = Board::parse_with_size(line, n).expect("a board line");
            assert_eq!(check_solution(&board), Ok(()), "{line}");
            board
        })
        .collect()
}

#[test]
fn the_classic_walk_solves_from_row_one_and_prints_its_memory() {
    let output = queens(&["solve", "8", "--method", "classic"]);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "15863724\n");
    let output = queens(&["solve", "8", "--method", "classic", "--memory"]);
    assert_exit(&output, 0);
    let text = stdout(&output);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("15863724"));
    let memory = lines.next().expect("the memory line");
    assert!(memory.starts_with("11111111INIT|12111111A2:2|13111111A2:3|13211111A3:2|"));
    let steps = parse_memory(memory).unwrap();
    assert_eq!(steps.len(), 2341);
    assert_eq!(steps.last().unwrap().board.to_string(), "15863724");
}

#[test]
fn classic_starts_come_from_start_or_a_seeded_random_draw() {
    let output = queens(&[
        "solve", "8", "--method", "classic", "--start", "46827135", "--memory",
    ]);
    assert_exit(&output, 0);
    // A solution is its own walk's end: nothing to repair.
    assert_eq!(stdout(&output), "46827135\n46827135INIT|\n");
    let first = queens(&[
        "solve", "8", "--method", "classic", "--random", "--seed", "5", "--memory",
    ]);
    let again = queens(&[
        "solve", "8", "--method", "classic", "--random", "--seed", "5", "--memory",
    ]);
    assert_exit(&first, 0);
    assert_eq!(stdout(&first), stdout(&again));
    let text = stdout(&first);
    let (board, memory) = text.split_once('\n').unwrap();
    let memory = parse_memory(memory.trim_end()).unwrap();
    assert_ne!(memory[0].board.to_string(), "11111111");
    assert_eq!(memory.last().unwrap().board.to_string(), board);
    assert_eq!(check_solution(&board.parse().unwrap()), Ok(()));
}

#[test]
fn every_method_gives_a_valid_board() {
    for method in ["classic", "search", "repair"] {
        let output = queens(&["solve", "8", "--method", method]);
        assert_exit(&output, 0);
        assert_eq!(solution_lines(&output, 8).len(), 1, "{method}");
    }
    let output = queens(&["solve", "12", "--method", "repair", "--seed", "4"]);
    assert_exit(&output, 0);
    let boards = solution_lines(&output, 12);
    assert!(
        stdout(&output).contains(' '),
        "N > 9 prints space-separated"
    );
    assert_eq!(boards.len(), 1);
    let output = queens(&["solve", "20000", "--method", "repair", "--stats"]);
    assert_exit(&output, 0);
    assert_eq!(solution_lines(&output, 20_000).len(), 1);
    assert!(stderr(&output).contains("start collisions"));
}

#[test]
fn the_board_flag_draws_it() {
    let output = queens(&["solve", "4", "--board"]);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "3142\n.XOX\nQ.X.\n.X.Q\nXOX.\n");
    let output = queens(&["solve", "1000", "--method", "repair", "--board"]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("--board draws boards up to N = 100"));
}

#[test]
fn traces_are_written_as_text_json_and_html() {
    let output = queens(&["solve", "8", "--method", "classic", "--trace", "text"]);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert!(text.starts_with("15863724\nstep 0: INIT 11111111\n"));
    assert!(text.contains("step 18: R6:1 13524111\n"));

    let output = queens(&["solve", "8", "--method", "classic", "--trace", "json"]);
    assert_exit(&output, 0);
    let text = stdout(&output);
    let json = text.split_once('\n').unwrap().1;
    let steps: Vec<Step> = serde_json::from_str(json).unwrap();
    assert_eq!(steps.len(), 2341);

    let path = temporary_path("walk.html");
    let path_text = path.to_str().unwrap();
    let output = queens(&[
        "solve", "8", "--method", "classic", "--trace", "html", "--out", path_text,
    ]);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "15863724\n");
    let page = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("<title>8 queens from 11111111</title>"));
    assert!(page.contains("p15863724"));
}

#[test]
fn counts_match_oeis_with_threads_and_symmetry() {
    for (n, expected) in [
        ("1", "1"),
        ("2", "0"),
        ("6", "4"),
        ("8", "92"),
        ("10", "724"),
    ] {
        let output = queens(&["count", n]);
        assert_exit(&output, 0);
        assert_eq!(stdout(&output), format!("{expected}\n"), "N = {n}");
    }
    let output = queens(&["count", "12", "--threads", "2", "--stats"]);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "14200\n");
    assert!(stderr(&output).contains("nodes "));
    let output = queens(&["count", "8", "--unique"]);
    assert_eq!(stdout(&output), "12\n");
    let output = queens(&["count", "8", "--schedule", "sweep", "--restore", "trail"]);
    assert_eq!(stdout(&output), "92\n");
    // A count cut short by a node limit is no answer: exit 1, with a lower bound.
    let output = queens(&["count", "20", "--max-nodes", "1000"]);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("lower bound"));
    let output = queens(&["count", "20"]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("--max-nodes or --timeout"));
}

#[test]
fn all_lists_every_solution_once() {
    let output = queens(&["all", "8"]);
    assert_exit(&output, 0);
    let boards = solution_lines(&output, 8);
    assert_eq!(boards.len(), 92);
    assert_eq!(boards.iter().collect::<HashSet<_>>().len(), 92);
    let output = queens(&["all", "3"]);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "");
}

#[test]
fn all_by_classic_runs_reports_the_runs_and_writes_the_index() {
    let path = temporary_path("index.html");
    let output = queens(&[
        "all",
        "6",
        "--method",
        "classic",
        "--seed",
        "2",
        "--index",
        path.to_str().unwrap(),
    ]);
    assert_exit(&output, 0);
    assert_eq!(solution_lines(&output, 6).len(), 4);
    assert!(
        stderr(&output).starts_with("found all 4 solutions of N = 6 in "),
        "{}",
        stderr(&output)
    );
    let page = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(page.contains(r#""index":true"#));
    let output = queens(&["all", "8", "--method", "classic", "--max-runs", "3"]);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("raise --max-runs"));
}

#[test]
fn bad_input_is_a_clear_error() {
    let cases: [(&[&str], &str); 11] = [
        (&["solve", "0"], "N must be at least 1"),
        (&["solve", "abc"], "invalid value 'abc'"),
        (
            &["solve", "300"],
            "at most 256 (for large N: --method repair)",
        ),
        (&["solve", "65", "--method", "classic"], "at most 64"),
        (
            &["solve", "8", "--method", "classic", "--start", "1234"],
            "expected 8 columns, found 4",
        ),
        (
            &["solve", "8", "--method", "classic", "--start", "1234567x"],
            "column 8 (character 8): 'x' is not a digit",
        ),
        (
            &["solve", "4", "--method", "classic", "--start", "1 2 3 9"],
            "column 4: row 9 is outside 1..=4",
        ),
        (
            &["solve", "8", "--memory"],
            "--memory belongs to the classic walk",
        ),
        (
            &["all", "8", "--index", "x.html"],
            "--index belongs to the random classic runs",
        ),
        (
            &["all", "8", "--seed", "3"],
            "--seed belongs to the random classic runs",
        ),
        (
            &["solve", "8", "--method", "classic", "--seed", "3"],
            "--seed draws the classic walk's start only with --random",
        ),
    ];
    for (args, message) in cases {
        let output = queens(args);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains(message),
            "{args:?}: {}",
            stderr(&output)
        );
        assert_eq!(stdout(&output), "", "{args:?}");
    }
    let output = queens(&["solve", "8", "--out", "x.txt"]);
    assert_exit(&output, 2);
}

#[test]
fn sizes_without_solutions_exit_1() {
    let runs: [&[&str]; 4] = [
        &["solve", "3", "--method", "classic"],
        &["solve", "3", "--method", "search"],
        &["solve", "2", "--method", "repair", "--max-steps", "1000"],
        &["solve", "8", "--method", "classic", "--max-steps", "10"],
    ];
    for args in runs {
        let output = queens(args);
        assert_exit(&output, 1);
        assert!(
            stderr(&output).contains("no solution"),
            "{args:?}: {}",
            stderr(&output)
        );
        assert_eq!(stdout(&output), "");
    }
}

#[test]
fn help_shows_examples() {
    for args in [
        &["--help"][..],
        &["solve", "--help"],
        &["count", "--help"],
        &["all", "--help"],
    ] {
        let output = queens(args);
        assert_exit(&output, 0);
        assert!(stdout(&output).contains("Examples:"), "{args:?}");
    }
}
