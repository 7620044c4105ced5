//! `sieve sudoku generate`: the built binary's puzzles, formats, messages and
//! exit codes.

mod common;

use common::{assert_exit, stderr, stdout};

use std::process::Output;

use sieve_sudoku::generate::Symmetry;
use sieve_sudoku::{Grid, Rater, Shape, Tier, reference};

/// Runs `sieve sudoku` with `args`, feeding `stdin` when given.
fn sudoku(args: &[&str], stdin: Option<&str>) -> Output {
    common::run_with("sudoku", args, stdin)
}

/// Runs `sieve sudoku generate` with `args`, expecting success; its lines.
fn generate(args: &[&str]) -> Vec<String> {
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    let output = sudoku(&all, None);
    assert_exit(&output, 0);
    stdout(&output).lines().map(str::to_string).collect()
}

#[test]
fn the_default_is_one_unique_9x9_line() {
    let lines = generate(&["--seed", "1"]);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].len(), 81);
    let grid = Grid::parse(&lines[0]).unwrap();
    assert_eq!(reference::count_solutions(&grid, 2), 1);
}

#[test]
fn without_a_seed_the_seed_is_printed() {
    let output = sudoku(&["generate"], None);
    assert_exit(&output, 0);
    let message = stderr(&output);
    let seed = message
        .trim()
        .strip_prefix("sieve: generating with --seed ")
        .expect("the seed is named");
    let again = generate(&["--seed", seed]);
    assert_eq!(stdout(&output), format!("{}\n", again[0]));
}

#[test]
fn the_lines_are_what_solve_reads() {
    let lines = generate(&["--count", "6", "--seed", "3"]);
    assert_eq!(lines.len(), 6);
    let input = lines.join("\n") + "\n";
    let solved = sudoku(&["solve", "--file", "-", "--unique"], Some(&input));
    assert_exit(&solved, 0);
    assert_eq!(stdout(&solved).lines().count(), 6);
}

#[test]
fn the_threads_do_not_change_the_puzzles() {
    let one = generate(&["--count", "12", "--seed", "9", "--threads", "1"]);
    let two = generate(&["--count", "12", "--seed", "9", "--threads", "2"]);
    assert_eq!(one, two);
    let first = generate(&["--count", "5", "--seed", "9"]);
    assert_eq!(first, one[..5]);
    let mut distinct = one.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 12);
}

#[test]
fn other_shapes_symmetry_and_minimal() {
    let lines = generate(&[
        "--box",
        "2x3",
        "--count",
        "4",
        "--seed",
        "5",
        "--symmetry",
        "diagonal",
        "--minimal",
    ]);
    let shape = Shape::new(2, 3).unwrap();
    for line in &lines {
        assert_eq!(line.len(), 36);
        let grid = Grid::parse_with_shape(line, shape).unwrap();
        assert_eq!(reference::count_solutions(&grid, 2), 1);
        let mask: Vec<bool> = grid.cells().iter().map(Option::is_some).collect();
        assert!(Symmetry::Diagonal.is_invariant(shape, &mask), "{line}");
        for cell in (0..36).filter(|&cell| mask[cell]) {
            let mut fewer = grid.clone();
            fewer.set(cell, None);
            assert_eq!(reference::count_solutions(&fewer, 2), 2, "{line}");
        }
    }
    let sixteen = generate(&["--box", "4", "--seed", "2"]);
    assert_eq!(sixteen[0].len(), 256);
}

#[test]
fn the_difficulty_is_the_rating() {
    let lines = generate(&[
        "--difficulty",
        "locked-candidates",
        "--count",
        "3",
        "--seed",
        "4",
    ]);
    let rater = Rater::new(Shape::classic()).unwrap();
    for line in &lines {
        let rating = rater.rate(&Grid::parse(line).unwrap()).unwrap();
        assert_eq!(rating.difficulty.tier(), Some(Tier::LockedCandidates));
    }
    let input = lines.join("\n") + "\n";
    let rated = sudoku(&["rate", "--file", "-"], Some(&input));
    assert_exit(&rated, 0);
    assert!(
        stdout(&rated)
            .lines()
            .all(|line| line.starts_with("locked-candidates")),
        "{}",
        stdout(&rated)
    );
}

#[test]
fn json_reports_every_puzzle() {
    let lines = generate(&[
        "--method",
        "transform",
        "--level",
        "2",
        "--count",
        "3",
        "--seed",
        "8",
        "--format",
        "json",
    ]);
    assert_eq!(lines.len(), 3);
    for (index, line) in lines.iter().enumerate() {
        let object: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(object["index"], index + 1);
        assert_eq!(object["method"], "transform");
        assert_eq!(object["level"], 2);
        assert_eq!(object["clues"], 81 - 16);
        let puzzle = Grid::parse(object["puzzle"].as_str().unwrap()).unwrap();
        let unique = reference::count_solutions(&puzzle, 2) == 1;
        assert_eq!(object["unique"], unique);
        let expected = if unique {
            "unique"
        } else {
            "several solutions"
        };
        assert_eq!(object["uniqueness"], expected);
        let solution = Grid::parse(object["solution"].as_str().unwrap()).unwrap();
        sieve_sudoku::check_solution(&puzzle, &solution).unwrap();
    }
}

#[test]
fn srmagic_says_which_puzzles_are_not_unique() {
    let output = sudoku(
        &[
            "generate", "--method", "srmagic", "--count", "5", "--seed", "2",
        ],
        None,
    );
    assert_exit(&output, 0);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5);
    let messages = stderr(&output);
    for (index, line) in lines.iter().enumerate() {
        let count = reference::count_solutions(&Grid::parse(line).unwrap(), 2);
        assert!(count >= 1, "a generated puzzle has its solution");
        let named = messages.contains(&format!("puzzle {}: ", index + 1));
        assert_eq!(named, count != 1, "{messages}");
    }
    let grids = sudoku(
        &[
            "generate", "--method", "srmagic", "--box", "2", "--format", "grid", "--seed", "1",
        ],
        None,
    );
    assert_exit(&grids, 0);
    let text = stdout(&grids);
    assert!(text.starts_with("# puzzle 1: "), "{text}");
    assert!(text.contains("unique") || text.contains("several solutions"));
}

#[test]
fn misplaced_options_are_usage_errors() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["--method", "srmagic", "--difficulty", "fish"],
            "are for --method unique",
        ),
        (&["--level", "3"], "are for --method transform"),
        (
            &["--method", "srmagic", "--box", "2x3"],
            "needs square boxes",
        ),
        (
            &["--method", "transform", "--box", "4"],
            "makes 9x9 puzzles",
        ),
        (&["--symmetry", "spiral"], "unknown symmetry"),
        (&["--difficulty", "expert"], "unknown difficulty"),
    ];
    for (args, message) in cases {
        let mut all = vec!["generate"];
        all.extend_from_slice(args);
        let output = sudoku(&all, None);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains(message),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn an_impossible_request_fails_clearly() {
    let output = sudoku(
        &[
            "generate",
            "--box",
            "2",
            "--difficulty",
            "guessing",
            "--max-attempts",
            "30",
            "--seed",
            "1",
        ],
        None,
    );
    // The request is well formed: not meeting it is exit 1, not a usage error.
    assert_exit(&output, 1);
    assert!(
        stderr(&output).contains(
            "the request could not be met: no attempt gave a unique 2x2 puzzle, \
             rated guessing in 30 attempts"
        ),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_long_generation_shows_progress_and_says_it_may_not_be_met() {
    let started = std::time::Instant::now();
    let output = sudoku(
        &[
            "generate",
            "--box",
            "4",
            "--difficulty",
            "naked-single",
            "--max-attempts",
            "400",
            "--seed",
            "1",
        ],
        None,
    );
    let elapsed = started.elapsed();
    assert_exit(&output, 1);
    let messages = stderr(&output);
    assert!(
        messages.contains("the request could not be met"),
        "{messages}"
    );
    // About 5 s here; the messages are due after 1 s and 3 s of work (a margin
    // for the clock's and the scheduler's slack).
    if elapsed.as_millis() > 1_500 {
        assert!(
            messages.contains("sieve: generating 1 puzzle (16x16) ..."),
            "{elapsed:?}: {messages}"
        );
    }
    if elapsed.as_millis() > 3_500 {
        assert!(
            messages.contains("may not be met soon") && messages.contains("--max-attempts 400"),
            "{elapsed:?}: {messages}"
        );
    }
}

#[test]
fn generate_ends_at_its_timeout_with_a_prefix_of_the_full_run() {
    let started = std::time::Instant::now();
    let bounded = sudoku(
        &[
            "generate",
            "--count",
            "1000000",
            "--seed",
            "5",
            "--timeout",
            "0.5",
        ],
        None,
    );
    let elapsed = started.elapsed();
    assert_exit(&bounded, 1);
    let printed = stdout(&bounded);
    let made: Vec<&str> = printed.lines().collect();
    assert!(
        stderr(&bounded).contains(&format!(
            "the --timeout ran out after {} of 1000000 puzzles",
            made.len()
        )),
        "{}",
        stderr(&bounded)
    );
    // Generous for a loaded machine: it stops at its deadline, not after a
    // million puzzles (minutes).
    assert!(elapsed < std::time::Duration::from_secs(5), "{elapsed:?}");
    let count = made.len().max(1).to_string();
    let free = sudoku(&["generate", "--count", &count, "--seed", "5"], None);
    assert_exit(&free, 0);
    let free = stdout(&free);
    let expected: Vec<&str> = free.lines().take(made.len()).collect();
    assert_eq!(
        made, expected,
        "what a timeout prints is the full run's start"
    );
}
