//! Simon Tatham's Keen game IDs (tests/tatham/keen_ids.txt, made by his
//! generator, sizes 3 to 9, every difficulty, and the multiplication-only
//! mode) against his own solver's answers (keen_solutions.txt; that file
//! says how they were made): each ID reads, its description writes back
//! unchanged, it has exactly one solution, which the independent checker
//! accepts and which equals Tatham's cell for cell.

use sieve::Config;
use sieve_keen::{Operation, check, format_keen_id, format_keen_line, parse_keen_id, solve};

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
    let ids = lines("keen_ids.txt");
    let answers = lines("keen_solutions.txt");
    assert_eq!(ids.len(), answers.len(), "one answer an ID");
    let (mut multiplication_only, mut sizes) = (0, Vec::new());
    for (id, expected) in ids.iter().zip(&answers) {
        let puzzle = parse_keen_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        let written = format_keen_id(&puzzle);
        assert_eq!(
            written.split_once(':').map(|(_, d)| d),
            id.split_once(':').map(|(_, d)| d),
            "the description written back"
        );
        if puzzle.multiplication_only() {
            multiplication_only += 1;
            assert!(
                (puzzle.cages().iter()).all(|cage| cage.operation == Operation::Multiply),
                "{id}: only × clues"
            );
        }
        let solved = solve(&puzzle, &Config::default()).expect("the model builds");
        let sieve::Uniqueness::Unique(grid) = solved.answer else {
            panic!("{id}: not unique: {:?}", solved.answer);
        };
        assert_eq!(check(&puzzle, &grid), Ok(()), "{id}");
        assert_eq!(&format_keen_line(&grid), expected, "{id}");
        sizes.push(puzzle.size());
    }
    assert!(ids.len() >= 24 && multiplication_only >= 5, "{ids:?}");
    assert!((3..=9).all(|size| sizes.contains(&size)), "{sizes:?}");
}
