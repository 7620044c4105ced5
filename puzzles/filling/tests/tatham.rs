//! Simon Tatham's Filling game IDs (tests/tatham/filling_ids.txt, made by his
//! generator at sizes 2x2 to 17x13) against his own solver's answers
//! (filling_solutions.txt; that file says how they were made): each ID reads,
//! writes back unchanged, has exactly one solution, which the region rule finds
//! without a single decision, which the independent checker accepts and which
//! equals Tatham's cell for cell.

use sieve::Config;
use sieve_filling::{check, format_filling_id, format_filling_line, parse_filling_id, solve};

/// The non-comment lines of a data file.
fn lines(name: &str) -> Vec<String> {
    let path = format!("{}/tests/tatham/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{path}: {error}"))
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_id_agrees_with_tathams_solver() {
    let ids = lines("filling_ids.txt");
    let answers = lines("filling_solutions.txt");
    assert_eq!(ids.len(), answers.len(), "one answer an ID");
    let mut sizes = Vec::new();
    for (id, expected) in ids.iter().zip(&answers) {
        let puzzle = parse_filling_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        assert_eq!(&format_filling_id(&puzzle), id, "the ID written back");
        let solved = solve(&puzzle, &Config::default()).expect("the model builds");
        let sieve::Uniqueness::Unique(filling) = solved.answer else {
            panic!("{id}: not unique: {:?}", solved.answer);
        };
        assert_eq!(check(&puzzle, &filling), Ok(()), "{id}");
        assert_eq!(&format_filling_line(&filling), expected, "{id}");
        assert_eq!(solved.counters.nodes, 1, "{id}: searched");
        sizes.push((puzzle.width(), puzzle.height()));
    }
    assert!(ids.len() >= 30, "{ids:?}");
    for size in [(2, 2), (4, 4), (9, 7), (13, 9), (17, 13), (3, 8)] {
        assert!(sizes.contains(&size), "{size:?} in {sizes:?}");
    }
}
