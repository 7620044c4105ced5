//! `sieve magic`: the built binary's output, messages and exit codes.

mod common;

use common::{assert_exit, stderr, stdout};

use std::path::PathBuf;
use std::process::Output;

use sieve_magic::{construct, parse_partial, parse_square};

/// Runs `sieve` with `args`, feeding `stdin` when given.
fn sieve(args: &[&str], stdin: Option<&str>) -> Output {
    common::run(args, stdin)
}

/// A file in the temporary directory, unique to this test process and name.
fn temporary_file(name: &str, contents: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("sieve-magic-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).expect("the temporary file is written");
    path
}

/// The numbers after `label` on the comment line that starts with it.
fn comment_numbers(text: &str, label: &str) -> Vec<u64> {
    let line = text
        .lines()
        .find_map(|line| line.strip_prefix(label))
        .unwrap_or_else(|| panic!("no line `{label}` in\n{text}"));
    line.split_whitespace()
        .map(|number| number.parse().expect("a number"))
        .collect()
}

#[test]
fn generate_prints_the_siamese_square() {
    let output = sieve(&["magic", "generate", "3"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "8 1 6\n3 5 7\n4 9 2\n");
    assert!(stderr(&output).is_empty());
}

#[test]
fn generate_prints_a_magic_square_for_even_orders_too() {
    for order in ["4", "6", "10"] {
        let output = sieve(&["magic", "generate", order], None);
        assert_exit(&output, 0);
        let square = parse_square(&stdout(&output)).unwrap();
        assert_eq!(square.order().to_string(), order);
        assert_eq!(square.verify(), Ok(()));
    }
}

#[test]
fn generate_with_hide_prints_the_puzzle_and_its_visible_sums() {
    let output = sieve(
        &["magic", "generate", "5", "--hide", "12", "--seed", "7"],
        None,
    );
    assert_exit(&output, 0);
    let text = stdout(&output);
    let puzzle = parse_partial(&text).expect("the output reads back");
    assert_eq!(puzzle.unknown_count(), 12);
    let square = construct(5).unwrap();
    assert!(
        puzzle.is_completed_by(&square),
        "the givens come from the square"
    );
    let visible = |cells: &mut dyn Iterator<Item = (usize, usize)>| -> u64 {
        cells
            .filter_map(|(row, column)| puzzle.given(row, column))
            .map(u64::from)
            .sum()
    };
    let rows: Vec<u64> = (0..5)
        .map(|row| visible(&mut (0..5).map(|column| (row, column))))
        .collect();
    let columns: Vec<u64> = (0..5)
        .map(|column| visible(&mut (0..5).map(|row| (row, column))))
        .collect();
    assert_eq!(comment_numbers(&text, "# visible sum per row:"), rows);
    assert_eq!(comment_numbers(&text, "# visible sum per column:"), columns);
    assert!(
        text.contains("magic constant 65, 12 hidden cells"),
        "{text}"
    );
}

#[test]
fn generate_is_reproducible_from_its_seed() {
    let args = |seed| ["magic", "generate", "6", "--hide", "15", "--seed", seed];
    let first = stdout(&sieve(&args("3"), None));
    assert_eq!(first, stdout(&sieve(&args("3"), None)));
    assert_ne!(first, stdout(&sieve(&args("4"), None)));
}

#[test]
fn generate_refuses_impossible_requests() {
    let two = sieve(&["magic", "generate", "2"], None);
    assert_exit(&two, 2);
    assert!(stderr(&two).contains("no normal magic square of order 2"));
    let too_many = sieve(&["magic", "generate", "3", "--hide", "7"], None);
    assert_exit(&too_many, 2);
    assert!(stderr(&too_many).contains("at most 6"));
    let not_a_number = sieve(&["magic", "generate", "three"], None);
    assert_exit(&not_a_number, 2);
    assert!(stdout(&not_a_number).is_empty());
}

#[test]
fn solve_completes_a_square_given_as_an_argument() {
    let output = sieve(&["magic", "solve", "2 . . . 5 . . . 8"], None);
    assert_exit(&output, 0);
    let square = parse_square(&stdout(&output)).unwrap();
    assert_eq!(square.verify(), Ok(()));
    let givens = parse_partial("2 . . . 5 . . . 8").unwrap();
    assert!(givens.is_completed_by(&square));
}

#[test]
fn solve_reads_standard_input_and_files() {
    let text = "16 . . 13\n. 11 10 .\n. 7 6 .\n4 . . 1\n";
    let givens = parse_partial(text).unwrap();
    let path = temporary_file("square.txt", text);
    let path_text = path.to_str().expect("a UTF-8 path");
    let runs = [
        sieve(&["magic", "solve", "-"], Some(text)),
        sieve(&["magic", "solve", "--file", "-"], Some(text)),
        sieve(&["magic", "solve", "--file", path_text], None),
    ];
    std::fs::remove_file(&path).ok();
    for output in runs {
        assert_exit(&output, 0);
        let square = parse_square(&stdout(&output)).unwrap();
        assert_eq!(square.verify(), Ok(()));
        assert!(givens.is_completed_by(&square));
    }
}

#[test]
fn a_generated_puzzle_pipes_into_solve() {
    let puzzle = stdout(&sieve(
        &["magic", "generate", "7", "--hide", "20", "--seed", "42"],
        None,
    ));
    let output = sieve(&["magic", "solve", "-", "--stats"], Some(&puzzle));
    assert_exit(&output, 0);
    let square = parse_square(&stdout(&output)).unwrap();
    assert_eq!(square.verify(), Ok(()));
    assert!(parse_partial(&puzzle).unwrap().is_completed_by(&square));
    assert!(stderr(&output).contains("nodes"), "{}", stderr(&output));
}

#[test]
fn solve_without_a_completion_exits_1_with_a_message() {
    let output = sieve(&["magic", "solve", ". . . . 1 . . . ."], None);
    assert_exit(&output, 1);
    assert!(stdout(&output).is_empty());
    assert!(stderr(&output).contains("no magic square completes"));
}

#[test]
fn malformed_squares_exit_2_naming_line_and_column() {
    let bad_token = sieve(&["magic", "solve", "-"], Some("8 1 6\n3 x 7\n4 9 2\n"));
    assert_exit(&bad_token, 2);
    assert!(
        stderr(&bad_token).contains("line 2, column 3"),
        "{}",
        stderr(&bad_token)
    );
    let repeated = sieve(&["magic", "solve", "8 1 6 3 5 7 4 9 8"], None);
    assert_exit(&repeated, 2);
    assert!(
        stderr(&repeated).contains("repeats"),
        "{}",
        stderr(&repeated)
    );
    let ragged = sieve(&["magic", "solve", "-"], Some("1 2 3\n4 5\n6 7 8\n"));
    assert_exit(&ragged, 2);
    assert!(stderr(&ragged).contains("line 2"), "{}", stderr(&ragged));
    let missing = sieve(
        &["magic", "solve", "--file", "/nonexistent/square.txt"],
        None,
    );
    assert_exit(&missing, 2);
    let nothing = sieve(&["magic", "solve"], None);
    assert_exit(&nothing, 2);
}

#[test]
fn solve_count_prints_the_number_of_completions() {
    let output = sieve(&["magic", "solve", "2 . . . 5 . . . 8", "--count"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "2\n");
    let limited = sieve(
        &[
            "magic",
            "solve",
            ". . . . . . . . .",
            "--count",
            "--limit",
            "3",
        ],
        None,
    );
    assert_exit(&limited, 0);
    assert_eq!(stdout(&limited), "3\n");
    assert!(stderr(&limited).contains("limit"));
    let none = sieve(&["magic", "solve", ". . . . 1 . . . .", "--count"], None);
    assert_exit(&none, 1);
    assert_eq!(stdout(&none), "0\n");
}

#[test]
fn count_gives_8_and_7040() {
    let three = sieve(&["magic", "count", "3"], None);
    assert_exit(&three, 0);
    assert_eq!(stdout(&three), "8\n");
    let four = sieve(&["magic", "count", "4", "--stats"], None);
    assert_exit(&four, 0);
    assert_eq!(stdout(&four), "7040\n");
    assert!(stderr(&four).contains("propagations"), "{}", stderr(&four));
    let two = sieve(&["magic", "count", "2"], None);
    assert_exit(&two, 0);
    assert_eq!(stdout(&two), "0\n");
}

#[test]
fn count_agrees_under_every_strategy_flag() {
    for rules in ["bounds", "distinct"] {
        for schedule in ["sweep", "queue", "priority"] {
            for restore in ["copy", "trail"] {
                let args = [
                    "magic",
                    "count",
                    "3",
                    "--rules",
                    rules,
                    "--schedule",
                    schedule,
                    "--restore",
                    restore,
                ];
                let output = sieve(&args, None);
                assert_exit(&output, 0);
                assert_eq!(stdout(&output), "8\n", "{args:?}");
            }
        }
    }
    let seeded = sieve(
        &[
            "magic",
            "count",
            "3",
            "--var-order",
            "dom-wdeg",
            "--value-seed",
            "5",
        ],
        None,
    );
    assert_eq!(stdout(&seeded), "8\n");
}

#[test]
fn large_counts_need_a_bound() {
    let unbounded = sieve(&["magic", "count", "5"], None);
    assert_exit(&unbounded, 2);
    assert!(stderr(&unbounded).contains("--limit"));
    let limited = sieve(&["magic", "count", "5", "--limit", "4"], None);
    assert_exit(&limited, 0);
    assert_eq!(stdout(&limited), "4\n");
    // A count cut short by a node limit is no answer: exit 1, with a lower bound.
    let nodes = sieve(&["magic", "count", "5", "--max-nodes", "50"], None);
    assert_exit(&nodes, 1);
    assert!(stderr(&nodes).contains("lower bound"), "{}", stderr(&nodes));
}

#[test]
fn help_shows_examples() {
    for args in [
        &["magic", "--help"][..],
        &["magic", "generate", "--help"],
        &["magic", "solve", "--help"],
        &["magic", "count", "--help"],
    ] {
        let output = sieve(args, None);
        assert_exit(&output, 0);
        assert!(stdout(&output).contains("Examples:"), "{args:?}");
    }
}

#[test]
fn an_order_too_large_to_hold_is_refused_before_any_allocation() {
    let output = sieve(&["magic", "generate", "65535"], None);
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("the largest supported order is 4096"),
        "{}",
        stderr(&output)
    );
}
