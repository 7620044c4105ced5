//! Simon Tatham's Unruly game IDs (tests/tatham/singles_ids.txt, made by his
//! generator at sizes 6x6 to 16x16, every difficulty, with and without the
//! unique-rows mode) against his own solver's answers
//! (singles_solutions.txt; that file says how they were made): each ID
//! reads, its description writes back unchanged, it has exactly one
//! solution, which the rules find without a single decision, which the
//! independent checker accepts and which equals Tatham's cell for cell.

use sieve::Config;
use sieve_singles::{check, format_singles_id, format_singles_line, parse_singles_id, solve};

/// The non-comment lines of a data file: comments start with `# ` (an
/// answer may start with `#`, a shaded cell, but holds no space).
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
    let ids = lines("singles_ids.txt");
    let answers = lines("singles_solutions.txt");
    assert_eq!(ids.len(), answers.len(), "one answer an ID");
    let (mut tricky, mut sizes) = (0, Vec::new());
    for (id, expected) in ids.iter().zip(&answers) {
        let puzzle = parse_singles_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        let written = format_singles_id(&puzzle);
        assert_eq!(
            written.split_once(':').map(|(_, d)| d),
            id.split_once(':').map(|(_, d)| d),
            "the description written back"
        );
        tricky += usize::from(id.contains("dk:"));
        let solved = solve(&puzzle, &Config::default()).expect("the model builds");
        let sieve::Uniqueness::Unique(grid) = solved.answer else {
            panic!("{id}: not unique: {:?}", solved.answer);
        };
        assert_eq!(check(&puzzle, &grid), Ok(()), "{id}");
        assert_eq!(&format_singles_line(&grid), expected, "{id}");
        // The lines, the bands, the corners and connectivity alone solve
        // both levels.
        assert_eq!(solved.counters.nodes, 1, "{id}: searched");
        sizes.push((puzzle.width(), puzzle.height()));
    }
    assert!(ids.len() >= 24 && tricky >= 10, "{ids:?}");
    for size in [
        (2, 2),
        (5, 5),
        (8, 8),
        (10, 10),
        (12, 12),
        (15, 15),
        (3, 6),
        (12, 7),
    ] {
        assert!(sizes.contains(&size), "{size:?} in {sizes:?}");
    }
}
