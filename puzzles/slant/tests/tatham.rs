//! Simon Tatham's Slant game IDs (tests/tatham/slant_ids.txt, made by his
//! generator at several sizes and both difficulties) against his own
//! solver's answers (slant_solutions.txt; that file says how they were
//! made): each ID reads, its description writes back unchanged, it has
//! exactly one solution, which the independent checker accepts and which
//! equals Tatham's cell for cell; the easy ones need no search at all.

use sieve::{Config, Uniqueness};
use sieve_slant::{
    check, format_slant_id, format_slant_line, parse_slant_id, parse_slant_line, solve,
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
    let ids = lines("slant_ids.txt");
    let answers = lines("slant_solutions.txt");
    assert_eq!(ids.len(), answers.len(), "one answer an ID");
    let (mut easy, mut hard) = (0, 0);
    for (id, expected) in ids.iter().zip(&answers) {
        let puzzle = parse_slant_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        let written = format_slant_id(&puzzle);
        assert_eq!(
            written.split_once(':').map(|(_, d)| d),
            id.split_once(':').map(|(_, d)| d),
            "the description written back"
        );
        let his = parse_slant_line(puzzle.width(), puzzle.height(), expected)
            .unwrap_or_else(|| panic!("{id}: his answer is a grid"));
        assert_eq!(
            check(&puzzle, &his),
            Ok(()),
            "{id}: the checker takes his answer"
        );
        let solved = solve(&puzzle, &Config::default()).expect("the model builds");
        let Uniqueness::Unique(grid) = solved.answer else {
            panic!("{id}: not unique: {:?}", solved.answer);
        };
        assert_eq!(check(&puzzle, &grid), Ok(()), "{id}");
        assert_eq!(&format_slant_line(&grid), expected, "{id}");
        if id.contains("de:") {
            easy += 1;
            assert_eq!(solved.counters.max_depth, 0, "{id}: easy needs no search");
        } else {
            hard += 1;
        }
    }
    assert!(easy >= 10 && hard >= 10, "{easy} easy, {hard} hard");
}
