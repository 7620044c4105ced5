//! Simon Tatham's Galaxies game IDs (tests/tatham/galaxies_ids.txt, made by his
//! generator at sizes 3x3 to 15x15, both difficulties) against his own solver's
//! answers (galaxies_solutions.txt; that file says how they were made): each ID
//! reads, its description writes back unchanged, it has exactly one solution,
//! which the independent checker accepts and which equals Tatham's cell for
//! cell; at his normal level the rules find it without a single decision.

use sieve::Config;
use sieve_galaxies::{check, format_galaxies_id, format_galaxies_line, parse_galaxies_id, solve};

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
    let ids = lines("galaxies_ids.txt");
    let answers = lines("galaxies_solutions.txt");
    assert_eq!(ids.len(), answers.len(), "one answer an ID");
    let (mut unreasonable, mut sizes) = (0, Vec::new());
    for (id, expected) in ids.iter().zip(&answers) {
        let puzzle = parse_galaxies_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        let written = format_galaxies_id(&puzzle);
        assert_eq!(
            written.split_once(':').map(|(_, d)| d),
            id.split_once(':').map(|(_, d)| d),
            "the description written back"
        );
        let solved = solve(&puzzle, &Config::default()).expect("the model builds");
        let sieve::Uniqueness::Unique(galaxies) = solved.answer else {
            panic!("{id}: not unique: {:?}", solved.answer);
        };
        assert_eq!(check(&puzzle, &galaxies), Ok(()), "{id}");
        assert_eq!(&format_galaxies_line(&galaxies), expected, "{id}");
        if id.contains("dn:") {
            assert_eq!(solved.counters.nodes, 1, "{id}: searched");
        } else {
            unreasonable += 1;
        }
        sizes.push((puzzle.width(), puzzle.height()));
    }
    assert!(ids.len() >= 30 && unreasonable >= 10, "{ids:?}");
    for size in [(3, 3), (7, 7), (10, 10), (15, 15), (12, 6), (5, 9)] {
        assert!(sizes.contains(&size), "{size:?} in {sizes:?}");
    }
}
