//! Simon Tatham's Dominosa game IDs (tests/tatham/dominosa_ids.txt, made by
//! his generator for N = 3 to 9 at every difficulty) against his own
//! solver's answers (dominosa_solutions.txt; that file says how they were
//! made): each ID reads, writes back unchanged, has exactly one solution,
//! which the independent checker accepts and which equals Tatham's cell for
//! cell; the trivial and basic ones here need no search at all.

use sieve::{Config, Uniqueness};
use sieve_dominosa::{
    check, format_dominosa_id, format_dominosa_line, parse_dominosa_id, parse_dominosa_line, solve,
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
    let ids = lines("dominosa_ids.txt");
    let answers = lines("dominosa_solutions.txt");
    assert_eq!(ids.len(), answers.len(), "one answer an ID");
    let mut levels = Vec::new();
    for (id, expected) in ids.iter().zip(&answers) {
        let puzzle = parse_dominosa_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        let written = format_dominosa_id(&puzzle);
        assert_eq!(
            written.split_once(':').map(|(_, d)| d),
            id.split_once(':').map(|(_, d)| d),
            "the description written back"
        );
        let his = parse_dominosa_line(puzzle.width(), expected)
            .unwrap_or_else(|| panic!("{id}: his answer"));
        assert_eq!(
            check(&puzzle, &his),
            Ok(()),
            "{id}: the checker takes his answer"
        );
        let solved = solve(&puzzle, &Config::default()).expect("the model builds");
        let Uniqueness::Unique(tiling) = solved.answer else {
            panic!("{id}: not unique: {:?}", solved.answer);
        };
        assert_eq!(check(&puzzle, &tiling), Ok(()), "{id}");
        assert_eq!(&format_dominosa_line(&tiling), expected, "{id}");
        let level = id
            .split_once('d')
            .map_or('?', |(_, rest)| rest.chars().next().unwrap_or('?'));
        if matches!(level, 't' | 'b') {
            assert_eq!(solved.counters.max_depth, 0, "{id}: needs no search");
        }
        levels.push((puzzle.size(), level));
    }
    for level in ['t', 'b', 'h', 'e'] {
        assert!(
            levels.iter().any(|&(_, l)| l == level),
            "some IDs at d{level}"
        );
    }
    assert!(
        (3..=9).all(|size| levels.iter().any(|&(n, _)| n == size)),
        "{levels:?}"
    );
}
