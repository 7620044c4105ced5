//! Simon Tatham's Towers game IDs (tests/tatham/towers_ids.txt, made by his
//! generator) against his own solver's answers (towers_solutions.txt): each
//! ID reads, writes back unchanged, has exactly one solution, which the
//! independent checker accepts and which equals Tatham's cell for cell.

use sieve::Config;
use sieve_skyscrapers::{
    Answer, check, format_towers_id, format_towers_line, parse_towers_id, solve,
};

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
    let ids = lines("towers_ids.txt");
    let answers = lines("towers_solutions.txt");
    assert_eq!(ids.len(), answers.len(), "one answer an ID");
    assert!(ids.len() >= 20);
    let mut agreed = 0;
    for (id, expected) in ids.iter().zip(&answers) {
        let puzzle = parse_towers_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        assert_eq!(&format_towers_id(&puzzle), id, "written back");
        let solved = solve(&puzzle, &Config::default()).expect("the model builds");
        let Answer::Unique(grid) = solved.answer else {
            panic!("{id}: not unique: {:?}", solved.answer);
        };
        assert_eq!(check(&puzzle, &grid), Ok(()), "{id}");
        assert_eq!(&format_towers_line(&grid), expected, "{id}");
        agreed += 1;
    }
    assert_eq!(agreed, ids.len());
}
