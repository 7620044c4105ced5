//! `sieve skyscrapers`: the built binary's output, messages and exit codes.

mod common;

use common::{assert_exit, stderr, stdout};

use std::path::PathBuf;
use std::process::Output;

use sieve_skyscrapers::rate::{Difficulty, rate};
use sieve_skyscrapers::{Grid, Order, Puzzle, Tier, check, parse_puzzle_line, reference};

/// The source's example, which `solve` uses when no puzzle is given, and its answer.
const BUILT_IN: &str = "4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2";
const BUILT_IN_ANSWER: &str = "1 2 3 4\n2 3 4 1\n3 4 1 2\n4 1 2 3\n";
/// A 4×4 puzzle that needs guessing, and its only solution.
const GUESSING: &str = "2 0 0 0 0 0 3 3 0 0 1 0 0 1 0 0";
/// A 5×5 puzzle with givens, solved by the edge tier.
const WITH_GIVENS: (&str, &str) = (
    "0 0 1 0 0 0 1 0 0 0 0 5 0 0 0 0 0 0 0 0",
    "0 0 0 0 4 0 0 0 0 0 0 0 0 2 0 0 0 0 0 0 0 0 1 0 0",
);

/// Runs `sieve` with `args`, feeding `stdin` when given.
fn sieve(args: &[&str], stdin: Option<&str>) -> Output {
    common::run(args, stdin)
}

/// A file in the temporary directory, unique to this test process and name.
fn temporary_file(name: &str, contents: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("sieve-skyscrapers-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).expect("the temporary file is written");
    path
}

/// Reads a printed solution back as a grid of `size`.
fn grid(text: &str, size: usize) -> Grid {
    let heights = text
        .split_whitespace()
        .map(|height| height.parse().expect("a height"))
        .collect();
    Grid::new(size, heights).expect("N·N heights")
}

fn puzzle(line: &str) -> Puzzle {
    parse_puzzle_line(line, Order::Source).expect("the test puzzle parses")
}

#[test]
fn solve_without_clues_solves_the_built_in_example() {
    let output = sieve(&["skyscrapers", "solve"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), BUILT_IN_ANSWER);
    assert_eq!(
        stderr(&output),
        format!("no puzzle given: using the built-in example {BUILT_IN}\n")
    );
}

#[test]
fn solve_prints_n_lines_of_heights_checked_independently() {
    let output = sieve(&["skyscrapers", "solve", GUESSING], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 4);
    assert_eq!(check(&puzzle(GUESSING), &grid(&text, 4)), Ok(()));
    assert!(stderr(&output).is_empty());
}

#[test]
fn every_input_form_reads_the_same_puzzle() {
    let clockwise = sieve(
        &[
            "skyscrapers",
            "solve",
            "4 3 2 1 1 2 2 2 2 2 2 1 1 2 3 4",
            "--order",
            "clockwise",
        ],
        None,
    );
    assert_exit(&clockwise, 0);
    assert_eq!(stdout(&clockwise), BUILT_IN_ANSWER);
    let drawn = "  4 3 2 1\n4 . . . . 1\n3 . . . . 2\n2 . . . . 2\n1 . . . . 2\n  1 2 2 2\n";
    let path = temporary_file("drawn.txt", drawn);
    let from_grid = sieve(
        &[
            "skyscrapers",
            "solve",
            "--grid",
            path.to_str().expect("UTF-8 path"),
        ],
        None,
    );
    assert_exit(&from_grid, 0);
    assert_eq!(stdout(&from_grid), BUILT_IN_ANSWER);
    let from_stdin = sieve(&["skyscrapers", "solve", "--grid", "-"], Some(drawn));
    assert_eq!(stdout(&from_stdin), BUILT_IN_ANSWER);
    std::fs::remove_file(path).ok();
}

#[test]
fn givens_are_kept() {
    let (clues, givens) = WITH_GIVENS;
    let output = sieve(&["skyscrapers", "solve", clues, "--givens", givens], None);
    assert_exit(&output, 0);
    let with_givens = puzzle(&format!("{clues} | {givens}"));
    let solution = grid(&stdout(&output), 5);
    assert_eq!(check(&with_givens, &solution), Ok(()));
    assert_eq!(solution.get(0, 4), 4);
    let bad = sieve(&["skyscrapers", "solve", clues, "--givens", "0 0 9"], None);
    assert_exit(&bad, 2);
    assert_eq!(
        stderr(&bad),
        "sieve: --givens: found 3 givens, expected N·N = 25 for N = 5\n"
    );
}

#[test]
fn a_file_solves_one_puzzle_a_line_with_blank_lines_between() {
    let (clues, givens) = WITH_GIVENS;
    let batch = format!("# two puzzles\n{BUILT_IN}\n\n{clues} | {givens}\n");
    let path = temporary_file("batch.txt", &batch);
    let output = sieve(
        &[
            "skyscrapers",
            "solve",
            "--file",
            path.to_str().expect("UTF-8 path"),
        ],
        None,
    );
    assert_exit(&output, 0);
    let text = stdout(&output);
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(blocks.len(), 2, "{text}");
    assert_eq!(format!("{}\n", blocks[0]), BUILT_IN_ANSWER);
    let second = puzzle(&format!("{clues} | {givens}"));
    assert_eq!(check(&second, &grid(blocks[1], 5)), Ok(()));
    std::fs::remove_file(path).ok();
}

#[test]
fn a_batch_goes_on_past_bad_lines_and_exits_with_the_worst_code() {
    let batch = format!("{BUILT_IN}\n0 0 0 0 0 0 0 0 1 0 0 0 1 0 0 0\n4 3 2\n{BUILT_IN}\n");
    let output = sieve(&["skyscrapers", "solve", "--file", "-"], Some(&batch));
    assert_exit(&output, 2);
    assert_eq!(
        stdout(&output),
        format!("{BUILT_IN_ANSWER}\n{BUILT_IN_ANSWER}")
    );
    assert_eq!(
        stderr(&output),
        "line 2: no solution: no grid agrees with every clue\n\
         line 3: found 3 clues, expected 4N clues for N between 1 and 16; 3 is not a multiple of 4, so it fits no N (nearest: 4 for N = 1)\n\
         sieve: 1 puzzle line could not be read\n"
    );
    let unsolvable = sieve(
        &["skyscrapers", "solve", "-"],
        Some("0 0 0 0 0 0 0 0 1 0 0 0 1 0 0 0\n"),
    );
    assert_exit(&unsolvable, 1);
    assert!(stdout(&unsolvable).is_empty());
}

#[test]
fn several_solutions_are_reported_and_counted() {
    let open = "0 0 0 0 0 0 0 0 0 0 0 0";
    let output = sieve(&["skyscrapers", "solve", open], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output).lines().count(), 3);
    assert_eq!(
        stderr(&output),
        "several solutions: the grid shown is one of them (count them with --count)\n"
    );
    let counted = sieve(&["skyscrapers", "solve", open, "--count"], None);
    assert_exit(&counted, 0);
    assert_eq!(stdout(&counted), "12\n");
    let limited = sieve(&["skyscrapers", "count", open, "--limit", "5"], None);
    assert_exit(&limited, 0);
    assert_eq!(stdout(&limited), "5\n");
    assert_eq!(
        stderr(&limited),
        "stopped at the limit of 5 (there may be more)\n"
    );
    let none = sieve(
        &["skyscrapers", "count", "0 0 0 0 0 0 0 0 1 0 0 0 1 0 0 0"],
        None,
    );
    assert_exit(&none, 1);
    assert_eq!(stdout(&none), "0\n");
}

#[test]
fn malformed_clues_give_positioned_messages() {
    let cases = [
        (
            "4 3 2 1 1 2 2 2 4 3 2 1 1 2 2",
            "found 15 clues, expected 4N clues for N between 1 and 16; 15 is not a multiple of 4, so it fits no N (nearest: 12 for N = 3, 16 for N = 4)",
        ),
        (
            "4 3 2 1 1 2 2 2 4 3 x 1 1 2 2 2",
            "non-digit character 'x' at column 21 in clue 11 (left, row 3)",
        ),
        (
            "4 3 2 1 1 2 2 2 4 3 5 1 1 2 2 2",
            "clue 5 at column 21 is greater than N = 4 in clue 11 (left, row 3)",
        ),
        (
            "4 3 2 1 1 2 2 2 4 3 2 1 1 2 2  2",
            "doubled space at column 31: clues are separated by exactly one space",
        ),
        (
            "",
            "empty input: expected 4N clues separated by single spaces",
        ),
    ];
    for (clues, message) in cases {
        let output = sieve(&["skyscrapers", "solve", clues], None);
        assert_exit(&output, 2);
        assert_eq!(stderr(&output), format!("sieve: the clues: {message}\n"));
        assert!(stdout(&output).is_empty());
    }
    let drawn = temporary_file(
        "bad-drawn.txt",
        "  4 3 2 1\n4 . . . . 1\n3 . x . . 2\n2 . . . . 2\n1 . . . . 2\n  1 2 2 2\n",
    );
    let output = sieve(
        &[
            "skyscrapers",
            "solve",
            "--grid",
            drawn.to_str().expect("UTF-8 path"),
        ],
        None,
    );
    assert_exit(&output, 2);
    assert!(
        stderr(&output).ends_with(
            "line 3, column 5: \"x\" is not a number, '.' or blank (cell at row 2, column 2)\n"
        ),
        "{}",
        stderr(&output)
    );
    std::fs::remove_file(drawn).ok();
    let missing = sieve(
        &["skyscrapers", "solve", "--file", "/nonexistent/puzzles.txt"],
        None,
    );
    assert_exit(&missing, 2);
    assert!(stderr(&missing).starts_with("sieve: /nonexistent/puzzles.txt: "));
}

#[test]
fn text_trace_gives_each_deduction_its_reason() {
    let output = sieve(&["skyscrapers", "solve", BUILT_IN, "--trace", "text"], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert!(text.contains(
        "r1c4 = 4  [edge top 4: edge rule 1] clue 1 at the top of column 4: the tallest (4) stands next to it, in r1c4\n"
    ));
    assert!(
        text.ends_with(&format!("solution\n{BUILT_IN_ANSWER}")),
        "{text}"
    );
    let path = temporary_file("trace.txt", "");
    let to_file = sieve(
        &[
            "skyscrapers",
            "solve",
            BUILT_IN,
            "--trace",
            "text",
            "--out",
            path.to_str().expect("UTF-8"),
        ],
        None,
    );
    assert_exit(&to_file, 0);
    assert_eq!(stdout(&to_file), BUILT_IN_ANSWER);
    let written = std::fs::read_to_string(&path).expect("the trace file");
    assert!(written.contains("[viewpoint 4 bottom 4: viewpoint rule 4]"));
    std::fs::remove_file(path).ok();
}

#[test]
fn json_trace_is_the_engine_document() {
    let output = sieve(&["skyscrapers", "solve", GUESSING, "--trace", "json"], None);
    assert_exit(&output, 0);
    let document: serde_json::Value =
        serde_json::from_str(&stdout(&output)).expect("stdout is one JSON document");
    assert_eq!(document["format"], "sieve-trace");
    assert_eq!(document["variables"][5], "r2c2");
    assert_eq!(document["labels"][3], "4");
    let events = document["events"].as_array().expect("events");
    assert!(events.iter().any(|event| event["kind"] == "branch"));
    let solution = events
        .iter()
        .find(|event| event["kind"] == "solution")
        .expect("a solution event");
    let heights: Vec<u8> = solution["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|value| value.as_u64().expect("a value") as u8 + 1)
        .collect();
    let found = Grid::new(4, heights).expect("16 heights");
    assert_eq!(check(&puzzle(GUESSING), &found), Ok(()));
}

#[test]
fn stats_go_to_stderr() {
    let output = sieve(&["skyscrapers", "solve", GUESSING, "--stats"], None);
    assert_exit(&output, 0);
    assert!(stderr(&output).starts_with("nodes "), "{}", stderr(&output));
    assert_eq!(stdout(&output).lines().count(), 4);
}

#[test]
fn rate_names_the_tier_or_the_guesses() {
    let built_in = sieve(&["skyscrapers", "rate"], None);
    assert_exit(&built_in, 0);
    assert_eq!(stdout(&built_in), "tier 2 (viewpoint)\n");
    let output = sieve(
        &["skyscrapers", "rate", "-"],
        Some(&format!(
            "{GUESSING}\n{} | {}\n",
            WITH_GIVENS.0, WITH_GIVENS.1
        )),
    );
    assert_exit(&output, 0);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("needs guessing ("), "{}", lines[0]);
    assert_eq!(lines[1], "tier 1 (edge)");
    let open = sieve(&["skyscrapers", "rate", "0 0 0 0 0 0 0 0 0 0 0 0"], None);
    assert_exit(&open, 1);
    assert!(stdout(&open).ends_with(", several solutions\n"));
}

#[test]
fn generate_prints_unique_puzzles_at_the_tier_asked() {
    for (tier, expected) in [
        ("edge", Tier::Edge),
        ("viewpoint", Tier::Viewpoint),
        ("latin", Tier::Latin),
        ("4", Tier::Lines),
    ] {
        let output = sieve(
            &[
                "skyscrapers",
                "generate",
                "5",
                "--tier",
                tier,
                "--seed",
                "9",
                "--count",
                "2",
            ],
            None,
        );
        assert_exit(&output, 0);
        let text = stdout(&output);
        assert_eq!(text.lines().count(), 2);
        for line in text.lines() {
            let generated = puzzle(line);
            assert_eq!(reference::count_solutions(&generated, 2), 1, "{line}");
            let rating = rate(&generated).expect("rated");
            assert_eq!(rating.difficulty, Difficulty::Logic(expected), "{line}");
        }
    }
    let guessing = sieve(
        &[
            "skyscrapers",
            "generate",
            "5",
            "--tier",
            "guessing",
            "--seed",
            "2",
        ],
        None,
    );
    assert_exit(&guessing, 0);
    let generated = puzzle(stdout(&guessing).trim_end());
    assert!(rate(&generated).expect("rated").difficulty.needs_guessing());
}

#[test]
fn generate_is_reproducible_by_seed() {
    let run = |seed: &str| {
        let output = sieve(
            &[
                "skyscrapers",
                "generate",
                "6",
                "--seed",
                seed,
                "--count",
                "3",
            ],
            None,
        );
        assert_exit(&output, 0);
        stdout(&output)
    };
    assert_eq!(run("42"), run("42"));
    assert_ne!(run("42"), run("43"));
}

#[test]
fn generated_puzzles_pipe_into_solve() {
    let generated = sieve(
        &[
            "skyscrapers",
            "generate",
            "7",
            "--count",
            "2",
            "--seed",
            "5",
        ],
        None,
    );
    assert_exit(&generated, 0);
    let lines = stdout(&generated);
    let solved = sieve(&["skyscrapers", "solve", "--file", "-"], Some(&lines));
    assert_exit(&solved, 0);
    let text = stdout(&solved);
    for (line, block) in lines.lines().zip(text.split("\n\n")) {
        assert_eq!(check(&puzzle(line), &grid(block, 7)), Ok(()), "{line}");
    }
}

#[test]
fn generate_rejects_bad_requests() {
    let tier = sieve(&["skyscrapers", "generate", "5", "--tier", "hard"], None);
    assert_exit(&tier, 2);
    assert_eq!(
        stderr(&tier),
        "sieve: --tier: unknown tier \"hard\": use edge, viewpoint, latin, lines (or 1-4), or guessing\n"
    );
    let size = sieve(&["skyscrapers", "generate", "17"], None);
    assert_exit(&size, 2);
    assert_eq!(
        stderr(&size),
        "sieve: size 17 is out of range: N must be between 1 and 16\n"
    );
    let clues_only = sieve(
        &[
            "skyscrapers",
            "generate",
            "9",
            "--tier",
            "edge",
            "--no-givens",
            "--attempts",
            "3",
        ],
        None,
    );
    assert_exit(&clues_only, 2);
    assert_eq!(
        stderr(&clues_only),
        "sieve: no 9×9 puzzle needing edge found in 3 attempts (try allowing givens)\n"
    );
}

#[test]
fn help_shows_examples() {
    for args in [
        vec!["skyscrapers", "--help"],
        vec!["skyscrapers", "solve", "--help"],
        vec!["skyscrapers", "count", "--help"],
        vec!["skyscrapers", "rate", "--help"],
        vec!["skyscrapers", "generate", "--help"],
    ] {
        let output = sieve(&args, None);
        assert_exit(&output, 0);
        assert!(stdout(&output).contains("Examples:"), "{args:?}");
    }
}

/// A request with no bound of its own (16×16 needing guesses) ends at its
/// `--timeout`, saying how many puzzles it made, with exit 1; a request met in
/// time is untouched by one.
#[test]
fn generate_ends_at_its_timeout() {
    let started = std::time::Instant::now();
    let args = [
        "skyscrapers",
        "generate",
        "16",
        "--tier",
        "guessing",
        "--timeout",
        "0.5",
    ];
    let output = sieve(&args, None);
    assert_exit(&output, 1);
    assert!(
        stderr(&output).contains("the --timeout ran out after 0 of 1 puzzles"),
        "{}",
        stderr(&output)
    );
    // Generous: it stops at its deadline, not after finishing the puzzle.
    assert!(started.elapsed() < std::time::Duration::from_secs(30));

    let free = [
        "skyscrapers",
        "generate",
        "5",
        "--count",
        "3",
        "--seed",
        "4",
    ];
    let bounded = [&free[..], &["--timeout", "60"]].concat();
    let (bounded, free) = (sieve(&bounded, None), sieve(&free, None));
    assert_exit(&bounded, 0);
    assert_eq!(stdout(&bounded), stdout(&free));
}
