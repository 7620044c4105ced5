//! Simon Tatham's Pattern game IDs (tests/tatham/pattern_ids.txt, made by
//! his generator at sizes from 1x6 to 30x20) against his own solver's
//! answers (pattern_solutions.txt; that file says how they were made): each
//! ID reads and writes back unchanged, has exactly one solution, which the
//! line rules find without a single decision, which the independent checker
//! accepts and which equals Tatham's cell for cell.

use sieve::Config;
use sieve_pattern::{check, format_pattern_id, format_pattern_line, parse_pattern_id, solve};

/// The non-comment lines of a data file: comments start with `# ` (an
/// answer may start with `#`, a filled cell, but holds no space).
fn lines(name: &str) -> Vec<String> {
    let path = format!("{}/tests/tatham/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{path}: {error}"))
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with("# "))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_id_agrees_with_tathams_solver() {
    let ids = lines("pattern_ids.txt");
    let answers = lines("pattern_solutions.txt");
    assert_eq!(ids.len(), answers.len(), "one answer an ID");
    let mut sizes = Vec::new();
    for (id, expected) in ids.iter().zip(&answers) {
        let puzzle = parse_pattern_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        assert_eq!(&format_pattern_id(&puzzle), id, "the ID written back");
        let solved = solve(&puzzle, &Config::default()).expect("the model builds");
        let sieve::Uniqueness::Unique(picture) = solved.answer else {
            panic!("{id}: not unique: {:?}", solved.answer);
        };
        assert_eq!(check(&puzzle, &picture), Ok(()), "{id}");
        assert_eq!(&format_pattern_line(&picture), expected, "{id}");
        // His generator keeps only puzzles his line solver finishes; the
        // line rules are at least as strong, so the root alone solves them.
        assert_eq!(solved.counters.nodes, 1, "{id}: searched");
        sizes.push((puzzle.width(), puzzle.height()));
    }
    assert!(ids.len() >= 24, "{ids:?}");
    for size in [(5, 5), (10, 10), (15, 15), (20, 20), (30, 20), (20, 30)] {
        assert!(sizes.contains(&size), "{size:?} in {sizes:?}");
    }
}
