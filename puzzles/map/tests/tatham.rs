//! Simon Tatham's Map game IDs (tests/tatham/map_ids.txt, made by his
//! generator at several sizes and every difficulty) against his own
//! solver's answers (map_solutions.txt; that file says how they were made):
//! each ID reads, writes back unchanged, has exactly one solution, which
//! the independent checker accepts and which equals Tatham's region for
//! region; the easy and normal ones need no search at all.

use sieve::{Config, Uniqueness};
use sieve_map::{check, format_map_id, format_map_line, parse_map_id, parse_map_line, solve};

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

/// The difficulty letter of an ID's parameters (`20x15n30dh` → `h`).
fn level(id: &str) -> char {
    let params = id.split_once(':').map_or(id, |(params, _)| params);
    params
        .split_once('d')
        .and_then(|(_, level)| level.chars().next())
        .unwrap_or('?')
}

#[test]
fn every_id_agrees_with_tathams_solver() {
    let ids = lines("map_ids.txt");
    let answers = lines("map_solutions.txt");
    assert_eq!(ids.len(), answers.len(), "one answer an ID");
    let mut levels = Vec::new();
    for (id, expected) in ids.iter().zip(&answers) {
        let puzzle = parse_map_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        let written = format_map_id(&puzzle);
        assert_eq!(
            written.split_once(':').map(|(_, d)| d),
            id.split_once(':').map(|(_, d)| d),
            "the description written back"
        );
        let his = parse_map_line(expected).unwrap_or_else(|| panic!("{id}: his answer"));
        assert_eq!(
            check(&puzzle, &his),
            Ok(()),
            "{id}: the checker takes his answer"
        );
        let solved = solve(&puzzle, &Config::default()).expect("the model builds");
        let Uniqueness::Unique(colouring) = solved.answer else {
            panic!("{id}: not unique: {:?}", solved.answer);
        };
        assert_eq!(check(&puzzle, &colouring), Ok(()), "{id}");
        assert_eq!(&format_map_line(&colouring), expected, "{id}");
        let level = level(id);
        if matches!(level, 'e' | 'n') {
            assert_eq!(solved.counters.max_depth, 0, "{id}: needs no search");
        }
        levels.push(level);
    }
    for level in ['e', 'n', 'h', 'u'] {
        let ids = levels.iter().filter(|&&l| l == level).count();
        assert!(ids >= 4, "{ids} IDs at d{level}");
    }
}
