//! Simon Tatham's Unequal game IDs in both modes (tests/tatham/unequal_ids.txt,
//! made by his generator) against his own solver's answers
//! (unequal_solutions.txt; that file says how they were made): each ID
//! reads, writes back unchanged, has exactly one solution, which the
//! independent checker accepts and which equals Tatham's cell for cell.

use sieve::Config;
use sieve_unequal::{Mode, check, format_unequal_id, format_unequal_line, parse_unequal_id, solve};

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
    let ids = lines("unequal_ids.txt");
    let answers = lines("unequal_solutions.txt");
    assert_eq!(ids.len(), answers.len(), "one answer an ID");
    let mut agreed = [0, 0];
    for (id, expected) in ids.iter().zip(&answers) {
        let puzzle = parse_unequal_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        assert_eq!(&format_unequal_id(&puzzle), id, "written back");
        let solved = solve(&puzzle, &Config::default()).expect("the model builds");
        let sieve::Uniqueness::Unique(grid) = solved.answer else {
            panic!("{id}: not unique: {:?}", solved.answer);
        };
        assert_eq!(check(&puzzle, &grid), Ok(()), "{id}");
        assert_eq!(&format_unequal_line(&grid), expected, "{id}");
        agreed[usize::from(puzzle.mode() == Mode::Adjacent)] += 1;
    }
    assert!(agreed[0] >= 10 && agreed[1] >= 10, "{agreed:?}");
    assert_eq!(agreed[0] + agreed[1], ids.len());
}
